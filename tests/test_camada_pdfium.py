"""Antes e depois da issue 15: a camada de texto canônica (PDFium) contra a reconstrução antiga (pdfplumber).

PDFs reais desenhados com reportlab nos arranjos que separam uma leitura geométrica
da ordem do fluxo de conteúdo: tabela desenhada célula a célula, cabeçalho à
direita desenhado depois do corpo, corpos de fonte diferentes quase na mesma
linha de base, colunas desenhadas coluna a coluna e uma página com um caractere
fora do BMP (par substituto). Onde a reconstrução canônica concorda com a do
pdfplumber, as linhas são as mesmas; onde difere de propósito, a diferença
documentada é conferida.
"""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from perito.leitura import pdf_plumber
from perito.leitura.pdf import ler_pdf
from perito.leitura.pdf_pdfium import linhas_da_camada

DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def _pdf(desenhar, paginas: int = 1, **kw) -> bytes:
    from reportlab.pdfgen import canvas

    saida = io.BytesIO()
    tela = canvas.Canvas(saida, invariant=1, **kw)
    for numero in range(1, paginas + 1):
        tela.setFont("Helvetica", 10)
        desenhar(tela, numero)
        tela.showPage()
    tela.save()
    return saida.getvalue()


def _canonicas(dados: bytes) -> dict[int, list[str]]:
    doc = ler_pdf(dados, "t.pdf", usar_ocr=False)
    assert doc.erro is None, doc.erro
    return {p: [t.texto for t in doc.trechos_da_pagina(p)] for p in range(1, doc.total_paginas + 1)}


def _bruto(dados: bytes, pagina: int = 1) -> list[str]:
    """Texto cru do PDFium, na ordem do fluxo de conteúdo (a armadilha que a reconstrução evita)."""
    pdf = pdfium.PdfDocument(dados)
    try:
        camada = pdf[pagina - 1].get_textpage()
        texto = camada.get_text_range()
        camada.close()
    finally:
        pdf.close()
    return [linha.strip() for linha in texto.replace("\r\n", "\n").replace("\r", "\n").split("\n") if linha.strip()]


def _sem_espacos(linhas: list[str]) -> set[str]:
    return {"".join(linha.split()) for linha in linhas}


def _confere_com_pdfplumber(dados: bytes) -> dict[int, list[str]]:
    canonicas = _canonicas(dados)
    plumber = pdf_plumber.linhas_por_pagina(dados)
    assert set(plumber) == set(canonicas)
    for pagina, linhas in canonicas.items():
        assert _sem_espacos(linhas) == _sem_espacos(plumber[pagina]), pagina
        assert linhas == plumber[pagina], pagina  # medido: as mesmas linhas, na mesma ordem
    return canonicas


# -- arranjos em que as duas reconstruções concordam -------------------------------------------------------


def test_tabela_desenhada_celula_a_celula():
    linhas = [("Data", "Hora", "IP", "Porta"), ("15/01/2025", "10:22:33", "187.34.56.78", "51234"),
              ("15/01/2025", "10:25:01", "177.20.30.40", "40022")]
    colunas = [72, 160, 240, 360]

    def desenhar(tela, _):
        for i, linha in enumerate(linhas):
            for x, celula in zip(colunas, linha):  # cada célula é um objeto de texto próprio
                tela.drawString(x, 700 - 16 * i, celula)

    canonicas = _confere_com_pdfplumber(_pdf(desenhar))
    assert canonicas[1] == ["Data Hora IP Porta", "15/01/2025 10:22:33 187.34.56.78 51234",
                            "15/01/2025 10:25:01 177.20.30.40 40022"]


