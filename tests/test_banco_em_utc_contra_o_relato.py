"""O extrato que escreve a hora em UTC (a API do Open Finance: "2025-07-14T18:21:07.000Z") e só o CPF da outra parte
("partieCnpjCpf", sem nome), contra o relato que conta a hora local (vigésima primeira sessão, caso inteiro c1).

Antes: o crédito de R$ 2.350,00 às 18:21 UTC (15:21 em Brasília) ficava "longe" das 15h20 do relato, porque os dois
relógios eram comparados como escritos (3 h), e não havia materialidade; com a hora certa, ficava moderada, porque o
pagador, sem nome, não era contraparte. Agora o relógio UTC do banco se compara com o relato nos fusos do Brasil
(UTC−2 a UTC−5, inclusive o dia local de uma hora UTC depois da meia-noite), e o CPF sozinho da outra parte é a
contraparte (nunca o do próprio titular). Armadilhas: um crédito UTC longe da hora contada em qualquer fuso do Brasil
não é a transferência relatada; o CPF do titular na linha não é pagador.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import conclusoes_dos_textos

BO = ("POLÍCIA CIVIL - BOLETIM DE OCORRÊNCIA 4471/2025\nComunicante/vítima: ANA BEATRIZ MOREIRA, CPF 526.018.159-06.\n"
      "Histórico: a vítima relata que no dia {dia}, por volta das {hora}, realizou transferência via Pix de R$ 2.350,00\n"
      "para a chave pagamentos.rapidos@gmail.com, que apareceu em nome de RAFAEL S P.\n")


def _transacao(instante: str, cpf: str, tipo: str = "CREDITO", valor: str = "2350.00") -> dict:
    return {"transactionId": f"TX{instante}", "creditDebitType": tipo, "transactionName": "PIX", "type": "PIX",
            "transactionAmount": {"amount": valor, "currency": "BRL"}, "transactionDateTime": instante,
            "partieCnpjCpf": cpf, "partiePersonType": "PESSOA_NATURAL", "partieCompeCode": "341"}


def _json(*transacoes: dict) -> str:
    return json.dumps({"instituicao": "BANCO DIGITAL ÔMEGA S.A.",
                       "cliente": {"nome": "RAFAEL SOUZA PINTO", "cpf": "083.016.613-05"},
                       "conta": {"branchCode": "0001", "number": "4471239", "checkDigit": "8"},
                       "data": list(transacoes)}, indent=2, ensure_ascii=False)


def _materialidades(tmp_path: Path, dia: str, hora: str, *transacoes: dict) -> list[dict]:
    conclusoes = conclusoes_dos_textos(tmp_path, {"bo.txt": BO.format(dia=dia, hora=hora),
                                                  "banco_transacoes.json": _json(*transacoes)})
    return [c for c in conclusoes if c["tipo"] == "materialidade"]


def test_credito_em_utc_pago_pelo_cpf_da_vitima_e_materialidade_forte(tmp_path: Path) -> None:
    [conclusao] = _materialidades(tmp_path, "14/07/2025", "15h20", _transacao("2025-07-14T18:21:07.000Z", "52601815906"))
    assert conclusao["grau_confianca"] == "forte"
    assert "o pagador no registro bancário é a vítima (CPF igual)" in conclusao["afirmacao"]
    assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO"
    assert any(r["dado_citado"] == "52601815906" for r in conclusao["referencias"])


def test_hora_utc_depois_da_meia_noite_e_o_dia_anterior_no_brasil(tmp_path: Path) -> None:
    # 01:31 UTC do dia 15 são 22:31 do dia 14 em Brasília: o dia que a vítima conta
    [conclusao] = _materialidades(tmp_path, "14/07/2025", "22h30", _transacao("2025-07-15T01:31:00.000Z", "52601815906"))
    assert conclusao["grau_confianca"] == "forte"


def test_credito_utc_longe_da_hora_contada_nao_e_a_transferencia(tmp_path: Path) -> None:
    # 10:00 UTC são 05:00 a 08:00 nos fusos do Brasil: longe das 15h20
    assert _materialidades(tmp_path, "14/07/2025", "15h20", _transacao("2025-07-14T10:00:00.000Z", "52601815906")) == []


def test_cpf_do_proprio_titular_na_linha_nao_e_pagador(tmp_path: Path) -> None:
    # a transferência entre contas do próprio titular: o CPF dele na linha não é a vítima nem outro pagador
    [conclusao] = _materialidades(tmp_path, "14/07/2025", "15h20", _transacao("2025-07-14T18:21:07.000Z", "08301661305"))
    assert conclusao["grau_confianca"] == "moderado"
    assert "contraparte" not in conclusao["afirmacao"]
