"""A tabela de regras do README ("Cruzamento (agente principal)"), tirada do código.

Cada módulo de regra declara `DESCRICAO = (o que compara, quando é forte, quando é moderado)`;
o resto do que a regra conclui é fraco. Esta função as junta na ordem de `agente.REGRAS`;
`scripts/tabela_regras.py` imprime ou regrava a tabela no README, e um teste falha se os dois
divergirem.
"""

from __future__ import annotations

import sys

from perito.principal.agente import REGRAS

CABECALHO = "| tipo | o que compara | forte | moderado |\n|---|---|---|---|\n"
#: marcadores da tabela no README (o texto entre eles é regravado por `scripts/tabela_regras.py --escrever`)
INICIO = "<!-- tabela de regras: gerada por scripts/tabela_regras.py a partir de DESCRICAO de cada regra -->"
FIM = "<!-- fim da tabela de regras -->"


def descricoes() -> list[tuple[str, tuple[str, str, str]]]:
    """(tipo, (o que compara, forte, moderado)) de cada regra, na ordem em que o principal lista as conclusões."""
    linhas = []
    for tipo, regra in REGRAS:
        descricao = getattr(sys.modules[regra.__module__], "DESCRICAO", None)
        if not (isinstance(descricao, tuple) and len(descricao) == 3 and all(descricao)):
            raise ValueError(f"a regra {tipo} ({regra.__module__}) não declara DESCRICAO = (compara, forte, moderado)")
        linhas.append((tipo, tuple(" ".join(parte.split()) for parte in descricao)))
    return linhas  # type: ignore[return-value]


def tabela() -> str:
    """A tabela em Markdown, uma linha por regra."""
    barra = "\\|"  # uma barra vertical no texto não pode abrir uma coluna
    return CABECALHO + "".join(
        f"| `{tipo}` | " + " | ".join(parte.replace("|", barra) for parte in partes) + " |\n"
        for tipo, partes in descricoes()
    )


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
