"""Extrato em PDF com o cabeçalho do dia entre os lançamentos, em grade ou em faixas de fundo alternadas.

Antes (variantes, semente 77): as faixas alternadas (zebra) viravam "tabelas" de uma ou duas linhas sem cabeçalho,
cada lançamento perdia o dia escrito acima dele e o saldo virava um segundo lançamento; o crédito da vítima ficava
sem data (sem materialidade) e o repasse se perdia. Numa grade de verdade, com cabeçalho, o dia escrito numa faixa
da tabela vale para as linhas de baixo.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.pdfgen import canvas
from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle

from perito.extratores.registro import escolher
from perito.leitura.leitor import ler_documento

_CABECALHO = ["Histórico", "Origem/Destino", "CPF/CNPJ", "Entradas", "Débito", "Saldo após", "ID da transação"]
_LINHAS = [
    ("dia", "22 de novembro de 2017 - quarta-feira"),
    ("lanc", ["Pix recebido - 12:22:06", "LEONARDO NASCIMENTO", "***.777.597-**", "2.264,90", "", "3.837,72", "9e366bec"]),
    ("lanc", ["TRANSF PIX ENVIADA - 12:28:40", "VIEIRA COMERCIO LTDA", "44.735.409/0001-21", "", "2.090,00", "1.747,72",
              "b0645c63"]),
    ("dia", "23 de novembro de 2017 - quinta-feira"),
    ("lanc", ["COMPRA DEBITO - 16:08:10", "LOJA ELETRO CENTER", "", "", "173,54", "1.573,18", "356BE8B3"]),
    ("lanc", ["COMPRA DEBITO - 18:10:00", "PADARIA CENTRAL", "", "", "50,00", "1.523,18", "77AB0012"]),
    ("lanc", ["Pix recebido - 19:00:00", "ANA LIMA COSTA", "***.111.222-**", "224,54", "", "1.747,72", "aa11bb22"]),
    ("dia", "24 de novembro de 2017 - sexta-feira"),
    ("lanc", ["Pix recebido - 19:43:47", "DIEGO CASTRO CARDOSO", "***.655.595-**", "695,00", "", "2.442,72", "3b6d8494"]),
    ("lanc", ["TRANSF PIX ENVIADA - 19:47:00", "VIEIRA COMERCIO LTDA", "44.735.409/0001-21", "", "660,00", "1.782,72",
              "2723e5f4"]),
]
_X = [40, 188, 330, 430, 490, 550, 630]


def _zebra(caminho: Path) -> None:
    """Cabeçalho em texto, dia em texto e cada lançamento sobre uma faixa de fundo (retângulo preenchido)."""
    c = canvas.Canvas(str(caminho), pagesize=landscape(A4))
    c.setFont("Helvetica", 8)
    y = 540
    c.drawString(36, y, "BANCO EXEMPLO S.A. - Extrato de conta corrente")
    y -= 20
    c.drawString(36, y, "Titular: HUGO MONTEIRO BITENCOURT - CPF 054.467.892-37 - Agência 0001 - Conta 8070148")
    y -= 20
    for x, nome in zip(_X, _CABECALHO, strict=True):
        c.drawString(x, y, nome)
    for indice, (tipo, conteudo) in enumerate(_LINHAS):
        y -= 12
        if tipo == "dia":
            c.drawString(36, y, conteudo)
            continue
        # faixas encostadas, de fundo alternado, uma caixa por célula: o localizador de tabelas vê nelas uma grade
        # de duas ou três linhas, sem cabeçalho (o cabeçalho e o dia ficam fora das faixas)
        c.setFillColor(colors.HexColor("#EEEEEE") if indice % 2 else colors.white)
        for inicio, fim in zip(_X, [*_X[1:], 790], strict=True):
            c.rect(inicio - 4, y - 3, fim - inicio, 12, stroke=1, fill=1)
        c.setFillColor(colors.black)
        for x, celula in zip(_X, conteudo, strict=True):
            c.drawString(x, y, celula)
    c.save()


def _grade(caminho: Path) -> None:
    """Grade de verdade, com cabeçalho; o dia numa faixa da tabela (uma célula só preenchida)."""
    estilo = getSampleStyleSheet()["BodyText"]
    linhas = [_CABECALHO] + [conteudo if tipo == "lanc" else [conteudo] + [""] * 6 for tipo, conteudo in _LINHAS]
    tabela = Table(linhas, colWidths=[130, 130, 100, 60, 60, 60, 70])
    tabela.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.black), ("FONTSIZE", (0, 0), (-1, -1), 7)]))
    SimpleDocTemplate(str(caminho), pagesize=landscape(A4)).build([
        Paragraph("BANCO EXEMPLO S.A. - Extrato de conta corrente", estilo),
        Paragraph("Titular: HUGO MONTEIRO BITENCOURT - CPF 054.467.892-37 - Agência 0001 - Conta 8070148", estilo),
        tabela])


def _valores(caminho: Path) -> list[tuple[str, str | None, str | None]]:
    documento = ler_documento(caminho, caminho.name, "pdf")
    dados = escolher(documento).extrair(documento).dados
    return [(d["dado"], d["metadados"].get("data"), d["metadados"].get("direcao")) for d in dados
            if d["campo"] == "valor_transacao"]


_ESPERADOS = [("2.264,90", "22 de novembro de 2017", "credito"), ("2.090,00", "22 de novembro de 2017", "debito"),
              ("173,54", "23 de novembro de 2017", "debito"), ("50,00", "23 de novembro de 2017", "debito"),
              ("224,54", "23 de novembro de 2017", "credito"),
              ("695,00", "24 de novembro de 2017", "credito"), ("660,00", "24 de novembro de 2017", "debito")]


def test_faixas_alternadas_nao_viram_tabela_e_cada_lancamento_tem_o_seu_dia(tmp_path):
    _zebra(tmp_path / "extrato.pdf")
    assert _valores(tmp_path / "extrato.pdf") == _ESPERADOS  # e o saldo nunca é lançamento


def test_grade_com_o_dia_numa_faixa_da_tabela(tmp_path):
    _grade(tmp_path / "extrato.pdf")
    assert _valores(tmp_path / "extrato.pdf") == _ESPERADOS
