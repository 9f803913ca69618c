"""A análise de um caso de ponta a ponta: inventário → leitura → extratores → principal → validador → saída.

Cada etapa lê só o contrato da anterior. A pasta do caso nunca é escrita: seus
hashes são conferidos antes e depois, e qualquer mudança falha a análise.

Com o motor Claude, o extrator Claude roda depois das regras (lote próprio) e o
principal Claude depois do cruzamento das regras; o validador confere todas as
conclusões do mesmo jeito. Uma chamada que falha deixa a análise incompleta.
"""

from __future__ import annotations

import datetime as dt
import functools
import gc
import hashlib
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable

from perito import __version__, registro
from perito.analise_claude import concluir_com_claude, extrair_com_claude, preparar_motor
from perito.argumentos import conferir_data
from perito.erros import ErroPerito, Saida
from perito.extratores.lotes import extrair_lotes, extrair_no_auxiliar, extrair_no_auxiliar_com_trechos
from perito.inteligencia_ip import base_em_uso
from perito.leitura.documento import Documento
from perito.leitura.inventario import ArquivoCaso, listar
from perito.leitura.isolamento import Limites, Tarefa, encerrar_servidor, ler_isolados, pico_de_memoria_mib
from perito.leitura.planilha import xml_protegido
from perito.llm.configuracao import ConfiguracaoLLM
from perito.pastas import conferir_caso, conferir_saida, pasta_saida_padrao
from perito.plano.montagem import NOME as NOME_PLANO
from perito.plano.montagem import montar_ou_falha as montar_plano
from perito.principal.agente import cruzar
from perito.principal.parametros import Parametros as ParametrosCruzamento
from perito.saida import html_grafico, manifesto, relatorios, revisao, vinculos
from perito.saida.arquivos import linha_manifesto, situacao
from perito.saida.auditoria import NOME as NOME_TRILHA
from perito.saida.auditoria import Trilha, TrilhaAdulterada
from perito.saida.escrita import bytes_json, json_em_partes
from perito.saida.gravacao import Preparadas, gravar, gravar_manifesto, nome_do_lote, textos_das_saidas
from perito.texto_ptbr import plural
from perito.validador import trechos
from perito.validador.agente import VALIDADOR_ID, aplicar, paginas_citadas, validar
from perito.validador.fonte import FonteIndependente

if TYPE_CHECKING:  # o SDK da Anthropic leva ~1 s para importar: só com --motor claude
    from perito.llm.motor import MotorClaude

#: progresso(etapa, feitos, total, arquivo atual)
Progresso = Callable[[str, int, int, str], None]


@dataclass
class Parametros:
    caso: Path
    saida: Path | None = None
    caso_id: str | None = None
    data_analise: str | None = None
    janela_segundos: int = 300
    limites: Limites = field(default_factory=Limites)
    #: "regras" (padrão, sem rede) ou "claude"
    motor: str = "regras"
    llm: ConfiguracaoLLM = field(default_factory=ConfiguracaoLLM)
    #: número do procedimento (inquérito) e quem analisa: vão ao manifesto, à trilha e aos relatórios
    inquerito: str | None = None
    analista: str | None = None
    #: aceita uma pasta de saída não vazia que não é de uma análise anterior deste caso
    sobrescrever: bool = False
    #: matrícula de quem analisa (bloco de assinatura) e a faixa SEGREDO DE JUSTIÇA nos relatórios
    matricula: str | None = None
    sigilo: bool = False
    #: fuso IANA dos horários do relatorio.html (linha do tempo, setas do gráfico); convertido em Python
    fuso_relatorio: str = "America/Sao_Paulo"


@dataclass
class Resultado:
    caso: Path
    saida: Path
    inventario: list[ArquivoCaso]
    documentos: list[Documento]
    lotes: list[dict[str, Any]]
    conclusoes: dict[str, Any]  # saída do principal, antes da validação
    validacoes: dict[str, Any]
    finais: dict[str, Any]  # conclusoes.json
    contraditas: list[dict[str, Any]]
    arquivos: list[dict[str, Any]]  # linhas do manifesto
    escritos: dict[str, str] = field(default_factory=dict)
    #: motor Claude: configuração (sem a chave) e resumo (consumo, descartes, falhas); None com as regras
    llm_parametros: dict[str, Any] | None = None
    llm: dict[str, Any] | None = None
    #: plano_diligencias.json: painel do caso, passos datados e hipóteses de autoria
    plano: dict[str, Any] | None = None

    @property
    def com_erro(self) -> list[dict[str, Any]]:
        return [a for a in self.arquivos if a["situacao"] in ("erro", "parcial")]

    @property
    def total_dados(self) -> int:
        return sum(lote["total_dados"] for lote in self.lotes)

    @property
    def codigo_saida(self) -> Saida:
        claude_falhou = bool(self.llm and self.llm["incompleta"])
        return Saida.INCOMPLETA if self.com_erro or claude_falhou or self.total_dados == 0 else Saida.OK


