"""Modelos de aparelho: código do fabricante e nome comercial conhecido.

Só os mapeamentos conferidos entram aqui; um código fora da tabela continua
comparável pela forma normalizada, sem nome comercial.
"""

from __future__ import annotations

import re

NOMES_COMERCIAIS = {
    "SM-A546E": "Samsung Galaxy A54 5G",
    "SM-A546B": "Samsung Galaxy A54 5G",
    "SM-A346E": "Samsung Galaxy A34 5G",
    "SM-A146M": "Samsung Galaxy A14 5G",
    "SM-S911B": "Samsung Galaxy S23",
    "SM-G991B": "Samsung Galaxy S21 5G",
}


def nome_comercial(modelo_normalizado: str) -> str | None:
    return NOMES_COMERCIAIS.get(re.sub(r"\s", "", modelo_normalizado.upper()))
