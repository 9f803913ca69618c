"""O log de eventos do banco em NDJSON (sonda da 26ª sessão): {"event": "PIX_IN", "amount": 2350.00,
"counterparty_name": "ANA ..."}. Antes o nome do campo "counterparty_name" era lido como titular da conta (o lado dito
no nome do campo só valia nas colunas de tabela): a materialidade saía moderada ("o registro bancário não nomeia a
vítima como pagadora"); e o IP do evento "PIX_OUT" era de acesso, não da transação."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores import reconhecedores
from tests.conftest import conclusoes_dos_textos, dados_da_pasta

_EVENTOS = (
    '{"ts": "2025-07-14T18:21:09Z", "event": "PIX_IN", "amount": 2350.00, "counterparty_name": "ANA BEATRIZ MOREIRA"}\n'
    '{"ts": "2025-07-14T18:30:44Z", "event": "PIX_OUT", "amount": 2300.00, "counterparty_name": "MARCOS VINICIUS LIMA", '
    '"ip": "189.40.77.212", "port": 50140}\n')
_BO = ("BOLETIM DE OCORRÊNCIA Nº 991/2025\nVítima: ANA BEATRIZ MOREIRA, CPF 318.274.519-04\nHistórico: a vítima relata "
       "que em 14/07/2025 fez uma transferência Pix de R$ 2.350,00 a pessoa que se passou por sua sobrinha.\n")


def test_a_contraparte_do_evento_e_a_pagadora(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"eventos.ndjson": _EVENTOS, "bo.txt": _BO})
    (materialidade,) = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "forte"
    assert "contraparte ANA BEATRIZ MOREIRA" in materialidade["afirmacao"]
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}


def test_os_papeis_dos_campos_do_evento(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "eventos.ndjson").write_text(_EVENTOS, encoding="utf-8")
    dados = dados_da_pasta(caso)
    assert {d["dado"]: d["metadados"]["papel"] for d in dados if d["campo"] == "nome_titular"} == {
        "ANA BEATRIZ MOREIRA": "contraparte", "MARCOS VINICIUS LIMA": "contraparte"}
    assert [d["campo"] for d in dados if d["tipo_dado"] == "ip"] == ["ip_transacao"]


@pytest.mark.parametrize(("texto", "fala"), [
    ('"event": "PIX_OUT"', True), ("pix_transfer_in", True), ("TED_ENVIO", True),
    # armadilhas: "pixel" e o identificador "PIXEL_ID" não falam de Pix
    ("PIXEL_ID 1.2.3.4", False), ("pixel 1.2.3.4", False),
])
def test_o_codigo_de_evento_fala_de_transacao(texto: str, fala: bool) -> None:
    assert reconhecedores.fala_de_transacao(texto) is fala


@pytest.mark.parametrize(("coluna", "lado"), [
    ("counterparty_name", "contraparte"), ("Pagador", "remetente"), ("Favorecido", "destinatario"),
    # a coluna dos dois lados ("Favorecido/Pagador" do extrato em JSON das variações): a outra parte, que o sentido
    # do valor põe de um lado; antes era "remetente" em toda linha, e o débito perdia a contraparte
    ("Favorecido/Pagador", "contraparte"), ("Remetente / Destinatário", "contraparte"),
])
def test_o_lado_dito_no_nome_do_campo(coluna: str, lado: str) -> None:
    from perito.extratores.motor.comum import lado_da_coluna

    assert lado_da_coluna(coluna) == lado
