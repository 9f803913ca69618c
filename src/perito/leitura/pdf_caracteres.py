"""Os caracteres de uma página pelo interpretador do pdfminer, sem montar o layout (a segunda leitura do validador).

Por quê: a segunda leitura só usa sete números de cada caractere (`pdf_plumber.texto_da_pagina`), mas o layout do
pdfplumber (`Page.layout`) cria um `LTChar` por caractere (com a fonte, as cores, o estado gráfico), o põe no contêiner,
o marca com o MCID, e depois a árvore é percorrida de novo: mais de um terço do tempo da página, medido (~3.500
caracteres por página num extrato; ~200 páginas citadas no caso g do benchmark).

`Caracteres` é o mesmo dispositivo (`PDFPageAggregatorWithMarkedContent`, que o `Page.layout` usa: figuras, imagens,
caminhos e marcas seguem pelo código dele), com o caractere guardado numa tupla, na ordem em que é desenhado — a mesma
ordem da árvore percorrida em profundidade (a figura entra no contêiner de cima quando termina, depois dos caracteres
de antes dela). As contas são as do pdfminer, nas mesmas funções e na mesma ordem (`PDFTextDevice.render_string_horizontal`,
`PDFLayoutAnalyzer.render_char`, `LTChar.__init__`): os mesmos números, bit a bit. `tests/test_pdf_caracteres` compara
com o layout em PDFs gerados, e o pdfminer está fixo numa versão (o pdfplumber fixado no pyproject fixa a dele).
"""

from __future__ import annotations

from typing import Any

from pdfminer.layout import LTChar
from pdfminer.pdffont import PDFUnicodeNotDefined
from pdfminer.pdfinterp import PDFPageInterpreter
from pdfplumber.page import PDFPageAggregatorWithMarkedContent
from pdfplumber.utils.exceptions import PdfminerException

#: (texto, x0, y0, x1, y1, upright) de um caractere, em pontos PDF (y para cima), como o `LTChar` os tem
Caractere = tuple[str, float, float, float, float, bool]


class Caracteres(PDFPageAggregatorWithMarkedContent):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.caracteres: list[Caractere] = []

    def render_string_horizontal(self, seq: Any, matrix: Any, pos: Any, font: Any, fontsize: float, scaling: float,
                                 charspace: float, wordspace: float, rise: float, dxscale: float, ncs: Any,
                                 graphicstate: Any) -> Any:
        # o laço de `PDFTextDevice.render_string_horizontal` com o `render_char` e o `LTChar.__init__` horizontais
        # dentro dele (a fonte é horizontal aqui: o pdfminer só chama este laço para ela)
        guardar = self.caracteres.append
        (a, b, c, d, e, f) = matrix
        descent = font.get_descent() * fontsize  # a mesma fonte e o mesmo corpo em toda a sequência
        baixo, cima = descent + rise, descent + rise + fontsize
        direito = a * d * scaling > 0 and b * c <= 0  # o `upright` do `LTChar`: só a matriz, que só muda a translação
        (x, y) = pos
        needcharspace = False
        for obj in seq:
            if isinstance(obj, (int, float)):
                x -= obj * dxscale
                needcharspace = True
            elif isinstance(obj, bytes):
                for cid in font.decode(obj):
                    if needcharspace:
                        x += charspace
                    # `translate_matrix(matrix, (x, y))`: só a translação muda
                    tx, ty = x * a + y * c + e, x * b + y * d + f
                    try:
                        text = font.to_unichr(cid)
                        assert isinstance(text, str), str(type(text))
                    except PDFUnicodeNotDefined:
                        text = self.handle_undefined_char(font, cid)
                    textwidth = font.char_width(cid)
                    font.char_disp(cid)  # chamado como no pdfminer (uma fonte com defeito falha aqui do mesmo jeito)
                    adv = textwidth * fontsize * scaling
                    # `apply_matrix_rect(matriz, (0, baixo, adv, cima))`, ponto a ponto, na ordem dele
                    esquerda1, base1 = a * 0 + c * baixo + tx, b * 0 + d * baixo + ty
                    direita1, base2 = a * adv + c * baixo + tx, b * adv + d * baixo + ty
                    direita2, topo1 = a * adv + c * cima + tx, b * adv + d * cima + ty
                    esquerda2, topo2 = a * 0 + c * cima + tx, b * 0 + d * cima + ty
                    x0 = min(esquerda1, esquerda2, direita1, direita2)
                    y0 = min(base1, base2, topo1, topo2)
                    x1 = max(esquerda1, esquerda2, direita1, direita2)
                    y1 = max(base1, base2, topo1, topo2)
                    if x1 < x0:
                        (x0, x1) = (x1, x0)
                    if y1 < y0:
                        (y0, y1) = (y1, y0)
                    guardar((text, x0, y0, x1, y1, direito))
                    x += adv
                    if cid == 32 and wordspace:
                        x += wordspace
                    needcharspace = True
            else:
                super().render_string_horizontal([obj], matrix, (x, y), font, fontsize, scaling, charspace, wordspace,
                                                 rise, dxscale, ncs, graphicstate)  # só o aviso do pdfminer
        return (x, y)

    def render_char(self, *args: Any, **kwargs: Any) -> float:
        # a fonte vertical (rara): o caractere do pdfminer, guardado aqui em vez de no contêiner
        antes = len(self.cur_item._objs)
        adv = super().render_char(*args, **kwargs)
        item = self.cur_item._objs.pop() if len(self.cur_item._objs) > antes else None
        if isinstance(item, LTChar):
            self.caracteres.append((item.get_text(), item.x0, item.y0, item.x1, item.y1, item.upright))
        return adv


def caracteres_da_pagina(pagina: Any) -> list[Caractere]:
    """Os caracteres de uma página do pdfplumber na ordem do `pagina.layout` percorrido em profundidade; a falha do
    pdfminer sobe como a do `Page.layout` (`PdfminerException`)."""
    dispositivo = Caracteres(pagina.pdf.rsrcmgr, pageno=pagina.page_number, laparams=pagina.pdf.laparams)
    interpretador = PDFPageInterpreter(pagina.pdf.rsrcmgr, dispositivo)
    try:
        interpretador.process_page(pagina.page_obj)
    except Exception as erro:
        raise PdfminerException(erro) from erro
    return dispositivo.caracteres