def test_cabecalho_a_direita_desenhado_depois_do_corpo():
    """Resposta da Apple: o bloco da esquerda primeiro, "Request ID"/"Page 1 of 2" alinhados à direita depois."""

    def desenhar(tela, numero):
        tela.drawString(72, 780, "Apple Inc.")
        tela.drawString(72, 766, "One Apple Park Way")
        tela.drawString(72, 700, f"Account 18740295531 page {numero}")
        tela.drawRightString(540, 780, "Request ID 2025-0731")
        tela.drawRightString(540, 766, f"Page {numero} of 2")

    dados = _pdf(desenhar, paginas=2)
    assert _bruto(dados)[:2] == ["Apple Inc.", "One Apple Park Way"]  # o fluxo cru não tem o cabeçalho no lugar
    canonicas = _confere_com_pdfplumber(dados)
    assert canonicas[1] == ["Apple Inc. Request ID 2025-0731", "One Apple Park Way Page 1 of 2", "Account 18740295531 page 1"]
    assert canonicas[2][1] == "One Apple Park Way Page 2 of 2"


def test_corpos_diferentes_quase_na_mesma_linha_de_base():
    """Título de 20 pt ao lado de texto de 10 pt: topos a mais de 3 pt, duas linhas; 12 pt e 9 pt: uma linha."""

    def desenhar(tela, _):
        tela.setFont("Helvetica-Bold", 20)
        tela.drawString(44, 800, "orvalho")
        tela.setFont("Helvetica", 10)
        tela.drawString(479, 802, "Extrato da conta")  # o PDFium junta os dois num pedaço só
        tela.setFont("Helvetica-Bold", 12)
        tela.drawString(41, 547, "BANCO CENTRAL DO BRASIL")
        tela.setFont("Helvetica", 9)
        tela.drawString(420, 547, "Brasília, 27 de janeiro de 2025.")
        tela.drawString(41, 530, "Diretório de Identificadores de Contas Transacionais")

    dados = _pdf(desenhar)
    assert "orvalho Extrato da conta" in _bruto(dados)  # o PDFium cru junta o que está em alturas diferentes
    canonicas = _confere_com_pdfplumber(dados)
    assert canonicas[1] == ["orvalho", "Extrato da conta", "BANCO CENTRAL DO BRASIL Brasília, 27 de janeiro de 2025.",
                            "Diretório de Identificadores de Contas Transacionais"]


def test_colunas_desenhadas_coluna_a_coluna():
    """Todas as células da coluna 1, depois as da coluna 2: a ordem do fluxo lê coluna por coluna."""
    nomes = ["Nome", "DEBORA CRISTINA FONTALVA", "RAMIRO ESTACIO VELLACORTE", "ANDREIA FERREIRA GOMES"]
    cpfs = ["CPF", "284.907.163-31", "506.381.927-30", "812.557.034-90"]

    def desenhar(tela, _):
        for coluna, x in ((nomes, 72), (cpfs, 320)):
            texto = tela.beginText(x, 700)
            texto.setFont("Helvetica", 10)
            texto.setLeading(14)
            for celula in coluna:
                texto.textLine(celula)
            tela.drawText(texto)

    dados = _pdf(desenhar)
    assert _bruto(dados)[:4] == nomes  # a armadilha da ordem crua
    canonicas = _confere_com_pdfplumber(dados)
    assert canonicas[1] == [f"{n} {c}" for n, c in zip(nomes, cpfs)]


def test_ler_pdf_numera_as_linhas_canonicas():
    def desenhar(tela, _):
        tela.drawRightString(540, 780, "Página 1 de 1")
        tela.drawString(72, 760, "Acesso 187.34.56.78")
        tela.drawString(72, 780, "Ofício 731/2025")

    doc = ler_pdf(_pdf(desenhar), "oficio.pdf", usar_ocr=False)
    assert [(t.localizacao, t.texto, t.metodo) for t in doc.trechos] == [
        ("linha 1", "Ofício 731/2025 Página 1 de 1", "pypdfium2"), ("linha 2", "Acesso 187.34.56.78", "pypdfium2")]
    assert doc.metodo_extracao == "pypdfium2"


# -- diferenças conhecidas e documentadas ---------------------------------------------------------------------


def test_negrito_falso_o_pdfium_descarta_a_copia_e_o_pdfplumber_duplica():
    def desenhar(tela, _):
        tela.drawString(72, 700, "CPF 529.982.247-25")
        tela.drawString(72.3, 700, "CPF 529.982.247-25")

    dados = _pdf(desenhar)
    assert _canonicas(dados)[1] == ["CPF 529.982.247-25"]
    assert pdf_plumber.linhas_por_pagina(dados)[1] == ["CCPPFF 552299..998822..224477--2255"]


