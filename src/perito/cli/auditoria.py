"""Comando `perito auditoria verificar PASTA`: confere a trilha de auditoria de uma análise."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from perito.cli.terminal import console_erro, console_saida, encerrar, tratar_erros
from perito.erros import ErroPerito, Saida
from perito.saida.auditoria import NOME, interrupcao, verificar
from perito.saida.relatorio import seguro

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
) -> None:
    """Detecta entrada editada, removida ou fora de ordem, e saídas alteradas depois da análise."""
    _conferir_pasta(pasta)
    problemas = verificar(pasta)
    if problemas:
        console = console_erro()
        console.print(f"[bold red]Trilha de auditoria com {len(problemas)} problema(s) em {seguro(pasta / NOME)}:[/]")
        for problema in problemas:
            console.print(f"  - {seguro(problema)}")
        encerrar(Saida.AUDITORIA_INVALIDA)
    if (interrompida := interrupcao(pasta)) is not None:
        console_saida().print(
            f"[yellow]Trilha íntegra, mas {seguro(interrompida)}.[/] As saídas desta pasta não são de uma análise "
            "completa; repita a análise."
        )
        encerrar(Saida.INCOMPLETA)
    console_saida().print(f"[green]Trilha íntegra:[/] {seguro(pasta / NOME)} e as saídas registradas conferem.")
    encerrar(Saida.OK)
