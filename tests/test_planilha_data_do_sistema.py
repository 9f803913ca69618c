"""A data que o Excel grava sem formato escolhido (a "data abreviada" do sistema, id interno 14) é a do Brasil.

O arquivo não traz o código desse formato: quem abre vê a data pelas configurações regionais, e no Brasil é
`dd/mm/aaaa`. Lida com o código dos EUA (`mm-dd-yy`), a coluna de data de um log de banco salvo pelo Excel saía
"03-15-25", o documento inteiro era lido com o mês antes do dia, e o IP ficava sem data-hora (convergência fraca).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl
import pytest

from tests.conftest import analise_com_provedor, veredicto_com_a_afirmacao_trocada

IP = "177.45.10.2"


def _log_do_excel(caminho: Path) -> None:
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.append(["Data", "Hora (BRT)", "IP", "Porta"])
    aba.append([dt.datetime(2025, 3, 15), dt.time(11, 34, 2), IP, 51234])
    aba.append([dt.datetime(2025, 3, 4), dt.time(9, 0, 0), "177.1.2.3", 40000])
    for linha in (2, 3):
        aba.cell(linha, 1).number_format = "mm-dd-yy"  # gravado como o id 14, como o Excel grava
        aba.cell(linha, 2).number_format = "h:mm:ss"
    livro.save(caminho)


@pytest.fixture(scope="module")
def caso(tmp_path_factory) -> tuple[Path, dict]:
    return analise_com_provedor(tmp_path_factory.mktemp("data_do_sistema"),
                                lambda caso: _log_do_excel(caso / "log_banco.xlsx"))


def test_data_do_sistema_lida_como_no_brasil_e_ip_converge_verificado(caso):
    _, conclusoes = caso
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert ip["grau_confianca"] == "moderado"
    assert "15/03/2025 11:34:02 BRT" in ip["afirmacao"] and "distam 12s" in ip["afirmacao"]
    citadas = {r["linha_ou_celula"]: r["dado_citado"] for r in ip["referencias"] if r["arquivo"] == "log_banco.xlsx"}
    assert citadas["celula A2"] == "15/03/2025"
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_a_data_do_sistema_nao_decide_o_mes_antes_do_dia(caso):
    """04/03/2025 (4 de março) na linha 3: lida com o mês antes do dia, seria 3 de abril."""
    from tests.conftest import dados_da_pasta

    caso_dir, _ = caso
    datas = {d["metadados"].get("data") for d in dados_da_pasta(caso_dir) if d["campo"] == "ip_acesso"}
    assert {"15/03/2025", "04/03/2025"} <= datas
    assert not any(d["metadados"].get("ordem_data") for d in dados_da_pasta(caso_dir))


def test_outro_dia_na_afirmacao_nao_e_verificado(caso):
    assert veredicto_com_a_afirmacao_trocada(*caso, "convergencia_ip", "15/03/2025 11:34:02 BRT",
                                             "03/15/2025 11:34:02 BRT") != "VERIFICADO"
