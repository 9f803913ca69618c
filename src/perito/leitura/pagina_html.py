"""Leitura de HTML (`records.html` da Meta, respostas de provedor em HTML) em linhas localizadas.

Parser: `html.parser` da biblioteca padrão. Ele não acessa rede, não carrega DTD
nem entidades externas (só converte as referências de caractere do HTML5), é
tolerante a HTML malformado e lê em fluxo; o validador relê com um parser de
outra linhagem (lxml/libxml2, `html_lxml`) e compara. As linhas saem pela
reconstrução canônica de `html_linhas` (a mesma para os dois parsers).

Localização: `pagina` null, `linha N` (1-based sobre as linhas não vazias). Linha de
tabela: `celulas` e `tabela` ("tabela N"). Listas de definições (`<dl>`): registros pela marcação
(`html_definicoes`). Teto: HTML acima de `tetos.HTML_MAXIMO`
não é lido (motivo claro, memória limitada).
"""

from __future__ import annotations

import codecs
import re
from html.parser import HTMLParser

from perito.leitura import html_definicoes, localizacao, metodos, tetos
from perito.leitura.codificacao import decodificar
from perito.leitura.documento import Documento, Trecho
from perito.leitura.entrada import Entrada, ler_bytes
from perito.leitura.html_linhas import Linha, Linhas

METODO = metodos.HTML
_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.IGNORECASE)
_BLOCO_LEITURA = 1 << 20


class _Parser(HTMLParser):
    def __init__(self, linhas: Linhas) -> None:
        super().__init__(convert_charrefs=True)
        self.destino = linhas

    def handle_starttag(self, tag, attrs):
        self.destino.abrir(tag, dict(attrs))

    def handle_startendtag(self, tag, attrs):
        self.destino.abrir(tag, dict(attrs))
        self.destino.fechar(tag)

    def handle_endtag(self, tag):
        self.destino.fechar(tag)

    def handle_data(self, data):
        self.destino.texto(data)


def decodificar_html(bruto: bytes) -> tuple[str, str]:
    """(texto, codificação): BOM, senão o charset declarado num <meta> do início, senão a detecção dos TXT."""
    if not bruto.startswith((codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        if m := _CHARSET.search(bruto[:4096]):
            nome = m.group(1).decode("ascii", "replace").lower()
            try:
                return codecs.decode(bruto, nome), codecs.lookup(nome).name
            except (LookupError, UnicodeDecodeError):
                pass  # charset declarado errado ou desconhecido: detecção
    return decodificar(bruto)


def linhas_html(bruto: bytes) -> tuple[list[Linha], str]:
    """(linhas canônicas, codificação) pelo html.parser."""
    texto, codificacao = decodificar_html(bruto)
    linhas = Linhas()
    parser = _Parser(linhas)
    for inicio in range(0, len(texto), _BLOCO_LEITURA):
        parser.feed(texto[inicio : inicio + _BLOCO_LEITURA])
    parser.close()
    return linhas.terminar(), codificacao


def trechos(linhas: list[Linha], metodo: str) -> list[Trecho]:
    return [
        Trecho(
            None, localizacao.linha(numero), linha.texto, metodo, celulas=linha.celulas,
            tabela=f"tabela {linha.tabela}" if linha.tabela is not None else None,
        )
        for numero, linha in enumerate(linhas, start=1)
    ]


def ler_html(entrada: Entrada, nome: str) -> Documento:
    tetos.conferir_tamanho(entrada, tetos.HTML_MAXIMO, "HTML")
    linhas, codificacao = linhas_html(ler_bytes(entrada))
    doc = Documento(arquivo=nome, tipo="html", metodo_extracao=METODO, codificacao=codificacao)
    doc.trechos = trechos(linhas, METODO)
    doc.registros = html_definicoes.registros(linhas, doc.trechos)
    return doc
