"""Telefones em E.164 (região BR) com a biblioteca phonenumbers."""

from __future__ import annotations

import re

import phonenumbers

# +55 11 98765-4321, +5511987654321, (11) 91234-5678, 11 91234-5678
PADRAO_TELEFONE = re.compile(
    r"(?<![\w+])(?:\+55[\s.-]?)?(?:\(\d{2}\)|\d{2})[\s.-]?9?\d{4}[\s.-]?\d{4}(?!\d)"
    r"|(?<![\w+])\+\d{12,13}(?!\d)"
)


def e164(texto: str) -> str | None:
    limpo = texto.strip()
    # planilhas de operadora gravam "5511987654321", sem o "+"
    if limpo.isdigit() and limpo.startswith("55") and len(limpo) in (12, 13):
        limpo = "+" + limpo
    try:
        numero = phonenumbers.parse(limpo, "BR")
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_valid_number(numero):
        return None
    return phonenumbers.format_number(numero, phonenumbers.PhoneNumberFormat.E164)
