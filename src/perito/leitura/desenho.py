"""Recortes de PDF: a faixa da página em volta da linha citada (PNG em base64), desenhada pelo PDFium.

A releitura do validador desenha as páginas citadas na mesma abertura que as lê (`desenhar_paginas`): a página
sai em tons de cinza (PNG sem perda) com a medida de cada linha da camada de texto, e `recorte_da_pagina` corta a
faixa dali — os mesmos pixels de desenhar e cortar, sem abrir o PDF de novo. `recortar` é o caminho de quem não
tem a releitura à mão (`perito relatorio` sem contextos guardados): abre o PDF num processo filho com prazo (um
PDF hostil não derruba nem trava nada; sem recorte, o relatório mostra só o texto da linha).

A linha é achada pela mesma reconstrução da camada de texto canônica (`pdf_pdfium.linhas_medidas`): a linha N da
leitura tem ali o seu topo e a sua base. Se o texto não confere (página lida pelo pdfplumber ou por OCR),
procura-se o texto na página; sem achado, a fração da posição da linha na página.
"""

from __future__ import annotations

import base64
import io
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as PrazoEsgotado
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from perito.leitura.inventario import sha256_arquivo
from perito.leitura.isolamento import contexto_dos_auxiliares

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


#: (arquivo, página, texto da linha citada, posição da linha na página, linhas da página)
Pedido = tuple[str, int, str, int, int]
MAXIMO = 200  # recortes por relatório


def _desenhar(caminho: str, pedidos: list[Pedido]) -> dict[tuple[str, int, str], str]:
    """Os recortes de um PDF aberto de novo: a página desenhada como a releitura do validador a desenha
    (`desenhar_paginas`) e cortada por `recorte_da_pagina` — os mesmos bytes, seja qual for o caminho (antes, a
    linha não achada pela posição era procurada de outro jeito aqui, e o recorte podia sair outro)."""
    import pypdfium2 as pdfium

    feitos: dict[tuple[str, int, str], str] = {}
    pdf = pdfium.PdfDocument(caminho)
    try:
        desenhos = desenhar_paginas(pdf, tuple(pedido[1] for pedido in pedidos))
        for arquivo, pagina, texto, posicao, total in pedidos:
            if (desenho := desenhos.get(pagina)) is not None:
                feitos[(arquivo, pagina, texto)] = recorte_da_pagina(desenho, texto, posicao, total)
    finally:
        pdf.close()
    return feitos


def _topo(medidas: list[tuple[str, float, float]], altura: float, texto: str, posicao: int, total: int) -> float | None:
    """O meio da linha citada pela medida da camada de texto (a linha N da leitura, ou a que tem o texto)."""
    if 0 <= posicao < len(medidas) and medidas[posicao][0] == texto:
        return (medidas[posicao][1] + medidas[posicao][2]) / 2
    return None


def _faixa(imagem: Any, largura: float, altura: float, topo: float) -> str:
    """A faixa de 80 pixels em volta da linha, em tons de cinza, PNG em base64."""
    y = altura - topo
    corte = imagem.crop((0, max(0, int(y - 40)), int(largura), min(imagem.height, int(y + 40))))
    saida = io.BytesIO()
    corte.convert("L").save(saida, format="PNG", optimize=True)
    return base64.b64encode(saida.getvalue()).decode("ascii")


def recorte_da_pagina(desenho: PaginaDesenhada, texto: str, posicao: int, total: int) -> str:
    """O recorte tirado da página que a releitura do validador já desenhou (nenhuma abertura do PDF a mais)."""
    from PIL import Image

    with Image.open(io.BytesIO(desenho.png)) as imagem:
        return _recorte(imagem, desenho, texto, posicao, total)


def _recorte(imagem: Any, desenho: PaginaDesenhada, texto: str, posicao: int, total: int) -> str:
    medidas = desenho.medidas or []
    topo = _topo(medidas, desenho.altura, texto, posicao, total)
    if topo is None:
        trecho = texto[:40].strip()
        achada = next((m for m in medidas if trecho and trecho in m[0]), None)
        topo = (achada[1] + achada[2]) / 2 if achada else desenho.altura * (1 - posicao / max(total, 1))
    return _faixa(imagem, desenho.largura, desenho.altura, topo)


#: (rótulo da referência, texto da linha citada, posição da linha na página, linhas da página)
PedidoNaPagina = tuple[str, str, int, int]


def recortes_das_paginas(paginas: list[tuple[PaginaDesenhada, list[PedidoNaPagina]]]) -> dict[str, str]:
    """rótulo → recorte, de páginas já desenhadas: cada página aberta uma vez para todos os recortes dela (antes, uma
    vez por recorte), os mesmos pixels e os mesmos bytes de `recorte_da_pagina`."""
    from PIL import Image

    feitos: dict[str, str] = {}
    for desenho, pedidos in paginas:
        with Image.open(io.BytesIO(desenho.png)) as imagem:
            imagem.load()
            for rotulo, texto, posicao, total in pedidos:
                feitos[rotulo] = _recorte(imagem, desenho, texto, posicao, total)
    return feitos


def recortar(caso: Path, hashes: dict[str, str], pedidos: list[Pedido], prazo: float = 60) -> dict[tuple[str, int, str], str]:
    """(arquivo, página, texto) → PNG base64, só de PDFs soltos cujo SHA-256 confere com o manifesto."""
    por_arquivo: dict[str, list[Pedido]] = {}
    for pedido in sorted(set(pedidos))[:MAXIMO]:
        por_arquivo.setdefault(pedido[0], []).append(pedido)
    feitos: dict[tuple[str, int, str], str] = {}
    # do forkserver, não um fork do principal: no fim de um caso grande ele tem 1 GB, que a cópia somaria ao pico
    executor = ProcessPoolExecutor(max_workers=1, mp_context=contexto_dos_auxiliares())
    try:
        for arquivo, lista in por_arquivo.items():
            caminho = (caso / arquivo).resolve()
            if "!/" in arquivo or not caminho.is_relative_to(caso.resolve()) or not caminho.is_file():
                continue
            if hashes.get(arquivo) != sha256_arquivo(caminho):
                continue  # o arquivo mudou: não desenha bytes diferentes dos analisados
            try:
                feitos.update(executor.submit(_desenhar, str(caminho), lista).result(timeout=prazo))
            except (PrazoEsgotado, Exception):  # noqa: BLE001 - sem recorte, o texto da linha basta
                break
    finally:
        for processo in list(getattr(executor, "_processes", {}).values()):
            processo.kill()  # um desenho travado não segura a análise
        executor.shutdown(wait=False, cancel_futures=True)
    return feitos
