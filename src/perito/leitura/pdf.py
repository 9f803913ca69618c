"""Leitura de PDF em linhas localizadas (pdfplumber), com OCR nas páginas sem texto.

Reconstrução canônica de linhas (fixa; o validador usa a mesma):
`page.extract_text(x_tolerance=3, y_tolerance=3)`, quebrada em "\\n", cada
linha em NFC e sem espaços nas pontas, linhas vazias descartadas. A linha N é a
N-ésima linha restante da página (1-based).
"""

from __future__ import annotations

import io
import unicodedata
from pathlib import Path

import pdfplumber

from perito.leitura import localizacao, ocr, tetos
from perito.leitura.documento import Documento, Trecho
from perito.leitura.entrada import Entrada

PARAMETROS_LINHAS = {"x_tolerance": 3, "y_tolerance": 3}
#: página sem texto vai para OCR; com pouco texto, só se imagens cobrem boa parte dela
#: (página escaneada com um carimbo de número de página, por exemplo)
POUCO_TEXTO = 50
FRACAO_IMAGEM = 0.3
RESOLUCAO_OCR = 200
#: teto de pixels da página renderizada (evita página gigante em branco estourar a memória)
MAXIMO_PIXELS_OCR = 40_000_000
METODO_TEXTO = "pdfplumber"
METODO_OCR = "ocr-tesseract"


def linhas_canonicas(texto: str | None) -> list[str]:
    linhas = (unicodedata.normalize("NFC", bruta).strip() for bruta in (texto or "").split("\n"))
    return [linha for linha in linhas if linha]


def ler_pdf(entrada: Entrada, nome: str, usar_ocr: bool = True) -> Documento:
    doc = Documento(arquivo=nome, tipo="pdf")
    try:
        pdf = pdfplumber.open(entrada if isinstance(entrada, Path) else io.BytesIO(entrada))
    except Exception as erro:  # pdfminer embrulha tudo em PdfminerException
        doc.erro = motivo_abertura(erro)
        doc.metodo_extracao = METODO_TEXTO
        return _reserva(entrada, nome, doc, usar_ocr)
    metodos: set[str] = set()
    with pdf:
        try:
            paginas = list(pdf.pages)
        except Exception as erro:
            doc.erro = f"a estrutura de páginas do PDF está corrompida ({_resumo(erro)})"
            doc.metodo_extracao = METODO_TEXTO
            return _reserva(entrada, nome, doc, usar_ocr)
        doc.total_paginas = len(paginas)
        if not paginas:
            doc.erro = "nenhuma página legível: o PDF abriu com 0 páginas (arquivo corrompido?)"
        if len(paginas) > tetos.PAGINAS_MAXIMAS:
            doc.paginas_com_falha.extend(range(tetos.PAGINAS_MAXIMAS + 1, len(paginas) + 1))
            doc.alertas.append(
                f"{nome}: {len(paginas)} páginas; só as {tetos.PAGINAS_MAXIMAS} primeiras foram lidas (teto de páginas)"
            )
            paginas = paginas[: tetos.PAGINAS_MAXIMAS]
        for numero, pagina in enumerate(paginas, start=1):
            metodo = _ler_pagina(doc, numero, pagina, usar_ocr)
            if metodo:
                metodos.add(metodo)
            pagina.close()  # libera o cache de objetos da página
    doc.metodo_extracao = "+".join(sorted(metodos)) if metodos else METODO_TEXTO
    if doc.total_paginas and not doc.erro and len(doc.paginas_com_falha) >= doc.total_paginas:
        doc.erro = f"nenhuma página pôde ser lida ({doc.total_paginas} página(s) com falha)"
    return doc


def _ler_pagina(doc: Documento, numero: int, pagina, usar_ocr: bool) -> str | None:
    try:
        linhas = linhas_canonicas(pagina.extract_text(**PARAMETROS_LINHAS))
    except Exception as erro:
        doc.paginas_com_falha.append(numero)
        doc.alertas.append(f"{doc.arquivo}: página {numero} não pôde ser lida ({_resumo(erro)})")
        return None
    if not usar_ocr or not _parece_escaneada(pagina, linhas):
        _acrescentar(doc, numero, linhas, METODO_TEXTO)
        return METODO_TEXTO
    return _ocr_pagina(doc, numero, pagina)


