"""Comando `perito esquemas`: imprime ou grava os JSON Schemas dos contratos."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from perito.cli.terminal import console_erro, tratar_erros
from perito.contratos.esquemas import MODELOS, escrever_esquemas, texto_esquema


@tratar_erros
def comando_esquemas(
    saida: Annotated[Optional[Path], typer.Option("--saida", "-s", help="Pasta onde gravar os arquivos *.schema.json.")] = None,
    nome: Annotated[Optional[str], typer.Option("--nome", help=f"Só um esquema: {', '.join(MODELOS)}.")] = None,
) -> None:
    """Imprime (ou grava com --saida) os JSON Schemas dos formatos: dado, lote, conclusões e validações."""
    if nome is not None and nome not in MODELOS:
        console_erro().print(f"[bold red]Erro:[/] esquema desconhecido '{nome}'. Opções: {', '.join(MODELOS)}.")
        raise typer.Exit(2)
    if saida is not None:
        for caminho in escrever_esquemas(saida):
            console_erro().print(f"gravado {caminho}")
        return
    for atual in [nome] if nome else list(MODELOS):
        typer.echo(texto_esquema(atual), nl=False)
