"""A regra do veredicto geral de uma conclusão (seção 4 do contrato), num lugar só: o validador a aplica aos status
da máquina e a revisão aos status depois das decisões humanas, sem que as saídas importem o validador."""

from __future__ import annotations


def veredicto_geral(status: list[str]) -> str:
    """Qualquer CONTRADITO → CONTRADITO; todos VERIFICADO → VERIFICADO; senão (ou sem referência) AMBIGUO."""
    if "CONTRADITO" in status:
        return "CONTRADITO"
    if status and all(s == "VERIFICADO" for s in status):
        return "VERIFICADO"
    return "AMBIGUO"
