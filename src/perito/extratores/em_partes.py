"""Extração de um TXT ou CSV volumoso parte a parte, no auxiliar, com os dados gravados em disco (`perito.derrame`).

Cada parte (`leitura.em_partes`) é extraída como um documento comum, pelo extrator que o começo do arquivo escolhe
(o mesmo em toda parte e em toda faixa); de cada uma ficam só os dados dos registros que ela possui (o preâmbulo é
da primeira; a sobreposição, de quem começa o registro). O resultado é o mesmo da extração do arquivo inteiro, com
a memória de uma parte. Um arquivo grande o bastante é dividido em faixas de linhas, uma por auxiliar (os dois
núcleos extraem o mesmo arquivo); `juntar` refaz um documento só com os derrames das faixas, na ordem.
"""

from __future__ import annotations

import errno
import gc
import hashlib
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from perito.chaves import ordem_das_datas
from perito.derrame import Derrame, Gravador, linhas_do_registro_e_do_dado
from perito.extratores import meia_noite, quantias, relogio
from perito.extratores.lotes import Extraido, extrair_documento
from perito.extratores.registro import escolher
from perito.leitura import em_partes, registros_de_uma_linha
from perito.leitura.documento import Documento
from perito.leitura.isolamento import Tarefa
from perito.leitura.leitor import ler_documento


def caminho_do_derrame(pasta: Path, nome: str, faixa: tuple[int, int] | None = None) -> Path:
    chave = f"{nome}\0{faixa[0] if faixa else 1}"
    return pasta / f"{hashlib.sha256(chave.encode('utf-8')).hexdigest()[:24]}.dados"


def extrair_em_partes(caminho: Path, nome: str, tipo: str, pasta_do_derrame: Path,
                      linhas_por_parte: int = em_partes.LINHAS_POR_PARTE, preambulo: int = em_partes.PREAMBULO,
                      sobreposicao: int = em_partes.SOBREPOSICAO, faixa: tuple[int, int] | None = None,
                      epilogo: int = em_partes.EPILOGO) -> Documento:
    """Lê e extrai o arquivo (ou a `faixa` de linhas dele) em partes; devolve o documento (metadados, alertas) com
    o `Extraido` apontando o derrame. Uma parte cujo extrator falha invalida o arquivo inteiro, como na extração de
    uma vez."""
    inicio = time.monotonic()
    gravador = Gravador(caminho_do_derrame(pasta_do_derrame, nome, faixa), nome)
    alertas: dict[str, None] = {}  # em ordem, sem repetir o que cada parte diz do mesmo preâmbulo
    alertas_da_leitura: dict[str, None] = {}
    final = Documento(arquivo=nome, tipo=tipo)
    trechos = 0
    falhou = False
    try:
        with _gravando(gravador):
            comeco = em_partes.prefixo(caminho, nome, tipo, linhas_por_parte, preambulo, sobreposicao)
            extrator = escolher(comeco)
            decisoes = decisoes_do_arquivo(caminho, tipo, comeco)
            del comeco
            for parte in em_partes.partes(caminho, nome, tipo, linhas_por_parte, preambulo, sobreposicao, faixa,
                                          epilogo):
                documento = parte.documento
                documento.decisoes = decisoes
                extraido = extrair_documento(documento, extrator=extrator)
                alertas_da_leitura.update(dict.fromkeys(documento.alertas))
                alertas.update(dict.fromkeys(extraido.alertas))
                final.metodo_extracao, final.codificacao = documento.metodo_extracao, documento.codificacao
                final.delimitador, final.parcial = documento.delimitador, documento.parcial or final.parcial
                trechos += sum(1 for t in documento.trechos if parte.guarda(n := int(t.localizacao.split()[-1]), n))
                if extraido.falhou:
                    falhou = True
                    final.parcial = documento.parcial
                    break
                lidas: dict[str, int] = {}  # o número de linha de cada local, lido uma vez (`linhas_do_registro_e_do_dado`)
                for dado in extraido.todos():
                    if parte.guarda(*linhas_do_registro_e_do_dado(dado, lidas)):
                        gravador.acrescentar(dado)
                del lidas
                del documento, extraido
                parte.documento = Documento(arquivo=nome, tipo=tipo)
                gc.collect(0)
            derrames = [] if falhou else [gravador.fechar()]  # o último bloco também pode achar o disco cheio
    except MemoryError:
        raise
    except Exception as erro:  # arquivo que some ou muda no meio, disco cheio: o arquivo fica em ERRO, o caso segue
        return Documento(arquivo=nome, tipo=tipo, metodo_extracao=tipo,
                         erro=f"falha ao ler o arquivo volumoso em partes ({_motivo(erro)[:200]})")
    if falhou:
        gravador.descartar()
    saida = Extraido(extrator.extrator_id, falhou=falhou, derrames=derrames)
    saida.alertas.extend(alertas)
    final.alertas = list(alertas_da_leitura)
    final.extraido = saida
    final.trechos_descartados = trechos
    final.segundos_extracao = round(time.monotonic() - inicio, 3)
    return final


