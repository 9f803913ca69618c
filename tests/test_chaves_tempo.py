"""Fusos, instantes e durações (perito.chaves.tempo)."""

from __future__ import annotations

import datetime as dt

import pytest

from perito.chaves import tempo

H = dt.timedelta(hours=1)


@pytest.mark.parametrize(
    ("fuso", "horas"),
    [
        ("UTC", 0),
        ("GMT", 0),
        ("Z", 0),
        ("BRT", -3),
        ("BRST", -2),
        ("AMT", -4),
        ("AMST", -3),
        ("ACT", -5),
        ("FNT", -2),
        ("-03:00", -3),
        ("-0300", -3),
        ("+00:00", 0),
        ("UTC-3", -3),
        ("UTC -3", -3),
        ("UTC-03:00", -3),
        ("GMT-03:00", -3),
        ("GMT+1", 1),
        ("(BRT)", -3),
        ("America/Fortaleza", -3),
        ("America/Manaus", -4),
        ("America/Rio_Branco", -5),
        ("America/Noronha", -2),
    ],
)
def test_deslocamento_de_fusos_fixos(fuso: str, horas: int) -> None:
    assert tempo.deslocamento(fuso, dt.datetime(2025, 3, 15, 12)) == horas * H


def test_deslocamento_com_minutos() -> None:
    assert tempo.deslocamento("+05:30", dt.date(2025, 1, 1)) == dt.timedelta(hours=5, minutes=30)
    assert tempo.deslocamento("-0230", dt.date(2025, 1, 1)) == -dt.timedelta(hours=2, minutes=30)


@pytest.mark.parametrize("fuso", ["horário de Brasília", "Horário de Brasília", "HORARIO DE BRASILIA", "America/Sao_Paulo"])
@pytest.mark.parametrize(
    ("quando", "horas"),
    [
        (dt.datetime(2018, 1, 10, 10), -2),  # horário de verão 2017/2018
        (dt.datetime(2018, 7, 10, 10), -3),  # inverno
        (dt.datetime(2019, 1, 10, 10), -2),  # último verão (terminou em 17/02/2019)
        (dt.datetime(2019, 12, 10, 10), -3),  # horário de verão extinto
        (dt.datetime(2025, 1, 10, 10), -3),
    ],
)
def test_horario_de_brasilia_com_verao_antes_de_2019(fuso: str, quando: dt.datetime, horas: int) -> None:
    assert tempo.deslocamento(fuso, quando) == horas * H


@pytest.mark.parametrize("fuso", [None, "", "XYZ", "UTC+15", "-1500"])
def test_fuso_ausente_ou_desconhecido(fuso) -> None:
    assert tempo.zona(fuso) is None
    assert tempo.deslocamento(fuso, dt.date(2025, 1, 1)) is None


def test_mesmo_relogio_em_utc_e_brt_difere_3h() -> None:
    utc = tempo.instante("2025-03-15", "11:34:02", "UTC")
    brt = tempo.instante("2025-03-15", "11:34:02", "BRT")
    assert utc == dt.datetime(2025, 3, 15, 11, 34, 2, tzinfo=dt.timezone.utc)
    assert brt == dt.datetime(2025, 3, 15, 14, 34, 2, tzinfo=dt.timezone.utc)
    assert brt - utc == 3 * H


def test_equivalencias_de_fuso_dao_o_mesmo_instante() -> None:
    instantes = {
        tempo.instante("15/03/2025", "11:34:02", f)
        for f in ["BRT", "UTC-3", "-03:00", "-0300", "GMT-03:00", "America/Fortaleza", "horário de Brasília"]
    }
    assert instantes == {dt.datetime(2025, 3, 15, 14, 34, 2, tzinfo=dt.timezone.utc)}


def test_instante_horario_de_brasilia_em_2018_usa_verao() -> None:
    assert tempo.instante("2018-01-10", "10:00:00", "horário de Brasília") == dt.datetime(
        2018, 1, 10, 12, 0, 0, tzinfo=dt.timezone.utc
    )
    assert tempo.instante("2025-01-10", "10:00:00", "horário de Brasília") == dt.datetime(
        2025, 1, 10, 13, 0, 0, tzinfo=dt.timezone.utc
    )


def test_instante_vira_o_dia() -> None:
    assert tempo.instante("31/12/2024", "23:30:00", "BRT") == dt.datetime(2025, 1, 1, 2, 30, tzinfo=dt.timezone.utc)
    assert tempo.instante("2025-01-01", "01:00", "+05:30") == dt.datetime(2024, 12, 31, 19, 30, tzinfo=dt.timezone.utc)


def test_instante_data_brasileira_dia_antes_do_mes() -> None:
    assert tempo.instante("01/02/2025", "00:00:00", "UTC").date() == dt.date(2025, 2, 1)


