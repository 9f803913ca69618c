"""Lançamento com o dia e o nome do mês, sem o ano ("15/mar", "15 MAR", "02 de jan"): o ano vem do período.

Os extratos em PDF e texto de vários bancos escrevem a data assim. Antes só "15/03" ganhava o ano do período; "15/mar"
ficava sem data, e o crédito da vítima não casava com o relato (a materialidade sumia).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from perito.analise import Parametros, analisar
from perito.chaves.tempo_formas import dias_sem_ano
from tests.conftest import DATA, dados_da_pasta, veredicto_com_a_afirmacao_trocada

CABECALHO = ("BANCO EXEMPLO S.A. - EXTRATO DE CONTA CORRENTE\n"
             "Titular: MARIA OLIVEIRA LIMA CPF: 111.444.777-35 Agência: 0001 Conta: 12345-6\n")
LANCAMENTOS = ("Data     Histórico                                   Valor\n"
               "15/mar   PIX RECEBIDO JOSE PEREIRA SANTOS            2.500,00 C\n"
               "15/mar   PIX ENVIADO CARLOS ALBERTO SOUZA            2.400,00 D\n")
RELATO = ("BOLETIM DE OCORRÊNCIA Nº 1234/2025\nA vítima JOSE PEREIRA SANTOS relata que em 15/03/2025 transferiu via "
          "Pix R$ 2.500,00 para MARIA OLIVEIRA LIMA.\n")


@pytest.mark.parametrize("texto, dias", [
    ("15/mar   PIX", [("15/mar", 15, 3)]), ("15 MAR PIX", [("15 MAR", 15, 3)]), ("3-Jan x", [("3-Jan", 3, 1)]),
    ("15 DEZ. TED", [("15 DEZ.", 15, 12)]), ("15 MAR 14:20 PIX", [("15 MAR", 15, 3)]),
    ("15 DE MARÇO PIX", [("15 DE MARÇO", 15, 3)]), ("15/03 PIX", [("15/03", 15, 3)]),
    # com o ano não é dia sem ano; palavra que começa com o nome do mês não é mês
    ("15/mar/2025 x", []), ("15 mar 2025 x", []), ("15-mar-2025", []), ("15 MARÇO DE 2025", []), ("15/marcos", []),
    ("O Mar de 15 mares", []),
])
def test_dias_sem_ano(texto: str, dias: list) -> None:
    assert [(texto[a:b], d, m) for a, b, d, m in dias_sem_ano(texto)] == dias


def _datas(pasta: Path, texto: str) -> list[tuple[str, str | None]]:
    (pasta / "extrato.txt").write_text(texto, encoding="utf-8")
    return [(d["metadados"]["data"], d["metadados"].get("data_escrita")) for d in dados_da_pasta(pasta)
            if d["campo"] == "data_evento" and "data_escrita" in d["metadados"]]


def test_o_ano_do_periodo(tmp_path: Path) -> None:
    assert _datas(tmp_path, CABECALHO + "Período: 01/03/2025 a 31/03/2025\n" + LANCAMENTOS) == [
        ("15/03/2025", "15/mar"), ("15/03/2025", "15/mar")]


def test_periodo_que_atravessa_o_ano_e_formas_do_nome(tmp_path: Path) -> None:
    texto = (CABECALHO + "Período: 01/12/2024 a 31/01/2025\n"
             "28 DEZ   PIX RECEBIDO JOSE PEREIRA SANTOS   100,00 C\n"
             "02 de jan. PIX ENVIADO CARLOS ALBERTO SOUZA   90,00 D\n"
             "3-Jan    TED ENVIADA CARLOS ALBERTO SOUZA   10,00 D\n")
    assert _datas(tmp_path, texto) == [("28/12/2024", "28 DEZ"), ("02/01/2025", "02 de jan."), ("03/01/2025", "3-Jan")]


def test_armadilha_sem_periodo_nao_ha_ano(tmp_path: Path) -> None:
    assert _datas(tmp_path, CABECALHO + LANCAMENTOS) == []


def test_armadilha_palavra_que_comeca_com_o_nome_do_mes(tmp_path: Path) -> None:
    texto = CABECALHO + "Período: 01/03/2025 a 31/03/2025\n15 marcos de referência  2.500,00 C\n"
    assert _datas(tmp_path, texto) == []


def test_materialidade_com_a_data_do_extrato(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "extrato.txt").write_text(CABECALHO + "Período: 01/03/2025 a 31/03/2025\n" + LANCAMENTOS, encoding="utf-8")
    (caso / "relato.txt").write_text(RELATO, encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise=DATA))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))
    [materialidade] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "materialidade"]
    assert "2.500,00 em 15/mar" in materialidade["afirmacao"] and materialidade["grau_confianca"] == "forte"
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"
    # armadilha: outro dia na afirmação não passa
    assert veredicto_com_a_afirmacao_trocada(caso, conclusoes, "materialidade", "2.500,00 em 15/mar",
                                             "2.500,00 em 16/mar") != "VERIFICADO"
