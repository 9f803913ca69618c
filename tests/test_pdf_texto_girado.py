"""PDF com o texto desenhado girado: o extrato em paisagem numa página retrato com /Rotate 90 (e 180, 270).

Na tela a página aparece reta; no espaço da página o texto corre de baixo para cima. Medidas pela página, cada letra
tinha outro "topo" e a página saía como ['(', 'ia', 'il', 's', 'a', 'r', 'B', ...]: nenhum dado. Agora as linhas são
medidas no sentido do texto (`pdf_pdfium.direcao`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.leitura.leitor import ler_documento
from tests.conftest import analise_com_provedor

LINHAS = [
    "BANCO EXEMPLO S.A. - Registros de acesso (horário de Brasília)",
    "Data Hora IP Porta Operação",
    "15/03/2025 11:34:02 177.45.10.2 51234 LOGIN",
    "16/03/2025 09:00:00 177.1.2.3 40000 LOGIN",
]


def _pdf(caminho: Path, giros: list[int]) -> None:
    """Uma página por giro: a página A4 retrato com /Rotate `giro` e o texto desenhado para aparecer reto na tela."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    largura, altura = A4
    c = canvas.Canvas(str(caminho), pagesize=A4, invariant=1)
    for giro in giros:
        c.saveState()
        c.setPageRotation(giro)
        if giro == 90:
            c.translate(largura, 0)
        elif giro == 180:
            c.translate(largura, altura)
        elif giro == 270:
            c.translate(0, altura)
        c.rotate(giro)
        topo = (largura if giro in (90, 270) else altura) - 40
        c.setFont("Helvetica", 10)
        for i, linha in enumerate(LINHAS):
            c.drawString(40, topo - 14 * i, linha)
        c.restoreState()
        c.showPage()
    c.save()


def test_linhas_no_sentido_do_texto_em_todo_giro(tmp_path):
    _pdf(tmp_path / "extrato.pdf", [0, 90, 180, 270])
    doc = ler_documento(tmp_path / "extrato.pdf", "extrato.pdf", "pdf")
    for pagina in (1, 2, 3, 4):
        assert [t.texto for t in doc.trechos if t.pagina == pagina] == LINHAS, pagina


def test_pagina_girada_nao_tem_medidas_para_o_recorte(tmp_path):
    """As medidas de uma página girada são no sentido do texto: o recorte do relatório não as usa como da página."""
    import pypdfium2 as pdfium

    from perito.leitura.pdf_pdfium import direcao, linhas_medidas

    _pdf(tmp_path / "extrato.pdf", [0, 90])
    pdf = pdfium.PdfDocument(str(tmp_path / "extrato.pdf"))
    retas, giradas = pdf[0].get_textpage(), pdf[1].get_textpage()
    assert (direcao(retas), direcao(giradas)) == (0, 90)
    assert linhas_medidas(retas) is not None and linhas_medidas(giradas) is None
    pdf.close()


@pytest.fixture(scope="module")
def conclusoes(tmp_path_factory) -> dict:
    return analise_com_provedor(tmp_path_factory.mktemp("girado"), lambda caso: _pdf(caso / "log_banco.pdf", [90]))[1]


def test_ip_da_pagina_girada_converge_verificado(conclusoes):
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert ip["grau_confianca"] == "moderado" and "distam 12s" in ip["afirmacao"]
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_carimbo_vertical_na_margem_nao_gira_o_corpo(tmp_path):
    """O carimbo de assinatura escrito na vertical na margem (desenhado primeiro, e mais longo que o corpo): cada
    pedaço é medido no seu sentido; o corpo fica como está e o carimbo vira uma linha inteira, depois dele. Com o
    sentido decidido para a página inteira, o carimbo girava o corpo, e cada letra do corpo virava uma linha."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    carimbo = ("Documento assinado eletronicamente por FULANO DE TAL em 17/03/2025 10:15, conforme Lei 11.419/2006. "
               "Autenticidade: codigo 4F3A-99B2")
    corpo = ["POLICIA CIVIL - Oficio 245/2025", "Titular: MARIA OLIVEIRA LIMA", "CPF: 111.444.777-35"]
    c = canvas.Canvas(str(tmp_path / "oficio.pdf"), pagesize=A4, invariant=1)
    c.saveState()
    c.translate(20, 100)
    c.rotate(90)
    c.setFont("Helvetica", 7)
    c.drawString(0, 0, carimbo)
    c.restoreState()
    c.setFont("Helvetica", 11)
    for i, linha in enumerate(corpo):
        c.drawString(60, 780 - 16 * i, linha)
    c.showPage()
    c.save()
    doc = ler_documento(tmp_path / "oficio.pdf", "oficio.pdf", "pdf")
    assert [t.texto for t in doc.trechos] == [*corpo, carimbo]
