"""O sinal e a natureza escritos ao lado do valor de um lançamento, nas formas dos extratos em texto.

"3.100,00 -" (o menos solto no fim da linha), "3.100,00 (-)", "3.200,00 (+)", "DB 3.100,00", "CR 3.200,00": o débito
lido como crédito fazia o repasse da conta de passagem sumir (a saída parecia uma entrada); e "DB" e "CR" entravam no
nome da contraparte ("MARCOS ALVES DB"), que já não convergia com o nome nas outras fontes.
"""

from __future__ import annotations

import pytest

from perito.chaves import dinheiro
from tests.conftest import dados_da_pasta

_CABECALHO = ("BANCO X - Extrato de conta corrente\nAgência 0001 Conta 12345-6 - Titular: RAFAELA LIMA\n"
              "Data Histórico Valor Saldo\n")


def _lancamento(pasta, linha: str) -> tuple[dict, list[str]]:
    (pasta / "extrato.txt").write_text(f"{_CABECALHO}{linha}\n", encoding="utf-8")
    dados = [d for d in dados_da_pasta(pasta) if d["linha_ou_celula"] == "linha 4"]
    [valor] = [d for d in dados if d["campo"] == "valor_transacao"]
    return valor, [d["dado"] for d in dados if d["campo"] == "nome_titular"]


@pytest.mark.parametrize(("linha", "sinal", "nome"), [
    ("10/04/2025 TRANSFERENCIA 3.100,00 -", "-", None),
    ("10/04/2025 TRANSFERENCIA 3.100,00 (-)", "-", None),
    ("10/04/2025 TRANSFERENCIA 3.200,00 (+)", "", None),
    ("10/04/2025 TED 3.100,00 DB", "-", None),
    ("10/04/2025 TED DB 3.100,00", "-", None),
    ("10/04/2025 TED CR 3.200,00", "", None),
    ("10/04/2025 PIX ENVIADO MARCOS ALVES DB 3.100,00", "-", "MARCOS ALVES"),
    ("10/04/2025 PIX RECEBIDO ANA MENDES CR 3.200,00", "", "ANA MENDES"),
    ("10/04/2025 PIX ENVIADO MARCOS ALVES DÉB. 3.100,00", "-", "MARCOS ALVES"),
])
def test_o_sinal_pela_natureza_escrita(tmp_path, linha, sinal, nome):
    valor, nomes = _lancamento(tmp_path, linha)
    assert valor["metadados"]["valor"] == f"{sinal}{'3100.00' if sinal else '3200.00'}"
    assert nomes == ([nome] if nome else [])


@pytest.mark.parametrize("linha", [
    "10/04/2025 TED 3.200,00 - DOC 123",  # o hífen que separa colunas, com texto depois: não é o sinal
    "10/04/2025 PIX CRISTIANO ALVES 3.200,00",  # "CR" no começo de uma palavra do nome não é natureza
])
def test_armadilha_sem_sinal(tmp_path, linha):
    valor, _ = _lancamento(tmp_path, linha)
    assert valor["metadados"]["valor"] == "3200.00"


def test_sinal_ao_redor_direto():
    texto = "PIX ANA MENDES CR 3.200,00"
    inicio = texto.index("3.200,00")
    assert dinheiro.sinal_ao_redor(texto, inicio, inicio + 8) == (False, "C")