def test_instante_descarta_fracao_de_segundo() -> None:
    assert tempo.instante("2025-03-15", "14:32:17.987", "Z") == dt.datetime(2025, 3, 15, 14, 32, 17, tzinfo=dt.timezone.utc)


@pytest.mark.parametrize(
    ("data", "hora", "fuso"),
    [
        ("2025-03-15", "11:34:02", None),  # sem fuso: nenhuma afirmação de simultaneidade
        ("2025-03-15", "11:34:02", "XYZ"),
        ("2025-02-30", "11:34:02", "UTC"),
        ("31/04/2025", "11:34:02", "UTC"),
        ("2025-03-15", "25:00:00", "UTC"),
        ("2025-03-15", "11:60", "UTC"),
    ],
)
def test_instante_invalido_e_none(data: str, hora: str, fuso) -> None:
    assert tempo.instante(data, hora, fuso) is None


def test_data_e_hora() -> None:
    assert tempo.data("15/03/2025") == dt.date(2025, 3, 15)
    assert tempo.data("2025-03-15") == dt.date(2025, 3, 15)
    assert tempo.data("29/02/2024") == dt.date(2024, 2, 29)
    assert tempo.data("29/02/2025") is None
    assert tempo.hora("11:34") == dt.time(11, 34, 0)
    assert tempo.hora("11:34:02.5") == dt.time(11, 34, 2)


def test_iso_utc_ida_e_volta() -> None:
    momento = tempo.instante("15/03/2025", "11:34:02", "BRT")
    assert tempo.iso_utc(momento) == "2025-03-15T14:34:02Z"
    assert tempo.de_iso_utc("2025-03-15T14:34:02Z") == momento
    local = dt.datetime(2025, 3, 15, 11, 34, 2, tzinfo=dt.timezone(-3 * H))
    assert tempo.iso_utc(local) == "2025-03-15T14:34:02Z"


@pytest.mark.parametrize(
    ("delta", "texto"),
    [
        (dt.timedelta(seconds=0), "0s"),
        (dt.timedelta(seconds=45), "45s"),
        (dt.timedelta(seconds=105), "1min45s"),
        (dt.timedelta(minutes=10), "10min00s"),
        (dt.timedelta(hours=3, minutes=2, seconds=10), "3h02min10s"),
        (dt.timedelta(hours=23, minutes=59, seconds=59), "23h59min59s"),
        (dt.timedelta(days=2, hours=4, minutes=30), "2d4h30min"),
        (dt.timedelta(seconds=-105), "1min45s"),  # intervalo: sem sinal
    ],
)
def test_duracao(delta: dt.timedelta, texto: str) -> None:
    assert tempo.duracao(delta) == texto


def test_duracao_entre_instantes_de_fusos_diferentes() -> None:
    a = tempo.instante("15/03/2025", "11:34:02", "BRT")
    b = tempo.instante("2025-03-15", "14:35:47", "UTC")
    assert tempo.duracao(b - a) == "1min45s"


@pytest.mark.parametrize(
    ("texto", "data", "hora", "fuso"),
    [
        ("2025-03-15T14:32:17Z", "2025-03-15", "14:32:17", "Z"),
        ("2025-03-15T14:32:17-03:00", "2025-03-15", "14:32:17", "-03:00"),
        ("2025-03-15 14:32:17.123-0300", "2025-03-15", "14:32:17.123", "-0300"),
        ("15/03/2025 às 11:34 (UTC-3)", "15/03/2025", "11:34", "UTC-3"),
        ("15/03/2025;11:34:02;BRT;187.34.56.78", "15/03/2025", "11:34:02", "BRT"),
        ("15/03/2025 11:34:02 horário de Brasília", "15/03/2025", "11:34:02", "horário de Brasília"),
        # sem o "de", como cabeçalhos e sistemas o escrevem (achado por sonda); "Brasília" sozinha não é fuso
        ("15/03/2025 11:34:02 (Horário Brasília)", "15/03/2025", "11:34:02", "Horário Brasília"),
        ("15/03/2025 11:34:02 Hora Oficial Brasília", "15/03/2025", "11:34:02", "Hora Oficial Brasília"),
        ("15/03/2025 11:34:02 Brasília-DF", "15/03/2025", "11:34:02", None),
        ("2025-03-15 14:32:17 America/Sao_Paulo", "2025-03-15", "14:32:17", "America/Sao_Paulo"),
        ("2025-03-15 14:32:17 Act", "2025-03-15", "14:32:17", None),  # "Act" não é sigla de fuso
        ("2025-03-15 14:32:17 UTCX", "2025-03-15", "14:32:17", None),
        ("15/03/2025 11:34:02", "15/03/2025", "11:34:02", None),
    ],
)
def test_padrao_data_hora_e_fuso_como_escrito(texto: str, data: str, hora: str, fuso) -> None:
    m = tempo.PADRAO_DATA_HORA.search(texto)
    assert m is not None
    assert (m.group("data"), m.group("hora"), tempo.fuso_do_achado(m)) == (data, hora, fuso)


