"""Valores monetários em notação brasileira → centavos exatos (Decimal)."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from functools import lru_cache

# "R$ 3.500,00", "-1.234,56", "3500,00", "R$ -3.500,00"; exige vírgula decimal com 2 casas
PADRAO_VALOR = re.compile(
    r"(?<![\w.,])(?P<valor>(?:[-−]\s?)?(?:R\$\s?)?[-−]?\s?(?:\d{1,3}(?:\.\d{3})+|\d+),\d{2})(?![\d,]|\.\d)"
)


@lru_cache(maxsize=65536)  # pura, e um extrato repete os mesmos valores (saldo, tarifas) em muitas linhas
def centavos(texto: str) -> Decimal | None:
    limpo = texto.replace("R$", "").replace("−", "-").replace(" ", "").replace("\u00a0", "")
    negativo = limpo.startswith("-")
    limpo = limpo.lstrip("-").replace(".", "").replace(",", ".")
    try:
        valor = Decimal(limpo).quantize(Decimal("0.01"))
    except InvalidOperation:
        return None
    return -valor if negativo else valor
