"""Aplicação de linha de comando: um módulo pequeno por comando."""

from __future__ import annotations

import typer

from perito import __version__
from perito.cli import traducao

traducao.instalar()  # antes de qualquer ajuda ou erro: o typer fala pt-BR

from perito.cli.analisar import comando_analisar  # noqa: E402
from perito.cli.ancoragem import app_chave  # noqa: E402
from perito.cli.auditoria import app_auditoria  # noqa: E402
from perito.cli.diferencas import comando_diferencas  # noqa: E402
from perito.cli.esquemas import comando_esquemas  # noqa: E402
from perito.cli.ipdb import app_ipdb  # noqa: E402
from perito.cli.relatorio import comando_relatorio  # noqa: E402
from perito.cli.revisar import comando_revisar  # noqa: E402
from perito.cli.validar import comando_validar  # noqa: E402

AJUDA = "perito: cruzamento de provas de investigações criminais (extração, cruzamento e validação)."
#: -h e --help em todos os comandos
CONTEXTO = {"help_option_names": ["-h", "--help"]}

app = typer.Typer(
    help=AJUDA, no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False, context_settings=CONTEXTO
)
app.command("analisar")(comando_analisar)
app.command("validar")(comando_validar)
app.command("esquemas")(comando_esquemas)
app.command("revisar")(comando_revisar)
app.command("relatorio")(comando_relatorio)
app.command("diferencas")(comando_diferencas)
app.add_typer(app_auditoria, name="auditoria", context_settings=CONTEXTO)
app.add_typer(app_chave, name="chave", context_settings=CONTEXTO)
app.add_typer(app_ipdb, name="ipdb", context_settings=CONTEXTO)


@app.command("versao")
def comando_versao() -> None:
    """Mostra a versão do perito."""
    typer.echo(f"perito {__version__}")


def _versao(mostrar: bool) -> None:
    if mostrar:
        typer.echo(f"perito {__version__}")
        raise typer.Exit()


@app.callback()
def principal(
    versao: bool = typer.Option(False, "--versao", "--version", callback=_versao, is_eager=True, help="Mostra a versão e sai."),
) -> None:
    """perito: cruzamento de provas de investigações criminais."""


#: `analisar CASO` é o mesmo que `perito analisar CASO`
app_analisar = typer.Typer(add_completion=False, pretty_exceptions_enable=False, context_settings=CONTEXTO)
app_analisar.command(help="Extrai, cruza e valida as provas da pasta CASO.")(comando_analisar)


def main() -> None:
    app()


def main_analisar() -> None:
    app_analisar()
