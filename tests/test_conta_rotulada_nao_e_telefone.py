"""O número de uma conta de instituição de pagamento, rotulado e sem agência ("Conta: 1234567890 (conta de
pagamento)", na resposta do Mercado Pago de uma sonda), era lido como telefone (+55 12 3456-7890): ligava o titular à
linha de outra pessoa. O rótulo da conta, no começo do campo, diz que os algarismos são a conta."""

from __future__ import annotations

import pytest

from perito.extratores.reconhecedores import reconhecer


def _telefones(texto: str) -> list[str]:
    return [a.dado for a in reconhecer(texto) if a.campo == "telefone"]


@pytest.mark.parametrize("texto", [
    "Conta: 1234567890 (conta de pagamento)",
    "Número da conta: 9876543210",
    "Conta nº 1234567890",
    "Conta corrente: 12345678901",
    "Conta;1234567890",
    "Titular: RAFAEL SOUZA PINTO  Conta: 1234567890",
    "Account number: 1234567890",
])
def test_conta_rotulada_nao_e_telefone(texto: str) -> None:
    assert _telefones(texto) == []


def test_com_a_agencia_e_a_conta_bancaria() -> None:
    achados = reconhecer("Ag. 0001 C/C 1234567890")
    assert [a.campo for a in achados] == ["conta_bancaria"]


@pytest.mark.parametrize("texto, numero", [
    ("Telefone da conta: 11987654321", "11987654321"),  # o rótulo é do telefone; "conta" é o resto dele
    ("Contato: 11987654321", "11987654321"),
    ("Conta: +55 11 98765-4321", "+55 11 98765-4321"),  # formatado como telefone, é telefone
])
def test_armadilhas(texto: str, numero: str) -> None:
    assert _telefones(texto) == [numero]
