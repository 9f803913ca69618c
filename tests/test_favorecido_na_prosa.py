"""Quem recebeu, na prosa de um relato, achado por sonda: "transferiu R$ 2.500,00 para MARIA OLIVEIRA LIMA", "em favor
de ...", "para a conta de ...", "fez um Pix para o Sr. ..." não davam nome nenhum (só "favorecida MARIA ..." dava). O
"para" só conta depois da quantia, do meio ou de um verbo de pagamento.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_do_caso


def _favorecidos(texto: str) -> list[str]:
    return [a.dado for a in reconhecer(texto) if a.campo == "nome_titular" and a.metadados.get("papel") == "favorecido"]


@pytest.mark.parametrize("texto, nome", [
    ("A vítima transferiu via Pix R$ 2.500,00 para MARIA OLIVEIRA LIMA em 15/03/2025.", "MARIA OLIVEIRA LIMA"),
    ("transferiu R$ 2.500,00 em favor de MARIA OLIVEIRA LIMA", "MARIA OLIVEIRA LIMA"),
    ("transferiu R$ 2.500,00 para a conta de MARIA OLIVEIRA LIMA, no Banco X", "MARIA OLIVEIRA LIMA"),
    ("A vítima fez um Pix para o Sr. JOÃO CARLOS SILVA no valor de R$ 300,00.", "JOÃO CARLOS SILVA"),
    ("depositou para Maria Oliveira Lima em 15/03/2025", "Maria Oliveira Lima"),
    # a preposição "a" depois da quantia ou do meio (sonda da 23ª sessão: o nome não era lido)
    ("a vítima pagou R$ 2.350,00 por Pix a RAFAEL SOUZA PINTO pela compra", "RAFAEL SOUZA PINTO"),
    ("A VÍTIMA TRANSFERIU A QUANTIA DE R$ 2.350,00 A RAFAEL SOUZA PINTO", "RAFAEL SOUZA PINTO"),
    ("fez um Pix ao Sr. JOÃO CARLOS SILVA", "JOÃO CARLOS SILVA"),
    ("transferiu R$ 500,00 à Maria Oliveira Lima", "Maria Oliveira Lima"),
    ("transferiu R$ 300,00 via TED à conta de MARIA OLIVEIRA LIMA", "MARIA OLIVEIRA LIMA"),
])
def test_quem_recebeu_na_frase(texto: str, nome: str) -> None:
    assert _favorecidos(texto) == [nome]


@pytest.mark.parametrize("texto", [
    "O inquérito foi encaminhado para a DELEGACIA DE POLÍCIA DE SANTOS.",  # "para" sem pagamento
    "Ele enviou mensagem para JOÃO CARLOS SILVA pedindo dinheiro.",
    "A vítima transferiu R$ 2.500,00 para a conta do BANCO DO BRASIL.",  # o banco não é quem recebeu
    "Transferiu R$ 2.500,00 para a chave (11) 91234-0000.",
    # o "a" depois do verbo sozinho, ou antes da quantia e do modo
    "PAGOU A FATURA DO CARTÃO DE CRÉDITO",
    "PAGOU R$ 500,00 A TÍTULO DE SINAL",
    "FEZ UM PIX A PEDIDO DE JOAO CARLOS SILVA",
    "A VÍTIMA PAGOU R$ 300,00 À VISTA NA LOJA",
])
def test_armadilhas(texto: str) -> None:
    assert _favorecidos(texto) == []


def test_o_repasse_de_quem_recebeu_nao_e_materialidade(tmp_path: Path) -> None:
    # o extrato de outra conta mostra um crédito de mesmo valor e dia pago por quem recebeu da vítima (MARIA), não
    # pela vítima: é o repasse, e só se sabe disso com o nome de quem recebeu tirado do relato
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "boletim.txt").write_text(
        "BOLETIM DE OCORRÊNCIA Nº 4411/2025\nVítima: JOSÉ PEREIRA LIMA\n"
        "Histórico: Em 02/08/2025 a vítima transferiu via Pix R$ 1.250,90 para MARIA DA SILVA SOUZA.\n", encoding="utf-8")
    (caso / "extrato.txt").write_text(
        "BANCO EXEMPLO S.A. - EXTRATO DE CONTA CORRENTE\nTitular: CARLOS ALBERTO NUNES  CPF: 321.654.987-00\n"
        "Data       Histórico                               Valor\n"
        "02/08/2025 PIX RECEBIDO MARIA DA SILVA SOUZA        1.250,90 C\n", encoding="utf-8")
    assert not [c for c in conclusoes_do_caso(caso) if c["tipo"] == "materialidade"]
