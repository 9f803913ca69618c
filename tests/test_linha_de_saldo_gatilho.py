"""A linha de saldo de uma tabela ("SALDO ANTERIOR", "S A L D O", "Balance") só é procurada nas células que começam
pela letra do padrão (`motor.tabela._linha_de_saldo`); o oráculo é o padrão tentado em toda célula."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from perito.extratores.motor import tabela

_PEDACOS = ["SALDO", "saldo", "Saldo anterior", "S A L D O", "BALANCE", "balance", "ſaldo", "ſALDO", " ", "\t", "\u00a0",
            "\u2003", "\x1c", "\n", "1.234,56", "PIX", "D", "C", "SALDOS", "BALANCETE", "x", ""]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.lists(st.sampled_from(_PEDACOS), max_size=4).map("".join), max_size=6).map(tuple))
def test_mesmo_resultado_que_o_padrao_em_toda_celula(celulas):
    assert tabela._linha_de_saldo(celulas) == any(tabela._CELULA_DE_SALDO.match(c) for c in celulas)


def test_o_s_longo_e_os_espacos_unicode_contam():
    assert tabela._linha_de_saldo(("01/03", "\u00a0ſaldo do dia", "10,00"))
    assert tabela._linha_de_saldo(("\u2003Balance",))
    assert not tabela._linha_de_saldo(("BALANCETE", "01/03"))
