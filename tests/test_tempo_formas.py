"""Formas de data e hora por classe (tempo_formas) e as armadilhas de cada uma.

Cada forma: o reconhecedor acha o literal como escrito, `tempo.data()/hora()` o interpretam e o
validador (`chaves.valores.decompor`) lê a mesma forma. Propriedade: qualquer instante escrito em
cada forma volta como o mesmo instante.
"""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perito.chaves import tempo
from perito.chaves.valores import decompor
from perito.extratores.reconhecedores import reconhecer
from perito.validador.instantes import intervalos

_MESES_EN = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
             "November", "December"]
_MESES_PT = ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
             "novembro", "dezembro"]
_MESES_ES = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
             "noviembre", "diciembre"]


def _doze(momento: dt.datetime) -> str:
    return f"{momento.hour % 12 or 12}:{momento:%M:%S} {'PM' if momento.hour >= 12 else 'AM'}"


# cada forma: como escrever um instante (relógio de parede) nela
FORMAS = {
    "iso_espaco": lambda m: f"{m:%Y-%m-%d %H:%M:%S}",
    "iso_t_ms": lambda m: f"{m:%Y-%m-%dT%H:%M:%S}.123",
    "br": lambda m: f"{m:%d/%m/%Y %H:%M:%S}",
    "br_aa": lambda m: f"{m:%d/%m/%y %H:%M:%S}",
    "dd_mon_aaaa": lambda m: f"{m:%d}-{_MESES_EN[m.month - 1][:3]}-{m.year} {m:%H:%M:%S}",
    "en_12h": lambda m: f"{_MESES_EN[m.month - 1]} {m.day}, {m.year} {_doze(m)}",
    "extenso_pt": lambda m: f"{m.day} de {_MESES_PT[m.month - 1]} de {m.year}, {m.hour}h{m:%M}min{m:%S}s",
    "extenso_es": lambda m: f"{m.day} de {_MESES_ES[m.month - 1]} de {m.year} a las {m:%H:%M:%S}",
    "extenso_as": lambda m: f"{m.day} de {_MESES_PT[m.month - 1]} de {m.year} às {m:%H:%M:%S}",
}

_INSTANTES = st.datetimes(min_value=dt.datetime(1970, 1, 1), max_value=dt.datetime(2068, 12, 31)).map(
    lambda m: m.replace(microsecond=0)
)


@pytest.mark.parametrize("forma", sorted(FORMAS))
@settings(max_examples=60, deadline=None)
@given(momento=_INSTANTES)
def test_toda_forma_volta_ao_mesmo_instante(forma: str, momento: dt.datetime) -> None:
    escrito = FORMAS[forma](momento)
    linha = f"Acesso em {escrito} UTC pelo IP 187.34.56.78"
    datas_horas = [a for a in reconhecer(linha) if a.campo == "data_evento" and "hora" in a.metadados]
    assert [a.dado for a in datas_horas] == [escrito]
    achado = datas_horas[0]
    assert achado.fuso == "UTC"
    assert achado.metadados["instante_utc"] == tempo.iso_utc(momento.replace(tzinfo=dt.timezone.utc))
    # o validador lê a mesma forma: data e hora normalizadas iguais às do instante
    valores = {v.tipo: v.normal for v in decompor(linha) if v.tipo in ("data", "hora", "fuso")}
    assert valores == {"data": momento.date().isoformat(), "hora": f"{momento:%H:%M:%S}", "fuso": "UTC"}


@pytest.mark.parametrize("texto", ["3:20:11", "03:20:11", "11:05"])
def test_hora_sem_am_pm_nunca_e_de_doze_horas(texto: str) -> None:
    h = tempo.hora(texto)
    assert h is not None and h.hour == int(texto.split(":")[0])


def test_doze_horas_meia_noite_e_meio_dia() -> None:
    assert tempo.hora("12:00:01 AM") == dt.time(0, 0, 1)
    assert tempo.hora("12:00:01 PM") == dt.time(12, 0, 1)
    assert tempo.hora("3:20 p.m.") == dt.time(15, 20)
    assert tempo.hora("13:20:11 PM") is None  # não existe


def test_hora_de_um_digito_solta_nao_e_reconhecida_sem_am_pm() -> None:
    # "3:20:11" solta numa linha pode ser placar, razão, versão: só depois de uma data ou com AM/PM
    assert not [v for v in decompor("placar 3:20:11 final") if v.tipo == "hora"]
    assert [v.normal for v in decompor("placar 3:20:11 PM") if v.tipo == "hora"] == ["15:20:11"]


@pytest.mark.parametrize("texto", ["31/02/2024", "30-Feb-2024", "February 30, 2024", "32 de maio de 2024", "2024-13-01"])
def test_data_invalida_nao_e_data(texto: str) -> None:
    assert tempo.data(texto) is None
    assert not [a for a in reconhecer(f"em {texto} 10:00:00 UTC") if a.campo == "data_evento"]


def test_palavra_que_nao_e_mes_nao_faz_data() -> None:
    assert tempo.data("4 de casa de 2024") is None
    assert not [a for a in reconhecer("Item 10 Mayor 2024 10:00:00") if a.campo == "data_evento" and "hora" in a.metadados]


def test_ano_de_dois_digitos_e_ordem_brasileira() -> None:
    assert tempo.data("02/09/23") == dt.date(2023, 9, 2)
    assert tempo.data("31/12/99") == dt.date(1999, 12, 31)
    assert tempo.data("02/09/2023") == dt.date(2023, 9, 2)


def test_valor_negativo_nao_e_fuso_depois_da_hora() -> None:
    achado = next(a for a in reconhecer("02/09/2023;21:46:50;-1200,00") if a.campo == "data_evento")
    assert achado.fuso is None and "instante_utc" not in achado.metadados


def test_hora_por_extenso_depois_de_data_nao_e_intervalo() -> None:
    texto = "acesso em 10 de julho de 2024, 11h28min28s e outro 1min45s depois"
    assert [i.texto for i in intervalos(texto)] == ["1min45s"]
    assert [i.texto for i in intervalos("durou 10h35min10s")] == ["10h35min10s"]


def test_nomes_de_zona_por_extenso() -> None:
    assert tempo.zona("Coordinated Universal Time (UTC)") == dt.timezone.utc
    assert tempo.zona("Tiempo Universal Coordinado") == dt.timezone.utc
    assert tempo.zona("UTC+00:00") == dt.timezone.utc
    assert tempo.zona("Qualquer Coisa (UTC)") is None


@pytest.mark.parametrize(("cabecalho", "fuso"), [("Data Hora (+00:00)", "+00:00"), ("Horário (-03:00)", "-03:00"),
                                                 ("Time [+00:00]", "+00:00")])
def test_validador_le_o_deslocamento_entre_parenteses_do_cabecalho(cabecalho: str, fuso: str) -> None:
    """Semente 62: o fuso no nome da coluna ("Data Hora (+00:00)") era lido como a hora 00:00 e a citação do
    cabeçalho ficava AMBIGUO. Armadilha: um intervalo "10:00-11:00" continua duas horas."""
    assert [(v.tipo, v.normal) for v in decompor(cabecalho) if v.tipo in ("hora", "fuso")] == [("fuso", fuso)]
    assert [v.tipo for v in decompor("10:00-11:00")] == ["hora", "hora"]
