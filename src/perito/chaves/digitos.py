"""Sequências de dígitos (IMEI, CPF, telefone, porta) comparadas sem formatação."""

from __future__ import annotations

import re


def somente_digitos(texto: str) -> str:
    return re.sub(r"\D", "", texto)

#: sequências de dígitos a partir deste tamanho são identificadores (CPF, IMEI, telefone)
MINIMO_IDENTIFICADOR = 8
