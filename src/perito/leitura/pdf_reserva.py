"""Leitor de reserva de PDF: o PDFium (pypdfium2), quando o pdfplumber não abre o arquivo.

Alguns PDFs danificados (trailer com /Encrypt para um objeto que não existe, estrutura
que o pdfminer recusa) abrem no PDFium, mais tolerante. O documento sai com um alerta
que diz qual leitor foi usado e por quê, e `metodo_extracao` `pypdfium2` em cada linha.
Reconstrução de linhas (documentada no README): o texto da página pelo PDFium
(`get_text_range`), quebrado em CR/LF, cada linha em NFC e sem espaços nas pontas,
vazias descartadas (a mesma normalização de `pdf.linhas_canonicas`); página sem texto
vai ao OCR como no leitor principal. Nenhuma senha é tentada (um PDF com senha de
abertura falha nos dois leitores e fica com o motivo do pdfplumber).
O validador relê pelo mesmo caminho (mesma função), então a localização é a mesma.
"""

from __future__ import annotations

import pypdfium2 as pdfium

from perito.leitura import localizacao, ocr, tetos
from perito.leitura.documento import Documento, Trecho
from perito.leitura.entrada import Entrada
from perito.leitura.pdf_pdfium import METODO, linhas_da_pagina

RESOLUCAO_OCR = 200
MAXIMO_PIXELS_OCR = 40_000_000
METODO_OCR = "ocr-tesseract"


def ler_com_pdfium(entrada: Entrada, nome: str, motivo: str, usar_ocr: bool = True) -> Documento | None:
    """O documento lido pelo PDFium, ou None se o PDFium também não o abre."""
    try:
        pdf = pdfium.PdfDocument(str(entrada) if not isinstance(entrada, bytes) else entrada)
    except Exception:  # PdfiumError: o arquivo é ilegível para os dois leitores
        return None
    doc = Documento(arquivo=nome, tipo="pdf", metodo_extracao=METODO)
    doc.alertas.append(
        f"{nome}: o pdfplumber não abriu o PDF ({motivo}); lido pelo leitor de reserva PDFium (pypdfium2), "
        "com a reconstrução de linhas do PDFium"
    )
    metodos = {METODO}  # mesmo uma página só de OCR foi renderizada pelo PDFium
    try:
        total = len(pdf)
        doc.total_paginas = total
        if total > tetos.PAGINAS_MAXIMAS:
            doc.paginas_com_falha.extend(range(tetos.PAGINAS_MAXIMAS + 1, total + 1))
            doc.alertas.append(f"{nome}: {total} páginas; só as {tetos.PAGINAS_MAXIMAS} primeiras foram lidas (teto de páginas)")
        for numero in range(1, min(total, tetos.PAGINAS_MAXIMAS) + 1):
            if metodo := _ler_pagina(doc, pdf, numero, usar_ocr):
                metodos.add(metodo)
    finally:
        pdf.close()
    doc.metodo_extracao = "+".join(sorted(metodos, key=lambda m: m != METODO))
    if not doc.total_paginas:
        doc.erro = "nenhuma página legível: o PDF abriu com 0 páginas no PDFium (arquivo corrompido?)"
    elif len(doc.paginas_com_falha) >= doc.total_paginas:
        doc.erro = f"nenhuma página pôde ser lida ({doc.total_paginas} página(s) com falha)"
    return doc


def _ler_pagina(doc: Documento, pdf: pdfium.PdfDocument, numero: int, usar_ocr: bool) -> str | None:
    try:
        linhas = linhas_da_pagina(pdf, numero)
    except Exception as erro:
        doc.paginas_com_falha.append(numero)
        doc.alertas.append(f"{doc.arquivo}: página {numero} não pôde ser lida pelo PDFium ({str(erro)[:120]})")
        return None
    if linhas or not usar_ocr:
        _acrescentar(doc, numero, linhas, METODO)
        return METODO
    return _ocr(doc, pdf, numero)


def _ocr(doc: Documento, pdf: pdfium.PdfDocument, numero: int) -> str | None:
    pagina = pdf[numero - 1]
    try:
        largura, altura = pagina.get_size()
        escala = RESOLUCAO_OCR / 72
        if largura * altura * escala * escala > MAXIMO_PIXELS_OCR:
            escala = (MAXIMO_PIXELS_OCR / max(largura * altura, 1.0)) ** 0.5
        resultado = ocr.reconhecer(pagina.render(scale=escala).to_pil())
    except Exception as erro:  # OCR indisponível, tempo limite, renderização quebrada
        doc.paginas_com_falha.append(numero)
        doc.alertas.append(f"{doc.arquivo}: página {numero} sem texto e sem OCR ({str(erro)[:120]})")
        return None
    finally:
        pagina.close()
    doc.confianca_ocr[numero] = resultado.confianca_media
    if resultado.linhas:
        doc.alertas.append(f"{doc.arquivo}: página {numero} lida por OCR (confiança média {resultado.confianca_media:.0f}%)")
    else:
        doc.alertas.append(f"{doc.arquivo}: página {numero} sem texto; o OCR não encontrou nada")
    _acrescentar(doc, numero, resultado.linhas, METODO_OCR)
    return METODO_OCR


def _acrescentar(doc: Documento, numero: int, linhas: list[str], metodo: str) -> None:
    for indice, texto in enumerate(linhas, start=1):
        doc.trechos.append(Trecho(numero, localizacao.linha(indice), texto, metodo))
