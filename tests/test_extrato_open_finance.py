"""A resposta de um banco no formato da API do Open Finance Brasil (sonda da 25ª sessão): um JSON com `brandName`,
`holder.name`, `account.number` e as `transactions` com `creditDebitType`, `transactionAmount.amount` e `partieName`.
Antes: a marca da instituição (`"brandName": "Banco Horizonte"`) era lida como o nome do titular, e a conclusão de
conta de passagem dizia "A conta de Banco Horizonte"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from perito.extratores import colunas
from tests.conftest import conclusoes_dos_textos

_TRANSACOES = [
    {"transactionId": "E0000000020250714A1", "creditDebitType": "CREDITO", "transactionName": "PIX RECEBIDO",
     "type": "PIX", "transactionAmount": {"amount": "2350.00", "currency": "BRL"},
     "transactionDateTime": "2025-07-14T18:21:07.000Z", "partieCnpjCpf": "31827451904",
     "partieName": "ANA BEATRIZ MOREIRA"},
    {"transactionId": "E0000000020250714B2", "creditDebitType": "DEBITO", "transactionName": "PIX ENVIADO",
     "type": "PIX", "transactionAmount": {"amount": "2300.00", "currency": "BRL"},
     "transactionDateTime": "2025-07-14T18:38:40.000Z", "partieCnpjCpf": "52998224725",
     "partieName": "LUCIANA FERREIRA DIAS"},
]
_RESPOSTA = {"data": {"brandName": "Banco Horizonte", "companyCnpj": "12345678000195",
                      "account": {"branchCode": "0001", "number": "4471239", "checkDigit": "8"},
                      "holder": {"name": "RAFAEL SOUZA PINTO", "cpfNumber": "08301661305"},
                      "transactions": _TRANSACOES}}
_BO = ("BOLETIM DE OCORRÊNCIA Nº 7781/2025\nVítima: ANA BEATRIZ MOREIRA, CPF 318.274.519-04.\nHistórico: em 14/07/2025 "
       "a vítima transferiu R$ 2.350,00 via Pix para RAFAEL SOUZA PINTO.\n")


@pytest.mark.parametrize(("chave", "papel"), [
    ("brandName", None), ("Marca", None), ("Nome da marca", None),
    # armadilhas: o nome de quem é titular ou contraparte continua nome
    ("holderName", "nome"), ("partieName", "nome"), ("name", "nome"), ("Nome do cliente", "nome"),
])
def test_a_marca_nao_e_nome_de_pessoa(chave: str, papel: str | None) -> None:
    assert colunas.papel(chave) == papel


def test_conta_de_passagem_do_titular_e_nao_da_marca(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {
        "resposta_openfinance.json": json.dumps(_RESPOSTA, indent=2, ensure_ascii=False), "bo.txt": _BO})
    (laranja,) = [c for c in conclusoes if c["tipo"] == "identificacao_laranja"]
    assert laranja["afirmacao"].startswith("A conta de RAFAEL SOUZA PINTO")
    assert "Horizonte" not in laranja["afirmacao"]
    (materialidade,) = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "forte"
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}
