"""Localizações do contrato ("linha 23", "celula B7", "paragrafo 3", "nome da aba"): formatação e interpretação.

Código único para leitores, extratores e validador.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_LINHA = re.compile(r"^\s*linha\s+(\d+)\s*$", re.IGNORECASE)
_CELULA = re.compile(r"^\s*c[ée]lula\s+([A-Za-z]{1,3})(\d+)\s*$", re.IGNORECASE)
_PARAGRAFO = re.compile(r"^\s*par[áa]grafo\s+(\d+)\s*$", re.IGNORECASE)
_TABELA = re.compile(r"^\s*tabela\s+(\d+)\s+linha\s+(\d+)\s*$", re.IGNORECASE)
_NOME_DA_ABA = re.compile(r"^\s*nome\s+da\s+aba\s*$", re.IGNORECASE)

#: o nome de uma aba de planilha, com `aba_planilha`: o contexto que a planilha diz só ali ("Acessos (UTC)")
NOME_DA_ABA = "nome da aba"


def linha(numero: int) -> str:
    return f"linha {numero}"


def celula(coluna: str, linha_planilha: int) -> str:
    return f"celula {coluna}{linha_planilha}"


def paragrafo(numero: int) -> str:
    return f"paragrafo {numero}"


def linha_de_tabela(tabela: int, linha_tabela: int) -> str:
    return f"tabela {tabela} linha {linha_tabela}"


@dataclass(frozen=True)
class Local:
    tipo: str  # "linha", "celula", "paragrafo", "tabela" ou "nome_da_aba"
    numero: int  # linha N, linha da planilha (celula B7), parágrafo N, ou linha da tabela
    coluna: str | None = None
    tabela: int | None = None

    @property
    def texto(self) -> str:
        if self.tipo == "celula":
            return celula(self.coluna or "", self.numero)
        if self.tipo == "paragrafo":
            return paragrafo(self.numero)
        if self.tipo == "tabela":
            return linha_de_tabela(self.tabela or 0, self.numero)
        if self.tipo == "nome_da_aba":
            return NOME_DA_ABA
        return linha(self.numero)


def interpretar(linha_ou_celula: str) -> Local | None:
    """Lê "linha 23", "celula B7" (aceita "célula"), "paragrafo 3" ou "tabela 1 linha 2"; None se nenhum."""
    if m := _LINHA.match(linha_ou_celula):
        return Local("linha", int(m.group(1)))
    if m := _CELULA.match(linha_ou_celula):
        return Local("celula", int(m.group(2)), m.group(1).upper())
    if m := _PARAGRAFO.match(linha_ou_celula):
        return Local("paragrafo", int(m.group(1)))
    if m := _TABELA.match(linha_ou_celula):
        return Local("tabela", int(m.group(2)), tabela=int(m.group(1)))
    if _NOME_DA_ABA.match(linha_ou_celula):
        return Local("nome_da_aba", 0)
    return None
