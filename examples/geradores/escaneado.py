"""Ofício escaneado: a página do PDF é só uma imagem (sem camada de texto), lida por OCR.

A imagem é desenhada com PIL a 200 dpi (A4 = 1654 x 2339 px), fonte DejaVu Sans
grande, preto sobre branco, e embutida como único conteúdo da página (reportlab,
invariant=1). Sem fonte TTF no sistema o gerador para com uma mensagem: a fonte
padrão do PIL é pequena demais para um OCR confiável.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
from pathlib import Path

from geradores.verdade import conferir_na_linha, d, registro

DPI = 200
LARGURA_PX, ALTURA_PX = 1654, 2339  # A4 a 200 dpi
MARGEM_X, TOPO = 150, 170
CORPO, TITULO = 40, 44
ENTRELINHA = 64
FONTES = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
]
FONTES_NEGRITO = [f.replace("DejaVuSans.ttf", "DejaVuSans-Bold.ttf") for f in FONTES]

# (texto, negrito, dados). "" = linha em branco (só espaço vertical).
LINHAS = [
    ("POLÍCIA CIVIL DO ESTADO DE SÃO PAULO", True, []),
    ("1º Distrito Policial - São Paulo/SP", True, []),
    ("", False, []),
    ("Ofício nº 245/2025 - Inquérito Policial nº 1234/2025", False, []),
    ("São Paulo, 17/03/2025", False, [d("data_evento", "17/03/2025")]),
    ("", False, []),
    ("Ao Banco Destino S.A.", False, []),
    ("Assunto: bloqueio cautelar e dados cadastrais", False, []),
    ("", False, []),
    ("Requisito o bloqueio cautelar dos valores e o envio", False, []),
    ("dos dados cadastrais e do extrato da conta abaixo.", False, []),
    ("", False, []),
    ("Titular: MARIA OLIVEIRA LIMA", False, [d("nome_titular", "MARIA OLIVEIRA LIMA")]),
    ("CPF: 111.444.777-35", False, [d("cpf", "111.444.777-35")]),
    ("Agência: 0001 Conta: 12345-6", False, [d("conta_bancaria", "Agência: 0001 Conta: 12345-6")]),
    ("Telefone: (11) 91234-0000", False, [d("telefone", "(11) 91234-0000")]),
    ("", False, []),
    ("A conta recebeu em 15/03/2025 um PIX de R$ 3.500,00", False,
     [d("data_evento", "15/03/2025"), d("valor_transacao", "R$ 3.500,00")]),
    ("enviado pela vítima JOSÉ CARLOS DA SILVA.", False, [d("nome_titular", "JOSÉ CARLOS DA SILVA")]),
    ("", False, []),
    ("Cópia ao advogado da vítima, OAB/SP 123.456.", False, [d("oab", "OAB/SP 123.456")]),
    ("", False, []),
    ("Atenciosamente,", False, []),
    ("", False, []),
    ("Delegado de Polícia Titular", False, []),
]


def _fonte(caminhos, tamanho):
    from PIL import ImageFont

    for caminho in caminhos:
        if Path(caminho).is_file():
            return ImageFont.truetype(caminho, tamanho)
    raise SystemExit("fonte DejaVu Sans não encontrada (pacote fonts-dejavu-core): o ofício escaneado precisa dela")


def imagem():
    """A página escaneada (PIL, tons de cinza), sempre a mesma para a mesma fonte."""
    from PIL import Image, ImageDraw

    pagina = Image.new("L", (LARGURA_PX, ALTURA_PX), 255)
    desenho = ImageDraw.Draw(pagina)
    normal, negrito = _fonte(FONTES, CORPO), _fonte(FONTES_NEGRITO, TITULO)
    # papel timbrado: uma régua fina abaixo do cabeçalho (depois da 2ª linha)
    y = TOPO
    for i, (texto, em_negrito, _) in enumerate(LINHAS):
        if texto:
            desenho.text((MARGEM_X, y), texto, font=negrito if em_negrito else normal, fill=0)
        if i == 1:
            desenho.line((MARGEM_X, y + 62, LARGURA_PX - MARGEM_X, y + 62), fill=0, width=3)
        y += ENTRELINHA
    assert y < ALTURA_PX - 150
    return pagina


def gerar(caminho: Path) -> list[dict]:
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    png = io.BytesIO()
    imagem().save(png, format="PNG", optimize=False)
    c = canvas.Canvas(str(caminho), pagesize=A4, invariant=1)
    c.drawImage(ImageReader(io.BytesIO(png.getvalue())), 0, 0, width=A4[0], height=A4[1])
    c.showPage()
    c.save()
    itens = []
    for texto, _, dados in LINHAS:
        conferir_na_linha(caminho.name, "imagem", texto, dados)
        # OCR: a numeração de linhas depende do Tesseract, então o gabarito não fixa a linha
        itens += [registro(dado, 1, None) for dado in dados]
    return itens


def conferir(caminho: Path) -> list[str]:
    """A página não tem texto; se o Tesseract existir, confere que cada dado sai do OCR.

    Devolve avisos (não falha: o OCR varia entre versões do Tesseract e dos dados de idioma).
    """
    import pdfplumber

    with pdfplumber.open(caminho) as pdf:
        assert len(pdf.pages) == 1
        assert not pdf.pages[0].chars, f"{caminho.name}: a página tem camada de texto"
    linhas = ocr(caminho)
    if linhas is None:
        return [f"{caminho.name}: tesseract ausente; OCR não conferido"]
    texto = "\n".join(linhas)
    return [f"{caminho.name}: OCR não leu {dado.dado!r}" for _, _, dados in LINHAS for dado in dados
            if dado.dado not in texto]


def ocr(caminho: Path) -> list[str] | None:
    """Linhas não vazias do Tesseract (por+eng) sobre a página renderizada a 200 dpi."""
    if not shutil.which("tesseract"):
        return None
    import pdfplumber

    with pdfplumber.open(caminho) as pdf:
        renderizada = pdf.pages[0].to_image(resolution=DPI).original
    png = io.BytesIO()
    renderizada.save(png, format="PNG")
    ambiente = {**os.environ, "OMP_THREAD_LIMIT": "1"}
    saida = subprocess.run(["tesseract", "stdin", "stdout", "-l", "por+eng"], input=png.getvalue(),
                           capture_output=True, check=True, env=ambiente)
    return [re.sub(r"\s+", " ", t).strip() for t in saida.stdout.decode("utf-8").splitlines() if t.strip()]
