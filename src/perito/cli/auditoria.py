"""Comando `perito auditoria verificar PASTA`: confere a trilha de auditoria de uma análise."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from perito.cli.ancoragem import OpcaoAncora, OpcaoChave, ancorar_e_mostrar, preparar
from perito.cli.terminal import console_erro, console_saida, encerrar, tratar_erros
from perito.erros import ErroPerito, Saida
from perito.saida import ancora
from perito.saida.auditoria import NOME, interrupcao, verificar
from perito.saida.relatorio import seguro
from perito.texto_ptbr import plural

app_auditoria = typer.Typer(help="Trilha de auditoria das análises.", no_args_is_help=True, add_completion=False)


def _conferir_pasta(pasta: Path) -> None:
    """Pasta errada não é adulteração: código 3 com o que fazer."""
    if not pasta.exists():
        raise ErroPerito(f"A pasta {pasta} não existe; informe a pasta de saída de uma análise.", Saida.CASO_INVALIDO)
    if not pasta.is_dir():
        raise ErroPerito(f"{pasta} não é uma pasta; informe a pasta de saída de uma análise.", Saida.CASO_INVALIDO)
    if not (pasta / NOME).is_file():
        raise ErroPerito(
            f"{pasta} não tem trilha de auditoria ({NOME}): não é a pasta de saída de uma análise do perito.",
            Saida.CASO_INVALIDO,
        )


@app_auditoria.command("verificar")
@tratar_erros
def comando_verificar(
    pasta: Annotated[
        Path, typer.Argument(metavar="PASTA", help="Pasta de saída de uma análise (com auditoria.jsonl).", show_default=False)
    ],
    arquivo_ancora: Annotated[
        Optional[Path], typer.Option("--ancora", help="Arquivo de âncoras: a trilha tem de conter a última cabeça "
                                     "ancorada desta pasta e nada depois dela.")
    ] = None,
    chave_publica: Annotated[
        Optional[Path], typer.Option("--chave-publica", help="Só valem âncoras assinadas por esta chave (sem --ancora, "
                                     f"as assinaturas de {ancora.NOME_ASSINATURAS} na pasta).")
    ] = None,
) -> None:
    """Detecta entrada editada, removida ou fora de ordem, e saídas alteradas depois da análise; com --ancora ou
    --chave-publica, também a cadeia recalculada e a pasta trocada."""
    _conferir_pasta(pasta)
    if arquivo_ancora is not None and not arquivo_ancora.is_file():
        raise ErroPerito(f"O arquivo de âncoras {arquivo_ancora} não existe.", Saida.USO)
    try:
        publica = ancora.carregar_publica(chave_publica) if chave_publica is not None else None
    except ancora.AncoraInvalida as erro:
        raise ErroPerito(str(erro), Saida.USO) from None
    problemas = verificar(pasta)
    if arquivo_ancora is not None or publica is not None:
        try:
            problemas += ancora.conferir(pasta, arquivo_ancora, publica)
        except ancora.AncoraInvalida as erro:
            raise ErroPerito(str(erro), Saida.USO) from None
    if problemas:
        console = console_erro()
        quantos = plural(len(problemas), "problema", "problemas")
        console.print(f"[bold red]Trilha de auditoria com {quantos} em {seguro(pasta / NOME)}:[/]")
        for problema in problemas:
            console.print(f"  - {seguro(problema)}")
        encerrar(Saida.AUDITORIA_INVALIDA)
    if (interrompida := interrupcao(pasta)) is not None:
        console_saida().print(
            f"[yellow]Trilha íntegra, mas {seguro(interrompida)}.[/] As saídas desta pasta não são de uma análise "
            "completa; repita a análise."
        )
        encerrar(Saida.INCOMPLETA)
    ancorada = " e a cabeça ancorada confere" if arquivo_ancora is not None or publica is not None else ""
    console_saida().print(f"[green]Trilha íntegra:[/] {seguro(pasta / NOME)} e as saídas registradas conferem{ancorada}.")
    encerrar(Saida.OK)


@app_auditoria.command("ancorar")
@tratar_erros
def comando_ancorar(
    pasta: Annotated[Path, typer.Argument(metavar="PASTA", help="Pasta de saída de uma análise.", show_default=False)],
    arquivo: OpcaoAncora = None,
    chave: OpcaoChave = None,
) -> None:
    """Ancora (e assina) a cabeça atual da trilha de uma pasta íntegra."""
    _conferir_pasta(pasta)
    if arquivo is None and chave is None:
        raise ErroPerito("Informe --ancora ARQ, --chave CHAVE, ou os dois.", Saida.USO)
    ancoragem = preparar(arquivo, chave, pasta)
    if problemas := verificar(pasta):  # ancorar uma trilha adulterada seria dar fé a ela
        quantos = plural(len(problemas), "problema", "problemas")
        raise ErroPerito(f"A trilha de {pasta} tem {quantos} ({problemas[0]}); nada foi ancorado.",
                         Saida.AUDITORIA_INVALIDA)
    ancorar_e_mostrar(console_saida(), pasta, ancoragem)
    encerrar(Saida.OK)
