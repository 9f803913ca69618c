"""A análise de um caso de ponta a ponta, como uma lista de etapas (`perito.analise.etapas`).

inventário → leitura e extração → lotes → cruzamento → validação → saídas → relatórios → manifesto. Cada
etapa lê só o contrato da anterior; a trilha de auditoria escuta as etapas pelo barramento de eventos, com o
cronômetro do manifesto e o progresso. A pasta do caso nunca é escrita: seus hashes são conferidos antes e
depois, e qualquer mudança falha a análise.

Com o motor Claude, o extrator Claude roda depois das regras (lote próprio) e o principal Claude depois do
cruzamento das regras; o validador confere todas as conclusões do mesmo jeito. Uma chamada que falha deixa a
análise incompleta.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from perito import __version__, registro
from perito.analise.coletor import CongelarEntreEtapas
from perito.analise.cronometro import Avisos, Cronometro
from perito.analise.estado import Analise, Progresso
from perito.analise.etapas import ETAPAS, executar
from perito.analise.etapas.cruzamento import parametros_do_cruzamento
from perito.analise.etapas.manifesto import agora
from perito.analise.eventos import Eventos, Observador
from perito.analise.historico import Historico
from perito.analise.parametros import Parametros, Resultado
from perito.analise_claude import preparar_motor
from perito.argumentos import conferir_data
from perito.armazem.banco import Armazem
from perito.erros import ErroPerito, Saida
from perito.inteligencia_ip import base_em_uso
from perito.leitura.executor import Executor, ExecutorInvalido, conferir_endereco, executor_de
from perito.leitura.isolamento import parar_de_iniciar, voltar_a_iniciar
from perito.leitura.planilha import xml_protegido
from perito.pastas import conferir_caso, conferir_saida, pasta_saida_padrao
from perito.saida import html_grafico
from perito.saida.auditoria import Trilha, TrilhaAdulterada
from perito.saida.gravacao import Preparadas

if TYPE_CHECKING:  # o SDK da Anthropic leva ~1 s para importar: só com --motor claude
    from perito.llm.motor import MotorClaude

__all__ = ["Observador", "Parametros", "Progresso", "Resultado", "analisar", "conferir_argumentos"]


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
        conferir_endereco(parametros.executor)
    except ExecutorInvalido as erro:
        raise ErroPerito(str(erro), Saida.USO) from None
    try:
        html_grafico.zona(parametros.fuso_relatorio)
    except html_grafico.FusoInvalido:
        raise ErroPerito(f"--fuso-relatorio inválido: {parametros.fuso_relatorio!r}; use um nome IANA, como "
                         "America/Sao_Paulo ou America/Manaus.", Saida.USO) from None
    for nome, valor in (("--inquerito", parametros.inquerito), ("--analista", parametros.analista),
                        ("--matricula", parametros.matricula)):
        if valor is not None and (not valor.strip() or len(valor) > 200 or not valor.isprintable()):
            raise ErroPerito(f"{nome} inválido: use um texto de 1 a 200 caracteres, sem caracteres de controle.", Saida.USO)


def analisar(
    parametros: Parametros, progresso: Progresso | None = None, observadores: Iterable[Observador] = ()
) -> Resultado:
    """Analisa o caso; `observadores` escutam as etapas e cada passo da trilha, depois do cronômetro."""
    inicio = agora()
    conferir_argumentos(parametros)
    voltar_a_iniciar()
    motor = preparar_motor(parametros.motor, parametros.llm)  # chave e prompts antes de tocar em qualquer pasta
    try:
        try:  # o cluster (se pedido) antes de tocar em qualquer pasta: fora do ar, nada é gravado
            executor = executor_de(parametros.executor)
        except ExecutorInvalido as erro:
            raise ErroPerito(f"{erro}", Saida.AMBIENTE_INVALIDO) from None
        try:
            return _abrir_e_analisar(parametros, inicio, progresso, motor, list(observadores), executor)
        finally:
            executor.fechar()
    finally:
        if motor is not None:
            motor.fechar()


def _abrir_e_analisar(
    parametros: Parametros, inicio: str, progresso: Progresso | None, motor: MotorClaude | None,
    observadores: list[Observador], executor: Executor,
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
    # a trilha escuta as etapas; o cronômetro (manifesto), os avisos de progresso e o histórico do armazém também
    coletor = CongelarEntreEtapas()
    eventos = Eventos(trilha, [Cronometro(), Avisos(), Historico(), coletor, *observadores])
    try:
        preparadas = Preparadas(saida)
        try:
            return _analisar(parametros, caso, saida, eventos, inicio, progresso or (lambda *_: None), motor, preparadas,
                             executor)
        finally:
            preparadas.descartar()  # nada fica pela metade se a análise cai antes de gravar
    except ErroPerito as erro:
        registro.LOGGER.error("análise interrompida: %s", erro.mensagem)
        eventos.registrar("perito", "interromper", detalhes={"motivo": erro.mensagem})
        raise
    except KeyboardInterrupt:
        parar_de_iniciar()  # nenhum auxiliar fica nascendo pela metade enquanto o programa sai
        # Ctrl-C: a trilha diz que a execução foi interrompida (não que entradas sumiram)
        registro.LOGGER.error("análise interrompida pelo usuário")
        eventos.registrar("perito", "interromper", detalhes={"motivo": "interrompida pelo usuário (Ctrl-C)"})
        raise
    except Exception:
        registro.LOGGER.exception("defeito interno durante a análise")
        raise
    finally:
        coletor.descongelar()  # os dados desta análise voltam à coleta normal (o chamador pode seguir vivo: testes, API)
        registro.fechar(handler)


def _analisar(
    parametros: Parametros, caso: Path, saida: Path, eventos: Eventos, inicio: str, avisar: Progresso,
    motor: MotorClaude | None, preparadas: Preparadas, executor: Executor,
) -> Resultado:
    data_analise = parametros.data_analise or dt.date.today().isoformat()
    configuracao = _parametros_manifesto(parametros, caso, saida, data_analise, motor)
    eventos.registrar("perito", "iniciar", detalhes={"versao": __version__, "parametros": configuracao})
    armazem = Armazem(saida)
    if armazem.aviso:
        registro.LOGGER.warning("%s", armazem.aviso)
    analise = Analise(parametros, caso, saida, eventos, avisar, preparadas, motor, inicio,
                      parametros.caso_id or caso.name, data_analise, configuracao, armazem if armazem.aberto else None,
                      executor)
    try:
        executar(ETAPAS, analise)
    finally:
        if analise.antecipada is not None:  # a análise caiu antes da validação: nenhum auxiliar sobra lendo
            analise.antecipada.abandonar()
        armazem.fechar()
    resultado = Resultado(caso, saida, analise.inventario, analise.documentos, analise.lotes, analise.conclusoes,
                          analise.validacoes, analise.finais, analise.contraditas, analise.arquivos, analise.escritos,
                          llm_parametros=analise.llm_parametros, llm=analise.llm, plano=analise.plano,
                          diferencas=analise.diferencas, reaproveitado=analise.reaproveitado)
    return resultado


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
        "executor": parametros.executor,
        # False: --reler-tudo (nada do armazém do caso foi reaproveitado); a trilha diz, arquivo a arquivo, o que foi
        "reaproveitar": parametros.reaproveitar,
        "inquerito": parametros.inquerito,
        "analista": parametros.analista,
        "matricula": parametros.matricula,
        "sigilo": parametros.sigilo,
        "fuso_relatorio": parametros.fuso_relatorio,
        "cruzamento": parametros_do_cruzamento(parametros.janela_segundos).registro(),
        # a base de redes de IP que o cruzamento e o plano consultam: outra base pode mudar um grau ou um destinatário
        "base_ip": {k: v for k, v in base_em_uso().items() if k != "caminho"},
        **llm,
    }
