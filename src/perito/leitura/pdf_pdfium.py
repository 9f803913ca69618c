"""Segunda camada de texto de PDF: o texto do próprio PDFium (pypdfium2).

Serve ao validador para conferir a leitura canônica (pdfplumber) com uma
biblioteca de outra linhagem: PDFium ordena e junta caracteres do seu jeito
(descarta duplicatas do negrito falso, não separa caracteres espaçados), então
um dado que só uma das duas enxerga merece um olho humano.

As linhas saem pela mesma normalização de `pdf.linhas_canonicas` (NFC, sem
espaços nas pontas, vazias descartadas); a numeração pode diferir da do
pdfplumber, por isso quem compara as duas alinha pelo conteúdo, não pelo número.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

import pypdfium2 as pdfium

from perito.leitura.pdf import linhas_canonicas

METODO = "pypdfium2"


def linhas_por_pagina(fonte: Path | bytes, paginas: Iterable[int] | None = None) -> dict[int, list[str]]:
    """{página 1-based: linhas canônicas} das páginas pedidas (todas, sem pedido); páginas inexistentes ficam de fora.

    `fonte`: caminho do PDF ou seus bytes (quem já conferiu o SHA-256 dos bytes passa os bytes).
    """
    pdf = pdfium.PdfDocument(str(fonte) if isinstance(fonte, Path) else fonte)
    try:
        total = len(pdf)
        alvo = sorted({p for p in (paginas if paginas is not None else range(1, total + 1)) if 1 <= p <= total})
        return {numero: linhas_da_pagina(pdf, numero) for numero in alvo}
    finally:
        pdf.close()


def linhas_da_pagina(pdf: pdfium.PdfDocument, numero: int) -> list[str]:
    pagina = pdf[numero - 1]
    try:
        camada = pagina.get_textpage()
        try:
            texto = camada.get_text_range()
        finally:
            camada.close()
    finally:
        pagina.close()
    # PDFium separa linhas com CRLF (às vezes só CR)
    return linhas_canonicas(texto.replace("\r\n", "\n").replace("\r", "\n"))
