"""O caso de exemplo analisado com --inquerito e --analista: cabeçalhos, revisão e relatórios novos (issue 11)."""

from __future__ import annotations

import json

import pytest

from perito.saida.auditoria import NOME, ler, verificar
from tests.conftest import CASO_DEMO, DATA, rodar_cli

INQUERITO = "IP 2025.0001234-SP"
ANALISTA = "Ana Investigadora (mat. 4711)"


@pytest.fixture(scope="module")
def saida_demo(tmp_path_factory):
    saida = tmp_path_factory.mktemp("mesa") / "saida"
    codigo, texto = rodar_cli(
        "analisar", CASO_DEMO, "--saida", saida, "--data-analise", DATA, "--inquerito", INQUERITO, "--analista", ANALISTA
    )
    assert codigo == 0, texto
    assert INQUERITO in texto and ANALISTA in texto
    return saida


def test_inquerito_e_analista_no_manifesto_e_na_trilha(saida_demo):
    manifesto = json.loads((saida_demo / "manifesto.json").read_text(encoding="utf-8"))
    assert manifesto["inquerito"] == INQUERITO and manifesto["analista"] == ANALISTA
    assert manifesto["parametros"]["inquerito"] == INQUERITO
    entradas, problemas = ler(saida_demo / NOME)
    assert problemas == []
    inicio = next(e for e in entradas if e["acao"] == "iniciar")
    assert inicio["detalhes"]["parametros"]["analista"] == ANALISTA
    assert verificar(saida_demo) == []


def test_inquerito_com_caractere_de_controle_e_recusado(tmp_path):
    codigo, texto = rodar_cli("analisar", CASO_DEMO, "--saida", tmp_path / "s", "--inquerito", "IP\x1b[31m")
    assert codigo == 2
    assert "--inquerito inválido" in texto