class _Etapas:
    """Segundos de parede e memória por etapa (voláteis, como `inicio` e `fim`: vão só ao manifesto).

    Memória: o pico do principal até o fim da etapa (cresce ou fica: a etapa em que ele sobe é a que o fez) e o
    maior pico dos auxiliares que leram nela, cada um medido pelo próprio processo (`Documento.memoria_mib`).
    """

    def __init__(self) -> None:
        self.segundos: dict[str, float] = {}
        self.memoria: dict[str, dict[str, int]] = {}
        self._marco = time.perf_counter()

    def fim(self, etapa: str, documentos: Iterable[Documento | None] = ()) -> None:
        agora = time.perf_counter()
        self.segundos[etapa] = round(agora - self._marco, 3)
        self._marco = agora
        auxiliares = [d.memoria_mib for d in documentos if d is not None and d.memoria_mib]
        self.memoria[etapa] = {"principal_ate_aqui_mib": pico_de_memoria_mib(),
                               **({"maior_auxiliar_mib": max(auxiliares)} if auxiliares else {})}


def _sha256(dados: bytes) -> str:
    return hashlib.sha256(dados).hexdigest()


def _agora() -> str:
    return dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _impressao_digital(inventario: list[ArquivoCaso]) -> str:
    h = hashlib.sha256()
    for a in inventario:
        h.update(f"{a.nome}\0{a.tamanho}\0{a.sha256}\n".encode())
    return h.hexdigest()


def conferir_argumentos(parametros: Parametros) -> None:
    """Argumentos ruins saem com código 2 antes de qualquer leitura ou gravação."""
    if parametros.data_analise is not None:
        conferir_data(parametros.data_analise, "Data da análise")
    if not 1 <= parametros.limites.segundos_por_arquivo <= 86400:
        raise ErroPerito(f"--tempo-por-arquivo inválido: {parametros.limites.segundos_por_arquivo:g} s; use de 1 a 86400 "
                         "segundos.", Saida.USO)
    if not 1 <= parametros.janela_segundos <= 86400:
        raise ErroPerito(f"Janela inválida: {parametros.janela_segundos} s; use de 1 a 86400 segundos.", Saida.USO)
    if parametros.motor not in ("regras", "claude"):
        raise ErroPerito(f"Motor desconhecido: {parametros.motor!r}; use regras ou claude.", Saida.USO)
    try:
        html_grafico.zona(parametros.fuso_relatorio)
    except html_grafico.FusoInvalido:
        raise ErroPerito(f"--fuso-relatorio inválido: {parametros.fuso_relatorio!r}; use um nome IANA, como "
                         "America/Sao_Paulo ou America/Manaus.", Saida.USO) from None
    for nome, valor in (("--inquerito", parametros.inquerito), ("--analista", parametros.analista),
                        ("--matricula", parametros.matricula)):
        if valor is not None and (not valor.strip() or len(valor) > 200 or not valor.isprintable()):
            raise ErroPerito(f"{nome} inválido: use um texto de 1 a 200 caracteres, sem caracteres de controle.", Saida.USO)


def analisar(parametros: Parametros, progresso: Progresso | None = None) -> Resultado:
    inicio = _agora()
    conferir_argumentos(parametros)
    motor = preparar_motor(parametros.motor, parametros.llm)  # chave e prompts antes de tocar em qualquer pasta
    try:
        return _abrir_e_analisar(parametros, inicio, progresso, motor)
    finally:
        if motor is not None:
            motor.fechar()


