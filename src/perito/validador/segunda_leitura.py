"""Segunda leitura dos arquivos citados num processo auxiliar com tempo e memória limitados.

PDF: as linhas do pdfplumber (`pdf_plumber.linhas_da_pagina`, outra biblioteca que
o PDFium da leitura canônica), só nas páginas citadas. HTML: as linhas canônicas
pelo lxml (libxml2), outro parser que o da leitura principal (`html.parser`).
O mesmo cuidado da leitura principal: pdfminer e libxml2 podem travar ou estourar
a memória num arquivo hostil, que mata só o auxiliar, nunca o validador; os
que faltavam seguem num auxiliar novo. O auxiliar fica vivo entre os pedidos de
uma fila (`ler_da_fila`; a validação a divide em fatias de páginas que os dois
núcleos esvaziam), com o PDF da fatia anterior aberto: criar um processo e abrir
o PDF custam mais que ler as páginas de uma fatia. Um membro de pacote ZIP é
relido do pacote, em memória, e conferido pelo SHA-256 dos bytes.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Callable

from perito.leitura.isolamento import Limites, contexto_dos_auxiliares, encerrar_auxiliar, iniciar, preparar_auxiliar, tamanho_de

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


def ler_da_fila(proximo: Callable[[], Pedido | None], limites: Limites) -> list[tuple[str, SegundaLeitura]]:
    """Lê os pedidos que `proximo` der (até ele dar None) num auxiliar que fica vivo entre eles: o pdfplumber já
    carregado e o PDF da fatia anterior ainda aberto, quando a próxima é do mesmo arquivo. Um pedido que estoura o
    prazo ou derruba o auxiliar fica com o erro, e os seguintes vão a um auxiliar novo. (nome, leitura) na ordem lida:
    o mesmo arquivo aparece uma vez por fatia de páginas."""
    resultado: list[tuple[str, SegundaLeitura]] = []
    auxiliar: _Auxiliar | None = None
    try:
        while (pedido := proximo()) is not None:
            if auxiliar is None:
                auxiliar = _Auxiliar(limites.memoria_bytes)
            leitura, vivo = auxiliar.ler(pedido, limites.prazo(tamanho_de(pedido.caminho), pedido.tipo))
            resultado.append((pedido.nome, leitura))
            if not vivo:
                auxiliar.encerrar()
                auxiliar = None
    finally:
        if auxiliar is not None:
            auxiliar.encerrar()
    return resultado


class _Auxiliar:
    """Um processo de segunda leitura, isolado (memória limitada, morto no prazo), que recebe um pedido por vez."""

    def __init__(self, memoria_bytes: int) -> None:
        contexto = contexto_dos_auxiliares()  # os leitores já carregados no forkserver, como os da leitura canônica
        self.conexao, filho = contexto.Pipe(duplex=True)
        self.processo = contexto.Process(target=_trabalhar, args=(filho, memoria_bytes), daemon=True)
        iniciar(self.processo)
        filho.close()

    def ler(self, pedido: Pedido, prazo: float) -> tuple[SegundaLeitura, bool]:
        """(a leitura, se o auxiliar segue vivo para o próximo pedido)."""
        metodo = METODOS.get(pedido.tipo, pedido.tipo)
        try:
            self.conexao.send(pedido)
            if not self.conexao.poll(prazo):
                return SegundaLeitura(erro=f"{metodo} excedeu o tempo limite de {prazo:.0f} s"), False
            situacao, conteudo = self.conexao.recv()
        except (EOFError, OSError):
            return SegundaLeitura(erro=f"o leitor {metodo} terminou de forma anormal"), False
        if situacao == "ok":
            return SegundaLeitura(paginas=conteudo), True
        return SegundaLeitura(erro=f"{metodo} não leu o arquivo ({conteudo})"), True

    def encerrar(self) -> None:
        encerrar_auxiliar(self.processo, self.conexao, espera=1)


def _trabalhar(conexao: Connection, memoria_bytes: int) -> None:
    preparar_auxiliar(memoria_bytes)
    aberto = _PdfAberto()
    try:
        while (pedido := conexao.recv()) is not None:
            conexao.send(_ler(pedido, aberto))
    except EOFError:
        pass
    finally:
        aberto.fechar()
        conexao.close()


class _PdfAberto:
    """O último PDF aberto pelo pdfplumber no auxiliar, pelos bytes conferidos: a próxima fatia do mesmo arquivo não
    o abre de novo."""

    def __init__(self) -> None:
        self.chave: tuple[str, str, tuple[str, ...] | None] | None = None
        self.pdf: Any = None

    def pegar(self, pedido: Pedido, dados: Callable[[], bytes]) -> Any:
        from perito.leitura.pdf_plumber import abrir

        chave = (str(pedido.caminho), pedido.sha256, pedido.membro)
        if self.pdf is None or self.chave != chave or not pedido.sha256:
            self.fechar()
            self.pdf, self.chave = abrir(dados()), chave
        return self.pdf

    def fechar(self) -> None:
        if self.pdf is not None:
            self.pdf.close()
        self.pdf = self.chave = None


def _ler(pedido: Pedido, aberto: _PdfAberto | None = None) -> tuple[str, object]:
    from perito.leitura import pacote, tetos
    from perito.leitura.html_lxml import linhas_lxml
    from perito.leitura.pdf_plumber import linhas_das_paginas

    def conferidos() -> bytes:
        # lê os bytes e confere: o segundo parser analisa exatamente o que foi conferido
        dados = pacote.ler_membro(pedido.caminho, pedido.membro) if pedido.membro else pedido.caminho.read_bytes()
        if pedido.sha256 and hashlib.sha256(dados).hexdigest() != pedido.sha256:
            raise _Mudou
        return dados

    try:
        if pedido.tipo == "html":
            dados = conferidos()
            tetos.conferir_tamanho(dados, tetos.HTML_MAXIMO, "HTML")
            return "ok", {None: [linha.texto for linha in linhas_lxml(dados)]}
        if aberto is None:
            aberto = _PdfAberto()
        return "ok", linhas_das_paginas(aberto.pegar(pedido, conferidos), pedido.paginas)
    except _Mudou:
        return "erro", "o arquivo mudou durante a validação"
    except MemoryError:
        if aberto is not None:
            aberto.fechar()
        return "erro", "memória insuficiente"
    except Exception as erro:
        if aberto is not None:
            aberto.fechar()
        return "erro", f"{type(erro).__name__}: {str(erro)[:120]}"


class _Mudou(Exception):
    """Os bytes do arquivo não são mais os conferidos com o manifesto."""
