"""A tabela de regras do README ("Cruzamento (agente principal)"), tirada do código.

Cada módulo de regra declara `DESCRICAO`: o que a regra compara e como gradua, numa linha
de tabela. Esta função as junta na ordem de `agente.REGRAS`; `scripts/tabela_regras.py`
imprime ou regrava a tabela no README, e um teste falha se os dois divergirem.
"""

from __future__ import annotations

import sys

from perito.principal.agente import REGRAS

CABECALHO = "| tipo | regra e grau |\n|---|---|\n"
#: marcadores da tabela no README (o texto entre eles é regravado por `scripts/tabela_regras.py --escrever`)
INICIO = "<!-- tabela de regras: gerada por scripts/tabela_regras.py a partir de DESCRICAO de cada regra -->"
FIM = "<!-- fim da tabela de regras -->"

#: texto de quem ainda não declarou `DESCRICAO` no próprio módulo (provisório: some quando o módulo declarar)
PROVISORIAS = {
    "vinculo_financeiro": (
        "débito num extrato e crédito noutro: mesmo valor, mesmo dia e contrapartes que se reconhecem (as duas, forte; "
        "uma, moderado); lista os repasses seguintes da conta recebedora com os intervalos"
    ),
    "identificacao_laranja": (
        "na conta que recebeu da vítima: repasse de 80% ou mais em até 2 h, abertura há menos de um mês, três ou mais "
        "pagadores, repasses ao titular da linha usada no golpe; três indícios forte, dois moderado, um fraco"
    ),
    "materialidade": (
        "valor e data relatados pela vítima num crédito de extrato; forte quando o histórico nomeia a vítima como "
        "pagadora, moderado sem"
    ),
}


def descricoes() -> list[tuple[str, str]]:
    """(tipo, descrição) de cada regra, na ordem em que o principal lista as conclusões."""
    linhas = []
    for tipo, regra in REGRAS:
        modulo = sys.modules[regra.__module__]
        texto = getattr(modulo, "DESCRICAO", None) or PROVISORIAS.get(tipo)
        if not texto:
            raise ValueError(f"a regra {tipo} ({regra.__module__}) não declara DESCRICAO")
        linhas.append((tipo, " ".join(texto.split())))
    return linhas


def tabela() -> str:
    """A tabela em Markdown, uma linha por regra."""
    barra = "\\|"  # uma barra vertical no texto não pode abrir uma coluna
    return CABECALHO + "".join(f"| `{tipo}` | {texto.replace('|', barra)} |\n" for tipo, texto in descricoes())


def no_readme(texto: str) -> str:
    """A tabela que está no README, entre os marcadores."""
    if INICIO not in texto or FIM not in texto:
        raise ValueError("README.md sem os marcadores da tabela de regras")
    return texto.split(INICIO, 1)[1].split(FIM, 1)[0].strip("\n") + "\n"


def readme_com_tabela(texto: str) -> str:
    """O README com a tabela entre os marcadores trocada pela do código."""
    antes, resto = texto.split(INICIO, 1)
    depois = resto.split(FIM, 1)[1]
    return f"{antes}{INICIO}\n\n{tabela()}\n{FIM}{depois}"
