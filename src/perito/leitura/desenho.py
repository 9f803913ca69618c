"""Páginas de PDF desenhadas na mesma abertura que as lê (a releitura do validador), para os recortes do relatório.

Antes, o relatório abria cada PDF citado mais uma vez só para desenhar a faixa em volta da linha citada. Aqui a
página citada sai desenhada em tons de cinza (PNG sem perda) com a medida de cada linha da camada de texto; o
recorte (`saida.recortes.recorte_da_pagina`) corta a faixa dessa imagem: os mesmos pixels de desenhar e cortar.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

#: páginas desenhadas por documento (um PDF de 700 páginas citado em todas não vira 700 imagens na memória)
MAXIMO_DE_PAGINAS = 200


@dataclass
class PaginaDesenhada:
    png: bytes  # a página inteira em tons de cinza, escala 1 (um pixel por ponto PDF)
    largura: float
    altura: float
    #: (texto, topo, base) de cada linha canônica, em pontos PDF (y para cima); None sem camada de texto conferível
    medidas: list[tuple[str, float, float]] | None


def desenhar_paginas(pdf: Any, paginas: tuple[int, ...]) -> dict[int, PaginaDesenhada]:
    """As páginas pedidas que existem; uma página que não desenha fica de fora (o relatório mostra só o texto)."""
    from perito.leitura.pdf_pdfium import linhas_medidas

    feitas: dict[int, PaginaDesenhada] = {}
    for numero in sorted(set(paginas))[:MAXIMO_DE_PAGINAS]:
        if not 1 <= numero <= len(pdf):
            continue
        try:
            pagina = pdf[numero - 1]
            largura, altura = pagina.get_size()
            camada = pagina.get_textpage()
            try:
                medidas = linhas_medidas(camada)
            finally:
                camada.close()
            imagem = pagina.render(scale=1.0).to_pil().convert("L")
            saida = io.BytesIO()
            imagem.save(saida, format="PNG", compress_level=1)  # sem perda; o recorte é recomprimido depois
            feitas[numero] = PaginaDesenhada(saida.getvalue(), largura, altura, medidas)
        except Exception:  # noqa: BLE001 — sem desenho, o recorte fica para o relatório (ou só o texto)
            continue
    return feitas
