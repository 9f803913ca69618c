"""Fusos escritos de formas que o perito não lia (sondas da vigésima segunda sessão).

"BRT (UTC-3)", "BRT - UTC-3", "PST (UTC-8)": o fuso escrito de duas formas que se confirmam (o par com Brasília já
era lido, conferido em cada data pelo horário de verão); os da Europa por sigla (CET, CEST: a resposta de uma empresa
com sede lá); o horário de outro estado ("horário de Manaus", "hora oficial do Acre"). Antes, nenhum deles tinha
zona: o instante ficava sem UTC e o cruzamento o perdia.

Armadilhas: duas formas que se contradizem ("BRT (UTC+0)") não dizem qual vale; "BST" (Reino Unido ou Bangladesh) e
"IST" (Índia, Irlanda, Israel) continuam sem zona; "CET" solto num texto (a Companhia de Engenharia de Tráfego de um
boletim de São Paulo) não é fuso de uma hora.
"""

from __future__ import annotations

import datetime as dt
import re

from perito.chaves import tempo
from tests.conftest import dados_da_pasta


def test_zonas():
    menos_tres = dt.timezone(dt.timedelta(hours=-3))
    for escrito in ("BRT (UTC-3)", "BRT - UTC-3", "BRT / GMT-3", "PST (UTC-8)"):
        assert tempo.zona(escrito) == (menos_tres if "BRT" in escrito else dt.timezone(dt.timedelta(hours=-8))), escrito
    # o par com Brasília continua o nome, conferido pelo deslocamento em cada data (`tempo.composto`)
    assert str(tempo.zona("Horário de Brasília (UTC-3)")) == "America/Sao_Paulo"
    assert tempo.zona("CET") == dt.timezone(dt.timedelta(hours=1))
    assert tempo.zona("CEST") == dt.timezone(dt.timedelta(hours=2))
    assert str(tempo.zona("Horário de Manaus")) == "America/Manaus"
    assert str(tempo.zona("hora oficial do Acre")) == "America/Rio_Branco"
    assert str(tempo.zona("Brasília/DF")) == "America/Sao_Paulo"
    for sem_zona in ("BRT (UTC+0)", "BST", "IST", "Horário comercial"):
        assert tempo.zona(sem_zona) is None, sem_zona
    assert not re.search(tempo.FUSO, "os agentes da CET chegaram")


def test_declarados_no_documento(tmp_path):
    pasta = tmp_path / "docs"
    pasta.mkdir()
    (pasta / "a.csv").write_text("Data/Hora (BRT - UTC-3);IP;Porta\n14/07/2025 15:21:07;177.45.10.2;51234\n",
                                 encoding="utf-8")
    (pasta / "b.txt").write_text("Registros de acesso (horários em BRT (UTC-3))\nIP 177.45.10.3 em 14/07/2025 15:21:07\n",
                                 encoding="utf-8")
    (pasta / "c.csv").write_text("Timestamp (CEST);IP\n2025-07-14 20:21:07;177.45.10.4\n", encoding="utf-8")
    (pasta / "d.txt").write_text("Registros de acesso. Fuso: Horário de Manaus\nIP 177.45.10.5 em 14/07/2025 14:21:07\n",
                                 encoding="utf-8")
    instantes = {d["dado"]: d["metadados"].get("instante_utc") for d in dados_da_pasta(pasta) if d["tipo_dado"] == "ip"}
    assert instantes == {ip: "2025-07-14T18:21:07Z" for ip in ("177.45.10.2", "177.45.10.3", "177.45.10.4",
                                                                 "177.45.10.5")}


def test_minutos_de_deslocamento_nao_sao_hora_e_minuto(tmp_path):
    """"utc_offset_minutes;-180": lido como -1:80, o instante saía 2h20 depois do certo (17:39 em vez de 18:19 UTC).
    Três algarismos sem dois-pontos não dizem onde a hora acaba: sem fuso, sem instante (nunca um instante errado)."""
    assert tempo.zona("-180") is None and tempo.zona("-1260") is None
    assert tempo.zona("-0300") == tempo.zona("-03:00") == tempo.zona("-3") == dt.timezone(dt.timedelta(hours=-3))
    pasta = tmp_path / "docs"
    pasta.mkdir()
    (pasta / "a.csv").write_text("timestamp;utc_offset_minutes;ip;port\n2025-07-14 15:19:02;-180;177.45.10.2;51234\n",
                                 encoding="utf-8")
    [ip] = [d for d in dados_da_pasta(pasta) if d["tipo_dado"] == "ip"]
    assert ip["metadados"].get("instante_utc") is None
