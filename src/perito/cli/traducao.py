"""Textos do typer (ajuda e erros de uso) em pt-BR.

O click que o typer 0.29 traz embutido (`typer._click`) não passa as mensagens
por gettext (são f-strings), então um catálogo .mo não alcançaria "Usage:",
"Missing option" ou "Show this message and exit.". Aqui se trocam os poucos
pontos por onde esses textos saem: as constantes de `typer.rich_utils`, o
prefixo do uso, o texto e o tipo da opção de ajuda, os rótulos de tipo e o
quadro de erro, que é reescrito a partir da exceção (classe, parâmetro e, para
os erros do pydantic, o tipo do erro). `tests/test_cli_traducao.py` percorre a
ajuda e os erros de todos os comandos e falha se algum texto em inglês voltar
(por exemplo, depois de atualizar o typer).
"""

from __future__ import annotations

import re
from typing import Any

from rich.markup import escape
from rich.panel import Panel
from typer import _click, core, rich_utils
from typer._click import exceptions as excecoes
from typer._click import formatting

from perito.texto_ptbr import conforme

AJUDA = "Mostra esta ajuda e sai."
OPCOES = "[OPÇÕES]"
COMANDO = "COMANDO [ARGS]..."

#: rótulos de tipo na ajuda (<path> → <caminho>)
_TIPOS = {"path": "caminho", "str": "texto", "int": "inteiro", "int range": "inteiro", "float": "número"}


def _mensagem_pydantic(causa: BaseException) -> str | None:
    """O primeiro erro de validação do pydantic dito em pt-BR (None se não é um ValidationError)."""
    erros = getattr(causa, "errors", None)
    if not callable(erros):
        return None
    try:
        erro = erros()[0]
    except (IndexError, TypeError):
        return None
    tipo, contexto = erro.get("type", ""), erro.get("ctx") or {}
    valor = erro.get("input")
    textos = {
        "greater_than_equal": "deve ser maior ou igual a {ge}",
        "greater_than": "deve ser maior que {gt}",
        "less_than_equal": "deve ser menor ou igual a {le}",
        "less_than": "deve ser menor que {lt}",
        "int_parsing": "{valor!r} não é um número inteiro",
        "int_from_float": "{valor!r} não é um número inteiro",
        "float_parsing": "{valor!r} não é um número",
        "bool_parsing": "{valor!r} não é sim/não (use true ou false)",
    }
    if tipo in ("enum", "literal_error"):
        esperado = str(contexto.get("expected", "")).replace(" or ", " ou ")
        return f"{valor!r} não é uma opção; use {esperado}"
    if tipo in textos:
        return textos[tipo].format(valor=valor, **contexto)
    if tipo == "value_error" and (opcoes := re.search(r"is not one of (.+?)\.?$", str(erro.get("msg", "")))):
        return f"{valor!r} não é uma opção; use {opcoes.group(1)}"
    return f"valor {valor!r} não aceito"


def _nome_parametro(param: Any) -> str:
    if param is None:
        return ""
    if isinstance(param, core.TyperArgument):
        return str(param.metavar or (param.name or "").upper())
    opcoes = [o for o in param.opts if o.startswith("--")] or list(param.opts)
    return " / ".join(f"'{o}'" for o in opcoes)


#: o click do typer escreve "argument(s)" para um e para vários; outras versões, "argument" ou "arguments"
_ARGUMENTOS_A_MAIS = re.compile(r"Got unexpected extra argument(?:s|\(s\))? \((.*)\)")
_USO_RUIM = (
    (re.compile(r"Option '(.+)' requires an argument\.?"), "A opção '{0}' precisa de um valor."),
    (re.compile(r"Option '(.+)' requires (\d+) arguments\.?"), "A opção '{0}' precisa de {1} valores."),
    (re.compile(r"Option '(.+)' does not take a value\.?"), "A opção '{0}' não aceita valor."),
    (re.compile(r"No such command '(.*?)'\.(?: Did you mean (.*)\?)?"), "Comando desconhecido: '{0}'."),
    (re.compile(r"Missing command\.?"), "Falta o comando."),
)


def mensagem(erro: excecoes.ClickException) -> str:
    """A mensagem de um erro de uso do click em pt-BR."""
    if isinstance(erro, excecoes.MissingParameter):
        param = erro.param
        if isinstance(param, core.TyperArgument):
            return f"Falta o argumento {_nome_parametro(param)}."
        return f"Falta a opção {_nome_parametro(param)}."
    if isinstance(erro, excecoes.NoSuchOption):
        texto = f"Opção desconhecida: {erro.option_name}."
        if erro.possibilities:
            texto += f" Você quis dizer {', '.join(sorted(erro.possibilities))}?"
        return texto
    if isinstance(erro, excecoes.BadParameter):
        causa = erro.__cause__
        detalhe = _mensagem_pydantic(causa) if causa is not None else None
        if detalhe is None:
            detalhe = _traduzir_caminho(erro.message) or "valor não aceito"
        return f"Valor inválido para {_nome_parametro(erro.param)}: {detalhe}."
    texto = erro.message
    if achado := _ARGUMENTOS_A_MAIS.fullmatch(texto.strip()):
        # contados pelos espaços, como o click os junta (um argumento com espaço dentro conta como dois)
        extras = achado.group(1)
        return f"{conforme(len(extras.split()), 'Argumento', 'Argumentos')} a mais: {extras}."
    for padrao, modelo in _USO_RUIM:
        if achado := padrao.fullmatch(texto.strip()):
            saida = modelo.format(*(g or "" for g in achado.groups()))
            if padrao.pattern.startswith("No such command") and achado.group(2):
                saida += f" Você quis dizer {achado.group(2)}?"
            return saida
    return "Uso inválido da linha de comando."


