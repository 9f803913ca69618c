"""A coluna de tempo ("Time") cujo valor é só a hora, com a data noutra coluna ("event_date"): um instante só.

Variantes (semente 128): o CSV do banco trazia `Type;...;Port;Time;...;event_date`; "Time" tem papel de data-hora,
não de hora, e o instante não se compunha: a convergência de IP saía `fraco` ("sem data-hora com fuso").
"""

from __future__ import annotations

from pathlib import Path

from perito.extratores.registro import escolher
from perito.leitura.tabela_csv import ler_csv


def _ips(caminho: Path) -> dict[str, dict]:
    documento = ler_csv(caminho, caminho.name)
    return {d["dado"]: d["metadados"] for d in escolher(documento).extrair(documento).dados if d["tipo_dado"] == "ip"}


def test_hora_na_coluna_time_e_data_na_coluna_event_date(tmp_path: Path) -> None:
    caminho = tmp_path / "acessos.csv"
    caminho.write_text("BANCO EXEMPLO S.A. - Access log\n(times in UTC)\n\n"
                       "Type;src_ip;Port;Time;event_date\n"
                       "Login;189.79.35.97;1749;18:21:20;14/11/2016\n"
                       "Pix sent;200.193.243.22;40504;14:50:47;22/11/2016\n", encoding="utf-8")
    ips = _ips(caminho)
    assert {ip: m.get("instante_utc") for ip, m in ips.items()} == {
        "189.79.35.97": "2016-11-14T18:21:20Z", "200.193.243.22": "2016-11-22T14:50:47Z"}


def test_coluna_time_com_data_e_hora_continua_um_instante_so(tmp_path: Path) -> None:
    caminho = tmp_path / "acessos.csv"
    caminho.write_text("Type;src_ip;Port;Time (UTC)\nLogin;189.79.35.97;1749;2016-11-14 18:21:20\n", encoding="utf-8")
    assert _ips(caminho)["189.79.35.97"]["instante_utc"] == "2016-11-14T18:21:20Z"
