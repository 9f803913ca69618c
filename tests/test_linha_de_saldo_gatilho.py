"""A linha de saldo ou de total de um extrato ("SALDO ANTERIOR", "S A L D O", "Balance", "TOTAL DO PERÍODO") só é
procurada no texto que começa pela letra do padrão (`extratores.linha_de_resumo.resumo`, usada por
`motor.tabela._linha_de_saldo` em cada célula); o oráculo é o padrão tentado em todo texto."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from perito.extratores import linha_de_resumo
from perito.extratores.motor import tabela

_PEDACOS = ["SALDO", "saldo", "Saldo anterior", "S A L D O", "BALANCE", "balance", "ſaldo", "ſALDO", " ", "\t", "\u00a0",
            "\u2003", "\x1c", "\n", "1.234,56", "PIX", "D", "C", "SALDOS", "BALANCETE", "x", "", "TOTAL", "total do ",
            "Total:", "SUBTOTAL", "ſubtotal", "TOTAIS", "TOTALPASS", " GERAL", "SOMA", "Resumo", "R$ 10,00"]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.lists(st.sampled_from(_PEDACOS), max_size=4).map("".join), max_size=6).map(tuple))
def test_mesmo_resultado_que_o_padrao_em_toda_celula(celulas):
    assert tabela._linha_de_saldo(celulas) == any(linha_de_resumo._RESUMO.match(c) for c in celulas)


def test_o_s_longo_e_os_espacos_unicode_contam():
    assert tabela._linha_de_saldo(("01/03", "\u00a0ſaldo do dia", "10,00"))
    assert tabela._linha_de_saldo(("\u2003Balance",))
    assert tabela._linha_de_saldo(("", "\u00a0Total do período", "2.890,00"))
    assert not tabela._linha_de_saldo(("BALANCETE", "01/03"))
    assert not tabela._linha_de_saldo(("13/06/2025", "TOTALPASS ACADEMIA", "99,90"))
