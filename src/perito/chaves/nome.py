"""Nomes de pessoas dobrados (acentos, caixa, espaços) para comparação."""

from __future__ import annotations

import unicodedata


def dobrar(texto: str) -> str:
    if texto.isascii():
        # o mesmo resultado, sem percorrer caractere a caractere: em ASCII o NFKD não muda nada, não há marca
        # combinante e casefold é lower (a maior parte das linhas de um log; o validador e as citações dobram muito)
        return " ".join(texto.lower().split())
    sem_acento = "".join(
        c for c in unicodedata.normalize("NFKD", texto) if not unicodedata.combining(c)
    )
    return " ".join(sem_acento.casefold().split())
