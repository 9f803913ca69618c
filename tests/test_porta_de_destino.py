"""A porta do outro lado da conexão, achada por sonda: num log "IP Destino | Porta Destino | IP Origem | Porta Origem"
o IP de quem acessou levava a porta do serviço (443), da primeira coluna de porta, e a convergência com o log do banco
(porta 51234) caía para fraco, "portas diferentes"; o validador aceitava a porta 443 citada para ele. A coluna de porta
do destino ou do servidor não é a de quem acessou (a "remote_port" de um servidor é: remoto é quem chegou).
"""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

from perito.analise import Parametros, analisar
from perito.extratores.colunas import papel
from tests.conftest import DATA, dados_da_pasta, status_com_a_citacao_trocada

CABECALHO = ["Data/Hora", "IP Destino", "Porta Destino", "IP Origem", "Porta Origem"]
LINHAS = [["2025-03-15 14:33:50", "157.240.1.35", "443", "177.45.10.2", "51234"],
          ["2025-03-16 09:10:00", "157.240.1.35", "443", "189.20.30.40", "40000"]]
LOG_DO_BANCO = ("Log de acessos - Banco Exemplo S.A. - internet banking\nHorário de Brasília\nData;Hora;IP;Porta;Canal\n"
                "15/03/2025;11:34:02;177.45.10.2;51234;APP\n15/03/2025;12:00:00;201.2.3.4;30000;APP\n")


@pytest.mark.parametrize("nome, esperado", [
    ("Porta Destino", None), ("dst_port", None), ("Server Port", None), ("Porta do servidor", None),
    ("Porta Origem", "porta"), ("remote_port", "porta"), ("Porta", "porta"), ("Porta final", "porta_final"),
])
def test_papel_da_coluna_de_porta(nome: str, esperado: str | None) -> None:
    assert papel(nome) == esperado


def _portas(pasta: Path) -> dict[str, str | None]:
    return {d["dado"]: d["metadados"].get("porta") for d in dados_da_pasta(pasta)
            if d["tipo_dado"] == "ip" and d["campo"] != "outro"}


def test_csv_e_planilha(tmp_path: Path) -> None:
    csv = tmp_path / "csv"
    csv.mkdir()
    (csv / "log.csv").write_text("Horários em UTC\n" + "\n".join(";".join(x) for x in [CABECALHO, *LINHAS]) + "\n",
                                 encoding="utf-8")
    assert _portas(csv) == {"177.45.10.2": "51234", "189.20.30.40": "40000"}
    xlsx = tmp_path / "xlsx"
    xlsx.mkdir()
    livro = openpyxl.Workbook()
    for linha in [CABECALHO, *LINHAS]:
        livro.active.append(linha)
    livro.save(xlsx / "log.xlsx")
    assert _portas(xlsx) == {"177.45.10.2": "51234", "189.20.30.40": "40000"}


def test_convergencia_e_a_porta_do_servico_citada(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "conexoes.csv").write_text(
        "Registros de conexão - horários em UTC\n" + "\n".join(";".join(x) for x in [CABECALHO, *LINHAS]) + "\n",
        encoding="utf-8")
    (caso / "log_banco.csv").write_text(LOG_DO_BANCO, encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise=DATA))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert "porta 51234" in ip["afirmacao"] and "mesma porta de origem" in ip["afirmacao"]
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"
    # a armadilha: a porta do serviço citada para o IP de quem acessou é contradita
    assert status_com_a_citacao_trocada(caso, conclusoes, ip, "conexoes.csv", "177.45.10.2 | 51234",
                                        "177.45.10.2 | 443") == ["CONTRADITO"]
