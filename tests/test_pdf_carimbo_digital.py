"""Página escaneada com carimbo digital: a camada de texto é só o carimbo, o documento está na imagem.

Os sistemas do Judiciário e da polícia (PJe, e-Proc, SEI) carimbam cada página de um documento escaneado com
"Documento assinado eletronicamente por ...". Com esse texto na página (mais de 50 caracteres), ela não ia ao OCR: o
ofício inteiro, com o titular, o CPF e a conta, ficava de fora, e só o carimbo era lido.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from perito.leitura.leitor import ler_documento
from perito.leitura.pdf import METODO_OCR, METODO_TEXTO
from tests.conftest import analise_com_o_oficio_escaneado

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
from geradores import escaneado  # noqa: E402

CARIMBO = [
    "Documento assinado eletronicamente por FULANO DE TAL, Delegado de Polícia, em 17/03/2025 às 10:15, conforme "
    "art. 1º, III, b, da Lei 11.419/2006.",
    "A autenticidade pode ser conferida em https://www.exemplo.jus.br/validar informando o código 4F3A-99B2-1C0D.",
]


def _pdf(caminho: Path, imagem: Image.Image, linhas: list[str], corpo: float, y0: float) -> None:
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    png = io.BytesIO()
    imagem.save(png, format="PNG")
    c = canvas.Canvas(str(caminho), pagesize=A4, invariant=1)
    c.drawImage(ImageReader(io.BytesIO(png.getvalue())), 0, 0, width=A4[0], height=A4[1])
    c.setFont("Helvetica", corpo)
    for i, linha in enumerate(linhas):
        c.drawString(40, y0 - i * corpo * 1.4, linha)
    c.showPage()
    c.save()


def test_pagina_escaneada_com_carimbo_lida_por_ocr(tmp_path):
    _pdf(tmp_path / "oficio.pdf", escaneado.imagem(), CARIMBO, 6, 20)
    doc = ler_documento(tmp_path / "oficio.pdf", "oficio.pdf", "pdf")
    textos = [t.texto for t in doc.trechos]
    assert {t.metodo for t in doc.trechos} == {METODO_OCR}
    assert "CPF: 111.444.777-35" in textos and "Titular: MARIA OLIVEIRA LIMA" in textos
    assert any("só 252 caracteres" in a and "lida por OCR" in a for a in doc.alertas)


def test_texto_de_verdade_sobre_papel_timbrado_fica_na_camada(tmp_path):
    """O papel timbrado em imagem (quase branca, um logotipo) sob um texto de verdade: o OCR acha o mesmo texto da
    camada, não mais, e a camada fica (exata, sem alerta)."""
    timbrado = Image.new("L", (1654, 2339), 255)
    ImageDraw.Draw(timbrado).rectangle((150, 100, 350, 200), fill=200)  # o logotipo
    linhas = ["BANCO EXEMPLO S.A. - Resposta ao Ofício 245/2025", "Titular: MARIA OLIVEIRA LIMA",
              "CPF: 111.444.777-35", "Agência 0001 Conta 12345-6", "Saldo em 20/03/2025: R$ 100,00",
              "Atenciosamente, Departamento Jurídico"]
    _pdf(tmp_path / "resposta.pdf", timbrado, linhas, 11, 700)
    doc = ler_documento(tmp_path / "resposta.pdf", "resposta.pdf", "pdf")
    assert [t.texto for t in doc.trechos] == linhas and {t.metodo for t in doc.trechos} == {METODO_TEXTO}
    assert not any("carimbo" in a for a in doc.alertas)


@pytest.fixture(scope="module")
def conclusoes(tmp_path_factory) -> dict:
    return analise_com_o_oficio_escaneado(tmp_path_factory.mktemp("carimbo"),
                                          lambda caminho: _pdf(caminho, escaneado.imagem(), CARIMBO, 6, 20))


def test_dados_do_oficio_sob_o_carimbo_cruzam_verificados(conclusoes):
    citam = [c for c in conclusoes["conclusoes"]
             if any(r["arquivo"] == "oficio_escaneado.pdf" for r in c["referencias"])]
    assert citam and all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in citam)
    assert any("111.444.777-35" in r["dado_citado"] for c in citam for r in c["referencias"]
               if r["arquivo"] == "oficio_escaneado.pdf")


def test_carta_curta_escaneada_sob_o_carimbo_lida_por_ocr(tmp_path):
    """Sonda: a carta curta de um banco (seis linhas) escaneada, com o carimbo do PJe em duas linhas de texto: o OCR
    achava menos que o dobro do carimbo (ele lê o carimbo também) e a página ficava só com ele; a chave, a titular e o
    crédito sumiam sem aviso."""
    from PIL import ImageFont

    imagem = Image.new("L", (1654, 2339), 255)
    fonte = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 34)
    carta = ["BANCO HORIZONTE S.A.", "Resposta ao Ofício 455/2025",
             "Informamos que a chave Pix (11) 94444-3322 está vinculada à conta",
             "de titularidade de LUANA MARTINS COSTA, CPF 792.174.218-12,",
             "que recebeu em 20/05/2025 o crédito de R$ 4.750,00,", "oriundo de JOAO PEDRO FARIAS."]
    for i, linha in enumerate(carta):
        ImageDraw.Draw(imagem).text((120, 200 + i * 70), linha, fill=0, font=fonte)
    _pdf(tmp_path / "carta.pdf", imagem, CARIMBO, 7, 20)
    doc = ler_documento(tmp_path / "carta.pdf", "carta.pdf", "pdf")
    assert {t.metodo for t in doc.trechos} == {METODO_OCR}
    assert any("(11) 94444-3322" in t.texto for t in doc.trechos)
