"""Sequências de dígitos (IMEI, CPF, telefone, porta) comparadas sem formatação."""

from __future__ import annotations

import re

PADRAO_DIGITOS = re.compile(r"\d[\d.\-/ ]*\d|\d")


def somente_digitos(texto: str) -> str:
    return re.sub(r"\D", "", texto)
