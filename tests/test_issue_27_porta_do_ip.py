"""Issue 27: a porta escrita logo depois do IP numa linha de tabela de texto, achada sem compilar um padrão por IP.

Antes, `validador.porta` montava `re.escape(ip) + número` para cada IP citado: num caso de 950 conclusões, milhares
de padrões, além do que o cache do `re` guarda (5% da validação compilando expressões). O oráculo é a forma antiga.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from perito.validador.porta import _numero_depois

_PEDACOS = ["187.34.56.78", "187.34.56.7", "10.0.0.1", " ", "  ", "\t", "443", "51234", "123456", ".", ":", "/", "x",
            "2804:14c::1", "8", "\n"]


def _antiga(texto: str, literal: str) -> str | None:
    m = re.search(re.escape(literal) + r"\s+(\d{1,5})(?![\d.:/])", texto)
    return m.group(1) if m else None


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_PEDACOS), max_size=12).map("".join),
       st.sampled_from(["187.34.56.78", "187.34.56.7", "10.0.0.1", "2804:14c::1"]))
def test_o_mesmo_numero_que_o_padrao_de_cada_ip(texto, literal):
    assert _numero_depois(texto, literal) == _antiga(texto, literal)


def test_a_segunda_ocorrencia_quando_a_primeira_nao_tem_numero():
    # "187.34.56.7" é começo de "187.34.56.78": a primeira ocorrência é seguida de "8", não de espaço
    assert _numero_depois("187.34.56.78 abc 187.34.56.7 443", "187.34.56.7") == "443"
    assert _numero_depois("187.34.56.78  51234 bytes", "187.34.56.78") == "51234"
    assert _numero_depois("187.34.56.78 123456", "187.34.56.78") is None  # seis algarismos não são porta
