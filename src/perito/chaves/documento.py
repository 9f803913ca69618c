"""CPF e CNPJ com dígitos verificadores (python-stdnum)."""

from __future__ import annotations

import re

from stdnum.br import cnpj as _cnpj
from stdnum.br import cpf as _cpf

PADRAO_CPF = re.compile(r"(?<![\d.])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\d-])")
PADRAO_CPF_ROTULADO = re.compile(r"\bCPF\b\)?\s*(?:n[º°o.]*\s*)?:?\s*(?P<cpf>\d{11})(?!\d)", re.IGNORECASE)
#: 11 dígitos rotulados como documento da pessoa ("Documento do titular: ...", "Tax ID: ..."): pode ser CPF, mas
#: também CNH ou outro registro de 11 dígitos; só vale como CPF com os dígitos verificadores certos
PADRAO_CPF_DOCUMENTO = re.compile(
    r"\b(?:documento(?:\s+d[oa]\s+(?:titular|cliente|assinante|usu[áa]rio))?|tax\s+id|taxpayer\s+id"
    r"|n[úu]mero\s+(?:de|do)\s+documento)\s*(?:\([^)]*\))?\s*(?:n[º°o.]*\s*)?[:\-–]?\s*(?P<cpf>\d{11})(?!\d)",
    re.IGNORECASE,
)
PADRAO_CNPJ = re.compile(r"(?<![\d.])\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}(?![\d-])")


def cpf_valido(texto: str) -> bool:
    return _cpf.is_valid(texto)


def cnpj_valido(texto: str) -> bool:
    return _cnpj.is_valid(texto)
