"""Identificação do caso nos relatórios: caso, inquérito e analista, lidos do manifesto."""

from __future__ import annotations

from typing import Any

from perito.saida import nomes


def cabecalho_texto(inquerito: str | None, analista: str | None, caso_id: str | None = None) -> str:
    partes = [f"Caso {caso_id}" if caso_id else "", f"Inquérito {inquerito}" if inquerito else "",
              f"Analista: {analista}" if analista else ""]
    return " — ".join(p for p in partes if p)


def onde(arquivo: str, pagina: Any, aba: Any, linha_ou_celula: str) -> str:
    """"arquivo, p. 2, aba X, linha 7": o local como os relatórios e os ofícios o escrevem."""
    partes = [arquivo]
    if pagina is not None:
        partes.append(f"p. {pagina}")
    if aba:
        partes.append(f"aba {aba}")
    partes.append(nomes.local(linha_ou_celula))  # "célula B7", com acento: texto para pessoas
    return ", ".join(partes)


def identificacao(manifesto: dict[str, Any]) -> dict[str, Any]:
    """caso_id, inquérito, analista, data da análise, matrícula e sigilo de um manifesto (os opcionais podem faltar)."""
    parametros = manifesto.get("parametros") or {}
    return {
        "caso_id": manifesto.get("caso_id"),
        "inquerito": manifesto.get("inquerito") or parametros.get("inquerito"),
        "analista": manifesto.get("analista") or parametros.get("analista"),
        "data_analise": parametros.get("data_analise"),
        "matricula": parametros.get("matricula"),
        "sigilo": bool(parametros.get("sigilo")),
    }