def _abrir_e_analisar(
    parametros: Parametros, inicio: str, progresso: Progresso | None, motor: MotorClaude | None
) -> Resultado:
    if not xml_protegido():
        raise ErroPerito(
            "Instalação incompleta: o pacote defusedxml não está disponível, e sem ele as planilhas XLSX "
            "ficariam expostas a bombas de entidades XML. Reinstale o perito (make ambiente).",
            Saida.AMBIENTE_INVALIDO,
        )
    caso = conferir_caso(parametros.caso)
    saida = conferir_saida(caso, parametros.saida or pasta_saida_padrao(parametros.caso), parametros.sobrescrever)
    try:
        trilha = Trilha(saida)
    except TrilhaAdulterada as erro:
        raise ErroPerito(
            f"A trilha de auditoria já existente em {saida} foi adulterada ({erro}); use outra pasta de saída.",
            Saida.AUDITORIA_INVALIDA,
        ) from erro
    handler = registro.abrir(saida)
    congelados_antes = gc.get_freeze_count()
    try:
        preparadas = Preparadas(saida)
        try:
            return _analisar(parametros, caso, saida, trilha, inicio, progresso or (lambda *_: None), motor, preparadas)
        finally:
            preparadas.descartar()  # nada fica pela metade se a análise cai antes de gravar
    except ErroPerito as erro:
        registro.LOGGER.error("análise interrompida: %s", erro.mensagem)
        trilha.registrar("perito", "interromper", detalhes={"motivo": erro.mensagem})
        raise
    except KeyboardInterrupt:
        # Ctrl-C: a trilha diz que a execução foi interrompida (não que entradas sumiram)
        registro.LOGGER.error("análise interrompida pelo usuário")
        trilha.registrar("perito", "interromper", detalhes={"motivo": "interrompida pelo usuário (Ctrl-C)"})
        raise
    except Exception:
        registro.LOGGER.exception("defeito interno durante a análise")
        raise
    finally:
        if congelados_antes == 0 and gc.get_freeze_count():
            gc.unfreeze()  # os dados desta análise voltam à coleta normal (o chamador pode seguir vivo: testes, API)
        registro.fechar(handler)


def _congelar_dados() -> None:
    """Tira os dados extraídos (centenas de milhares de dicionários, vivos até o fim) das passadas do coletor.

    Cada etapa seguinte cria muitos objetos, e cada coleta completa varria de novo todos os dados sem achar
    ciclo nenhum (segundos num caso grande). Só quando ninguém mais congelou objetos; descongelados no fim.
    """
    if gc.get_freeze_count() == 0:
        gc.freeze()  # sem coletar antes: seria uma varredura completa a mais; ciclos soltos voltam no fim


