"""A quantia em milhares no relato ("R$ 2 mil", "R$ 1,5 mil"), achada por sonda: o boletim que conta "transferiu R$ 2
mil" não tinha valor, e a materialidade do crédito de 2.000,00 no extrato não saía. "R$ 2 mil e 500" continua sem
leitura (o resto ficaria de fora), e o validador lê a mesma forma por conta própria.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.chaves.valores import decompor
from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_do_caso


@pytest.mark.parametrize("texto, valor", [
    ("transferiu R$ 2 mil via Pix", "2000.00"), ("transferiu R$ 1,5 mil", "1500.00"), ("R$10 mil reais", "10000.00"),
    ("R$ 2,75 mil", "2750.00"),
])
def test_em_milhares(texto: str, valor: str) -> None:
    assert [a.metadados["valor"] for a in reconhecer(texto) if a.campo == "valor_transacao"] == [valor]
    assert [v.normal for v in decompor(texto) if v.tipo == "valor"] == [valor]


@pytest.mark.parametrize("texto", [
    "transferiu R$ 2 mil e 500 via Pix", "R$ 2 mil e quinhentos", "R$ 3 milhões", "a empresa tem capital de R$ 50 mil",
    "2 mil reais",  # sem a moeda, "mil" fica de fora, como antes
    "cerca de R$ 3,5 mil", "o prejuízo passa de R$ 50 mil", "perdeu aproximadamente R$ 2 mil",  # aproximadas
])
def test_armadilhas(texto: str) -> None:
    assert not [a for a in reconhecer(texto) if a.campo == "valor_transacao"]


EXTRATO = ("BANCO EXEMPLO S.A. - EXTRATO DE CONTA CORRENTE\nTitular: MARIA OLIVEIRA LIMA  CPF: 111.444.777-35\n"
           "Data       Histórico                               Valor\n"
           "15/03/2025 PIX RECEBIDO JOSE PEREIRA SANTOS          {valor} C\n")
BO = ("BOLETIM DE OCORRÊNCIA Nº 1234/2025\nVítima: JOSE PEREIRA SANTOS\n"
      "Histórico: A vítima relata que no dia 15/03/2025 transferiu R$ 2 mil via Pix para um golpista.\n")


@pytest.mark.parametrize("credito, materialidade", [("2.000,00", True), ("2.000,50", False)])
def test_materialidade(tmp_path: Path, credito: str, materialidade: bool) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "extrato.txt").write_text(EXTRATO.format(valor=credito), encoding="utf-8")
    (caso / "bo.txt").write_text(BO, encoding="utf-8")
    achadas = [c for c in conclusoes_do_caso(caso) if c["tipo"] == "materialidade"]
    assert bool(achadas) is materialidade
    if achadas:
        assert "R$ 2 mil" in achadas[0]["afirmacao"] and achadas[0]["validacao"]["veredicto_geral"] == "VERIFICADO"