@contextmanager
def _gravando(gravador: Gravador) -> Iterator[None]:
    """O trabalho de um auxiliar que grava dados num derrame: o coletor de ciclos desligado (como em
    `extrair_no_auxiliar`: milhões de objetos de vida longa, nenhum ciclo) e, se algo falhar no meio (disco cheio,
    memória, Ctrl-C), o derrame apagado antes de a falha seguir: nada fica pela metade."""
    ligado = gc.isenabled()
    gc.disable()
    try:
        yield
    except BaseException:
        gravador.descartar()
        raise
    finally:
        if ligado:
            gc.enable()


def _motivo(erro: BaseException) -> str:
    """Por que os dados de um volumoso não puderam ser gravados ou lidos, em pt-BR quando o sistema diz."""
    if isinstance(erro, OSError) and erro.errno == errno.ENOSPC:
        return "sem espaço em disco na pasta de saída para os dados extraídos; libere espaço ou use --saida noutro disco"
    if isinstance(erro, OSError) and erro.strerror:
        return erro.strerror
    return f"{type(erro).__name__}: {erro}"


def decisoes_do_arquivo(caminho: Path, tipo: str, comeco: Documento) -> dict[str, Any]:
    """As decisões que a extração toma pelo documento inteiro, tomadas uma vez sobre o arquivo inteiro (em fluxo):
    a ordem das datas numéricas (um `08/13/2025` numa parte do meio decide o mês antes do dia em todas), a notação dos
    números das linhas de texto e a hora de 12 h (pelas primeiras linhas, como na leitura inteira)."""
    return {
        "ordem_das_datas": _ordem_das_datas(caminho, tipo),
        # num CSV toda linha é registro com células: nenhuma linha de texto, e a passada seria à toa
        "notacao": quantias.notacao_das_linhas(
            registros_de_uma_linha.textos_do_txt(caminho, so_sem_celulas=True) if tipo == "txt" else ()),
        "doze_horas": relogio.de_doze_horas(comeco.trechos),
        "so_datas": meia_noite.so_datas(comeco.trechos),
    }


def _ordem_das_datas(caminho: Path, tipo: str) -> ordem_das_datas.Ordem:
    """A ordem das datas do arquivo inteiro, pelos textos das linhas (sem montar os trechos); num CSV com registro de
    várias linhas ou malformado, pelos trechos."""
    if tipo == "txt":
        return ordem_das_datas.decidir(registros_de_uma_linha.textos_do_txt(caminho))
    if tipo == "csv":
        try:
            return ordem_das_datas.decidir(registros_de_uma_linha.textos(caminho))
        except registros_de_uma_linha.NaoSimples:
            pass  # registro de várias linhas ou CSV malformado: os textos que a leitura dá
    return ordem_das_datas.decidir(t.texto for t in em_partes.trechos(caminho, tipo))


def extrair_tarefa_em_partes(tarefa: Tarefa) -> Documento:
    """`leitura.isolamento.LerEmPartes` da análise: a tarefa (faixa) de um arquivo volumoso, no auxiliar."""
    assert tarefa.derrame is not None
    if not (tarefa.tipo in ("txt", "csv") and em_partes.pede_partes(tarefa.caminho, tarefa.tipo, None, limiar=0)):
        # lido inteiro: uma tarefa só por arquivo (uma faixa leria e extrairia o arquivo todo de novo)
        assert tarefa.faixa is None, "arquivo lido inteiro dividido em faixas"
        return extrair_inteiro_em_disco(tarefa.caminho, tarefa.nome, tarefa.tipo, tarefa.derrame)
    return extrair_em_partes(tarefa.caminho, tarefa.nome, tarefa.tipo, tarefa.derrame, faixa=tarefa.faixa)


