"""Conta bancária como chave: dígito verificador, zeros à esquerda, banco COMPE ou ISPB."""

from __future__ import annotations

import pytest

from perito.chaves import conta


@pytest.mark.parametrize("escrita", ["304186", "30418-6", "0030418-6", "00304186", "30.418-6"])
def test_a_mesma_conta_com_e_sem_hifen_e_zeros_a_esquerda(escrita):
    assert conta.normalizar(escrita) == "304186"
    assert conta.comparar(escrita, "304186") == "igual"


def test_conta_sem_o_digito_separado_e_ligacao_provavel_nao_identidade():
    assert conta.corpo("30418-6") == "30418"
    assert conta.corpo("304186") is None  # sem separador não se sabe onde está o dígito
    assert conta.comparar("30418-6", "30418") == "sem_dv"
    assert conta.comparar("0030418", "30418-6") == "sem_dv"


def test_contas_diferentes_nao_casam():
    assert conta.comparar("30418-6", "30418-7") is None
    assert conta.comparar("304186", "304187") is None
    assert conta.comparar("", "304186") is None


def test_digito_verificador_x():
    assert conta.normalizar("12345-X") == "12345X"
    assert conta.comparar("012345-x", "12345X") == "igual"


def test_banco_compe_ou_ispb_e_agencia():
    assert conta.banco("1") == {"compe": "001"}
    assert conta.banco("341") == {"compe": "341"}
    assert conta.banco("00000000") == {"ispb": "00000000"}  # ISPB do Banco do Brasil: zeros não são ausência
    assert conta.banco("12345") is None
    assert conta.agencia("0001-9") == "1"
    assert conta.agencia("1207") == "1207"


def test_chave_de_juncao_iguala_as_formas_da_mesma_conta():
    assert conta.chave("989", "1207", "304186") == conta.chave("0989", "01207", "0030418-6") == "compe:989|1207|304186"
    assert conta.chave("48756102", "0032", "71552-3") == "ispb:48756102|32|715523"
