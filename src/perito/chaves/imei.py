"""IMEI: 14 dígitos de corpo (TAC + série) e dígito de Luhn."""

from __future__ import annotations

import re

from stdnum import imei as _imei

PADRAO_IMEI_ROTULADO = re.compile(r"\bIMEI(?:SV)?\b\s*(?:n[º°o.]*\s*)?:?\s*(?P<imei>\d(?:[\s-]?\d){13,15})(?!\d)", re.IGNORECASE)
PADRAO_IMEI_SOLTO = re.compile(r"(?<!\d)\d{15}(?!\d)")


def corpo(texto: str) -> str | None:
    digitos = re.sub(r"\D", "", texto)
    if len(digitos) in (14, 15, 16):
        return digitos[:14]
    return None


def luhn_valido(texto: str) -> bool:
    digitos = re.sub(r"\D", "", texto)
    return len(digitos) == 15 and _imei.is_valid(digitos)
