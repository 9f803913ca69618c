"""Consoles (dados em stdout, progresso e erros em stderr) e tratamento uniforme de erros."""

from __future__ import annotations

import functools
import os
from typing import Callable, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from perito.erros import ErroPerito, Saida
from perito.registro import redigir
from perito.saida.relatorio import seguro

F = TypeVar("F", bound=Callable[..., None])


def console_saida() -> Console:
    largura = int(os.environ["PERITO_LARGURA"]) if os.environ.get("PERITO_LARGURA") else None
    return Console(width=largura, highlight=False)


def console_erro() -> Console:
    return Console(stderr=True, highlight=False)


def barra_de_progresso() -> Progress:
    """Barra em stderr; não aparece quando stderr não é um terminal."""
    console = console_erro()
    return Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        TextColumn("{task.fields[arquivo]}"), console=console, transient=True, disable=not console.is_terminal,
    )


def encerrar(codigo: Saida) -> None:
    raise typer.Exit(int(codigo))


def tratar_erros(comando: F) -> F:
    """Nenhum traceback chega ao usuário: mensagem em pt-BR e código de saída documentado."""
    return _tratar(comando, "")


def tratar_erros_com_log(comando: F) -> F:
    """Como tratar_erros, para o comando que grava perito.log (analisar): o defeito aponta para ele."""
    return _tratar(comando, " Os detalhes técnicos ficam em perito.log, na pasta de saída (se ela chegou a ser criada).")


def _tratar(comando: F, onde_log: str) -> F:
    @functools.wraps(comando)
    def envolto(*args, **kwargs):
        try:
            return comando(*args, **kwargs)
        except ErroPerito as erro:
            # linha a linha: a quebra de linha da mensagem é nossa, não um caractere de controle a escapar
            texto = "\n".join(seguro(linha) for linha in erro.mensagem.split("\n"))
            console_erro().print(f"[bold red]Erro:[/] {texto}")
            encerrar(erro.codigo)
        except KeyboardInterrupt:
            console_erro().print("[yellow]Interrompido pelo usuário; nenhum arquivo final ficou pela metade.[/]")
            encerrar(Saida.INTERROMPIDA)
        except typer.Exit:
            raise
        except Exception as erro:  # defeito do perito: explicar sem despejar o traceback
            console_erro().print(
                f"[bold red]Erro interno do perito[/] ({type(erro).__name__}): {seguro(redigir(str(erro)))}\n"
                f"Isto é um defeito do programa: relate-o com esta mensagem e o comando usado.{onde_log}"
            )
            encerrar(Saida.ERRO_INTERNO)

    return envolto  # type: ignore[return-value]
