"""Página escaneada de lado ou de cabeça para baixo: endireitada pela OSD do Tesseract antes de ser lida.

Antes: um ofício escaneado de cabeça para baixo saía como "9-SPEZT :eJUoD [OOO :eDugby" (confiança média 52%) e
nenhum dado; a conta, o CPF e o valor da página não entravam no caso, com só um alerta de confiança baixa.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from PIL import Image

from perito.leitura.leitor import ler_documento
from tests.conftest import analise_com_o_oficio_escaneado

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
from geradores import escaneado  # noqa: E402


def _pdf_de_imagens(caminho: Path, imagens: list[Image.Image]) -> None:
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(caminho), invariant=1)
    for imagem in imagens:
        largura, altura = imagem.size[0] * 72 / escaneado.DPI, imagem.size[1] * 72 / escaneado.DPI
        c.setPageSize((largura, altura))
        png = io.BytesIO()
        imagem.save(png, format="PNG")
        c.drawImage(ImageReader(io.BytesIO(png.getvalue())), 0, 0, width=largura, height=altura)
        c.showPage()
    c.save()


@pytest.fixture(scope="module")
def paginas() -> dict[str, Image.Image]:
    reta = escaneado.imagem()
    return {"reta": reta, "cabeca_para_baixo": reta.rotate(180), "de_lado": reta.rotate(90, expand=True)}


def test_paginas_giradas_lidas_como_a_reta_com_o_giro_no_alerta(tmp_path, paginas):
    _pdf_de_imagens(tmp_path / "oficio.pdf", [paginas["reta"], paginas["cabeca_para_baixo"], paginas["de_lado"]])
    doc = ler_documento(tmp_path / "oficio.pdf", "oficio.pdf", "pdf")
    linhas = {n: [t.texto for t in doc.trechos if t.pagina == n] for n in (1, 2, 3)}
    assert "CPF: 111.444.777-35" in linhas[1]
    assert linhas[2] == linhas[1] and linhas[3] == linhas[1]  # as mesmas linhas, na mesma numeração
    alertas = {n: next(a for a in doc.alertas if f"página {n} lida por OCR" in a) for n in (1, 2, 3)}
    assert "girada" not in alertas[1]
    assert "de cabeça para baixo e foi lida depois de girada 180°" in alertas[2]
    assert "de lado e foi lida depois de girada 90°" in alertas[3]  # o topo à esquerda: 90° no horário a endireita
    assert all(doc.confianca_ocr[n] > 80 for n in (1, 2, 3))


def test_pagina_reta_que_a_osd_manda_girar_fica_como_esta(tmp_path):
    """A OSD erra num escaneado ruim: nesta página reta e borrada (confiança ~43%, abaixo do limiar) ela manda girar
    90°. A leitura girada sai pior, e vale a de antes: uma página nunca é trocada por uma leitura menos confiável."""
    from PIL import ImageFilter

    from perito.leitura import ocr

    borrada = escaneado.imagem().filter(ImageFilter.GaussianBlur(5.2))
    assert ocr._giro(borrada) == 90  # a armadilha: a OSD erra
    borrada.save(tmp_path / "borrada.png")
    doc = ler_documento(tmp_path / "borrada.png", "borrada.png", "imagem")
    assert doc.confianca_ocr[1] < ocr.CONFIANCA_PARA_ORIENTAR
    assert not any("girada" in a for a in doc.alertas)
    assert [t.texto for t in doc.trechos] == ocr._reconhecer(borrada)[0]  # a leitura da página como está


def _caso(pasta: Path, pagina: Image.Image) -> dict:
    return analise_com_o_oficio_escaneado(pasta, lambda caminho: _pdf_de_imagens(caminho, [pagina]))


def test_pagina_de_cabeca_para_baixo_da_as_conclusoes_da_reta_verificadas(tmp_path, paginas):
    reta = _caso(tmp_path / "reta", paginas["reta"])
    girada = _caso(tmp_path / "girada", paginas["cabeca_para_baixo"])

    def resumo(conclusoes: dict) -> list[tuple]:
        return [(c["tipo"], c["grau_confianca"], c["afirmacao"], c["validacao"]["veredicto_geral"])
                for c in conclusoes["conclusoes"]]

    citam_o_escaneado = [c for c in girada["conclusoes"]
                         if any(r["arquivo"] == "oficio_escaneado.pdf" for r in c["referencias"])]
    assert citam_o_escaneado and all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in citam_o_escaneado)
    assert resumo(girada) == resumo(reta)
