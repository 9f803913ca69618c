"""A linha de resumo de um extrato: o saldo e os totais do período, nunca um lançamento.

"SALDO ANTERIOR", "SALDO FINAL", "TOTAL DO PERÍODO", "Total de créditos", "Subtotal", "SOMA": o valor dela é a soma
ou o saldo, e, contado como lançamento, repetia o crédito da vítima no mesmo dia (o total de um dia com um lançamento
só é igual a ele) e dava ao golpista um débito de 52,10 que ninguém fez. Só a linha (ou a célula de descrição) que
começa pelo resumo: "PAGAMENTO TOTAL FATURA" é um lançamento, e "TOTAL" seguido de outra palavra (o posto "TOTAL
ENERGIES") também.
"""

from __future__ import annotations

import re

_RESUMO = re.compile(
    r"\s*(?:(?:SALDO|S\sA\sL\sD\sO|BALANCE)\b"
    # "TOTAL DO PERÍODO", "TOTAL GERAL", "Total:", "TOTAL 2.890,00", "TOTAL" sozinho; "SUBTOTAL", "TOTAIS"
    r"|(?:SUB\s*)?TOTA(?:L|IS)(?=\s*$|\s*[:=]|\s+(?:D[OAE]S?|GERAL|NO|EM|PARCIAL|ACUMULADO)\b|\s+[-(R$\d])"
    r"|SOMA\b|RESUMO\b)",
    re.IGNORECASE)
#: a primeira letra de cada resumo, em qualquer caixa ("ſ" é um "s" para o padrão sem caixa): numa tabela de 200 mil
#: linhas, quase nenhuma célula começa por uma delas
_INICIOS = frozenset("sSbBtTrRſ")


def resumo(texto: str) -> bool:
    """O texto (a linha, ou a célula de descrição) começa por um saldo ou total."""
    return texto.lstrip()[:1] in _INICIOS and _RESUMO.match(texto) is not None
