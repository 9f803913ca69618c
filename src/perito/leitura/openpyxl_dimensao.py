"""A dimensão declarada de uma aba sem percorrer a aba inteira (openpyxl, modo somente leitura).

Ao abrir um livro somente leitura, o openpyxl 3.1.5 procura o elemento `<dimension>` de cada aba (`A1:C50001`, que
ele usa para completar as linhas com células vazias) num `iterparse` de eventos "end" que para no fim de
`<sheetData>`. Numa aba sem esse elemento (a planilha gravada pelo próprio openpyxl em modo write_only, e a de vários
sistemas que exportam), o fim de `<sheetData>` só chega depois da última linha: a aba inteira era analisada uma vez a
mais só para saber que a dimensão falta — um terço da leitura de uma planilha de 50 mil linhas, e de novo na
releitura do validador.

Aqui a mesma busca usa os eventos "start": a dimensão, que o esquema põe antes dos dados, é achada igual; a falta
dela é sabida no começo de `<sheetData>`. O resultado (os limites, ou nenhum) é o do openpyxl em todo arquivo
conforme ao esquema (o teste compara os dois). Num XML quebrado no meio dos dados, o erro deixa de aparecer ao abrir
o livro e aparece ao ler a aba: as linhas de antes são lidas e a aba fica parcial, com o motivo, como qualquer aba
que falha no meio.

O método é trocado uma vez, ao importar, só na versão para a qual foi escrito (a dependência está fixada).
"""

from __future__ import annotations

from typing import Any

import openpyxl
from openpyxl.worksheet._read_only import ReadOnlyWorksheet
from openpyxl.worksheet.dimensions import SheetDimension
from openpyxl.xml.constants import SHEET_MAIN_NS
from openpyxl.xml.functions import iterparse

VERSAO = "3.1.5"
_DIMENSAO = f"{{{SHEET_MAIN_NS}}}dimension"
_DADOS = f"{{{SHEET_MAIN_NS}}}sheetData"

#: o método do openpyxl (o teste o usa como oráculo)
ORIGINAL = ReadOnlyWorksheet._get_size


def limites(fonte: Any) -> tuple[int, int, int, int] | None:
    """(coluna mínima, linha mínima, coluna máxima, linha máxima) do `<dimension>` da aba, ou None sem ele."""
    for _evento, elemento in iterparse(fonte, events=("start",)):
        if elemento.tag == _DIMENSAO:
            return SheetDimension.from_tree(elemento).boundaries  # type: ignore[no-any-return]
        if elemento.tag == _DADOS:
            return None
    return None


def _tamanho(aba: ReadOnlyWorksheet) -> None:
    fonte = aba._get_source()
    try:
        dimensao = limites(fonte)
    finally:
        fonte.close()
    if dimensao is not None:
        aba._min_column, aba._min_row, aba._max_column, aba._max_row = dimensao


def aplicar() -> bool:
    """Troca o método na versão conhecida do openpyxl; em outra, deixa o dele (devolve se trocou)."""
    if openpyxl.__version__ != VERSAO:
        return False
    ReadOnlyWorksheet._get_size = _tamanho  # type: ignore[method-assign]
    return True


APLICADO = aplicar()
