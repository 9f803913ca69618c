"""Leitura e extração: cada arquivo legível num processo auxiliar (tempo e memória limitados), que já extrai.

Com o armazém do caso, um arquivo cujos bytes, nome e tipo já foram lidos e extraídos por este mesmo código, numa
execução anterior que a trilha registrou, não é lido de novo: o documento e seus dados vêm do armazém. Os
documentos lidos agora por inteiro entram nele para a próxima execução.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from perito import registro
from perito.analise.estado import Analise
from perito.analise.etapas.base import Etapa
from perito.armazem import derrames, leituras
from perito.armazem.banco import Armazem
from perito.armazem.reaproveitar import chave_da_leitura, conferida, nome_na_trilha
from perito.extratores.em_partes import extrair_tarefa_em_partes, juntar
from perito.extratores.lotes import extrair_no_auxiliar, extrair_no_auxiliar_com_trechos
from perito.leitura import em_partes
from perito.leitura.documento import Documento
from perito.leitura.executor import ExecutorLocal
from perito.leitura.inventario import ArquivoCaso
from perito.leitura.isolamento import Tarefa, encerrar_servidor
from perito.leitura.ocr_guardado import Guarda
from perito.saida.arquivos import situacao

#: trechos lidos acima dos quais o caso é grande o bastante para a memória pesar mais que uns décimos de segundo
_TRECHOS_DE_CASO_GRANDE = 100_000
#: os tipos em que uma página pode ir ao OCR (uma página escaneada de PDF, uma imagem)
_TIPOS_COM_OCR = frozenset({"pdf", "imagem"})


def _chave(arquivo: ArquivoCaso) -> str:
    return chave_da_leitura(arquivo.nome, arquivo.sha256, arquivo.tipo or "", arquivo.membro)


def _guardados(analise: Analise, legiveis: list[ArquivoCaso]) -> dict[str, tuple[Documento, str]]:
    """nome → (documento do armazém, SHA-256 da entrada), só as entradas que a trilha registrou com esses bytes."""
    armazem = analise.armazem
    if armazem is None or not analise.parametros.reaproveitar or analise.motor is not None:
        return {}  # o motor Claude lê os trechos, que o armazém não guarda
    chaves = {_chave(a): a.nome for a in legiveis}
    guardados: dict[str, tuple[Documento, str]] = {}
    for chave, (sha, cabecalho, partes) in armazem.leituras(chaves).items():
        if not conferida("leitura", chave, sha, leituras.sha256_de(cabecalho, partes), analise.eventos.registrou):
            registro.LOGGER.warning("leitura guardada de %s não confere com a trilha: lida de novo", chaves[chave])
            continue
        try:
            guardados[chaves[chave]] = (leituras.restaurar(cabecalho, partes, armazem.pasta_dos_derrames), sha)
        except ValueError as erro:
            registro.LOGGER.warning("%s: %s; lida de novo", chaves[chave], erro)
    return guardados


def _guardar(analise: Analise, lidos: list[tuple[ArquivoCaso, Documento]]) -> None:
    """Os documentos lidos por inteiro entram no armazém; a trilha registra o SHA-256 de cada entrada."""
    if analise.armazem is None or analise.motor is not None:
        return
    itens = []
    for arquivo, documento in lidos:
        if leituras.cabe(documento):
            try:
                cabecalho, partes = leituras.serializar(documento, analise.armazem.pasta_dos_derrames)
            except OSError as erro:  # disco cheio ao guardar os dados de um volumoso: ele será lido de novo
                registro.LOGGER.warning("%s não entrou no armazém (%s); a próxima execução o lerá de novo",
                                        arquivo.nome, erro.strerror or erro)
                continue
            itens.append((_chave(arquivo), arquivo.nome, arquivo.sha256, leituras.sha256_de(cabecalho, partes),
                          cabecalho, partes))
    if not itens:
        return
    analise.armazem.guardar_leituras(itens)
    analise.eventos.registrar("armazem", "armazenar",
                              saidas={nome_na_trilha("leitura", chave): sha for chave, _, _, sha, _, _ in itens},
                              detalhes={"leituras": len(itens)})


def _limpar_derrames(armazem: Armazem) -> None:
    """Tira da pasta dos derrames guardados o que nenhuma leitura guardada cita mais."""
    cabecalhos = armazem.cabecalhos()
    if cabecalhos is not None:
        derrames.limpar(armazem.pasta_dos_derrames,
                        {sha for cabecalho in cabecalhos for sha in leituras.derrames_citados(cabecalho)})


def _derrame(analise: Analise, arquivo: ArquivoCaso) -> Path | None:
    """A pasta dos dados de um TXT ou CSV volumoso (lido e extraído em partes no auxiliar local) ou de uma planilha
    XLSX volumosa (lida inteira no auxiliar, os dados em disco); None: os dados voltam pelo canal. O motor Claude lê
    os trechos, e um trabalhador de cluster não grava na saída de quem analisa."""
    if analise.parametros.motor == "claude" or not isinstance(analise.executor, ExecutorLocal):
        return None
    limites = analise.parametros.limites
    if not (em_partes.pede_partes(arquivo.caminho, arquivo.tipo or "", arquivo.membro, limites.bytes_em_partes)
            or em_partes.inteiro_em_disco(arquivo.caminho, arquivo.tipo or "", arquivo.membro,
                                          limites.bytes_inteiro_em_disco)):
        return None
    return analise.preparadas.pasta_de_derrames()


def _guarda_ocr(analise: Analise, arquivo: ArquivoCaso) -> Guarda | None:
    """Onde a leitura guarda o OCR de cada página para a releitura do validador (`leitura.ocr_guardado`):
    só de quem pode ter página escaneada, lido nos auxiliares locais (um trabalhador de cluster não grava na saída)."""
    if arquivo.tipo not in _TIPOS_COM_OCR or not isinstance(analise.executor, ExecutorLocal):
        return None
    return analise.preparadas.guarda_de_ocr()


def _tarefas(analise: Analise, arquivo: ArquivoCaso) -> list[Tarefa]:
    tarefa = Tarefa(arquivo.caminho, arquivo.nome, arquivo.tipo or "", arquivo.membro, derrame=_derrame(analise, arquivo),
                    guarda_ocr=_guarda_ocr(analise, arquivo))
    # a planilha, o JSON e o HTML são lidos inteiros, num auxiliar só: dividi-los em faixas faria cada auxiliar ler e
    # extrair o arquivo inteiro (os dados em dobro no lote, visto num JSON de 600 mil linhas)
    if tarefa.derrame is None or not em_partes.pede_partes(arquivo.caminho, tarefa.tipo, arquivo.membro, limiar=0):
        return [tarefa]
    return [replace(tarefa, faixa=faixa) for faixa in em_partes.faixas(arquivo.caminho, analise.parametros.limites.processos)]


def ler(analise: Analise) -> None:
    legiveis = [a for a in analise.inventario if a.tipo]
    guardados = _guardados(analise, legiveis)
    analise.reaproveitado["leituras"] = len(guardados)
    a_ler = [a for a in legiveis if a.nome not in guardados]
    feitos = len(guardados)
    analise.avisar("leitura", feitos, len(legiveis), "")

    # `a_ler` só tem arquivos com tipo detectado (o `or ""` é para o verificador de tipos); um arquivo volumoso
    # vira uma tarefa por faixa de linhas (os auxiliares extraem o mesmo arquivo ao mesmo tempo)
    por_arquivo = [_tarefas(analise, a) for a in a_ler]
    tarefas = [t for lista in por_arquivo for t in lista]
    faltam = {lista[0].nome: len(lista) for lista in por_arquivo}

    def lido(tarefa: Tarefa, documento: Documento) -> None:
        nonlocal feitos
        faltam[tarefa.nome] -= 1
        if documento.erro:
            registro.LOGGER.warning("%s não pôde ser lido: %s", tarefa.nome, documento.erro)
        if faltam[tarefa.nome] == 0:
            feitos += 1
            analise.avisar("leitura", feitos, len(legiveis), tarefa.nome)

    # cada auxiliar extrai o que leu; os trechos só voltam quando o motor Claude vai lê-los
    depois = extrair_no_auxiliar_com_trechos if analise.parametros.motor == "claude" else extrair_no_auxiliar
    # os bytes que cada leitura tem de ver (um trabalhador de cluster confere antes de ler): o arquivo, ou o pacote
    sha256_dos_caminhos = {a.caminho: a.sha256 for a in analise.inventario if a.membro is None}
    resultados = iter(analise.executor.ler(tarefas, analise.parametros.limites, lido, depois, sha256_dos_caminhos,
                                           extrair_tarefa_em_partes) if tarefas else [])
    lidos = {lista[0].nome: juntar([next(resultados) for _ in lista]) for lista in por_arquivo}
    _guardar(analise, [(a, lidos[a.nome]) for a in a_ler])
    if analise.armazem is not None:
        analise.armazem.manter_leituras({a.nome for a in legiveis})
        _limpar_derrames(analise.armazem)
    documentos = [guardados[a.nome][0] if a.nome in guardados else lidos[a.nome] for a in legiveis]
    if sum(d.total_trechos for d in lidos.values()) > _TRECHOS_DE_CASO_GRANDE:
        # num caso grande, o forkserver e os leitores pré-carregados não ficam ocupando memória no cruzamento;
        # num pequeno, fica: o validador o usaria de novo, e fazê-lo nascer outra vez custaria mais que a memória
        encerrar_servidor()
    for arquivo, documento in zip(legiveis, documentos, strict=True):
        if arquivo.alerta:
            documento.alertas.insert(0, f"{arquivo.nome}: {arquivo.alerta}")
        estado, motivo = situacao(documento)
        analise.eventos.registrar(
            "leitor", "ler", entradas={arquivo.nome: arquivo.sha256},
            detalhes={
                "situacao": estado, "metodo_extracao": documento.metodo_extracao,
                "trechos": documento.total_trechos, "paginas_com_falha": documento.paginas_com_falha,
                **({"motivo": motivo} if motivo else {}),
                # não relido: a leitura e a extração de uma execução anterior, pelo SHA-256 da entrada no armazém
                **({"reaproveitado_do_armazem": guardados[arquivo.nome][1]} if arquivo.nome in guardados else {}),
            },
        )
    for arquivo in analise.inventario:
        if arquivo.tipo is None:
            analise.eventos.registrar("inventario", "ignorar", entradas={arquivo.nome: arquivo.sha256},
                                      detalhes={"motivo": arquivo.motivo_ignorado})
    analise.documentos = documentos
    analise.lidos_agora = {a.nome for a in a_ler if not lidos[a.nome].erro}


ETAPA = Etapa("leitura_e_extracao", ler, lidos_por_auxiliares=lambda analise: analise.documentos)
