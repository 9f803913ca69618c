"""`pdf_plumber.texto_da_pagina` é o texto do `extract_text(x_tolerance=3, y_tolerance=3)` do pdfplumber, igual
caractere a caractere, em PDFs que põem à prova cada conta que ela refaz: a MediaBox fora da origem, a página girada,
texto girado (caracteres não "upright"), texto dentro de um XObject de formulário (os filhos de um contêiner), a
normalização Unicode pedida na abertura, acentos, fontes e espaçamentos perto da tolerância, texto sobreposto.
O oráculo é o próprio pdfplumber fixado no pyproject: uma versão que mude o que ele faz derruba este teste."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from perito.leitura.pdf_plumber import PARAMETROS_LINHAS, linhas_da_pagina, texto_da_pagina

EXEMPLOS = Path(__file__).resolve().parent.parent / "examples"


def _pdf_variado(caminho: Path) -> None:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    tela = canvas.Canvas(str(caminho), pagesize=A4)
    # 1: fontes, acentos, espaços perto da tolerância de 3 pontos, texto sobreposto
    y = 800
    for fonte in ("Helvetica", "Helvetica-Bold", "Times-Roman", "Courier"):
        tela.setFont(fonte, 10)
        tela.drawString(40, y, "Pix recebido de JOSÉ DA CONCEIÇÃO — R$ 1.234,56 às 14:03 (UTC-3)")
        y -= 14
    for espaco in (1.5, 2.9, 3.0, 3.1, 4.5, 8.0):
        objeto = tela.beginText(40, y)
        objeto.setFont("Helvetica", 9)
        objeto.setCharSpace(espaco)
        objeto.textLine("IP 189.45.10.3")
        tela.drawText(objeto)
        y -= 12
    tela.setFont("Helvetica", 10)
    tela.drawString(40, y, "linha duplicada")
    tela.drawString(40.4, y + 0.3, "linha duplicada")
    tela.drawString(300, y + 2, "à direita, quase na mesma altura")
    tela.showPage()
    # 2: texto girado (não "upright") e de cabeça para baixo, misturado com texto normal
    tela.setFont("Helvetica", 11)
    tela.drawString(60, 780, "Cabeçalho normal da página 2")
    for angulo in (90, 180, 270, 45):
        tela.saveState()
        tela.translate(300, 420)
        tela.rotate(angulo)
        tela.drawString(20, 0, f"texto girado {angulo} graus 11 98765-4321")
        tela.restoreState()
    tela.showPage()
    # 3: página girada (/Rotate 90)
    tela.setPageRotation(90)
    tela.setFont("Times-Roman", 12)
    for n in range(8):
        tela.drawString(50, 760 - 20 * n, f"registro {n}: 2024-03-0{n + 1} 10:1{n}:00 conta 12345-{n}")
    tela.showPage()
    tela.setPageRotation(0)
    # 4: texto num XObject de formulário (um LTFigure do pdfminer, com filhos)
    tela.beginForm("carimbo")
    tela.setFont("Helvetica-Oblique", 9)
    tela.drawString(0, 0, "Carimbo: recebido em 05/12/2026")
    tela.drawString(0, -12, "Protocolo nº 0001234-56.2026.8.26.0050")
    tela.endForm()
    tela.doForm("carimbo")
    tela.saveState()
    tela.translate(200, 500)
    tela.doForm("carimbo")
    tela.restoreState()
    tela.setFont("Helvetica", 10)
    tela.drawString(40, 300, "fora do formulário")
    tela.showPage()
    tela.save()


def _com_mediabox_deslocada(origem: Path, destino: Path) -> None:
    """A MediaBox do A4 do reportlab com a origem em (9, 7): mesmo comprimento em bytes, a tabela xref continua
    certa."""
    dados = origem.read_bytes()
    trocado = dados.replace(b"/MediaBox [ 0 0 595.2756 841.8898 ]", b"/MediaBox [ 9 7 604.2756 848.8898 ]")
    assert trocado != dados and len(trocado) == len(dados)
    destino.write_bytes(trocado)


def _pares(caminho: Path, **abertura: object) -> list[tuple[int, str, str]]:
    with pdfplumber.open(caminho, **abertura) as oraculo, pdfplumber.open(caminho, **abertura) as nosso:
        assert len(oraculo.pages) == len(nosso.pages)
        return [(p.page_number, p.extract_text(**PARAMETROS_LINHAS), texto_da_pagina(q))
                for p, q in zip(oraculo.pages, nosso.pages)]


@pytest.fixture(scope="module")
def variados(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    pasta = tmp_path_factory.mktemp("pdf_plumber")
    _pdf_variado(pasta / "variado.pdf")
    _com_mediabox_deslocada(pasta / "variado.pdf", pasta / "deslocado.pdf")
    return pasta / "variado.pdf", pasta / "deslocado.pdf"


def test_igual_ao_extract_text_nas_paginas_que_poem_a_prova_cada_conta(variados: tuple[Path, Path]) -> None:
    for caminho in variados:
        pares = _pares(caminho)
        assert len(pares) == 4
        for pagina, esperado, obtido in pares:
            assert obtido == esperado, (caminho.name, pagina)
    # as páginas de fato exercitam o que dizem: texto girado lido, o formulário lido, a MediaBox deslocada
    paginas = {p: t for p, t, _ in _pares(variados[0])}
    assert "Carimbo" in paginas[4] and "fora do formulário" in paginas[4]
    assert "270" in paginas[2] and "odarig" in paginas[2] and "Cabeçalho" in paginas[2]  # girado: de trás para a frente
    with pdfplumber.open(variados[1]) as pdf:
        assert pdf.pages[0].mediabox[0] == 9


def test_a_normalizacao_unicode_pedida_na_abertura_vale_igual(variados: tuple[Path, Path]) -> None:
    for norma in ("NFC", "NFD", "NFKC"):
        for pagina, esperado, obtido in _pares(variados[0], unicode_norm=norma):
            assert obtido == esperado, (norma, pagina)
    # e muda o texto de fato (NFD separa os acentos): a conta da normalização está sendo exercitada
    com_nfd = {p: o for p, _, o in _pares(variados[0], unicode_norm="NFD")}
    assert com_nfd[1] != _pares(variados[0])[0][2]


def test_igual_nos_pdfs_dos_exemplos() -> None:
    pdfs = sorted(EXEMPLOS.rglob("*.pdf"))
    assert pdfs
    for caminho in pdfs:
        for pagina, esperado, obtido in _pares(caminho):
            assert obtido == esperado, (caminho.name, pagina)


def test_linhas_da_pagina_sai_do_texto_rapido(variados: tuple[Path, Path]) -> None:
    with pdfplumber.open(variados[0]) as pdf:
        linhas = linhas_da_pagina(pdf.pages[0])
    assert linhas[0].startswith("Pix recebido de JOSÉ DA CONCEIÇÃO")
    assert all(linha == linha.strip() and linha for linha in linhas)
