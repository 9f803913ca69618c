"""`pdf_caracteres.caracteres_da_pagina` (o interpretador do pdfminer sem o layout) dá os mesmos caracteres, bit a bit e
na mesma ordem, que o `Page.layout` do pdfplumber percorrido em profundidade (`pdf_plumber.caracteres_do_layout`, o
caminho de antes), em PDFs gerados com o que cada conta refeita põe à prova: corpo, fonte, espaçamento entre
caracteres e entre palavras, escala horizontal, elevação, matriz girada ou inclinada, texto dentro de um XObject de
formulário, ajustes do TJ, fonte vertical."""

from __future__ import annotations

import io

import pdfplumber
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from perito.leitura.pdf_caracteres import caracteres_da_pagina
from perito.leitura.pdf_plumber import caracteres_do_layout, texto_da_pagina

_FONTES = ("Helvetica", "Helvetica-Bold", "Times-Roman", "Courier", "Times-Italic")
_TEXTO = st.text(alphabet="abcAÇÉãõ 0123456789.,:/-R$()@", min_size=1, max_size=30)
_TRECHO = st.fixed_dictionaries({
    "texto": _TEXTO,
    "fonte": st.sampled_from(_FONTES),
    "corpo": st.sampled_from((6, 7.5, 9, 10, 11.3, 14, 20)),
    "x": st.floats(0, 400, allow_nan=False, width=32),
    "y": st.floats(20, 800, allow_nan=False, width=32),
    "entre_caracteres": st.sampled_from((0, 0.7, 2.9, 3.1, -0.4)),
    "entre_palavras": st.sampled_from((0, 1.5, 4.0)),
    "escala": st.sampled_from((100, 80, 130)),
    "elevacao": st.sampled_from((0, 2.5, -3)),
    "giro": st.sampled_from((0, 0, 0, 90, 180, 270, 33.3)),
    "inclinacao": st.sampled_from((0, 0, 12)),
    "no_formulario": st.booleans(),
})


def _pdf(trechos: list[dict], vertical: bool = False) -> bytes:
    from reportlab.pdfgen import canvas

    saida = io.BytesIO()
    tela = canvas.Canvas(saida)
    formularios = 0
    for trecho in trechos:
        if trecho["no_formulario"]:
            formularios += 1
            tela.beginForm(f"f{formularios}")
        tela.saveState()
        tela.translate(trecho["x"], trecho["y"])
        tela.rotate(trecho["giro"])
        tela.skew(trecho["inclinacao"], 0)
        objeto = tela.beginText(0, 0)
        objeto.setFont(trecho["fonte"], trecho["corpo"])
        objeto.setCharSpace(trecho["entre_caracteres"])
        objeto.setWordSpace(trecho["entre_palavras"])
        objeto.setHorizScale(trecho["escala"])
        objeto.setRise(trecho["elevacao"])
        objeto.textOut(trecho["texto"])
        tela.drawText(objeto)
        tela.restoreState()
        if trecho["no_formulario"]:
            tela.endForm()
            tela.doForm(f"f{formularios}")
    if vertical:
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.cidfonts import UnicodeCIDFont

        pdfmetrics.registerFont(UnicodeCIDFont("HeiseiMin-W3", isVertical=True))
        tela.setFont("HeiseiMin-W3", 12)
        tela.drawString(300, 700, "縦書き 123")
    tela.showPage()
    tela.save()
    return saida.getvalue()


def _iguais(dados: bytes) -> list[tuple]:
    with pdfplumber.open(io.BytesIO(dados)) as rapido, pdfplumber.open(io.BytesIO(dados)) as antigo:
        obtidos, esperados = caracteres_da_pagina(rapido.pages[0]), caracteres_do_layout(antigo.pages[0])
        # repr: os mesmos números bit a bit (o -0.0 também), não só iguais para o `==`
        assert repr(obtidos) == repr(esperados)
        assert texto_da_pagina(rapido.pages[0]) == antigo.pages[0].extract_text(x_tolerance=3, y_tolerance=3)
    return obtidos


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_TRECHO, min_size=1, max_size=8))
def test_os_mesmos_caracteres_do_layout(trechos: list[dict]) -> None:
    _iguais(_pdf(trechos))


def test_ajustes_do_tj_e_fonte_vertical() -> None:
    # o TJ com números (o kerning escrito no PDF) e a fonte vertical (o `render_char` do pdfminer, guardado aqui)
    corpo = b"BT /F1 12 Tf 50 700 Td [(Pi) -250 (x) 1200 (rec) 33.5 (ebido)] TJ 0 -20 Td 2 Tc 3 Tw (a b  c) Tj ET"
    dados = _pdf_cru(corpo)
    caracteres = _iguais(dados)
    assert "".join(c[0] for c in caracteres).startswith("Pixrecebido")
    caracteres = _iguais(_pdf([{"texto": "ok", "fonte": "Helvetica", "corpo": 10, "x": 50.0, "y": 50.0,
                                 "entre_caracteres": 0, "entre_palavras": 0, "escala": 100, "elevacao": 0, "giro": 0,
                                 "inclinacao": 0, "no_formulario": False}], vertical=True))
    assert any(c[0] == "縦" for c in caracteres)


def _pdf_cru(conteudo: bytes) -> bytes:
    """Um PDF de uma página com este fluxo de conteúdo e a Helvetica como /F1."""
    objetos = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(conteudo) + conteudo + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    saida = io.BytesIO()
    saida.write(b"%PDF-1.4\n")
    posicoes = []
    for numero, objeto in enumerate(objetos, start=1):
        posicoes.append(saida.tell())
        saida.write(b"%d 0 obj\n" % numero + objeto + b"\nendobj\n")
    xref = saida.tell()
    saida.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objetos) + 1))
    for posicao in posicoes:
        saida.write(b"%010d 00000 n \n" % posicao)
    saida.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objetos) + 1, xref))
    return saida.getvalue()
