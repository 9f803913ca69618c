"""Comando `analisar CASO`: a análise completa com relatório no terminal."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.progress import TaskID

from perito.analise import Parametros, analisar, pasta_saida_padrao
from perito.cli.ancoragem import OpcaoAncora, OpcaoChave, ancorar_e_mostrar, preparar
from perito.cli.terminal import barra_de_progresso, console_saida, encerrar, tratar_erros_com_log
from perito.leitura.isolamento import Limites
from perito.llm.configuracao import MODELO_PADRAO, ConfiguracaoLLM
from perito.llm.relatorio import painel
from perito.saida.caso import cabecalho_texto
from perito.saida.relatorio import relatorio_analise, seguro
from perito.texto_ptbr import plural


class Motor(str, Enum):
    regras = "regras"
    claude = "claude"


def linha_do_armazem(reaproveitado: dict[str, int], lidos: int) -> str | None:
    """O que veio do armazém do caso nesta execução (só no terminal: relatorio.txt e os outros relatórios saem iguais
    aos de uma execução que releu tudo)."""
    leituras, validacoes = reaproveitado.get("leituras", 0), reaproveitado.get("validacoes", 0)
    if not leituras and not validacoes:
        return None
    return (f"Armazém do caso: {plural(leituras, 'arquivo reaproveitado', 'arquivos reaproveitados')} de {lidos} "
            f"(não relidos: os mesmos bytes de uma execução anterior) e "
            f"{plural(validacoes, 'validação reaproveitada', 'validações reaproveitadas')}; --reler-tudo lê e valida "
            "tudo de novo.")


@tratar_erros_com_log
def comando_analisar(
    caso: Annotated[Path, typer.Argument(metavar="CASO", help="Pasta do caso (somente leitura).", show_default=False)],
    saida: Annotated[
        Optional[Path], typer.Option("--saida", "-s", help="Pasta de saída (padrão: <caso>-analise ao lado do caso).")
    ] = None,
    caso_id: Annotated[Optional[str], typer.Option("--caso-id", help="Identificador do caso (padrão: nome da pasta).")] = None,
    data_analise: Annotated[
        Optional[str],
        typer.Option("--data-analise", help="Data da análise AAAA-MM-DD (padrão: hoje), para saídas reprodutíveis."),
    ] = None,
    janela: Annotated[
        int, typer.Option("--janela", help="Janela de simultaneidade, de 1 a 86400 segundos, para convergência de IP.")
    ] = 300,
    motor: Annotated[
        Motor,
        typer.Option("--motor", help="regras: determinístico, sem rede. claude: acrescenta o Claude (exige ANTHROPIC_API_KEY)."),
    ] = Motor.regras,
    modelo: Annotated[str, typer.Option("--modelo", help="Modelo do Claude (só com --motor claude).")] = MODELO_PADRAO,
    inquerito: Annotated[
        Optional[str], typer.Option("--inquerito", help="Número do procedimento (vai ao manifesto, à trilha e aos relatórios).")
    ] = None,
    analista: Annotated[
        Optional[str], typer.Option("--analista", help="Nome ou matrícula de quem analisa (manifesto, trilha, relatórios).")
    ] = None,
    matricula: Annotated[
        Optional[str], typer.Option("--matricula", help="Matrícula de quem analisa (bloco de assinatura do relatório .docx).")
    ] = None,
    sigilo: Annotated[
        bool, typer.Option("--sigilo", help="Marca os relatórios com a faixa SEGREDO DE JUSTIÇA (cabeçalho de cada página).")
    ] = False,
    fuso_relatorio: Annotated[
        str, typer.Option("--fuso-relatorio", help="Fuso IANA dos horários do relatorio.html (linha do tempo e setas do "
                          "gráfico), convertidos do UTC de cada registro.")
    ] = "America/Sao_Paulo",
    sobrescrever: Annotated[
        bool,
        typer.Option("--sobrescrever", help="Grava numa pasta de saída não vazia que não é de uma análise anterior deste "
                     "caso (arquivos de mesmo nome são substituídos; nada que o perito não gravou é apagado)."),
    ] = False,
    tempo_por_arquivo: Annotated[
        float,
        typer.Option("--tempo-por-arquivo", help="Base do tempo limite de leitura de cada arquivo, em segundos; soma-se "
                     "a ela o proporcional ao tamanho (3× o tempo estimado)."),
    ] = Limites.segundos_por_arquivo,
    reler_tudo: Annotated[
        bool,
        typer.Option("--reler-tudo", help="Lê e valida tudo de novo, sem reaproveitar do armazém do caso (armazem.sqlite3 "
                     "na pasta de saída) as leituras e validações de execuções anteriores."),
    ] = False,
    executor: Annotated[
        str,
        typer.Option("--executor", help="Onde ler e extrair cada arquivo: local (os auxiliares desta máquina) ou "
                     "dask://host:porta (um cluster Dask; pede pip install 'perito[cluster]')."),
    ] = "local",
    ancora: OpcaoAncora = None,
    chave: OpcaoChave = None,
) -> None:
    """Extrai, cruza e valida as provas da pasta CASO."""
    ancoragem = preparar(ancora, chave, saida or pasta_saida_padrao(caso), caso)
    parametros = Parametros(
        caso, saida, caso_id, data_analise, janela, motor=motor.value, llm=ConfiguracaoLLM(modelo=modelo),
        limites=Limites(segundos_por_arquivo=tempo_por_arquivo), inquerito=inquerito, analista=analista,
        sobrescrever=sobrescrever, matricula=matricula, sigilo=sigilo, fuso_relatorio=fuso_relatorio,
        reaproveitar=not reler_tudo, executor=executor,
    )
    with barra_de_progresso() as barra:
        tarefas: dict[str, TaskID] = {}

        def progresso(etapa: str, feitos: int, total: int, arquivo: str) -> None:
            if etapa not in tarefas:
                tarefas[etapa] = barra.add_task(etapa, total=total, arquivo="")
            barra.update(tarefas[etapa], completed=feitos, total=total, arquivo=seguro(arquivo))

        resultado = analisar(parametros, progresso)
    console = console_saida()
    if inquerito or analista:
        console.print(seguro(cabecalho_texto(inquerito, analista)), style="bold")
    console.print(relatorio_analise(resultado))
    if (linha := linha_do_armazem(resultado.reaproveitado, len(resultado.documentos))) is not None:
        console.print(linha)
    if resultado.llm is not None and resultado.llm_parametros is not None:
        console.print(painel(resultado.llm_parametros, resultado.llm))
    ancorar_e_mostrar(console, resultado.saida, ancoragem)
    encerrar(resultado.codigo_saida)