@pytest.mark.parametrize(
    "linha",
    ["15/03/2025;14:32:17;-1200,00", "15/03/2025;14:32:17;-1200", "15/03/2025 14:32:17 -1.200,00", "15/03/2025,14:32:17,+350.00"],
)
def test_valor_com_sinal_depois_da_hora_nunca_e_fuso(linha: str) -> None:
    """Issue 10: "15/03/2025;14:32:17;-1200,00" era lido como fuso -1200 e o débito se perdia."""
    m = tempo.PADRAO_DATA_HORA.search(linha)
    assert m is not None and tempo.fuso_do_achado(m) is None


@pytest.mark.parametrize(
    ("linha", "fuso"),
    [
        ("2025-01-08 17:26:55 -0300", "-0300"),
        ("2025-01-08 17:26:55;-03:00", "-03:00"),
        ("08/01/2025 14:27:03 (hora oficial de Brasília)", "hora oficial de Brasília"),
        ("2025-03-05T17:38:21Z", "Z"),
    ],
)
def test_fuso_colado_ou_na_coluna_seguinte(linha: str, fuso: str) -> None:
    m = tempo.PADRAO_DATA_HORA.search(linha)
    assert m is not None and tempo.fuso_do_achado(m) == fuso


def test_data_por_extenso_e_hora_com_h() -> None:
    assert tempo.data("08 de janeiro de 2025") == dt.date(2025, 1, 8)
    assert tempo.data("1º de março de 2019") == dt.date(2019, 3, 1)
    assert tempo.data("31 de fevereiro de 2025") is None
    assert tempo.hora("14h32") == dt.time(14, 32)
    assert tempo.hora("10h40min") == dt.time(10, 40)
    assert tempo.hora("25h10") is None


def test_hora_repetida_no_fim_do_horario_de_verao_e_ambigua() -> None:
    # o verão 2018/2019 terminou à meia-noite de 17/02/2019: 23:00-23:59 de 16/02 aconteceu duas vezes
    assert tempo.ambiguo("16/02/2019", "23:30:00", "horário de Brasília")
    assert not tempo.ambiguo("16/02/2019", "22:30:00", "horário de Brasília")
    assert not tempo.ambiguo("16/02/2019", "23:30:00", "BRT")  # deslocamento fixo não tem hora repetida


def test_deslocamento_de_brasilia_e_avaliado_na_data_do_dado() -> None:
    assert tempo.deslocamento("horário de Brasília", dt.date(2018, 1, 10)) == -2 * H
    assert tempo.deslocamento("horário de Brasília", dt.date(2018, 7, 10)) == -3 * H
    assert tempo.mesmo_fuso("horário de Brasília", "-03:00", dt.date(2018, 7, 10))
    assert not tempo.mesmo_fuso("horário de Brasília", "-03:00", dt.date(2018, 1, 10))
    assert not tempo.mesmo_fuso("horário de Brasília", "-03:00", None)  # sem data não se sabe
    assert tempo.mesmo_fuso("BRT", "UTC-3", None)


def test_issue15_iso_utc_igual_ao_strftime_em_qualquer_ano_e_fuso() -> None:
    """A formatação direta dá o mesmo texto que o strftime de antes (anos < 1000 seguem pelo strftime)."""
    import datetime as dt
    import random

    aleatorio = random.Random(15)
    for _ in range(5000):
        fuso = dt.timezone(dt.timedelta(minutes=aleatorio.randint(-12 * 60, 14 * 60)))
        momento = dt.datetime(aleatorio.choice([1, 999, 1000, 1969, 2019, 2025, 9998]), aleatorio.randint(1, 12),
                              aleatorio.randint(1, 28), aleatorio.randint(0, 23), aleatorio.randint(0, 59),
                              aleatorio.randint(0, 59), aleatorio.randint(0, 999999), tzinfo=fuso)
        try:
            esperado = momento.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        except OverflowError:
            continue
        assert tempo.iso_utc(momento) == esperado


def test_issue15_hora_ambigua_so_em_zona_com_horario_de_verao() -> None:
    """Deslocamento fixo nunca tem hora ambígua; o horário de Brasília tem, na volta do horário de verão."""
    assert tempo.ambiguo("16/02/2019", "23:30:00", "horário de Brasília")
    assert not tempo.ambiguo("16/02/2019", "23:30:00", "BRT")
    assert not tempo.ambiguo("16/02/2019", "23:30:00", "-03:00")
