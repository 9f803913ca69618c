"""conclusoes.csv (uma linha por referência) e afirmacoes.csv (uma linha por conclusão, com a afirmação),
unidos pelo id da conclusão, para abrir em planilha sem risco de fórmula.

Toda célula que começa com =, +, -, @, tabulação, CR ou NUL ganha um apóstrofo na
frente (uma planilha executaria o resto como fórmula); todo campo vai entre aspas e os
caracteres de controle viram espaço. O JSON guarda o texto original.
A afirmação, longa, vai uma vez só por conclusão, não em cada linha de referência.

Ao lado do veredicto da máquina (`veredicto_geral`), `situacao_exibida` é o que o leitor vê depois
da revisão humana (`revisao.situacao_exibida`: "VERIFICADO (confirmado na revisão)",
"CONTRADITO (rejeitado na revisão)"...); em conclusoes.csv, `decisao` é a decisão vigente de
cada referência (confirmado, rejeitado, pendente ou vazio). `perito relatorio` os refaz.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any

from perito.saida import revisao

PERIGOSOS = ("=", "+", "-", "@", "\t", "\r", "\x00")
COLUNAS = (
    "conclusao_id", "tipo", "grau_confianca", "veredicto_geral", "situacao_exibida", "arquivo", "pagina",
    "linha_ou_celula", "aba_planilha", "dado_citado", "status", "decisao", "texto_encontrado", "observacao",
)
COLUNAS_AFIRMACOES = (
    "conclusao_id", "tipo", "grau_confianca", "veredicto_geral", "situacao_exibida", "referencias", "afirmacao",
)


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


def decisao_vigente(rev: dict[str, Any], item: revisao.Item) -> str:
    """A decisão humana que vale para a referência ("" sem decisão, ou com uma de outros bytes)."""
    decisao = revisao.decisao_de(rev, item) if rev.get("decisoes") else None
    return decisao["decisao"] if decisao and decisao.get("situacao") == revisao.VIGENTE else ""


def texto_afirmacoes(conclusoes: list[dict[str, Any]], rev: dict[str, Any] | None = None) -> str:
    """afirmacoes.csv: uma linha por conclusão (o id a une às linhas de conclusoes.csv)."""
    situacoes = revisao.situacoes_exibidas(conclusoes, rev or {"decisoes": []})
    linhas = [
        {"conclusao_id": c["id"], "tipo": c["tipo"], "grau_confianca": c["grau_confianca"],
         "veredicto_geral": (c.get("validacao") or {}).get("veredicto_geral", ""),
         "situacao_exibida": situacoes[int(c["id"])].rotulo, "referencias": len(c["referencias"]),
         "afirmacao": c["afirmacao"]}
        for c in conclusoes
    ]
    return texto_seguro(COLUNAS_AFIRMACOES, linhas)


def texto_csv(conclusoes: list[dict[str, Any]], rev: dict[str, Any] | None = None) -> str:
    """conclusoes.csv: uma linha por referência."""
    rev = rev or {"decisoes": []}
    situacoes = revisao.situacoes_exibidas(conclusoes, rev)
    linhas = []
    for item in revisao.itens(conclusoes):
        conclusao, validacao = item.conclusao, item.conclusao.get("validacao") or {}
        linhas.append({
            "conclusao_id": conclusao["id"], "tipo": conclusao["tipo"], "grau_confianca": conclusao["grau_confianca"],
            "veredicto_geral": validacao.get("veredicto_geral", ""),
            "situacao_exibida": situacoes[int(conclusao["id"])].rotulo, **item.referencia,
            **{k: item.detalhe.get(k) for k in ("status", "texto_encontrado", "observacao")},
            "decisao": decisao_vigente(rev, item),
        })
    return texto_seguro(COLUNAS, linhas)
