"""O cabeçalho do extrato com o nome do titular sozinho numa linha, junto da linha da agência e da conta (sonda da 23ª
sessão, o extrato do Itaú: "agência: 1500  conta: 23456-7" / "JULIANA COSTA RAMOS"). Antes, só o CPF na linha de baixo
fazia do nome sozinho o titular; com a conta, a conta de passagem ficava "de titular não declarado" e o nome dito no
boletim não convergia com ninguém."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import dados_da_pasta

_LANCAMENTOS = ("data        lançamentos                          valor (R$)      saldo (R$)\n"
                "12/07/2025  SALDO ANTERIOR                                            75,30\n"
                "14/07/2025  PIX TRANSF ANA BEA14/07               2.350,00\n"
                "14/07/2025  PIX TRANSF LUCIANA14/07               2.300,00-         125,30\n")


def _titulares(tmp_path: Path, cabecalho: str) -> list[str]:
    pasta = tmp_path / "caso"
    pasta.mkdir()
    (pasta / "extrato.txt").write_text(cabecalho + "\n" + _LANCAMENTOS, encoding="utf-8")
    return [d["dado"] for d in dados_da_pasta(pasta) if d["campo"] == "nome_titular"
            and d["metadados"].get("papel") == "titular"]


@pytest.mark.parametrize("cabecalho", [
    "Itaú Unibanco S.A.\nextrato de conta corrente\nagência: 1500  conta: 23456-7\nJULIANA COSTA RAMOS\n",  # abaixo
    "extrato de conta corrente\nJULIANA COSTA RAMOS\nAgência 1500 Conta 23456-7\n",  # acima
])
def test_o_nome_junto_da_conta_e_o_titular(tmp_path: Path, cabecalho: str) -> None:
    assert _titulares(tmp_path, cabecalho) == ["JULIANA COSTA RAMOS"]


@pytest.mark.parametrize("cabecalho", [
    "ITAÚ UNIBANCO S.A.\nAgência 1500 Conta 23456-7\n",  # o timbre do banco acima da conta
    "BANCO DIGITAL DO BRASIL\nAgência 1500 Conta 23456-7\n",
    "Agência 1500 Conta 23456-7\nEXTRATO DE CONTA CORRENTE\n",  # o título, não um nome
    # a conta escrita num lançamento, e o nome na linha de baixo: a contraparte dele, não o titular
    "Agência 9999 Conta 11111-1\n14/07/2025  TED RECEBIDA Ag 1500 Conta 23456-7  2.350,00\nJULIANA COSTA RAMOS\n",
])
def test_armadilhas(tmp_path: Path, cabecalho: str) -> None:
    assert _titulares(tmp_path, cabecalho) == []


def test_a_conta_de_passagem_tem_o_titular(tmp_path: Path) -> None:
    from tests.conftest import conclusoes_do_caso

    pasta = tmp_path / "caso"
    pasta.mkdir()
    (pasta / "bo.txt").write_text(
        "BOLETIM DE OCORRÊNCIA Nº 1200/2025\nVítima: ANA BEATRIZ MOREIRA, CPF 526.018.159-06.\n"
        "Em 14/07/2025 a vítima transferiu R$ 2.350,00 via Pix para JULIANA COSTA RAMOS.\n", encoding="utf-8")
    (pasta / "extrato.txt").write_text("Itaú Unibanco S.A.\nagência: 1500  conta: 23456-7\nJULIANA COSTA RAMOS\n\n"
                                        + _LANCAMENTOS, encoding="utf-8")
    conclusoes = conclusoes_do_caso(pasta)
    laranja = next(c for c in conclusoes if c["tipo"] == "identificacao_laranja")
    assert laranja["afirmacao"].startswith("A conta de JULIANA COSTA RAMOS (extrato.txt)")
    nome = next(c for c in conclusoes if c["tipo"] == "convergencia_nome" and "JULIANA" in c["afirmacao"])
    assert nome["validacao"]["veredicto_geral"] == "VERIFICADO"
