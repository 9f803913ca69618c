"""Células XLSX lidas como o Excel em pt-BR as mostra (formato de número de cada célula)."""

from __future__ import annotations

import datetime as dt

import openpyxl
import pytest

from perito.leitura.planilha import ler_xlsx

CELULAS = [
    # (valor gravado, formato da célula, texto esperado)
    (dt.datetime(2025, 3, 15), "dd/mm/yyyy", "15/03/2025"),
    (dt.datetime(2025, 3, 15, 11, 34, 2), "dd/mm/yyyy hh:mm:ss", "15/03/2025 11:34:02"),
    (dt.datetime(2025, 3, 15, 11, 34, 2), "yyyy-mm-dd h:mm:ss", "2025-03-15 11:34:02"),
    (dt.datetime(2025, 3, 15), "[$-416]dd/mm/yyyy", "15/03/2025"),
    (dt.time(11, 34, 2), "hh:mm:ss", "11:34:02"),
    (3500, "#,##0.00", "3.500,00"),
    (-3500.5, "#,##0.00", "-3.500,50"),
    (-3500, "#,##0.00;(#,##0.00)", "(3.500,00)"),
    (3500, '"R$" #,##0.00', "R$ 3.500,00"),
    (3500, "[$R$-416] #,##0.00", "R$ 3.500,00"),
    (-3500, '_-"R$" * #,##0.00_-;-"R$" * #,##0.00_-', "-R$ 3.500,00"),
    (0.25, "0%", "25%"),
    (7, "00000", "00007"),
    (1.5, "General", "1,5"),
    (5511987654321, "General", "5511987654321"),  # nunca notação científica
    (490154203237518, "0", "490154203237518"),
    ("ABC_x000D_\nDEF", "@", "ABC\r\nDEF"),
    # a data abreviada "do sistema" (id interno 14; o openpyxl grava e devolve "mm-dd-yy"), como a do Excel que salvou
    # uma data sem escolher formato: o Excel em pt-BR mostra dd/mm/aaaa, e o mesmo para data e hora (id 22)
    (dt.datetime(2025, 3, 15), "mm-dd-yy", "15/03/2025"),
    (dt.datetime(2025, 3, 15, 11, 34, 2), "m/d/yy h:mm", "15/03/2025 11:34"),
    # um formato próprio do arquivo com o mês antes do dia (id 164 ou mais) é mostrado como escrito
    (dt.datetime(2025, 3, 15), "mm/dd/yyyy", "03/15/2025"),
    (dt.datetime(2025, 3, 15), "d-mmm-yy", "15-mar-25"),  # id 15: não depende do sistema
]


@pytest.fixture(scope="module")
def documento(tmp_path_factory):
    caminho = tmp_path_factory.mktemp("xlsx") / "formatos.xlsx"
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.title = "Formatos"
    for linha, (valor, formato, _) in enumerate(CELULAS, start=1):
        celula = aba.cell(row=linha, column=1, value=valor)
        celula.number_format = formato
    livro.save(caminho)
    return ler_xlsx(caminho, "formatos.xlsx")


@pytest.mark.parametrize("linha,caso", list(enumerate(CELULAS, start=1)), ids=[c[1] + " " + repr(c[0]) for c in CELULAS])
def test_celula_sai_como_o_excel_mostra(documento, linha, caso):
    _, _, esperado = caso
    assert documento.trecho(None, f"celula A{linha}", "Formatos").texto == esperado


def test_valor_gravado_diferente_do_mostrado_fica_em_valor_bruto(tmp_path):
    caminho = tmp_path / "arredondado.xlsx"
    livro = openpyxl.Workbook()
    livro.active["A1"] = 0.5
    livro.active["A1"].number_format = "0"
    livro.save(caminho)
    trecho = ler_xlsx(caminho, "arredondado.xlsx").trechos[0]
    assert (trecho.texto, trecho.valor_bruto) == ("1", "0.5")


@pytest.mark.parametrize(("valor", "formato", "esperado"), [
    (dt.datetime(2025, 3, 15, 14, 30), "dd/mm/yyyy h:mm AM/PM", "15/03/2025 02:30 PM"),
    (dt.datetime(2025, 3, 15, 0, 5), "hh:mm AM/PM", "12:05 AM"),
    (dt.datetime(2025, 3, 15, 9, 7), "h:mm:ss AM/PM", "09:07:00 AM"),
    (dt.datetime(2025, 3, 15), "dd \"de\" mmmm \"de\" yyyy", "15 de março de 2025"),
    (dt.datetime(2025, 3, 15), "dd-mmm-yy", "15-mar-25"),
    (dt.datetime(2025, 3, 15), "dddd, dd/mm/yyyy", "sábado, 15/03/2025"),
    (dt.datetime(2025, 2, 10), "ddd dd/mm", "seg 10/02"),
])
def test_issue12_excel_am_pm_e_nomes_em_portugues(valor, formato, esperado):
    """Issue 12, defeito 7: AM/PM saía "14:30 PM" (relógio de 24 h com o sufixo) e mmmm saía "March" (inglês).

    O Excel em pt-BR mostra 02:30 PM e "março"; o texto da célula é o que o Excel mostra.
    """
    from perito.leitura.formato_excel import texto

    assert texto(valor, formato) == esperado
