"""Issue 27: os atalhos da extração (condição necessária antes de um padrão caro, resultado guardado por texto) dão
sempre o mesmo que o caminho lento que substituem.

Cada teste compara o atalho com o padrão original em todas as linhas e células dos casos de exemplo e das variantes
(`test_gatilhos._linhas`) e em milhares de textos sorteados de pedaços que ficam no limite de cada padrão.
"""

from __future__ import annotations

import random

import pytest

from perito.chaves import mascara
from tests.test_gatilhos import LIMITES, _linhas


@pytest.fixture(scope="module")
def linhas():
    return _linhas()


def _sorteados(pedacos: list[str], quantos: int, semente: int) -> list[str]:
    """Textos de 1 a 6 pedaços, colados ou separados por espaço, com um caractere trocado às vezes."""
    sorteio = random.Random(semente)
    textos = []
    for _ in range(quantos):
        partes = [sorteio.choice(pedacos) for _ in range(sorteio.randint(1, 6))]
        texto = "".join(p + sorteio.choice(("", " ", "  ", " - ", ";", "|")) for p in partes)
        if texto and sorteio.random() < 0.5:
            i = sorteio.randrange(len(texto))
            texto = texto[:i] + sorteio.choice("0123456789*•●·xX#.,-_ +eAa¢") + texto[i + 1:]
        textos.append(texto)
    return textos


_PEDACOS_DE_MASCARA = [
    "***.456.789-**", "•••.456.789-••", "XXX.456.789-XX", "xxx.123.456-xx", "###.046.285-##", "●●●.111.222-●●",
    "···.333.444-··", "***.***.***-**", "123.***.789-**", "+ee.080.779-c0", "¢¢**.197.837-*¢", "¢e¢.214.776-+¢",
    "*tk 456.789-+*", "ee 456,789_+", "AG.123.456-7X", "111.444.777-35", "111444777-35", "12.345.678/0001-90",
    "PIX RECEBIDO - MARIA OLIVEIRA LIMA", "CPF", "1.000,00", "5315,19", "01/03/2025 00:00:00", "Cliente:", "123.456.",
    "***.456.", "456.789-", "456,789_", "x", "X", "*", "-", ".", "_", "9", "99", "999",
]


def test_casamentos_da_mascara_sao_os_do_padrao(linhas):
    textos = [*LIMITES, *linhas, *_PEDACOS_DE_MASCARA, *_sorteados(_PEDACOS_DE_MASCARA, 20_000, 27)]
    com_mascara = 0
    for texto in textos:
        lento = tuple((m.start(), m.group(0)) for m in mascara.PADRAO_CPF_MASCARADO.finditer(texto))
        assert mascara.casamentos(texto) == lento, texto
        # a condição é necessária: nenhum texto com máscara é recusado por ela
        assert mascara._POSSIVEL.search(texto) is not None or not lento, texto
        com_mascara += bool(lento)
    assert com_mascara > 1000  # a comparação diz algo: muitos textos têm máscara

