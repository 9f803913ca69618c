"""Referências de conclusão montadas a partir de dados extraídos (nunca digitadas)."""

from __future__ import annotations

from typing import Any

from perito.principal.ocorrencias import Ocorrencia


def referencia(ocorrencia: Ocorrencia, dado_citado: str) -> dict[str, Any]:
    dado = ocorrencia.dado
    ref: dict[str, Any] = {
        "arquivo": dado["arquivo_fonte"],
        "pagina": dado.get("pagina"),
        "linha_ou_celula": dado["linha_ou_celula"],
        "dado_citado": dado_citado,
        "extrator_id": ocorrencia.extrator_id,
    }
    if dado.get("aba_planilha"):
        ref["aba_planilha"] = dado["aba_planilha"]
    return ref
