"""PDF cuja fonte embutida não tem o mapa de caracteres (ToUnicode): a página lida por OCR.

É o "copiar do PDF do banco dá símbolos". No PDF de teste, gerado com a fonte DejaVu embutida e o ToUnicode
apagado, a camada de texto dizia "(hor(cid:1)rio de Bras(cid:2)lia)": o fuso dito por extenso não era lido e o IP do
log do banco convergia fraco, sem data-hora com fuso.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from perito.leitura.leitor import ler_documento
from perito.leitura.pdf import METODO_OCR
from tests.conftest import analise_com_provedor

LINHAS = [
    "BANCO EXEMPLO S.A. - Registros de acesso (horário de Brasília)",
    "Cliente: MARIA OLIVEIRA LIMA CPF 111.444.777-35",
    "Data Hora IP Porta",
    "15/03/2025 11:34:02 177.45.10.2 51234",
]


def _pdf(caminho: Path, sem_mapa: bool, corpo: float = 11) -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(TTFont("DejaVu", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
    c = canvas.Canvas(str(caminho), invariant=1)
    c.setFont("DejaVu", corpo)
    for i, linha in enumerate(LINHAS):
        c.drawString(40, 800 - i * corpo * 1.5, linha)
    c.showPage()
    c.save()
    if sem_mapa:  # a fonte continua desenhando as letras; só o mapa de glifo para caractere some
        bruto = caminho.read_bytes()
        assert b"/ToUnicode" in bruto
        caminho.write_bytes(re.sub(rb"/ToUnicode \d+ 0 R", lambda m: b" " * len(m.group(0)), bruto))


def test_pagina_com_glifos_sem_letra_lida_por_ocr(tmp_path):
    _pdf(tmp_path / "log.pdf", sem_mapa=True)
    doc = ler_documento(tmp_path / "log.pdf", "log.pdf", "pdf")
    assert {t.metodo for t in doc.trechos} == {METODO_OCR}
    assert any("(horário de Brasília)" in t.texto for t in doc.trechos)
    assert any("2 glifos sem letra" in a and "lida por OCR" in a for a in doc.alertas)


def test_pagina_com_o_mapa_fica_na_camada_de_texto(tmp_path):
    _pdf(tmp_path / "log.pdf", sem_mapa=False)
    doc = ler_documento(tmp_path / "log.pdf", "log.pdf", "pdf")
    assert [t.texto for t in doc.trechos] == LINHAS and METODO_OCR not in {t.metodo for t in doc.trechos}
    assert not any("sem letra" in a for a in doc.alertas)


def test_ocr_que_le_pior_nao_toma_o_lugar_da_camada(tmp_path):
    """Letra miúda (3 pt): o OCR a lê mal, e ficam as linhas da camada, com os glifos sem letra e o alerta."""
    _pdf(tmp_path / "log.pdf", sem_mapa=True, corpo=3)
    doc = ler_documento(tmp_path / "log.pdf", "log.pdf", "pdf")
    assert METODO_OCR not in {t.metodo for t in doc.trechos}
    assert any("(cid:" in t.texto for t in doc.trechos)
    assert any("o OCR não a lê melhor" in a for a in doc.alertas)


@pytest.fixture(scope="module")
def conclusoes(tmp_path_factory) -> dict:
    return analise_com_provedor(tmp_path_factory.mktemp("glifos"),
                                lambda caso: _pdf(caso / "log_banco.pdf", sem_mapa=True))[1]


def test_fuso_da_pagina_lida_por_ocr_da_a_convergencia_verificada(conclusoes):
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert ip["grau_confianca"] == "moderado" and "horário de Brasília" in ip["afirmacao"]
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"