def _analisar(
    parametros: Parametros, caso: Path, saida: Path, trilha: Trilha, inicio: str, avisar: Progresso,
    motor: MotorClaude | None, preparadas: Preparadas,
) -> Resultado:
    caso_id = parametros.caso_id or caso.name
    data_analise = parametros.data_analise or dt.date.today().isoformat()
    configuracao = _parametros_manifesto(parametros, caso, saida, data_analise, motor)
    trilha.registrar("perito", "iniciar", detalhes={"versao": __version__, "parametros": configuracao})

    etapas = _Etapas()
    inventario = listar(caso)
    trilha.registrar("inventario", "inventariar", entradas={a.nome: a.sha256 for a in inventario if a.sha256})
    etapas.fim("inventario")
    documentos = _ler(inventario, parametros, trilha, avisar)
    etapas.fim("leitura_e_extracao", documentos)

    avisar("extração", 0, 1, "")
    lotes, atribuicao = extrair_lotes(documentos)
    _congelar_dados()
    if motor is not None:
        lotes.append(extrair_com_claude(motor, documentos, lotes, atribuicao, avisar))
    hashes_caso = {a.nome: a.sha256 for a in inventario if a.tipo or a.membros is not None}
    por_nome = {d.arquivo: d for d in documentos}
    # cada saída é serializada uma vez, e a trilha e a gravação usam o mesmo hash; os lotes vão ao disco já
    # (temporários publicados em `gravar`), e seus bytes não ficam na memória
    hashes_lotes = {
        nome_do_lote(lote): preparadas.preparar(nome_do_lote(lote), json_em_partes(lote, "dados_extraidos")) for lote in lotes
    }
    for lote in lotes:
        # o que a extração deixou incompleto (extrator com defeito) também fica na trilha
        incompletos = {a["arquivo"]: situacao(por_nome[a["arquivo"]])[0] for a in lote["arquivos_processados"]
                       if a["arquivo"] in por_nome and situacao(por_nome[a["arquivo"]])[0] != "lido"}
        trilha.registrar(
            lote["extrator_id"], "extrair",
            entradas={a["arquivo"]: hashes_caso[a["arquivo"]] for a in lote["arquivos_processados"]},
            saidas={nome_do_lote(lote): hashes_lotes[nome_do_lote(lote)]},
            detalhes={"status": lote["status"], "total_dados": lote["total_dados"],
                      **({"situacao_dos_arquivos": incompletos} if incompletos else {})},
        )
    if motor is not None:
        trilha.registrar("extrator_claude_01", "ancorar", detalhes={
            k: v for k, v in motor.relatos["extrator"].items() if k != "arquivos_com_falha"
        })

    etapas.fim("lotes")
    avisar("cruzamento", 0, 1, "")
    cruzamento = ParametrosCruzamento(janela=dt.timedelta(seconds=parametros.janela_segundos))
    conclusoes = cruzar(lotes, caso_id, data_analise, cruzamento)
    hash_conclusoes = _sha256(bytes_json(conclusoes))
    trilha.registrar(
        "principal", "cruzar",
        entradas=hashes_lotes,
        saidas={"conclusoes (antes da validação)": hash_conclusoes},
        detalhes={"conclusoes": len(conclusoes["conclusoes"])},
    )
    if motor is not None:
        conclusoes, hash_conclusoes = concluir_com_claude(
            motor, lotes, conclusoes, hash_conclusoes, cruzamento, trilha, avisar)

    etapas.fim("cruzamento")
    avisar("validação", 0, 1, "")
    # uma leitura independente só, da validação aos relatórios: cada documento citado é relido uma vez
    fonte = FonteIndependente(caso, hashes_caso, parametros.limites, paginas_citadas(conclusoes), desenhar=True)
    validacoes = validar(conclusoes, caso, data_analise, hashes_caso, parametros.limites, fonte)
    citados = {r["arquivo"] for c in conclusoes["conclusoes"] for r in c["referencias"]}
    serializados = {"validacao.json": bytes_json(validacoes)}
    trilha.registrar(
        VALIDADOR_ID, "validar",
        entradas={"conclusoes (antes da validação)": hash_conclusoes,
                  **{nome: hashes_caso.get(nome, "") for nome in citados}},
        saidas={"validacao.json": _sha256(serializados["validacao.json"])},
        detalhes=validacoes["resumo"],
    )
    finais, contraditas = aplicar(conclusoes, validacoes)
    etapas.fim("validacao", fonte.documentos())
    # um modelo de vínculos só, para o plano e para os relatórios (que o refazem se a revisão tiver decisões):
    # das conclusões finais e contraditas, como os relatórios o leem da pasta (as contraditas ficam fora dele)
    modelo = vinculos.montar(finais["conclusoes"] + contraditas, lotes, {"decisoes": []})
    plano = montar_plano(finais["conclusoes"], lotes, data_analise, caso_id, modelo)

    if _impressao_digital(listar(caso)) != _impressao_digital(inventario):
        raise ErroPerito(
            "A pasta do caso mudou durante a análise (arquivos incluídos, removidos ou alterados). "
            "Os resultados não valem; repita a análise sobre uma cópia estável do caso.",
            Saida.CASO_ALTERADO,
        )
    trilha.registrar("inventario", "conferir_caso", detalhes={"inalterado": True})

    arquivos = [linha_manifesto(a, por_nome.get(a.nome), atribuicao.get(a.nome)) for a in inventario]
    resultado = Resultado(caso, saida, inventario, documentos, lotes, conclusoes, validacoes, finais, contraditas, arquivos,
                          plano=plano)
    if motor is not None:
        resultado.llm_parametros, resultado.llm = motor.parametros(), motor.resumo()
    envelope_contraditas = {"conclusoes_contraditas": contraditas, "caso_id": caso_id, "data_analise": data_analise}
    textos: dict[str, bytes | str] = {**textos_das_saidas(serializados, finais, envelope_contraditas)}
    textos[NOME_PLANO] = bytes_json(plano)
    resultado.escritos = gravar(saida, textos, trilha, None, preparadas)
    del textos
    etapas.fim("saidas")
    # decisões humanas de uma revisão anterior: seguem se a referência aponta para os mesmos bytes
    resultado.escritos.update(revisao.reconciliar(saida, finais["conclusoes"] + contraditas, hashes_caso, trilha))
    provisorio = {"caso_id": caso_id, "inquerito": parametros.inquerito, "analista": parametros.analista,
                  "parametros": configuracao, "arquivos": arquivos}  # o manifesto só é gravado no fim
    avisar("relatórios", 0, 1, "")
    resultado.escritos.update(relatorios.gravar(saida, trilha, caso, provisorio, lotes, plano,
                                                reler=functools.partial(trechos.reler, fonte=fonte),
                                                modelo_sem_decisoes=modelo))
    del fonte  # os documentos relidos saem da memória antes do manifesto
    avisar("relatórios", 1, 1, "")
    etapas.fim("relatorios")
    dados_manifesto = manifesto.montar(
        caso_id=caso_id, parametros=configuracao, inicio=inicio, fim=_agora(), arquivos=arquivos,
        saidas=resultado.escritos, auditoria={"arquivo": NOME_TRILHA, "hash_antes_do_manifesto": trilha.ultimo_hash},
        llm=resultado.llm, etapas=etapas.segundos, memoria_etapas=etapas.memoria,
    )
    gravar_manifesto(saida, dados_manifesto, trilha)
    registro.LOGGER.info(
        "análise concluída: %s, %s", plural(len(inventario), "arquivo", "arquivos"),
        plural(len(conclusoes["conclusoes"]), "conclusão", "conclusões"),
    )
    return resultado


