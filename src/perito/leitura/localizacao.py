"""Localizações do contrato ("linha 23", "celula B7"): formatação e interpretação.

Código único para leitores, extratores e validador.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_LINHA = re.compile(r"^\s*linha\s+(\d+)\s*$", re.IGNORECASE)
_CELULA = re.compile(r"^\s*c[ée]lula\s+([A-Za-z]{1,3})(\d+)\s*$", re.IGNORECASE)


def linha(numero: int) -> str:
    return f"linha {numero}"


def celula(coluna: str, linha_planilha: int) -> str:
    return f"celula {coluna}{linha_planilha}"


@dataclass(frozen=True)
class Local:
    tipo: str  # "linha" ou "celula"
    numero: int  # número da linha (linha N) ou da linha da planilha (celula B7)
    coluna: str | None = None

    @property
    def texto(self) -> str:
        return linha(self.numero) if self.tipo == "linha" else celula(self.coluna or "", self.numero)


def interpretar(linha_ou_celula: str) -> Local | None:
    """Lê "linha 23" ou "celula B7" (aceita "célula"); None se não for um dos dois."""
    if m := _LINHA.match(linha_ou_celula):
        return Local("linha", int(m.group(1)))
    if m := _CELULA.match(linha_ou_celula):
        return Local("celula", int(m.group(2)), m.group(1).upper())
    return None
