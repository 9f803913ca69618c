"""Segunda leitura dos PDFs citados (pypdfium2) num processo auxiliar com tempo e memória limitados.

O mesmo cuidado da leitura principal: PDFium é código nativo, e um PDF hostil
que o derrube ou trave mata só o auxiliar, nunca o validador; os PDFs que
faltavam seguem num auxiliar novo. Um só auxiliar lê todos os PDFs da execução:
criar um processo custa mais que ler as páginas citadas.
"""

from __future__ import annotations

import hashlib
import multiprocessing as mp
import os
import resource
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

from perito.leitura.isolamento import Limites, iniciar


@dataclass
class SegundaLeitura:
    #: {página: linhas canônicas do PDFium}; só as páginas pedidas
    paginas: dict[int, list[str]] = field(default_factory=dict)
    #: por que não houve segunda leitura (vazio quando houve)
    erro: str = ""


@dataclass(frozen=True)
class Pedido:
    nome: str
    caminho: Path
    paginas: tuple[int, ...] | None  # None: todas
    sha256: str = ""  # com ele, só se lê se os bytes forem estes (os conferidos com o manifesto)


def ler_varios(pedidos: list[Pedido], limites: Limites) -> dict[str, SegundaLeitura]:
    resultado: dict[str, SegundaLeitura] = {}
    pendentes = list(pedidos)
    while pendentes:
        _ler_num_auxiliar(pendentes, limites, resultado)
        pendentes = [p for p in pendentes if p.nome not in resultado]
    return resultado


def _ler_num_auxiliar(pedidos: list[Pedido], limites: Limites, resultado: dict[str, SegundaLeitura]) -> None:
    contexto = mp.get_context("forkserver")
    receber, enviar = contexto.Pipe(duplex=False)
    processo = contexto.Process(target=_trabalhar, args=(enviar, pedidos, limites.memoria_bytes), daemon=True)
    iniciar(processo)
    enviar.close()
    try:
        for pedido in pedidos:
            if not receber.poll(limites.segundos_por_arquivo):
                limite = f"{limites.segundos_por_arquivo:g} s"
                resultado[pedido.nome] = SegundaLeitura(erro=f"pypdfium2 excedeu o tempo limite de {limite}")
                return
            try:
                situacao, conteudo = receber.recv()
            except (EOFError, OSError):
                resultado[pedido.nome] = SegundaLeitura(erro="o leitor pypdfium2 terminou de forma anormal")
                return
            if situacao == "ok":
                resultado[pedido.nome] = SegundaLeitura(paginas=conteudo)
            else:
                resultado[pedido.nome] = SegundaLeitura(erro=f"pypdfium2 não leu o arquivo ({conteudo})")
    finally:
        if processo.is_alive():
            processo.kill()
        processo.join()
        receber.close()


def _trabalhar(conexao: Connection, pedidos: list[Pedido], memoria_bytes: int) -> None:
    try:
        resource.setrlimit(resource.RLIMIT_AS, (memoria_bytes, memoria_bytes))
    except (ValueError, OSError):
        pass  # um limite mais baixo já imposto de fora continua valendo
    nulo = os.open(os.devnull, os.O_WRONLY)
    os.dup2(nulo, 2)  # nada do PDFium chega ao terminal do investigador
    os.close(nulo)
    from perito.leitura.pdf_pdfium import linhas_por_pagina

    try:
        for pedido in pedidos:
            conexao.send(_ler(pedido, linhas_por_pagina))
    finally:
        conexao.close()


def _ler(pedido: Pedido, linhas_por_pagina) -> tuple[str, object]:
    try:
        # lê os bytes uma vez e confere: o PDFium analisa exatamente o que foi conferido
        dados = pedido.caminho.read_bytes()
        if pedido.sha256 and hashlib.sha256(dados).hexdigest() != pedido.sha256:
            return "erro", "o arquivo mudou durante a validação"
        return "ok", linhas_por_pagina(dados, pedido.paginas)
    except MemoryError:
        return "erro", "memória insuficiente"
    except Exception as erro:
        return "erro", f"{type(erro).__name__}: {str(erro)[:120]}"
