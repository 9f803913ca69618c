"""A vítima conta o nome do recebedor como o Pix lho mostrou, abreviado ("RAFAEL D LIMA"), e o extrato dela escreve o
nome inteiro no débito ("RAFAEL DUARTE LIMA"). Achado por sonda: `outra_pessoa` comparava as palavras do primeiro nome
com as do segundo quando os dois tinham o mesmo número de palavras, e "DUARTE" não é o começo de "D": o débito
"pagava outra pessoa" e a materialidade pelo lado de quem pagou não saía. A ordem dos argumentos não decide mais."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from perito.analise import Parametros, analisar
from perito.principal.identidades import Pessoa, outra_pessoa
from tests.conftest import BO_DA_HELENA


@pytest.mark.parametrize(("a", "b", "outra"), [
    ("rafael duarte lima", "rafael d lima", False),
    ("jose carlos da silva", "jose c silva", False),
    ("rafael d lima", "rafael souza lima", True),  # a inicial não é o começo da palavra do outro nome
    ("ana souza", "bruno souza", True),
])
def test_outra_pessoa_nao_depende_da_ordem(a: str, b: str, outra: bool) -> None:
    assert outra_pessoa(Pessoa(a, None), Pessoa(b, None)) is outra
    assert outra_pessoa(Pessoa(b, None), Pessoa(a, None)) is outra


_BOLETIM = BO_DA_HELENA


def _extrato(recebedor: str) -> str:
    return ("BANCO DO BRASIL S.A.\nExtrato de Conta Corrente\nCliente: HELENA MARQUES COSTA\n"
            "Agência: 3344-1   Conta corrente: 10987-2\nPeríodo: 01/07/2025 a 31/07/2025\n\n"
            "Dt. balancete  Histórico                                   Documento        Valor R$\n"
            "10/07/2025     Saldo Anterior                                                 5.210,00 C\n"
            "14/07/2025     Pix - Enviado                               071410           2.350,00 D\n"
            f"               14/07 10:32 {recebedor}\n"
            "31/07/2025     S A L D O                                                      2.860,00 C\n")


@pytest.mark.parametrize(("recebedor", "debitada"), [("RAFAEL DUARTE LIMA", True), ("RAFAEL SOUZA LIMA", False)])
def test_o_debito_da_vitima_com_o_recebedor_abreviado_no_relato(tmp_path: Path, recebedor: str, debitada: bool) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "boletim.txt").write_text(_BOLETIM, encoding="utf-8")
    (caso / "extrato_vitima.txt").write_text(_extrato(recebedor), encoding="utf-8")
    saida = tmp_path / "saida"
    analisar(Parametros(caso, saida, data_analise="2025-09-01"))
    conclusoes = json.loads((saida / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    materialidades = [c for c in conclusoes if c["tipo"] == "materialidade"]
    if debitada:
        (materialidade,) = materialidades
        assert "está debitada no extrato de quem pagou" in materialidade["afirmacao"]
        assert "o débito nomeia quem a vítima diz ter pago" in materialidade["afirmacao"]
        assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"
    else:
        assert materialidades == []  # o débito paga outra pessoa que não a do relato
