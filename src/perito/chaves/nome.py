"""Nomes de pessoas dobrados (acentos, caixa, espaços) para comparação."""

from __future__ import annotations

import unicodedata


def dobrar(texto: str) -> str:
    sem_acento = "".join(
        c for c in unicodedata.normalize("NFKD", texto) if not unicodedata.combining(c)
    )
    return " ".join(sem_acento.casefold().split())
