"""Conferência de argumentos antes de qualquer trabalho: argumento ruim sai com código 2 e mensagem em pt-BR."""

from __future__ import annotations

import datetime as dt
import re

from perito.erros import ErroPerito, Saida


def conferir_data(texto: str, o_que: str) -> str:
    """A data AAAA-MM-DD como escrita, se existe no calendário; senão ErroPerito (código 2)."""
    try:
        valida = re.fullmatch(r"\d{4}-\d{2}-\d{2}", texto) is not None and dt.date.fromisoformat(texto)
    except ValueError:
        valida = False
    if not valida:
        raise ErroPerito(f"{o_que} inválida: {texto!r}; use AAAA-MM-DD, uma data que existe (2025-03-20).", Saida.USO)
    return texto
