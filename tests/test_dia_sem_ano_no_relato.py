"""O dia contado sem o ano num termo de declarações ("no dia 2 de agosto deste ano"), achado por uma sonda: sem ano,
não era data, a transferência do termo não tinha dia e a materialidade não saía. Agora o ano vem da data em que o
termo foi lavrado ("São Paulo, 05 de agosto de 2025"), citada como apoio; o validador compõe o dia com o ano pela
mesma regra, relendo as duas linhas, e não aceita outro ano.

Armadilhas: sem a data do documento, o dia fica sem ano; o termo de janeiro que conta "20 de dezembro" fala do ano
anterior; números com barra que não são dia e mês ("Ofício nº 2231/2025", "Lei 12.965/14").
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from perito.chaves import tempo_formas
from perito.validador.agente import validar
from tests.conftest import conclusoes_do_caso

_EXTRATO = """SICOOB - SISTEMA DE COOPERATIVAS DE CRÉDITO DO BRASIL
EXTRATO CONTA CORRENTE
COOPERATIVA: 3069   CONTA: 123.456-7   MARIA DA SILVA SOUZA
PERÍODO: 01/08/2025 - 31/08/2025
DATA       HISTÓRICO                                              VALOR
02/08      CRÉD.TRANSF.PIX Cp :60746948-JOSE PEREIRA LIMA         1.250,90C
"""
_TERMO = """TERMO DE DECLARAÇÕES
Declarante: JOSÉ PEREIRA LIMA, CPF 987.321.654-00.
Às perguntas respondeu: QUE no dia 2 de agosto deste ano, acreditando ser o sobrinho, fez uma transferência via Pix no valor de R$ 1.250,90. QUE somente depois percebeu o golpe.
{lavrado}
"""


def _caso(tmp_path: Path, lavrado: str) -> list[dict]:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "extrato.txt").write_text(_EXTRATO, encoding="utf-8")
    (caso / "termo.txt").write_text(_TERMO.format(lavrado=lavrado), encoding="utf-8")
    return conclusoes_do_caso(caso)


def test_o_ano_vem_da_data_em_que_o_termo_foi_lavrado(tmp_path: Path) -> None:
    conclusoes = _caso(tmp_path, "São Paulo, 05 de agosto de 2025.")
    (materialidade,) = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert "R$ 1.250,90 em 02/08/2025" in materialidade["afirmacao"]
    assert any(r["dado_citado"] == "05 de agosto de 2025" for r in materialidade["referencias"])
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"
    # o validador não aceita outro ano: a mesma conclusão dita em 2024 fica sem apoio
    errada = {**materialidade, "afirmacao": materialidade["afirmacao"].replace("02/08/2025", "02/08/2024"),
              "validacao": None}
    resultado = validar({"conclusoes": [errada], "caso_id": "t", "data_analise": "2025-12-01"}, tmp_path / "caso",
                        "2025-12-01")
    assert resultado["validacoes"][0]["veredicto_geral"] != "VERIFICADO"


def test_sem_a_data_do_documento_o_dia_fica_sem_ano(tmp_path: Path) -> None:
    assert not [c for c in _caso(tmp_path, "") if c["tipo"] == "materialidade"]


def test_o_ano_e_o_que_poe_o_dia_ate_a_data_do_documento() -> None:
    assert tempo_formas.no_ano_ate(20, 12, dt.date(2026, 1, 5)) == dt.date(2025, 12, 20)
    assert tempo_formas.no_ano_ate(2, 8, dt.date(2025, 8, 5)) == dt.date(2025, 8, 2)
    assert tempo_formas.no_ano_ate(29, 2, dt.date(2025, 3, 1)) == dt.date(2024, 2, 29)  # o último 29/02 até lá
    assert tempo_formas.no_ano_ate(31, 4, dt.date(2025, 5, 1)) is None  # 31/04 não existe

@pytest.mark.parametrize("texto", ["Ofício nº 2231/2025", "Lei 12.965/14", "no dia 2 de agosto de 2025", "02/08/2025"])
def test_numeros_com_barra_e_datas_completas_nao_sao_dia_sem_ano(texto: str) -> None:
    assert tempo_formas.dias_sem_ano(texto) == []
