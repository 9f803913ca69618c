"""O bloco de portas que a CGNAT deu a uma sessão, escrito numa linha de texto (carta, ofício, ficha).

Numa tabela, o bloco vem em duas colunas (`PORTA_INICIAL`, `PORTA_FINAL`); numa carta da operadora, numa linha:
"Portas: 50000 a 50255", "Faixa de portas 50000-50255", "Port range: 50000 - 50255", "portas de 50000 até 50255",
ou com um rótulo para cada ponta ("Porta inicial: 50000   Porta final: 50255"). O início é a porta do IP e o fim, o
`porta_final` dele, como os das colunas. Uma porta só ("Porta: 51234") não é bloco: é de `ip.PADRAO_PORTA_ROTULADA`.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from perito.chaves.ip import porta_valida

_NUMERO = r"(\d{1,5})(?![\d:]|[.,]\d)"
_QUALIFICADOR = r"(?:\s+(?:de\s+|do\s+|da\s+)?(?:origem|origen|source|p[uú]blicas?|l[oó]gicas?|alocadas?|atribu[ií]das?))"
_LIGACAO = r"\s*(?:[:=]|(?:\.\s*){3,}:?)?\s*"

#: "Portas: 50000 a 50255", "faixa de portas de origem 50000-50255", "Port range: 50000 to 50255", "Puertos 1024-2047"
PADRAO_FAIXA = re.compile(
    r"(?<![^\W_])(?:(?:faixa|bloco|range|intervalo|conjunto)\s+(?:de\s+)?)?(?:portas|ports|puertos|port\s+range)"
    rf"{_QUALIFICADOR}{{0,2}}{_LIGACAO}(?:de\s+|from\s+)?{_NUMERO}"
    # nunca "e": "portas 80 e 443" são duas portas, não um bloco
    rf"\s*(?:a|à|at[ée]|-|–|—|to|through|\.\.)\s*{_NUMERO}",
    re.IGNORECASE,
)
#: cada ponta com o seu rótulo: "Porta inicial: 50000", "Porta final 50255", "start port: 1024", "end_port=2047"
_INICIAL = r"(?:inicial|in[ií]cio|de\s+in[ií]cio|start|first|begin|min)"
_FINAL = r"(?:final|fim|de\s+fim|end|last|max)"


def _ponta(ponta: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![^\W_])(?:{ponta}[\s_]+(?:port|porta|puerto)|(?:port|porta|puerto){_QUALIFICADOR}{{0,2}}"
                      rf"[\s_]+{ponta}){_LIGACAO}{_NUMERO}", re.IGNORECASE)


PADRAO_PORTA_INICIAL = _ponta(_INICIAL)
PADRAO_PORTA_FINAL = _ponta(_FINAL)


class Faixa(NamedTuple):
    inicial: str
    final: str
    #: posição do fim da faixa no texto (o começo de quem vem depois dela na linha)
    fim: int


def _valida(inicial: str, final: str) -> bool:
    return porta_valida(inicial) and porta_valida(final) and int(inicial) <= int(final)


def na_linha(texto: str, inicio: int = 0, fim: int | None = None) -> Faixa | None:
    """A faixa escrita entre `inicio` e `fim` do texto: pela expressão única ("Portas: 50000 a 50255") ou pelos dois
    rótulos, o inicial antes do final; None sem faixa, com mais de uma, ou com o fim antes do início."""
    fim = len(texto) if fim is None else fim
    faixas = [Faixa(m.group(1), m.group(2), m.end()) for m in PADRAO_FAIXA.finditer(texto, inicio, fim)]
    if not faixas:
        inicial = list(PADRAO_PORTA_INICIAL.finditer(texto, inicio, fim))
        final = list(PADRAO_PORTA_FINAL.finditer(texto, inicio, fim))
        if len(inicial) == 1 and len(final) == 1 and inicial[0].end() <= final[0].start():
            faixas = [Faixa(inicial[0].group(1), final[0].group(1), final[0].end())]
    if len(faixas) != 1 or not _valida(faixas[0].inicial, faixas[0].final):
        return None
    return faixas[0]


def numeros(texto: str) -> set[str]:
    """As portas escritas como pontas de uma faixa no texto (o validador as aceita como portas rotuladas)."""
    achadas = {n for m in PADRAO_FAIXA.finditer(texto) if _valida(m.group(1), m.group(2)) for n in m.groups()}
    achadas |= {m.group(1) for m in PADRAO_PORTA_INICIAL.finditer(texto) if porta_valida(m.group(1))}
    return achadas | {m.group(1) for m in PADRAO_PORTA_FINAL.finditer(texto) if porta_valida(m.group(1))}
