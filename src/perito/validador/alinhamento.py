"""Correspondência entre as linhas de duas leituras da mesma página, pelo conteúdo.

Duas bibliotecas (PDFium e pdfplumber, html.parser e lxml) numeram linhas de modo
diferente (uma junta o que a outra separa, espaços mudam), então a linha N de uma
não é a linha N da outra. Alinha-se primeiro linha a linha (texto sem espaços);
onde as linhas não batem, caractere a caractere só dentro do bloco divergente, o
que mantém o custo baixo. Vale nos dois sentidos (principal → segunda).
"""

from __future__ import annotations

from difflib import SequenceMatcher
from functools import lru_cache
from typing import Sequence

#: acima disto (caracteres sem espaço num bloco divergente) não se alinha caractere a caractere
MAXIMO_CARACTERES = 40_000


def correspondentes(linhas1: tuple[str, ...], linhas2: tuple[str, ...], indices: tuple[int, ...]) -> tuple[range, range]:
    """(linhas da segunda leitura que correspondem às `indices` da principal, bloco divergente onde procurar perto).

    Índices 0-based. O primeiro intervalo pode ser vazio quando nada da linha tem par.
    """
    destinos: set[int] = set()
    inicio_bloco, fim_bloco = len(linhas2), 0
    for tag, i1, i2, j1, j2 in _opcodes(linhas1, linhas2):
        alvo = [i for i in indices if i1 <= i < i2]
        if not alvo:
            continue
        if tag == "equal":
            destinos.update(j1 + i - i1 for i in alvo)
            inicio_bloco, fim_bloco = min(inicio_bloco, j1 + alvo[0] - i1), max(fim_bloco, j1 + alvo[-1] - i1 + 1)
            continue
        # uma linha de margem de cada lado: junções e quebras costumam tocar a vizinha
        b1, b2 = max(0, j1 - 1), min(len(linhas2), j2 + 1)
        destinos.update(_por_caracteres(linhas1, i1, i2, linhas2, b1, b2, frozenset(alvo)))
        inicio_bloco, fim_bloco = min(inicio_bloco, b1), max(fim_bloco, b2)
    if not destinos:
        return range(0), range(inicio_bloco, max(inicio_bloco, fim_bloco))
    return range(min(destinos), max(destinos) + 1), range(min(inicio_bloco, min(destinos)), max(fim_bloco, max(destinos) + 1))


def chave(linha: str) -> str:
    return "".join(linha.split())


@lru_cache(maxsize=64)
def _opcodes(linhas1: tuple[str, ...], linhas2: tuple[str, ...]) -> Sequence[tuple[str, int, int, int, int]]:
    return SequenceMatcher(None, [chave(x) for x in linhas1], [chave(x) for x in linhas2], autojunk=False).get_opcodes()


def _por_caracteres(
    linhas1: tuple[str, ...], a1: int, a2: int, linhas2: tuple[str, ...], b1: int, b2: int, alvo: frozenset[int]
) -> set[int]:
    texto1, dono1 = _com_donos(linhas1, a1, a2)
    texto2, dono2 = _com_donos(linhas2, b1, b2)
    if not texto1 or not texto2 or len(texto1) + len(texto2) > MAXIMO_CARACTERES:
        return set()
    destinos: set[int] = set()
    for bloco in SequenceMatcher(None, texto1, texto2, autojunk=False).get_matching_blocks():
        for k in range(bloco.size):
            if dono1[bloco.a + k] in alvo:
                destinos.add(dono2[bloco.b + k])
    return destinos


def _com_donos(linhas: tuple[str, ...], inicio: int, fim: int) -> tuple[str, list[int]]:
    partes, donos = [], []
    for indice in range(inicio, fim):
        texto = chave(linhas[indice])
        partes.append(texto)
        donos.extend([indice] * len(texto))
    return "".join(partes), donos
