"""O texto de um retângulo da página pelo PDFium numa chamada só (`PdfTextPage.get_text_bounded` faz duas).

Por quê: o `get_text_bounded` do pypdfium2 chama `FPDFText_GetBoundedText` uma vez sem memória, para saber o tamanho,
e outra para copiar o texto; em cada uma o PDFium percorre todos os caracteres da página. A leitura mede cada pedaço de
texto da página assim (`pdf_colunas.pedacos`, ~54 por página de extrato): a metade das passadas era só para o tamanho.
Aqui a memória vem antes (uma por página, maior que o texto que cabe nela) e a chamada é uma.

O mesmo texto, caractere a caractere: o tamanho da primeira chamada é o de caracteres do texto (`wchar_t`, 32 bits no
Linux), e o pypdfium2 copia esse tanto de unidades UTF-16 — o texto inteiro quando não há par substituto, sem o nulo
do fim que a chamada com memória copia. Com algum par substituto (um caractere fora do plano básico: o pypdfium2 corta
o fim do texto), ou com a memória cheia, vale a chamada do pypdfium2.
"""

from __future__ import annotations

import ctypes
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

#: unidades UTF-16 por caractere da página, no pior caso: o caractere fora do plano básico (duas) e a quebra de linha
#: ("\r\n") que o PDFium põe antes dele quando o retângulo pega mais de uma linha
_UNIDADES_POR_CARACTERE = 4


class Retangulos:
    """Os textos dos retângulos de uma camada de texto, com uma memória só para todos."""

    def __init__(self, camada: pdfium.PdfTextPage) -> None:
        self.camada = camada
        self._tamanho = _UNIDADES_POR_CARACTERE * max(camada.count_chars(), 0) + 8
        self._memoria: Any = (ctypes.c_ushort * self._tamanho)()

    def texto(self, esquerda: float, base: float, direita: float, topo: float) -> str:
        """`camada.get_text_bounded(esquerda, base, direita, topo)`."""
        unidades = pdfium_c.FPDFText_GetBoundedText(self.camada, esquerda, topo, direita, base, self._memoria,
                                                    self._tamanho)
        if unidades <= 0:
            return ""
        if unidades >= self._tamanho:  # pode ter faltado memória: a chamada do pypdfium2
            return self.camada.get_text_bounded(esquerda, base, direita, topo)
        dados = ctypes.string_at(self._memoria, unidades * 2)
        if dados[-2:] == b"\x00\x00":
            dados = dados[:-2]  # o nulo do fim, que o pypdfium2 não copia (um caractere nulo não entra no texto)
        texto = dados.decode("utf-16-le", errors="ignore")
        if len(texto) * 2 != len(dados):  # algum substituto (par ou solto): a chamada do pypdfium2
            return self.camada.get_text_bounded(esquerda, base, direita, topo)
        return texto
