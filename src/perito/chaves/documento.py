"""CPF e CNPJ com dígitos verificadores (python-stdnum)."""

from __future__ import annotations

import re

from stdnum.br import cnpj as _cnpj
from stdnum.br import cpf as _cpf

PADRAO_CPF = re.compile(r"(?<![\d.])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\d-])")
PADRAO_CPF_ROTULADO = re.compile(r"\bCPF\b\s*(?:n[º°o.]*\s*)?:?\s*(?P<cpf>\d{11})(?!\d)", re.IGNORECASE)
PADRAO_CNPJ = re.compile(r"(?<![\d.])\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}(?![\d-])")


def cpf_valido(texto: str) -> bool:
    return _cpf.is_valid(texto)


def cnpj_valido(texto: str) -> bool:
    return _cnpj.is_valid(texto)