def extrair_inteiro_em_disco(caminho: Path, nome: str, tipo: str, pasta_do_derrame: Path) -> Documento:
    """Uma planilha, um JSON ou um HTML volumoso: lido e extraído inteiro no auxiliar (o openpyxl não lê uma faixa de
    linhas; o JSON e o HTML só fazem sentido inteiros), como qualquer arquivo, e os dados gravados em disco como os
    de um CSV volumoso, em vez de voltarem pelo canal: o principal não guarda milhões de dados, e a escolha do que
    cruzar (`principal.selecao`) lê o índice deles. Os mesmos dados, na mesma ordem, da extração pelo canal."""
    documento = ler_documento(caminho, nome, tipo)
    if documento.erro:
        return documento
    inicio = time.monotonic()
    gravador = Gravador(caminho_do_derrame(pasta_do_derrame, nome), nome, inteiro=True)
    try:
        with _gravando(gravador):
            extraido = extrair_documento(documento, repassar_falta_de_memoria=True, empacotar=True)
            documento.trechos_descartados = len(documento.trechos)
            documento.trechos, documento.registros = [], []
            for dado in extraido.um_a_um():
                gravador.acrescentar(dado)
            derrames = [] if extraido.falhou else [gravador.fechar()]
    except OSError as erro:  # disco cheio, pasta de saída que some: o arquivo fica em ERRO, o caso segue
        return Documento(arquivo=nome, tipo=tipo, metodo_extracao=documento.metodo_extracao,
                         erro=f"falha ao gravar os dados do arquivo volumoso ({_motivo(erro)[:200]})")
    if extraido.falhou:
        gravador.descartar()
    documento.extraido = Extraido(extraido.extrator_id, alertas=extraido.alertas, falhou=extraido.falhou,
                                  derrames=derrames)
    documento.segundos_extracao = round(time.monotonic() - inicio, 3)
    return documento


def juntar(documentos: list[Documento]) -> Documento:
    """O documento do arquivo a partir dos das suas faixas, na ordem das linhas. Uma faixa em ERRO (prazo, memória)
    ou com o extrator em falha deixa o arquivo inteiro sem dados, como a extração de uma vez: os derrames das outras
    são apagados."""
    if len(documentos) == 1:
        return documentos[0]
    primeiro = documentos[0]
    extraidos = [d.extraido for d in documentos if isinstance(d.extraido, Extraido)]
    derrames: list[Derrame] = [derrame for e in extraidos for derrame in e.derrames]
    erros = list(dict.fromkeys(d.erro for d in documentos if d.erro))
    if erros or len(extraidos) < len(documentos) or any(e.falhou for e in extraidos):
        for derrame in derrames:
            derrame.apagar()
        derrames = []
    junto = Documento(
        arquivo=primeiro.arquivo, tipo=primeiro.tipo, metodo_extracao=primeiro.metodo_extracao,
        codificacao=primeiro.codificacao, delimitador=primeiro.delimitador,
        alertas=list(dict.fromkeys(a for d in documentos for a in d.alertas)),
        erro="; ".join(erros) or None,
        parcial="; ".join(dict.fromkeys(d.parcial for d in documentos if d.parcial)) or None,
        segundos=max((d.segundos or 0.0) for d in documentos),
        segundos_extracao=max((d.segundos_extracao or 0.0) for d in documentos),
        memoria_mib=max((d.memoria_mib or 0) for d in documentos),
        trechos_descartados=sum(d.trechos_descartados or 0 for d in documentos),
    )
    if not erros:
        junto.extraido = Extraido(
            extraidos[0].extrator_id, falhou=any(e.falhou for e in extraidos) or len(extraidos) < len(documentos),
            alertas=list(dict.fromkeys(a for e in extraidos for a in e.alertas)), derrames=derrames)
    return junto
