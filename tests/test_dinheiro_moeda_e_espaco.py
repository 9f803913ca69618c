"""Duas formas de escrever dinheiro achadas por uma sonda:
- o milhar separado por espaço depois da moeda ("R$ 1 200,00", com espaço comum, NBSP ou o espaço fino): o leitor
  pegava só "200,00", um valor errado em silêncio;
- o código ISO da moeda (respostas de empresas estrangeiras: "BRL 1,200.00", "BRL 1.200,00"), que não era valor.
O validador decompõe do mesmo jeito (o valor citado e o relido são o mesmo). Armadilha: sem a moeda, "Qtd 3 200,00"
continua a quantidade 3 e o valor 200,00.
"""

from __future__ import annotations

import pytest

from perito.chaves.valores import decompor
from perito.extratores.reconhecedores import reconhecer


def _valores(texto: str) -> list[tuple[str, str]]:
    return [(a.dado, a.metadados["valor"]) for a in reconhecer(texto) if a.campo == "valor_transacao"]


@pytest.mark.parametrize(("texto", "literal", "valor"), [
    ("PIX ENVIADO R$ 1 200,00", "R$ 1 200,00", "1200.00"),
    ("PIX ENVIADO R$\u00a01\u00a0200,00", "R$\u00a01\u00a0200,00", "1200.00"),
    ("Saldo bloqueado R$ 12\u202f345\u202f678,90", "R$ 12\u202f345\u202f678,90", "12345678.90"),
    ("Payment amount: BRL 1,200.00", "BRL 1,200.00", "1200.00"),
    ("Valor BRL 1.200,00", "BRL 1.200,00", "1200.00"),
    ("Amount BRL 1200.00", "BRL 1200.00", "1200.00"),
])
def test_moeda_antes_do_numero(texto: str, literal: str, valor: str) -> None:
    assert _valores(texto) == [(literal, valor)]
    assert [v.normal for v in decompor(texto) if v.tipo == "valor"] == [valor]  # o validador lê o mesmo


def test_sem_moeda_o_espaco_nao_junta_numeros() -> None:
    assert _valores("Qtd 3 200,00") == [("200,00", "200.00")]


def test_no_extrato_em_arquivo(tmp_path) -> None:
    from perito.extratores.bancario import ExtratorBancario
    from perito.leitura.leitor import ler_documento

    caminho = tmp_path / "extrato.txt"
    caminho.write_text("EXTRATO DE CONTA CORRENTE - Saldo anterior R$ 50,00\n"
                       "02/08/2025 PIX RECEBIDO JOSE PEREIRA LIMA R$ 1 250,90\n"
                       "02/08/2025 PIX ENVIADO CARLOS ALBERTO NUNES -R$ 1 200,00\n", encoding="utf-8")
    dados = ExtratorBancario().extrair(ler_documento(caminho, caminho.name, "txt")).dados
    assert [(d["dado"], d["metadados"]["valor"]) for d in dados if d["campo"] == "valor_transacao"] == [
        ("R$ 1 250,90", "1250.90"), ("-R$ 1 200,00", "-1200.00")]