#: trechos lidos acima dos quais o caso é grande o bastante para a memória pesar mais que uns décimos de segundo
_TRECHOS_DE_CASO_GRANDE = 100_000


def _ler(inventario: list[ArquivoCaso], parametros: Parametros, trilha: Trilha, avisar: Progresso) -> list[Documento]:
    legiveis = [a for a in inventario if a.tipo]
    feitos = 0
    avisar("leitura", 0, len(legiveis), "")

    def lido(tarefa: Tarefa, documento: Documento) -> None:
        nonlocal feitos
        feitos += 1
        avisar("leitura", feitos, len(legiveis), tarefa.nome)
        if documento.erro:
            registro.LOGGER.warning("%s não pôde ser lido: %s", tarefa.nome, documento.erro)

    # `legiveis` só tem arquivos com tipo detectado (o `or ""` é para o verificador de tipos)
    tarefas = [Tarefa(a.caminho, a.nome, a.tipo or "", a.membro) for a in legiveis]
    # cada auxiliar extrai o que leu; os trechos só voltam quando o motor Claude vai lê-los
    depois = extrair_no_auxiliar_com_trechos if parametros.motor == "claude" else extrair_no_auxiliar
    documentos = ler_isolados(tarefas, parametros.limites, lido, depois)
    if sum(d.total_trechos for d in documentos) > _TRECHOS_DE_CASO_GRANDE:
        # num caso grande, o forkserver e os leitores pré-carregados não ficam ocupando memória no cruzamento;
        # num pequeno, fica: o validador o usaria de novo, e fazê-lo nascer outra vez custaria mais que a memória
        encerrar_servidor()
    for arquivo, documento in zip(legiveis, documentos, strict=True):
        if arquivo.alerta:
            documento.alertas.insert(0, f"{arquivo.nome}: {arquivo.alerta}")
        estado, motivo = situacao(documento)
        trilha.registrar(
            "leitor", "ler", entradas={arquivo.nome: arquivo.sha256},
            detalhes={
                "situacao": estado, "metodo_extracao": documento.metodo_extracao,
                "trechos": documento.total_trechos, "paginas_com_falha": documento.paginas_com_falha,
                **({"motivo": motivo} if motivo else {}),
            },
        )
    for arquivo in inventario:
        if arquivo.tipo is None:
            trilha.registrar(
                "inventario", "ignorar", entradas={arquivo.nome: arquivo.sha256}, detalhes={"motivo": arquivo.motivo_ignorado}
            )
    return documentos


def _parametros_manifesto(
    parametros: Parametros, caso: Path, saida: Path, data_analise: str, motor: MotorClaude | None
) -> dict[str, Any]:
    llm = {"llm": motor.parametros()} if motor is not None else {}
    return {
        "caso": str(caso),
        "saida": str(saida),
        "data_analise": data_analise,
        "janela_segundos": parametros.janela_segundos,
        "segundos_por_arquivo": parametros.limites.segundos_por_arquivo,
        "folga_do_prazo": parametros.limites.folga_do_prazo,
        "memoria_por_processo": parametros.limites.memoria_bytes,
        "processos": parametros.limites.processos,
        "motor": parametros.motor,
        "inquerito": parametros.inquerito,
        "analista": parametros.analista,
        "matricula": parametros.matricula,
        "sigilo": parametros.sigilo,
        "fuso_relatorio": parametros.fuso_relatorio,
        "cruzamento": ParametrosCruzamento(janela=dt.timedelta(seconds=parametros.janela_segundos)).registro(),
        # a base de redes de IP que o cruzamento e o plano consultam: outra base pode mudar um grau ou um destinatário
        "base_ip": {k: v for k, v in base_em_uso().items() if k != "caminho"},
        **llm,
    }
