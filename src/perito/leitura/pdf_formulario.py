"""Os campos preenchidos de um formulário PDF (AcroForm): o valor que a página mostra dentro de cada campo.

O valor de um campo de formulário não está na camada de texto da página: é uma anotação (widget) desenhada por cima.
O PDFium não o dá em `get_text_range`, e um formulário de resposta preenchido ("Titular: [MARIA ...]", "IP de acesso:
[177.45.10.2]") saía só com os rótulos. Aqui cada campo de texto, lista ou caixa de seleção preenchido vira um pedaço
de texto no retângulo dele, que a reconstrução das linhas (`pdf_pdfium`) põe na linha do rótulo ao lado, como a página
o mostra. Caixas de marcar e botões ficam de fora (o valor deles é "Yes"/"Off", não um dado do caso).
"""

from __future__ import annotations

import ctypes
import unicodedata
from dataclasses import dataclass

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

#: os tipos de campo cujo valor é texto que a página mostra
_COM_TEXTO = frozenset({pdfium_c.FPDF_FORMFIELD_TEXTFIELD, pdfium_c.FPDF_FORMFIELD_COMBOBOX,
                        pdfium_c.FPDF_FORMFIELD_LISTBOX})


@dataclass(frozen=True)
class CampoPreenchido:
    valor: str
    esquerda: float
    base: float
    topo: float


def preparar(pdf: pdfium.PdfDocument) -> bool:
    """Abre o ambiente de formulário do PDFium quando o documento tem um (antes de qualquer página ser carregada);
    False sem formulário: nada muda na leitura de um PDF comum."""
    if pdfium_c.FPDF_GetFormType(pdf.raw) == pdfium_c.FORMTYPE_NONE:
        return False
    pdf.init_forms()
    return pdf.formenv is not None


def campos(pdf: pdfium.PdfDocument, pagina: pdfium.PdfPage) -> list[CampoPreenchido]:
    """Os campos com texto preenchido da página, com o retângulo de cada um (pontos PDF, y para cima)."""
    formulario = pdf.formenv.raw
    saida = []
    retangulo = pdfium_c.FS_RECTF()
    for indice in range(pdfium_c.FPDFPage_GetAnnotCount(pagina.raw)):
        anotacao = pdfium_c.FPDFPage_GetAnnot(pagina.raw, indice)
        if not anotacao:
            continue
        try:
            if pdfium_c.FPDFAnnot_GetSubtype(anotacao) != pdfium_c.FPDF_ANNOT_WIDGET:
                continue
            if pdfium_c.FPDFAnnot_GetFormFieldType(formulario, anotacao) not in _COM_TEXTO:
                continue
            valor = _valor(formulario, anotacao)
            if valor and pdfium_c.FPDFAnnot_GetRect(anotacao, ctypes.byref(retangulo)):
                saida.append(CampoPreenchido(valor, retangulo.left, min(retangulo.bottom, retangulo.top),
                                             max(retangulo.bottom, retangulo.top)))
        finally:
            pdfium_c.FPDFPage_CloseAnnot(anotacao)
    return saida


def _valor(formulario, anotacao) -> str:
    tamanho = pdfium_c.FPDFAnnot_GetFormFieldValue(formulario, anotacao, None, 0)
    if tamanho <= 2:
        return ""
    memoria = ctypes.create_string_buffer(tamanho)
    pdfium_c.FPDFAnnot_GetFormFieldValue(formulario, anotacao, ctypes.cast(memoria, ctypes.POINTER(pdfium_c.FPDF_WCHAR)),
                                         tamanho)
    texto = memoria.raw[: tamanho - 2].decode("utf-16-le", errors="replace")
    # um campo de várias linhas é lido como a página o mostra numa linha só (o rótulo ao lado)
    return unicodedata.normalize("NFC", " ".join(texto.split()))