def test_caractere_minusculo_no_meio_do_pedaco_fica_colado_no_pdfium():
    """A regra de corte por altura só examina o pedaço quando o primeiro e o último caractere têm topos diferentes."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    def desenhar(tela, _):
        largura = stringWidth("IMEI 35693803564380", "Helvetica", 10)
        tela.drawString(72, 700, "IMEI 35693803564380")
        tela.setFont("Helvetica", 2.5)
        tela.drawString(72 + largura + 0.3, 700, "9")
        tela.setFont("Helvetica", 10)
        tela.drawString(72 + largura + 2, 700, " (aparelho 1)")
        tela.drawString(72, 600, "IMEI 35693803564380")
        tela.setFont("Helvetica", 2.5)
        tela.drawString(72 + largura + 0.3, 600, "9")  # no fim do pedaço: cortado, como no pdfplumber

    dados = _pdf(desenhar)
    assert _canonicas(dados)[1] == ["IMEI 356938035643809 (aparelho 1)", "IMEI 35693803564380", "9"]
    assert pdf_plumber.linhas_por_pagina(dados)[1] == ["IMEI 35693803564380 (aparelho 1)", "9", "IMEI 35693803564380", "9"]


# -- página com par substituto: lida pelo pdfplumber ----------------------------------------------------------


@pytest.fixture(scope="module")
def pdf_com_par_substituto() -> bytes:
    """Página 1 com U+10300 (fora do BMP) pelo ToUnicode; página 2 comum.

    O reportlab grava o ToUnicode de U+10300 como <10300>, que não é UTF-16; o
    CMap é corrigido no lugar (mesmo tamanho de stream) para o par <D800DF00>.
    """
    if not DEJAVU.is_file():
        pytest.skip("fonte DejaVu Sans ausente")
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(TTFont("DejaVuTeste", str(DEJAVU)))
    saida = io.BytesIO()
    tela = canvas.Canvas(saida, invariant=1, pageCompression=0)
    tela.setFont("DejaVuTeste", 12)
    tela.drawString(72, 700, "Anexo \U00010300 IP 187.34.56.78")
    tela.drawRightString(540, 720, "Folha 1")
    tela.showPage()
    tela.setFont("Helvetica", 10)
    tela.drawString(72, 700, "Segunda página")
    tela.showPage()
    tela.save()
    dados = saida.getvalue()
    trocas = [(b"128 beginbfchar", b"127 beginbfchar"), (b"<01> <10300>\n<02> <0000>\n", b"<01> <D800DF00>\n".ljust(25))]
    for antes, depois in trocas:
        assert dados.count(antes) == 1 and len(antes) == len(depois)
        dados = dados.replace(antes, depois)
    return dados


def test_pagina_com_par_substituto_nao_se_mede_no_pdfium(pdf_com_par_substituto):
    pdf = pdfium.PdfDocument(pdf_com_par_substituto)
    try:
        camada = pdf[0].get_textpage()
        assert len(camada.get_text_range()) != camada.count_chars()
        assert linhas_da_camada(camada) is None
        camada.close()
    finally:
        pdf.close()


def test_pagina_com_par_substituto_e_lida_pelo_pdfplumber(pdf_com_par_substituto):
    doc = ler_pdf(pdf_com_par_substituto, "anexo.pdf", usar_ocr=False)
    assert doc.erro is None and doc.paginas_com_falha == []
    assert [(t.pagina, t.localizacao, t.texto, t.metodo) for t in doc.trechos] == [
        (1, "linha 1", "Folha 1", "pdfplumber"),
        (1, "linha 2", "Anexo \U00010300 IP 187.34.56.78", "pdfplumber"),
        (2, "linha 1", "Segunda página", "pypdfium2"),
    ]
    assert doc.metodo_extracao == "pdfplumber+pypdfium2"
    assert doc.trechos_da_pagina(1) and [t.texto for t in doc.trechos_da_pagina(1)] == pdf_plumber.linhas_por_pagina(
        pdf_com_par_substituto, [1])[1]
