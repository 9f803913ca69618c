"""A decomposição em valores (`chaves.valores.decompor`) pula as passadas que não podem casar (sem arroba não há
e-mail, sem "+" não há telefone internacional...). O oráculo é ela mesma com todas as passadas feitas."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from perito.chaves import valores

#: pedaços que montam os valores de todo tipo, e as bordas entre eles
_PEDACOS = [
    "187.34.56.78", ":51234", "2001:db8::1", "fulano@exemplo.com.br", "123e4567-e89b-12d3-a456-426614174000",
    "15/03/2025", "2025-03-15", "14:33:10", "14h32", "20250802131044", "08 de janeiro de 2025", "UTC", "-03:00",
    "BRT", "R$ 1.230,00", "R$ 1,230.00", "BRL 99.90", "1230.00", "3.500 reais", "12.345.678/0001-95",
    "529.982.247-25", "+55 11 98765-4321", "+65 11 98765-4321", "(11) 93456-7890", "356938035643809", "40011",
    "PIX", "Sat Aug 02 10:10:44 BRT 2025", " ", " ", ";", "-", "/", ".", "h", "@", "+", "R$", "às 14:20:05 de 18/09/2025",
    # o IPv6 sem "::" (os oito grupos), com zona e entre colchetes; grupos soltos que quase formam um; a quantia redonda
    # com "reais" em toda caixa e com a letra que o padrão sem caixa iguala a "i"
    "2001:0db8:0000:0000:0000:ff00:0042:8329", "fe80::1%eth0", "[2804:14c::1]:443", "a:b:c:d:e:f:1:", "1:2:3:4:5:6:7",
    ":", "3.500 REAIS", "200 rea\u0130s", "R$3500", "-R$ 3.300", "BRL", "reais",
]


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(_PEDACOS), max_size=10).map("".join))
def test_com_e_sem_gatilhos_a_mesma_decomposicao(texto):
    valores._decompor.cache_clear()
    com = valores.decompor(texto)
    valores._decompor.cache_clear()
    valores._COM_GATILHOS = False
    try:
        sem = valores.decompor(texto)
    finally:
        valores._COM_GATILHOS = True
        valores._decompor.cache_clear()
    assert com == sem


def test_os_gatilhos_pulam_de_fato(monkeypatch):
    """Sem a arroba, a passada do e-mail nem roda: trocada por um padrão que casa com qualquer "x", nada muda."""
    import re

    monkeypatch.setattr(valores.email, "PADRAO", re.compile("x"))
    valores._decompor.cache_clear()
    try:
        assert [v.tipo for v in valores.decompor("taxa fixa")] == ["palavra", "palavra"]
        valores._COM_GATILHOS = False
        valores._decompor.cache_clear()
        assert "chave" in [v.tipo for v in valores.decompor("taxa fixa")]
    finally:
        valores._COM_GATILHOS = True
        valores._decompor.cache_clear()
