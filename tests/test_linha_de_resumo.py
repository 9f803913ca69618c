"""As linhas de total e de saldo de um extrato ("TOTAL DO PERÍODO", "SALDO FINAL", "Subtotal") não são lançamentos,
em CSV, em TXT de colunas, em planilha e em PDF (décima nona sessão).

Antes: o total do período virava um crédito e um débito no dia da linha de cima (o crédito repetia o da vítima); no TXT
de colunas as linhas recuadas de total e de saldo entravam no último lançamento, como a continuação dele, e davam ao
golpista débitos de 2.890,00 e de 52,10 que ninguém fez. Armadilhas: "PAGAMENTO TOTAL FATURA" e o posto "TOTAL
ENERGIES" são lançamentos.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from tests.conftest import dados_da_pasta

_CABECALHO = ["Data", "Histórico", "Crédito", "Débito", "Saldo"]
_LINHAS = [
    ["12/06/2025", "PIX RECEBIDO MARIANA ALVES TEIXEIRA", "2.890,00", "", "2.902,10"],
    ["12/06/2025", "PIX ENVIADO FELIPE AUGUSTO MOURA", "", "2.850,00", "52,10"],
    ["13/06/2025", "PAGAMENTO TOTAL FATURA CARTAO", "", "30,00", "22,10"],
    ["13/06/2025", "TOTAL ENERGIES POSTO 123", "", "20,00", "2,10"],
    ["", "TOTAL DO PERÍODO", "2.890,00", "2.900,00", ""],
    ["", "SALDO FINAL", "", "", "2,10"],
]
_TITULO = "BANCO X - EXTRATO - Titular: RODRIGO SILVA PRATES - Agência 0001 Conta 8123456-7"
_ESPERADOS = [("2.890,00", "credito"), ("2.850,00", "debito"), ("30,00", "debito"), ("20,00", "debito")]


def _csv(pasta: Path) -> None:
    linhas = [_TITULO, ";".join(_CABECALHO), *(";".join(linha) for linha in _LINHAS)]
    (pasta / "extrato.csv").write_text("\n".join(linhas) + "\n", encoding="utf-8")


def _txt(pasta: Path) -> None:
    larguras = [12, 40, 12, 12, 10]

    def linha(celulas: list[str]) -> str:
        return "".join(c.ljust(n) for c, n in zip(celulas, larguras, strict=True)).rstrip()

    (pasta / "extrato.txt").write_text("\n".join([_TITULO, linha(_CABECALHO), *map(linha, _LINHAS)]) + "\n",
                                       encoding="utf-8")


def _xlsx(pasta: Path) -> None:
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.append([_TITULO])
    aba.append(_CABECALHO)
    for linha in _LINHAS:
        aba.append([float(c.replace(".", "").replace(",", ".")) if c[:1].isdigit() and "," in c else (c or None)
                    for c in linha])
    for celulas in aba.iter_rows(min_row=3):
        for celula in celulas:
            if isinstance(celula.value, float):
                celula.number_format = "#,##0.00"
    livro.save(pasta / "extrato.xlsx")


def _pdf(pasta: Path) -> None:
    tela = canvas.Canvas(str(pasta / "extrato.pdf"), pagesize=A4)
    xs = [40, 110, 330, 400, 470]
    y = 800
    tela.setFont("Helvetica", 9)
    tela.drawString(40, y, _TITULO)
    for celulas in [_CABECALHO, *_LINHAS]:
        y -= 14
        for x, texto in zip(xs, celulas, strict=True):
            if texto:
                tela.drawString(x, y, texto)
    tela.save()


@pytest.mark.parametrize("escrever", [_csv, _txt, _xlsx, _pdf], ids=["csv", "txt", "xlsx", "pdf"])
def test_total_e_saldo_nao_sao_lancamentos(tmp_path: Path, escrever) -> None:
    escrever(tmp_path)
    valores = [(d["dado"], d["metadados"].get("direcao")) for d in dados_da_pasta(tmp_path)
               if d["campo"] == "valor_transacao"]
    assert valores == _ESPERADOS
