"""As datas e horas que os bancos de dados dos bancos exportam: o DD-MON-RR do Oracle ("15-MAR-25"), o TIMESTAMP dele
("15-MAR-25 02.33.50.000000 PM") e o do DB2 ("2025-03-15-14.33.50.123456"). Antes nenhum virava instante.

A primeira versão aceitava a hora com pontos sem fração nem AM/PM, e as variações pegaram a versão do aplicativo na
coluna ao lado da data ("05/06/2022;12.11.47") lida como hora: a armadilha está aqui."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from perito.analise import Parametros, analisar
from perito.chaves import tempo
from perito.extratores.reconhecedores import reconhecer
from tests.conftest import DATA, PROVEDOR_UTC, veredicto_com_a_afirmacao_trocada


@pytest.mark.parametrize("texto, quando", [
    ("15-MAR-25 14:33:50", (dt.date(2025, 3, 15), "14:33:50")),
    ("15-MAR-25 02.33.50.000000 PM", (dt.date(2025, 3, 15), "02.33.50.000000 PM")),
    ("15/mar/25 14:33", (dt.date(2025, 3, 15), "14:33")),
    ("2025-03-15-14.33.50.123456", (dt.date(2025, 3, 15), "14.33.50.123456")),
    ("15-MAR-25 02.33.50 PM", (dt.date(2025, 3, 15), "02.33.50 PM")),
])
def test_formas_de_banco_de_dados(texto: str, quando: tuple) -> None:
    [achado] = [a for a in reconhecer(texto) if a.campo == "data_evento"]
    assert (tempo.data(achado.metadados["data"]), achado.metadados["hora"]) == quando
    assert achado.dado == texto


def test_a_hora_com_pontos_e_am_pm() -> None:
    assert tempo.hora("02.33.50.000000 PM") == dt.time(14, 33, 50)
    assert tempo.hora("12.00.00 AM") == dt.time(0, 0, 0)
    assert tempo.hora("13.00.00 PM") is None


@pytest.mark.parametrize("texto, campos", [
    ("15/03/2025 10.20.30.40 LOGIN", [("data_evento", "15/03/2025"), ("ip_acesso", "10.20.30.40")]),  # um IP
    ("15 MAR 25 unidades", []),  # sem hífen nem barra, "25" pode ser outra coisa
    ("15/03/2025 10.000,00", [("data_evento", "15/03/2025"), ("valor_transacao", "10.000,00")]),
    # a versão do aplicativo na coluna ao lado da data: sem fração nem AM/PM, três números com pontos não são hora
    ("08/04/2024;11.20.45;SUCESSO;LOGIN", [("data_evento", "08/04/2024")]),
    ("2024-04-08 11.20.45", [("data_evento", "2024-04-08")]),
])
def test_armadilhas(texto: str, campos: list) -> None:
    assert [(a.campo, a.dado) for a in reconhecer(texto)] == campos


def test_convergencia_com_o_timestamp_do_oracle(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "log_banco.csv").write_text("Horários em horário de Brasília\nDT_HR_ACESSO;NR_IP;NR_PORTA;DS_OPERACAO\n"
                                        "15-MAR-25 11.34.02.000000 AM;177.45.10.2;51234;LOGIN\n", encoding="utf-8")
    (caso / "provedor.txt").write_text(PROVEDOR_UTC.format(porta="porta 51234 "), encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise=DATA))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert "15-MAR-25 11.34.02.000000 AM" in ip["afirmacao"] and "distam 12s" in ip["afirmacao"]
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"
    assert veredicto_com_a_afirmacao_trocada(caso, conclusoes, "convergencia_ip", "11.34.02.000000 AM",
                                             "11.36.02.000000 AM") != "VERIFICADO"
