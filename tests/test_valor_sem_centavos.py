"""A quantia redonda, sem centavos, como a vítima a escreve no relato ("R$ 3.500", "3.500 reais", "R$3500") e como
algumas exportações a escrevem na coluna de valor ("-R$ 3.300"): é dinheiro, e o validador a relê do mesmo jeito.

Armadilhas: "R$ 50 mil" não é R$ 50,00; a quantia aproximada em milhares ("cerca de R$ 3,5 mil", "passa de R$ 50
mil") não é valor de transferência (a exata, "transferiu R$ 2 mil", é: `test_valor_em_mil.py`); um ano, um CEP ou uma
porta sem moeda nem "reais" continuam números.
"""

from __future__ import annotations

import pytest

from perito.chaves.valores import decompor
from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_do_caso, pdf_de_linhas


def _valores(texto: str) -> list[tuple[str, str]]:
    return [(a.dado, a.metadados["valor"]) for a in reconhecer(texto) if a.campo == "valor_transacao"]


@pytest.mark.parametrize(("texto", "esperado"), [
    ("a vítima fez um Pix de R$ 3.500 para a conta", [("R$ 3.500", "3500.00")]),
    ("enviou R$3500 às 11h36", [("R$3500", "3500.00")]),
    ("transferiu 3.500 reais em 15/03/2025", [("3.500 reais", "3500.00")]),
    ("15/03/2025;Pix enviado;-R$ 3.300", [("-R$ 3.300", "-3300.00")]),
    ("R$ 3.500,00", [("R$ 3.500,00", "3500.00")]),
])
def test_quantia_redonda_e_valor_e_o_validador_a_rele(texto, esperado):
    assert _valores(texto) == esperado
    citado = [v.normal for v in decompor(esperado[0][0]) if v.tipo == "valor"]
    assert citado == [esperado[0][1].lstrip("-")]


@pytest.mark.parametrize("texto", ["o prejuízo passa de R$ 50 mil", "cerca de R$ 3,5 mil", "CEP 01310-100, em 2025",
                                   "porta 51234 e ano 2025"])
def test_armadilhas_nao_sao_valor(texto):
    assert _valores(texto) == []


def test_relato_com_reais_por_extenso_faz_materialidade_verificada(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    pdf_de_linhas(caso / "extrato.pdf", [
        "BANCO EXEMPLO S.A. - Extrato de conta corrente",
        "Cliente: MARIA OLIVEIRA LIMA CPF: 111.444.777-35",
        "Banco: 989 Agência: 0001 Conta: 12345-6",
        "Data Hora Histórico Documento Valor Saldo",
        "15/03/2025 11:36:40 PIX RECEBIDO - JOSE CARLOS DA SILVA 815366 3.500,00 3.630,00",
    ])
    (caso / "boletim.txt").write_text(
        "POLÍCIA CIVIL DO ESTADO DE SÃO PAULO\nBoletim de Ocorrência nº 1234/2025\n"
        "Vítima: JOSÉ CARLOS DA SILVA, CPF 529.982.247-25\n"
        "Histórico: a vítima enviou um PIX de 3.500 reais em 15/03/2025 às 11h36 para MARIA OLIVEIRA LIMA.\n",
        encoding="utf-8")
    materialidade = next(c for c in conclusoes_do_caso(caso) if c["tipo"] == "materialidade")
    assert "3.500 reais" in materialidade["afirmacao"]
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"
