"""conclusoes.csv (uma linha por referência) e afirmacoes.csv (uma linha por conclusão, com a afirmação),
unidos pelo id da conclusão, para abrir em planilha sem risco de fórmula.

Toda célula que começa com =, +, -, @, tabulação, CR ou NUL ganha um apóstrofo na
frente (uma planilha executaria o resto como fórmula); todo campo vai entre aspas e os
caracteres de controle viram espaço. O JSON guarda o texto original.
A afirmação, longa, vai uma vez só por conclusão, não em cada linha de referência.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any

PERIGOSOS = ("=", "+", "-", "@", "\t", "\r", "\x00")
COLUNAS = (
    "conclusao_id", "tipo", "grau_confianca", "veredicto_geral", "arquivo", "pagina",
    "linha_ou_celula", "aba_planilha", "dado_citado", "status", "texto_encontrado", "observacao",
)
COLUNAS_AFIRMACOES = ("conclusao_id", "tipo", "grau_confianca", "veredicto_geral", "referencias", "afirmacao")


#: caracteres de controle (C0 menos a quebra de linha, DEL e C1): ESC, VT, SOH de um documento hostil não chegam ao
#: terminal nem à planilha de quem abre o CSV
_CONTROLE = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")


#: um início de fórmula logo depois de vírgula ou ponto e vírgula: a planilha que divide o arquivo por vírgula
#: ignora as aspas no meio de um campo de ';' e faria dali uma célula nova
_FORMULA_DEPOIS_DE_SEPARADOR = re.compile(r"([,;])(?=[=+\-@])")


def celula_segura(valor: Any) -> str:
    texto = "" if valor is None else str(valor)
    if texto.startswith(PERIGOSOS):
        texto = "'" + texto
    return _FORMULA_DEPOIS_DE_SEPARADOR.sub(r"\1'", _CONTROLE.sub(" ", texto))


def texto_seguro(colunas: tuple[str, ...], linhas: list[dict[str, Any]]) -> str:
    """CSV com ';' (planilhas em pt-BR), BOM UTF-8 (o Excel reconhece a codificação) e células neutralizadas."""
    saida = io.StringIO()
    # todo campo entre aspas: um texto com vírgula ("X,=cmd|' /C calc'!A0") não vira célula nova, nem fórmula,
    # numa planilha que divide por vírgula
    escritor = csv.writer(saida, delimiter=";", lineterminator="\r\n", quoting=csv.QUOTE_ALL)
    escritor.writerow(colunas)
    for linha in linhas:
        escritor.writerow([celula_segura(linha.get(coluna)) for coluna in colunas])
    return "\ufeff" + saida.getvalue()


def texto_afirmacoes(conclusoes: list[dict[str, Any]]) -> str:
    """afirmacoes.csv: uma linha por conclusão (o id a une às linhas de conclusoes.csv)."""
    linhas = [
        {"conclusao_id": c["id"], "tipo": c["tipo"], "grau_confianca": c["grau_confianca"],
         "veredicto_geral": (c.get("validacao") or {}).get("veredicto_geral", ""), "referencias": len(c["referencias"]),
         "afirmacao": c["afirmacao"]}
        for c in conclusoes
    ]
    return texto_seguro(COLUNAS_AFIRMACOES, linhas)


def texto_csv(conclusoes: list[dict[str, Any]]) -> str:
    """conclusoes.csv: uma linha por referência."""
    linhas = []
    for conclusao in conclusoes:
        validacao = conclusao.get("validacao") or {}
        detalhes = validacao.get("detalhes") or [{} for _ in conclusao["referencias"]]
        for referencia, detalhe in zip(conclusao["referencias"], detalhes, strict=True):
            linhas.append({
                "conclusao_id": conclusao["id"], "tipo": conclusao["tipo"], "grau_confianca": conclusao["grau_confianca"],
                "veredicto_geral": validacao.get("veredicto_geral", ""), **referencia,
                **{k: detalhe.get(k) for k in ("status", "texto_encontrado", "observacao")},
            })
    return texto_seguro(COLUNAS, linhas)
