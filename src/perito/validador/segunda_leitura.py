"""Segunda leitura dos arquivos citados num processo auxiliar com tempo e memória limitados.

PDF: as linhas do pdfplumber (`pdf_plumber.linhas_da_pagina`, outra biblioteca que
o PDFium da leitura canônica), só nas páginas citadas. HTML: as linhas canônicas
pelo lxml (libxml2), outro parser que o da leitura principal (`html.parser`).
O mesmo cuidado da leitura principal: pdfminer e libxml2 podem travar ou estourar
a memória num arquivo hostil, que mata só o auxiliar, nunca o validador; os
que faltavam seguem num auxiliar novo. Um só auxiliar lê todos os arquivos da
execução: criar um processo custa mais que ler as páginas citadas. Um membro de
pacote ZIP é relido do pacote, em memória, e conferido pelo SHA-256 dos bytes.
"""

from __future__ import annotations

import hashlib
import os
import resource
import signal
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

from perito.leitura.isolamento import Limites, contexto_dos_auxiliares, iniciar, tamanho_de

METODOS = {"pdf": "pdfplumber", "html": "lxml"}


@dataclass
class SegundaLeitura:
    #: {página: linhas do pdfplumber} (só as páginas pedidas); HTML: {None: linhas do lxml}
    paginas: dict[int | None, list[str]] = field(default_factory=dict)
    #: por que não houve segunda leitura (vazio quando houve)
    erro: str = ""


@dataclass(frozen=True)
class Pedido:
    nome: str
    caminho: Path
    paginas: tuple[int, ...] | None  # None: todas
    sha256: str = ""  # com ele, só se lê se os bytes forem estes (os conferidos com o manifesto)
    tipo: str = "pdf"  # "pdf" ou "html"
    membro: tuple[str, ...] | None = None  # membro de pacote ZIP: caminho interno em cada nível


def ler_varios(pedidos: list[Pedido], limites: Limites) -> dict[str, SegundaLeitura]:
    resultado: dict[str, SegundaLeitura] = {}
    pendentes = list(pedidos)
    while pendentes:
        _ler_num_auxiliar(pendentes, limites, resultado)
        pendentes = [p for p in pendentes if p.nome not in resultado]
    return resultado


def _ler_num_auxiliar(pedidos: list[Pedido], limites: Limites, resultado: dict[str, SegundaLeitura]) -> None:
    contexto = contexto_dos_auxiliares()  # os leitores já carregados no forkserver, como os da leitura canônica
    receber, enviar = contexto.Pipe(duplex=False)
    processo = contexto.Process(target=_trabalhar, args=(enviar, pedidos, limites.memoria_bytes), daemon=True)
    iniciar(processo)
    enviar.close()
    try:
        for pedido in pedidos:
            metodo = METODOS.get(pedido.tipo, pedido.tipo)
            prazo = limites.prazo(tamanho_de(pedido.caminho), pedido.tipo)
            if not receber.poll(prazo):
                limite = f"{prazo:.0f} s"
                resultado[pedido.nome] = SegundaLeitura(erro=f"{metodo} excedeu o tempo limite de {limite}")
                return
            try:
                situacao, conteudo = receber.recv()
            except (EOFError, OSError):
                resultado[pedido.nome] = SegundaLeitura(erro=f"o leitor {metodo} terminou de forma anormal")
                return
            if situacao == "ok":
                resultado[pedido.nome] = SegundaLeitura(paginas=conteudo)
            else:
                resultado[pedido.nome] = SegundaLeitura(erro=f"{metodo} não leu o arquivo ({conteudo})")
    finally:
        if processo.is_alive():
            processo.kill()
        processo.join()
        receber.close()


def _trabalhar(conexao: Connection, pedidos: list[Pedido], memoria_bytes: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # o Ctrl-C é do principal, que encerra os auxiliares
    try:
        resource.setrlimit(resource.RLIMIT_AS, (memoria_bytes, memoria_bytes))
    except (ValueError, OSError):
        pass  # um limite mais baixo já imposto de fora continua valendo
    nulo = os.open(os.devnull, os.O_WRONLY)
    os.dup2(nulo, 2)  # nada do pdfminer nem do libxml2 chega ao terminal do investigador
    os.close(nulo)
    try:
        for pedido in pedidos:
            conexao.send(_ler(pedido))
    finally:
        conexao.close()


def _ler(pedido: Pedido) -> tuple[str, object]:
    from perito.leitura import pacote, tetos
    from perito.leitura.html_lxml import linhas_lxml
    from perito.leitura.pdf_plumber import linhas_por_pagina

    try:
        # lê os bytes uma vez e confere: o segundo parser analisa exatamente o que foi conferido
        dados = pacote.ler_membro(pedido.caminho, pedido.membro) if pedido.membro else pedido.caminho.read_bytes()
        if pedido.sha256 and hashlib.sha256(dados).hexdigest() != pedido.sha256:
            return "erro", "o arquivo mudou durante a validação"
        if pedido.tipo == "html":
            tetos.conferir_tamanho(dados, tetos.HTML_MAXIMO, "HTML")
            return "ok", {None: [linha.texto for linha in linhas_lxml(dados)]}
        return "ok", linhas_por_pagina(dados, pedido.paginas)
    except MemoryError:
        return "erro", "memória insuficiente"
    except Exception as erro:
        return "erro", f"{type(erro).__name__}: {str(erro)[:120]}"
