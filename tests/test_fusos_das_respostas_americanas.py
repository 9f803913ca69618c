"""Fusos como as respostas de empresas americanas os escrevem: qualquer nome IANA (`America/Los_Angeles`,
`Europe/Dublin`, `Etc/UTC`), os nomes dos fusos dos EUA por extenso (`Pacific Time`, `Eastern Standard Time`) e o
sinal de menos tipográfico (`UTC−3`, de um PDF composto). Até 6/12 só os nove nomes IANA do Brasil e as siglas eram
lidos: "All times are in Pacific Time" deixava todo acesso sem instante, e toda convergência com ele, fraca.

`Pacific Time` segue o horário de verão da Califórnia (America/Los_Angeles); `Pacific Standard Time` é o
deslocamento fixo da sigla PST (-8), como o documento o escreve, e `Pacific Daylight Time` o de PDT (-7).
"""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from perito.chaves import tempo
from perito.chaves.valores import decompor
from tests.conftest import dados_da_pasta

_VERAO = dt.datetime(2025, 8, 2, 6, 10, 44)
_INVERNO = dt.datetime(2025, 1, 15, 6, 10, 44)


@pytest.mark.parametrize(("escrito", "verao", "inverno"), [
    ("America/Los_Angeles", -7, -8),
    ("america/new_york", -4, -5),  # a caixa de um sistema que escreve tudo em minúsculas
    ("Europe/Dublin", 1, 0),
    ("Etc/UTC", 0, 0),
    ("Pacific Time", -7, -8),
    ("Pacific Time (US & Canada)", -7, -8),
    ("pacific time", -7, -8),
    ("Eastern Time", -4, -5),
    ("Central Time", -5, -6),
    ("Mountain Time", -6, -7),
    ("Pacific Standard Time", -8, -8),  # a sigla por extenso: o deslocamento fixo, como PST
    ("Eastern Daylight Time", -4, -4),
    ("UTC−3", -3, -3),  # o sinal de menos tipográfico (U+2212)
    ("GMT–03:00", -3, -3),  # o traço médio
])
def test_fuso_lido(escrito, verao, inverno):
    zona = tempo.zona(escrito)
    assert zona is not None
    for momento, horas in ((_VERAO, verao), (_INVERNO, inverno)):
        assert zona.utcoffset(momento) == dt.timedelta(hours=horas)


@pytest.mark.parametrize("escrito", [
    "America/Atlantis", "Europe", "Etc/", "PT", "ET", "Pacific", "Central", "central de atendimento", "Pacific Ocean",
    "Time", "UTC−15",
])
def test_nao_e_fuso(escrito):
    assert tempo.zona(escrito) is None


def _instantes(pasta) -> dict[str, str | None]:
    return {d["dado"]: d["metadados"].get("instante_utc") for d in dados_da_pasta(pasta) if d["tipo_dado"] == "ip"}


def test_cabecalho_da_coluna_com_o_nome_iana(tmp_path):
    (tmp_path / "apple_signins.csv").write_text(
        "Timestamp (America/Los_Angeles),IP Address,Event\n2025-08-02 06:10:44,177.45.10.2,Sign-in\n"
        "2025-01-15 06:10:44,191.22.8.40,Sign-in\n", encoding="utf-8")
    instantes = _instantes(tmp_path)
    assert instantes["177.45.10.2"] == "2025-08-02T13:10:44Z"  # verão: UTC-7
    assert instantes["191.22.8.40"] == "2025-01-15T14:10:44Z"  # inverno: UTC-8


def test_preambulo_que_declara_pacific_time(tmp_path):
    (tmp_path / "google_response.txt").write_text(
        "Google LLC\nResponse to legal process\nAll times are displayed in Pacific Time.\n\nIP Activity\n"
        "2025-08-02 06:10:44  177.45.10.2  Login\n", encoding="utf-8")
    assert _instantes(tmp_path)["177.45.10.2"] == "2025-08-02T13:10:44Z"


def test_fuso_colado_a_data_hora(tmp_path):
    (tmp_path / "microsoft.txt").write_text(
        "Sign-in history\n2025-08-02 09:10:44 Eastern Time  177.45.10.2\n2025-08-02 12:10:44 UTC−3  191.22.8.40\n",
        encoding="utf-8")
    instantes = _instantes(tmp_path)
    assert instantes["177.45.10.2"] == "2025-08-02T13:10:44Z"
    assert instantes["191.22.8.40"] == "2025-08-02T15:10:44Z"


def test_o_validador_le_o_mesmo_fuso():
    """A decomposição que o validador usa acha o fuso no texto relido e o lê igual."""
    fusos = [v for v in decompor("2025-08-02 06:10:44 Pacific Time 177.45.10.2") if v.tipo == "fuso"]
    assert [v.texto for v in fusos] == ["Pacific Time"]
    assert tempo.zona(fusos[0].texto) == ZoneInfo("America/Los_Angeles")


