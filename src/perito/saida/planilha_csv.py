"""conclusoes.csv: uma linha por referência, para abrir em planilha sem risco de fórmula.

Toda célula que começa com =, +, -, @, tabulação, CR ou NUL ganha um apóstrofo na
frente (uma planilha executaria o resto como fórmula). O JSON guarda o texto original.
"""

from __future__ import annotations

import csv
import io
from typing import Any

PERIGOSOS = ("=", "+", "-", "@", "\t", "\r", "\x00")
COLUNAS = (
    "conclusao_id", "tipo", "grau_confianca", "veredicto_geral", "afirmacao", "arquivo", "pagina",
    "linha_ou_celula", "aba_planilha", "dado_citado", "status", "texto_encontrado", "observacao",
)


def celula_segura(valor: Any) -> str:
    texto = "" if valor is None else str(valor)
    return "'" + texto if texto.startswith(PERIGOSOS) else texto


def texto_csv(conclusoes: list[dict[str, Any]]) -> str:
    """CSV com ';' (planilhas em pt-BR) e BOM UTF-8, para o Excel reconhecer a codificação."""
    saida = io.StringIO()
    escritor = csv.writer(saida, delimiter=";", lineterminator="\r\n")
    escritor.writerow(COLUNAS)
    for conclusao in conclusoes:
        validacao = conclusao.get("validacao") or {}
        detalhes = validacao.get("detalhes") or [{} for _ in conclusao["referencias"]]
        for referencia, detalhe in zip(conclusao["referencias"], detalhes, strict=True):
            linha = {
                "conclusao_id": conclusao["id"],
                "tipo": conclusao["tipo"],
                "grau_confianca": conclusao["grau_confianca"],
                "veredicto_geral": validacao.get("veredicto_geral", ""),
                "afirmacao": conclusao["afirmacao"],
                **referencia,
                **{k: detalhe.get(k) for k in ("status", "texto_encontrado", "observacao")},
            }
            escritor.writerow([celula_segura(linha.get(coluna)) for coluna in COLUNAS])
    return "\ufeff" + saida.getvalue()
