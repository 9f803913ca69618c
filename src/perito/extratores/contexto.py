"""Contexto de tabela: colunas de porta e ligação do IP à data-hora da mesma linha."""

from __future__ import annotations

import re

from perito.chaves import ip

_CABECALHO_PORTA = re.compile(r"^(porta|port|porta de origem|porta origem|source port|src port|sender port|from port)$")
_PALAVRA_PORTA = re.compile(r"\b(port|porta)\b", re.IGNORECASE)
_PALAVRA_IP = re.compile(r"\bIP\b", re.IGNORECASE)
_PORTA_APOS_IP = re.compile(r"^[ \t|;,]+(\d{1,5})(?!\S)")


def linha_anuncia_porta(texto: str) -> bool:
    """Cabeçalho de tabela de IPs com coluna de porta ("Time IP Address Port")."""
    return bool(_PALAVRA_PORTA.search(texto)) and bool(_PALAVRA_IP.search(texto))


def porta_apos(texto: str, fim_ip: int) -> str | None:
    """Número que vem logo depois do IP na mesma linha, quando a tabela tem coluna de porta."""
    m = _PORTA_APOS_IP.match(texto[fim_ip:])
    if m and ip.porta_valida(m.group(1)):
        return m.group(1)
    return None