@pytest.fixture(scope="module")
def caso_pacifico(tmp_path_factory):
    import json

    from perito.analise import Parametros, analisar

    pasta = tmp_path_factory.mktemp("pacifico")
    caso = pasta / "caso"
    caso.mkdir()
    (caso / "google_response.txt").write_text(
        "Google LLC\nResponse to legal process - Subscriber and IP activity\nAll times are displayed in Pacific Time.\n"
        "\nIP Activity\n2025-08-02 06:10:44  177.45.10.2  Login\n2025-01-15 06:10:44  191.22.8.40  Login\n",
        encoding="utf-8")
    (caso / "operadora_vivo.csv").write_text(
        "IP;PORTA;DATA;HORA;FUSO;LINHA;TITULAR\n177.45.10.2;51234;02/08/2025;10:12:30;BRT;(11) 98765-4321;JOAO DA SILVA\n"
        "191.22.8.40;60111;15/01/2025;11:11:00;BRT;(11) 98765-4321;JOAO DA SILVA\n", encoding="utf-8")
    analisar(Parametros(caso, pasta / "saida", data_analise="2025-09-01"))
    return caso, json.loads((pasta / "saida" / "conclusoes.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("ip", "intervalo"), [("177.45.10.2", "1min46s"), ("191.22.8.40", "16s")])
def test_convergencia_pelo_fuso_do_pacifico_no_verao_e_no_inverno_e_verificada(caso_pacifico, ip, intervalo):
    _, conclusoes = caso_pacifico
    [conclusao] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip" and ip in c["afirmacao"]]
    assert f"os instantes distam {intervalo}" in conclusao["afirmacao"]
    assert any(r["dado_citado"] == "Pacific Time" for r in conclusao["referencias"])  # a declaração, citada
    assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_intervalo_com_o_deslocamento_do_inverno_no_verao_nao_e_verificado(caso_pacifico):
    """Lido como -8 o ano todo, o acesso de agosto estaria a 1h01min46s: o validador relê o fuso com o verão."""
    import copy

    from perito.validador.agente import validar

    caso, conclusoes = caso_pacifico
    [conclusao] = [copy.deepcopy(c) for c in conclusoes["conclusoes"] if "177.45.10.2" in c["afirmacao"]]
    conclusao["afirmacao"] = conclusao["afirmacao"].replace("distam 1min46s", "distam 1h01min46s")
    conclusao["validacao"] = None
    refeita = validar({**conclusoes, "conclusoes": [conclusao]}, caso, "2025-09-01")["validacoes"][0]
    assert refeita["veredicto_geral"] != "VERIFICADO"


@pytest.mark.parametrize(("linha", "instante"), [
    ("2025-08-02T13:10:44.1234567Z 177.45.10.2", "2025-08-02T13:10:44Z"),  # .NET (os logs do Azure AD): 7 casas
    ("2025-08-02T13:10:44.123456789Z 177.45.10.2", "2025-08-02T13:10:44Z"),  # nanossegundos (Go, Java)
    ("2025-08-02 10:10:44.1234567-03:00 177.45.10.2", "2025-08-02T13:10:44Z"),
    ("8/2/2025 1:10:44.1234567 PM UTC 177.45.10.2", "2025-08-02T13:10:44Z"),
])
def test_fracao_de_segundo_longa_nao_solta_o_fuso(linha, instante):
    from perito.chaves import tempo_formas
    from perito.extratores.reconhecedores import reconhecer

    with tempo_formas.na_ordem(True):
        [data] = [a for a in reconhecer(linha) if a.campo == "data_evento"]
    assert data.metadados.get("instante_utc") == instante


@pytest.mark.parametrize(("linha", "instante"), [
    # o timestamptz do PostgreSQL numa sessão em São Paulo (exportações de sistemas de fintechs e de aplicativos)
    ("2025-08-02 13:10:44.123-03 177.45.10.2", "2025-08-02T16:10:44Z"),
    ("2025-08-02 13:10:44-03;177.45.10.2", "2025-08-02T16:10:44Z"),
    ("2025-08-02T13:10:44+00 177.45.10.2", "2025-08-02T13:10:44Z"),
    ("2025-08-02 13:10:44 -03 177.45.10.2", None),  # separado por espaço, "-03" não se lê como fuso
    ("2025-08-02 13:10:44-031 177.45.10.2", None),
])
def test_deslocamento_so_com_as_horas_colado_a_hora(linha, instante):
    from perito.extratores.reconhecedores import reconhecer

    [data] = [a for a in reconhecer(linha) if a.campo == "data_evento"]
    assert data.metadados.get("instante_utc") == instante
