"""O lançamento escrito por extenso, com o meio depois do sentido: "Transferência recebida pelo Pix   JOSE ...".

É como as contas digitais escrevem o histórico. Antes só "PIX RECEBIDO ...", "TED ENVIADA - ..." e "TRANSF PIX ..."
davam a contraparte: com o histórico por extenso e o nome na coluna ao lado (sem o CPF mascarado depois), o crédito
ficava sem pagador, e a materialidade, moderada ("o registro bancário não nomeia a vítima").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores.reconhecedores import reconhecer
from tests.conftest import DATA, conclusoes_dos_textos

EXTRATO = ("BANCO EXEMPLO S.A. - EXTRATO DE CONTA CORRENTE\n"
           "Titular: MARIA OLIVEIRA LIMA CPF: 111.444.777-35 Agência: 0001 Conta: 12345-6\n"
           "Período: 01/03/2025 a 31/03/2025\n\n15 MAR\n"
           "Transferência recebida pelo Pix   JOSE PEREIRA SANTOS   +R$ 2.500,00\n"
           "Transferência enviada pelo Pix    CARLOS ALBERTO SOUZA   -R$ 2.400,00\n")
RELATO = ("BOLETIM DE OCORRÊNCIA Nº 1234/2025\nA vítima JOSE PEREIRA SANTOS relata que em 15/03/2025 transferiu via "
          "Pix R$ 2.500,00 para MARIA OLIVEIRA LIMA.\n")


def _nomes(linha: str) -> list[tuple[str, str]]:
    return [(a.dado, a.metadados["papel"]) for a in reconhecer(linha) if a.campo == "nome_titular"]


@pytest.mark.parametrize("linha, nomes", [
    ("Transferência recebida pelo Pix   JOSE PEREIRA SANTOS   +R$ 2.500,00", [("JOSE PEREIRA SANTOS", "remetente")]),
    ("Transferência enviada pelo Pix - CARLOS ALBERTO SOUZA - •••.555.666-••", [("CARLOS ALBERTO SOUZA", "destinatario")]),
    ("TRANSFERENCIA RECEBIDA VIA TED DE ANA PAULA ROCHA 300,00", [("ANA PAULA ROCHA", "remetente")]),
    ("Transferência realizada pelo Pix: Bruno Costa Lima", [("Bruno Costa Lima", "destinatario")]),
    # o meio antes do sentido, e o substantivo que diz o sentido
    ("TRANSFERENCIA ENVIADA PIX - ANA PAULA ROCHA", [("ANA PAULA ROCHA", "destinatario")]),
    ("Recebimento Pix JOSE PEREIRA SANTOS 2.500,00", [("JOSE PEREIRA SANTOS", "remetente")]),
    ("Envio de TED para Carlos Alberto Souza", [("Carlos Alberto Souza", "destinatario")]),
])
def test_o_nome_depois_do_historico_por_extenso(linha: str, nomes: list) -> None:
    assert _nomes(linha) == nomes


@pytest.mark.parametrize("linha", [
    "Transferência recebida pelo Pix",  # sem nome
    "Transferência recebida pelo Pix de R$ 2.500,00",  # a quantia não é nome
    "Transferência recebida pelo pixel MARIA SOUZA",  # outra palavra
    "Pagamento Pix QR Code",  # sem separador, só o recebimento nomeia quem vem depois
    "Recebimento Pix de R$ 2.500,00",
])
def test_armadilhas(linha: str) -> None:
    assert _nomes(linha) == []


def test_materialidade_com_a_vitima_como_pagadora(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"extrato.txt": EXTRATO, "relato.txt": RELATO}, DATA)
    [materialidade] = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert "contraparte JOSE PEREIRA SANTOS" in materialidade["afirmacao"]
    assert materialidade["grau_confianca"] == "forte"
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"
