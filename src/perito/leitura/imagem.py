"""Leitura de imagens (JPEG, PNG, TIFF, TIFF de várias páginas) por OCR, página a página.

Cada quadro é uma página: `pagina N` (1-based, o quadro do TIFF; JPEG e PNG têm uma),
`linha N` do OCR (as mesmas regras do OCR de PDF em `ocr`), `metodo` `ocr-tesseract`,
confiança média em `confianca_ocr` e num alerta. As dimensões de cada quadro são
conferidas no cabeçalho, antes de decodificar: acima de `pdf.MAXIMO_PIXELS_OCR`
(o teto das páginas de PDF) o quadro não é decodificado e fica em `paginas_com_falha`.
A orientação EXIF (foto de celular deitada) é aplicada antes do OCR.
"""

from __future__ import annotations

from typing import BinaryIO

from PIL import Image, ImageOps, UnidentifiedImageError

from perito.leitura import localizacao, ocr, tetos
from perito.leitura.documento import Documento, Trecho
from perito.leitura.entrada import Entrada, abrir
from perito.leitura.pdf import MAXIMO_PIXELS_OCR, METODO_OCR

#: o Pillow recusa sozinho acima do dobro disto (DecompressionBombError); conferimos antes com o nosso teto
Image.MAX_IMAGE_PIXELS = MAXIMO_PIXELS_OCR
_MODOS_OCR = ("L", "RGB")


def ler_imagem(entrada: Entrada, nome: str) -> Documento:
    doc = Documento(arquivo=nome, tipo="imagem", metodo_extracao=METODO_OCR)
    # aberto por descritor: nenhuma mensagem de erro do Pillow leva o caminho absoluto
    with abrir(entrada) as arquivo:
        _ler_arquivo(doc, arquivo)
    return doc


def _ler_arquivo(doc: Documento, arquivo: BinaryIO) -> None:
    nome = doc.arquivo
    try:
        imagem = Image.open(arquivo)
    except Image.DecompressionBombError as erro:
        doc.erro = f"imagem grande demais para OCR ({_pixels(erro)}; teto de {MAXIMO_PIXELS_OCR:,} pixels)".replace(",", ".")
        return
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError) as erro:
        doc.erro = f"imagem corrompida ou ilegível ({type(erro).__name__}: {str(erro)[:100]})"
        return
    with imagem:
        paginas = 0
        while paginas < tetos.PAGINAS_MAXIMAS:
            paginas += 1
            _ler_quadro(doc, paginas, imagem)
            try:
                imagem.seek(paginas)
            except EOFError:
                break
            except Exception as erro:  # IFD seguinte corrompido: as páginas lidas ficam
                doc.alertas.append(f"{nome}: quadro {paginas + 1} em diante ilegível ({str(erro)[:100]})")
                break
        else:
            doc.alertas.append(f"{nome}: só os {tetos.PAGINAS_MAXIMAS} primeiros quadros foram lidos (teto de páginas)")
    doc.total_paginas = paginas
    if len(doc.paginas_com_falha) >= paginas:
        doc.erro = doc.erro or f"nenhuma página da imagem pôde ser lida ({'; '.join(doc.alertas)[:200]})"


def _pixels(erro: Exception) -> str:
    texto = str(erro)
    inicio = texto.find("(")
    return texto[inicio + 1 : texto.find(" pixels")] + " pixels" if inicio >= 0 and " pixels" in texto else "dimensões excessivas"


def _ler_quadro(doc: Documento, numero: int, imagem: Image.Image) -> None:
    largura, altura = imagem.size  # do cabeçalho: nada foi decodificado ainda
    if largura * altura > MAXIMO_PIXELS_OCR:
        doc.paginas_com_falha.append(numero)
        doc.alertas.append(
            f"{doc.arquivo}: página {numero} de {largura}x{altura} pixels excede o teto de "
            f"{MAXIMO_PIXELS_OCR:,} pixels para OCR; não decodificada".replace(",", ".")
        )
        return
    try:
        quadro = ImageOps.exif_transpose(imagem) if numero == 1 else imagem.copy()
        if quadro.mode not in _MODOS_OCR:
            quadro = quadro.convert("L" if quadro.mode in ("1", "I;16", "I", "F", "LA") else "RGB")
        resultado = ocr.reconhecer(quadro)
    except ocr.OCRIndisponivel as erro:
        doc.paginas_com_falha.append(numero)
        doc.alertas.append(f"{doc.arquivo}: página {numero}: OCR indisponível: {erro}")
        return
    except Exception as erro:  # decodificação quebrada, tempo limite do Tesseract
        doc.paginas_com_falha.append(numero)
        doc.alertas.append(f"{doc.arquivo}: página {numero} não pôde ser lida por OCR ({type(erro).__name__}: {str(erro)[:100]})")
        return
    doc.confianca_ocr[numero] = resultado.confianca_media
    if resultado.guardado:
        doc.paginas_ocr_guardado.append(numero)
    if resultado.linhas:
        doc.alertas.append(f"{doc.arquivo}: página {numero} lida por OCR ({resultado.resumo()})")
    else:
        doc.alertas.append(f"{doc.arquivo}: página {numero}: o OCR não encontrou texto")
    for indice, texto in enumerate(resultado.linhas, start=1):
        doc.trechos.append(Trecho(numero, localizacao.linha(indice), texto, METODO_OCR))
