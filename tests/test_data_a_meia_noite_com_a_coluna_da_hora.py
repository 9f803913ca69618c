"""A coluna Data gravada como data-hora à meia-noite ao lado da coluna Hora (sonda da vigésima segunda sessão).

Numa planilha, a célula de data do Excel mostra "2025-07-14 00:00:00" e a coluna Hora diz "15:40:02": o acesso ficava
à meia-noite (15h40 antes do certo), porque a data já trazia uma hora. Num CSV com duas linhas assim, a meia-noite
virava "só o dia" e a coluna Hora não entrava: nenhum instante. A meia-noite da célula de data é o formato dela; a
hora é a da coluna. Armadilha: a data-hora com outra hora na própria célula fica com a dela.
"""

from __future__ import annotations

import datetime as dt

import openpyxl

from tests.conftest import dados_da_pasta


def _instantes(pasta) -> dict[str, str | None]:
    return {d["dado"]: d["metadados"].get("instante_utc") for d in dados_da_pasta(pasta) if d["tipo_dado"] == "ip"}


def test_planilha(tmp_path):
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.title = "Acessos"
    aba.append(["Registros de acesso - horário de Brasília"])
    aba.append(["Data", "Hora", "IP", "Porta"])
    aba.append([dt.datetime(2025, 7, 14, 0, 0), dt.time(15, 40, 2), "177.45.10.3", 51235])
    aba.append([dt.date(2025, 7, 14), dt.time(15, 19, 30), "177.45.10.2", 51234])
    aba.append([dt.datetime(2025, 7, 14, 9, 5), dt.time(15, 50, 0), "177.45.10.4", 51236])
    livro.save(tmp_path / "acessos.xlsx")
    assert _instantes(tmp_path) == {"177.45.10.3": "2025-07-14T18:40:02Z", "177.45.10.2": "2025-07-14T18:19:30Z",
                                    "177.45.10.4": "2025-07-14T12:05:00Z"}


def test_csv(tmp_path):
    (tmp_path / "acessos.csv").write_text(
        "Registros de acesso - horário de Brasília\nData;Hora;IP;Porta\n"
        "2025-07-14 00:00:00;15:40:02;177.45.10.3;51235\n14/07/2025 00:00;15:41:02;177.45.10.5;51237\n",
        encoding="utf-8")
    assert _instantes(tmp_path) == {"177.45.10.3": "2025-07-14T18:40:02Z", "177.45.10.5": "2025-07-14T18:41:02Z"}
