"""Concordância de número do português para textos que pessoas leem (issue 25, item 6).

Nunca o sufixo de plural entre parênteses colado à palavra ("arquivo" seguido de "(s)"): a quantidade
escolhe a forma. Fica fora de `saida/` para que
o principal, o validador, a leitura e a CLI a usem sem depender da camada de saída.
"""

from __future__ import annotations


def conforme(quantidade: int, singular: str, plural_: str) -> str:
    """Só a forma: "conclusão" para 1, "conclusões" para 0, 2, 3... (no português, zero vai ao plural)."""
    return singular if quantidade == 1 else plural_


def plural(quantidade: int, singular: str, plural_: str) -> str:
    """"1 conclusão", "2 conclusões", "0 conclusões" (no português, zero vai ao plural)."""
    return f"{quantidade} {conforme(quantidade, singular, plural_)}"