def _traduzir_caminho(texto: str) -> str | None:
    estados = "does not exist|is a file|is a directory|is not readable|is not writable"
    achado = re.fullmatch(rf"(?:File|Directory|Path) (.+?) ({estados})\.", texto)
    if not achado:
        return None
    estado = {
        "does not exist": "não existe", "is a file": "é um arquivo", "is a directory": "é uma pasta",
        "is not readable": "não pode ser lido", "is not writable": "não pode ser gravado",
    }[achado.group(2)]
    return f"{achado.group(1)} {estado}"


def _uso_em_portugues(texto: str) -> str:
    return texto.replace("[OPTIONS]", OPCOES).replace("COMMAND [ARGS]...", COMANDO)


def _formatar_erro(self: excecoes.ClickException) -> None:
    """O quadro de erro do typer, com as mesmas partes, em pt-BR."""
    if self.__class__.__name__ == "NoArgsIsHelpError":
        return
    console = rich_utils._get_rich_console(stderr=True)
    ctx = getattr(self, "ctx", None)
    if ctx is not None:
        console.print(rich_utils.highlighter(ctx.get_usage()), style=rich_utils.STYLE_USAGE_COMMAND)
        if ctx.command.get_help_option(ctx) is not None:
            console.print(
                f"Veja '{escape(ctx.command_path)} {ctx.help_option_names[0]}' para a ajuda.",
                style=rich_utils.STYLE_ERRORS_SUGGESTION,
            )
    console.print(Panel(
        rich_utils.highlighter(escape(mensagem(self))), border_style=rich_utils.STYLE_ERRORS_PANEL_BORDER,
        title="Erro", title_align=rich_utils.ALIGN_ERRORS_PANEL,
    ))


def instalar() -> None:
    """Troca os textos em inglês do typer pelos em pt-BR (idempotente)."""
    if getattr(rich_utils, "_perito_ptbr", False):
        return
    rich_utils._perito_ptbr = True  # type: ignore[attr-defined]
    rich_utils.DEPRECATED_STRING = "(obsoleto) "
    rich_utils.DEFAULT_STRING = "[padrão: {}]"
    rich_utils.ENVVAR_STRING = "[variável de ambiente: {}]"
    rich_utils.REQUIRED_LONG_STRING = "[obrigatório]"
    rich_utils.ARGUMENTS_PANEL_TITLE = "Argumentos"
    rich_utils.OPTIONS_PANEL_TITLE = "Opções"
    rich_utils.COMMANDS_PANEL_TITLE = "Comandos"
    rich_utils.ERRORS_PANEL_TITLE = "Erro"
    rich_utils.ABORTED_TEXT = "Interrompido."
    rich_utils.RICH_HELP = "Veja [blue]'{command_path} {help_option}'[/] para a ajuda."
    rich_utils.rich_format_error = _formatar_erro
    rich_utils.OptionHighlighter.highlights = [
        *rich_utils.OptionHighlighter.highlights[:-1], r"(?P<usage>Uso: )"
    ]
    rich_utils.highlighter = rich_utils.OptionHighlighter()

    escrever_uso = formatting.HelpFormatter.write_usage

    def write_usage(self: formatting.HelpFormatter, prog: str, args: str = "", prefix: str | None = None) -> None:
        escrever_uso(self, prog, _uso_em_portugues(args), "Uso: " if prefix is None else prefix)

    formatting.HelpFormatter.write_usage = write_usage  # type: ignore[method-assign]

    opcao_de_ajuda = _click.core.Command.get_help_option

    def get_help_option(self: Any, ctx: Any) -> Any:
        opcao = opcao_de_ajuda(self, ctx)
        if opcao is not None:
            opcao.help = AJUDA
        return opcao

    _click.core.Command.get_help_option = get_help_option  # type: ignore[method-assign]

    for classe in (core.TyperArgument, core.TyperOption):
        _traduzir_tipo(classe)


def _traduzir_tipo(classe: Any) -> None:
    tipo_original = classe.display_type_rich

    def display_type_rich(self: Any, ctx: Any) -> str | None:
        if getattr(self, "is_flag", False):
            return None  # uma chave liga/desliga não tem valor a mostrar
        rotulo = tipo_original(self, ctx)
        if rotulo and rotulo.startswith("<") and rotulo.endswith(">"):
            return f"<{_TIPOS.get(rotulo[1:-1], rotulo[1:-1])}>"
        return rotulo

    classe.display_type_rich = display_type_rich