def _parece_escaneada(pagina, linhas: list[str]) -> bool:
    caracteres = sum(len(linha) for linha in linhas)
    if caracteres == 0:
        return True
    if caracteres >= POUCO_TEXTO:
        return False
    area = float(pagina.width) * float(pagina.height) or 1.0
    coberta = sum(abs(float(i["x1"]) - float(i["x0"])) * abs(float(i["bottom"]) - float(i["top"])) for i in pagina.images)
    return coberta / area >= FRACAO_IMAGEM


def _ocr_pagina(doc: Documento, numero: int, pagina) -> str | None:
    resolucao = _resolucao_segura(pagina)
    if resolucao is None:
        doc.paginas_com_falha.append(numero)
        doc.alertas.append(f"{doc.arquivo}: página {numero} sem texto e grande demais para OCR (teto de pixels)")
        return None
    try:
        imagem = pagina.to_image(resolution=resolucao).original
        resultado = ocr.reconhecer(imagem)
    except ocr.OCRIndisponivel as erro:
        doc.paginas_com_falha.append(numero)
        doc.alertas.append(f"{doc.arquivo}: página {numero} sem texto e OCR indisponível: {erro}")
        return None
    except RuntimeError as erro:  # pytesseract sinaliza o tempo limite com RuntimeError
        doc.paginas_com_falha.append(numero)
        doc.alertas.append(f"{doc.arquivo}: OCR da página {numero} falhou ({_resumo(erro)})")
        return None
    except Exception as erro:
        doc.paginas_com_falha.append(numero)
        doc.alertas.append(f"{doc.arquivo}: página {numero} não pôde ser renderizada para OCR ({_resumo(erro)})")
        return None
    doc.confianca_ocr[numero] = resultado.confianca_media
    if resultado.linhas:
        doc.alertas.append(
            f"{doc.arquivo}: página {numero} lida por OCR (confiança média {resultado.confianca_media:.0f}%)"
        )
    else:
        doc.alertas.append(f"{doc.arquivo}: página {numero} sem texto; o OCR não encontrou nada")
    _acrescentar(doc, numero, resultado.linhas, METODO_OCR)
    return METODO_OCR


def _resolucao_segura(pagina) -> int | None:
    """Resolução que mantém a página dentro do teto de pixels; None se nem 20 dpi cabem."""
    largura, altura = float(pagina.width), float(pagina.height)
    pixels = (largura * RESOLUCAO_OCR / 72) * (altura * RESOLUCAO_OCR / 72)
    if pixels <= MAXIMO_PIXELS_OCR:
        return RESOLUCAO_OCR
    resolucao = int(RESOLUCAO_OCR * (MAXIMO_PIXELS_OCR / pixels) ** 0.5)
    return resolucao if resolucao >= 20 else None


def _acrescentar(doc: Documento, numero: int, linhas: list[str], metodo: str) -> None:
    for indice, texto in enumerate(linhas, start=1):
        doc.trechos.append(Trecho(numero, localizacao.linha(indice), texto, metodo))


def _reserva(entrada: Entrada, nome: str, falha: Documento, usar_ocr: bool) -> Documento:
    """O PDFium tenta o que o pdfplumber não abriu; se também não abre, fica o motivo do pdfplumber.

    Nenhuma senha é tentada: um PDF com senha de abertura também falha no PDFium.
    """
    from perito.leitura.pdf_reserva import ler_com_pdfium  # o leitor de reserva importa este módulo

    return ler_com_pdfium(entrada, nome, falha.erro or "", usar_ocr) or falha


def motivo_abertura(erro: Exception) -> str:
    causa = erro.args[0] if getattr(erro, "args", None) else erro
    nome = type(causa).__name__
    if "Password" in nome or "Encrypt" in nome:
        return "PDF protegido por senha: não foi lido (nenhuma senha é tentada)"
    if "No /Root" in str(causa):
        return "o arquivo não é um PDF válido (sem objeto /Root)"
    return f"PDF corrompido ou ilegível ({_resumo(causa)})"


def _resumo(erro: object) -> str:
    texto = str(erro).strip() or type(erro).__name__
    return texto if len(texto) <= 120 else texto[:117] + "..."
