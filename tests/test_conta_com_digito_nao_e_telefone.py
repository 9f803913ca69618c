"""O número da conta de dez dígitos com o dígito verificador ("conta 1234567890-1", a conta de pagamento de uma
instituição como o Mercado Pago) era lido como o telefone (12) 3456-7890 quando o rótulo não abria o campo ("o
extrato da conta 1234567890-1, de titularidade de ...", "Agência 0001 conta 1234567890-1"): um telefone falso, que
podia cruzar com a linha de outra pessoa numa resposta de operadora, e a conta com a agência não era lida. Achado
por sonda (a carta de uma instituição de pagamento). Nenhum telefone se escreve com um dígito depois do hífen."""

from __future__ import annotations

import pytest

from perito.extratores.reconhecedores import reconhecer


def _campos(texto: str) -> list[tuple[str, str]]:
    return [(a.campo, a.dado) for a in reconhecer(texto)]


@pytest.mark.parametrize("texto", [
    "encaminhamos o extrato da conta 1234567890-1, de titularidade de RAFAEL DUARTE LIMA",
    "o crédito na conta 9876543210-X da cliente",
])
def test_numero_com_digito_verificador_nao_e_telefone(texto: str) -> None:
    assert not [c for c, _ in _campos(texto) if c == "telefone"]


def test_conta_com_agencia_e_lida_inteira() -> None:
    assert _campos("Agência 0001 conta 1234567890-1") == [("conta_bancaria", "Agência 0001 conta 1234567890-1")]


@pytest.mark.parametrize(("texto", "telefone"), [
    ("WhatsApp 11987654321 - ativo", "11987654321"),  # o hífen solto depois do número não é dígito verificador
    ("contato (11) 98765-4321", "(11) 98765-4321"),
    ("linha 1198765-4321 habilitada", "1198765-4321"),
    ("telefones 11987654321-11976543210", "11987654321"),  # dois números ligados pelo hífen
])
def test_telefone_continua_telefone(texto: str, telefone: str) -> None:
    assert ("telefone", telefone) in _campos(texto)
