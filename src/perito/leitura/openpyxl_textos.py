"""O texto de uma célula de texto simples sem montar o objeto `Text` do openpyxl (modo somente leitura).

Por quê: para cada célula de texto (`<c t="inlineStr"><is><t>...</t></is></c>`) e cada texto compartilhado
(`<si><t>...</t></si>`), o openpyxl 3.1.5 monta um `Text` pelo `Serialisable.from_tree` genérico (atributos
conferidos um a um, descritores, sequências vazias) só para ler `.content` — um quinto da leitura de uma planilha de
50 mil linhas com duas colunas de texto, medido, e de novo na releitura do validador.

Aqui o elemento sem atributos com um filho só, `<t>`, dá o texto desse filho (o que o `from_tree` e o `.content`
dão para ele: o `t` é o `plain`, sem trechos formatados); qualquer outro (texto rico com `<r>`, fonética, atributos,
mais de um filho) vai ao `Text.from_tree` do openpyxl, que segue sendo o oráculo do teste. Trocado uma vez, ao
importar, nos dois módulos que o chamam, só na versão para a qual foi escrito (a dependência está fixada).
"""

from __future__ import annotations

from typing import Any

import openpyxl
from openpyxl.cell.text import Text
from openpyxl.xml.constants import SHEET_MAIN_NS

VERSAO = "3.1.5"
_T = frozenset({f"{{{SHEET_MAIN_NS}}}t", "t"})


class _Simples:
    __slots__ = ("content",)

    def __init__(self, conteudo: str) -> None:
        self.content = conteudo


class TextoRapido:
    """No lugar de `Text` em `openpyxl.worksheet._reader` e `openpyxl.reader.strings`: só o `from_tree(...).content`
    que eles usam."""

    @staticmethod
    def from_tree(no: Any) -> Any:
        if not no.attrib and len(no) == 1 and no[0].tag in _T:
            return _Simples(no[0].text or "")
        return Text.from_tree(no)


def aplicar() -> bool:
    """Troca o `Text` nos dois leitores na versão conhecida do openpyxl; em outra, deixa o dele (devolve se trocou)."""
    if openpyxl.__version__ != VERSAO:
        return False
    from openpyxl.reader import strings
    from openpyxl.worksheet import _reader

    _reader.Text = TextoRapido  # type: ignore[attr-defined]
    strings.Text = TextoRapido  # type: ignore[attr-defined]
    return True


APLICADO = aplicar()
