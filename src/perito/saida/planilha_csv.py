"""conclusoes.csv (uma linha por referência) e afirmacoes.csv (uma linha por conclusão, com a afirmação),
unidos pelo id da conclusão, para abrir em planilha sem risco de fórmula.

Toda célula que começa com =, +, -, @, tabulação, CR ou NUL ganha um apóstrofo na
frente (uma planilha executaria o resto como fórmula). O JSON guarda o texto original.
A afirmação, longa, vai uma vez só por conclusão, não em cada linha de referência.
"""

from __future__ import annotations

import csv
import io
from typing import Any

PERIGOSOS = ("=", "+", "-", "@", "\t", "\r", "\x00")
COLUNAS = (
    "conclusao_id", "tipo", "grau_confianca", "veredicto_geral", "arquivo", "pagina",
    "linha_ou_celula", "aba_planilha", "dado_citado", "status", "texto_encontrado", "observacao",
)
COLUNAS_AFIRMACOES = ("conclusao_id", "tipo", "grau_confianca", "veredicto_geral", "referencias", "afirmacao")


def celula_segura(valor: Any) -> str:
    texto = "" if valor is None else str(valor)
    return "'" + texto if texto.startswith(PERIGOSOS) else texto


def texto_afirmacoes(conclusoes: list[dict[str, Any]]) -> str:
    """afirmacoes.csv: uma linha por conclusão (o id a une às linhas de conclusoes.csv)."""
    saida = io.StringIO()
    escritor = csv.writer(saida, delimiter=";", lineterminator="\r\n")
    escritor.writerow(COLUNAS_AFIRMACOES)
    for conclusao in conclusoes:
        validacao = conclusao.get("validacao") or {}
        linha = {
            "conclusao_id": conclusao["id"], "tipo": conclusao["tipo"], "grau_confianca": conclusao["grau_confianca"],
            "veredicto_geral": validacao.get("veredicto_geral", ""), "referencias": len(conclusao["referencias"]),
            "afirmacao": conclusao["afirmacao"],
        }
        escritor.writerow([celula_segura(linha.get(coluna)) for coluna in COLUNAS_AFIRMACOES])
    return "\ufeff" + saida.getvalue()


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
                **referencia,
                **{k: detalhe.get(k) for k in ("status", "texto_encontrado", "observacao")},
            }
            escritor.writerow([celula_segura(linha.get(coluna)) for coluna in COLUNAS])
    return "\ufeff" + saida.getvalue()
