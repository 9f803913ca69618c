"""Texto que cabe num XML 1.0 (.docx, .xlsx, GraphML): caracteres de controle e NUL ficam visíveis como `\\xNN`.

Um nome de arquivo ou uma linha de documento hostil pode trazer `\\x07` ou NUL; o lxml e o openpyxl recusam esses
caracteres (a análise inteira cairia), e apagá-los esconderia o que o documento tem. Mostrá-los escapados, como o
terminal já faz, preserva a prova e o arquivo continua válido. O JSON guarda o texto original.
"""

from __future__ import annotations

import re
from itertools import islice
from typing import Any

# o que o XML 1.0 não admite: controles C0 (menos TAB, LF e CR), substitutos e U+FFFE/U+FFFF
_PROIBIDOS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def seguro_xml(texto: str) -> str:
    return _PROIBIDOS.sub(lambda m: f"\\x{ord(m.group(0)):02x}", texto)


def limpar(objeto: Any) -> Any:
    """O mesmo objeto (dict, lista, tupla) com todo texto seguro para XML. Sem nada a escapar, o próprio objeto, sem
    cópia (o plano e as conclusões de um caso grande são dezenas de MB como objetos); com algo, uma cópia só dos
    contêineres no caminho do texto escapado. O objeto recebido nunca muda."""
    if isinstance(objeto, str):
        return seguro_xml(objeto) if _PROIBIDOS.search(objeto) else objeto
    if isinstance(objeto, dict):
        novo: dict[Any, Any] | None = None
        for indice, (chave, valor) in enumerate(objeto.items()):
            chave_limpa, valor_limpo = limpar(chave), limpar(valor)
            if novo is None and (chave_limpa is not chave or valor_limpo is not valor):
                novo = dict(islice(objeto.items(), indice))
            if novo is not None:
                novo[chave_limpa] = valor_limpo
        return objeto if novo is None else novo
    if isinstance(objeto, (list, tuple)):
        itens: list[Any] | None = None
        for indice, valor in enumerate(objeto):
            valor_limpo = limpar(valor)
            if itens is None and valor_limpo is not valor:
                itens = list(objeto[:indice])
            if itens is not None:
                itens.append(valor_limpo)
        return objeto if itens is None else type(objeto)(itens)
    return objeto
