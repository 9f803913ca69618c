"""Comando `perito auditoria verificar PASTA`: confere a trilha de auditoria de uma análise."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from perito.cli.terminal import console_erro, console_saida, encerrar, tratar_erros
from perito.erros import Saida
from perito.saida.auditoria import NOME, verificar
from perito.saida.relatorio import seguro

app_auditoria = typer.Typer(help="Trilha de auditoria das análises.", no_args_is_help=True, add_completion=False)


@app_auditoria.command("verificar")
@tratar_erros
def comando_verificar(
    pasta: Annotated[Path, typer.Argument(help="Pasta de saída de uma análise (com auditoria.jsonl).", show_default=False)],
) -> None:
    """Detecta entrada editada, removida ou fora de ordem, e saídas alteradas depois da análise."""
    problemas = verificar(pasta)
    if problemas:
        console = console_erro()
        console.print(f"[bold red]Trilha de auditoria com {len(problemas)} problema(s) em {seguro(pasta / NOME)}:[/]")
        for problema in problemas:
            console.print(f"  - {seguro(problema)}")
        encerrar(Saida.AUDITORIA_INVALIDA)
    console_saida().print(f"[green]Trilha íntegra:[/] {seguro(pasta / NOME)} e as saídas registradas conferem.")
    encerrar(Saida.OK)
