"""Segunda leitura de HTML para o validador: lxml (libxml2), outra linhagem de parser.

O lxml monta a árvore do seu jeito (corrige HTML malformado de outra forma, põe
`tbody` implícito, tira texto solto de dentro de tabelas); percorrida em ordem,
a árvore alimenta a mesma reconstrução canônica (`html_linhas`). Sem rede e sem
entidades: `no_network`, `resolve_entities=False`, comentários e instruções de
processamento descartados, `huge_tree` desligado (teto do libxml2).
"""

from __future__ import annotations

import lxml.etree
import lxml.html

from perito.leitura import metodos
from perito.leitura.html_linhas import Linha, Linhas
from perito.leitura.pagina_html import decodificar_html

METODO = metodos.LXML


def linhas_lxml(bruto: bytes) -> list[Linha]:
    texto, _ = decodificar_html(bruto)
    linhas = Linhas()
    if not texto.strip():
        return linhas.terminar()
    parser = lxml.html.HTMLParser(
        encoding="utf-8", no_network=True, remove_comments=True, remove_pis=True, huge_tree=False
    )
    _percorrer(lxml.html.document_fromstring(texto.encode("utf-8"), parser=parser), linhas)
    return linhas.terminar()


def _percorrer(raiz, linhas: Linhas) -> None:
    for evento, elemento in lxml.etree.iterwalk(raiz, events=("start", "end")):
        if not isinstance(elemento.tag, str):  # comentário, entidade
            if evento == "end" and elemento.tail:
                linhas.texto(elemento.tail)
            continue
        if evento == "start":
            linhas.abrir(elemento.tag, dict(elemento.attrib))
            if elemento.text:
                linhas.texto(elemento.text)
        else:
            linhas.fechar(elemento.tag)
            if elemento.tail:
                linhas.texto(elemento.tail)
