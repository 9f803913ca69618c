"""Issue 27 (rapido27): os atalhos da linha de log e do instante dão sempre o mesmo que o caminho geral que substituem.

Cada teste compara o atalho com o caminho geral (o mesmo código com o atalho desligado, ou a forma antiga da função) nas
linhas e células dos exemplos (`test_gatilhos._linhas`) e em milhares de linhas sorteadas com a forma do log
(`test_issue_27_tabelas_grandes._linhas_de_log`: datas e horas impossíveis, células de IPv4, números e palavras).
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import astuple

import pytest

from perito.chaves import tempo, tempo_formas
from perito.extratores import reconhecedores as r
from tests.test_gatilhos import LIMITES, _linhas
from tests.test_issue_27_tabelas_grandes import _linhas_de_log


@pytest.fixture(scope="module")
def linhas():
    return _linhas()


def _iso_utc_antigo(momento: dt.datetime) -> str:
    m = momento.astimezone(dt.timezone.utc)
    if m.year < 1000:
        return m.strftime("%Y-%m-%dT%H:%M:%SZ")
    return f"{m.year}-{m.month:02d}-{m.day:02d}T{m.hour:02d}:{m.minute:02d}:{m.second:02d}Z"


def test_iso_utc_e_o_do_fstring():
    """O instante em ISO UTC é o mesmo texto da forma antiga (f-string) em instantes sorteados: anos de 1 a 9999,
    deslocamentos de -14 h a +14 h, microssegundos, a virada do dia e do ano."""
    sorteio = random.Random(27)
    zonas = [dt.timezone.utc, dt.timezone(dt.timedelta(hours=-3)), dt.timezone(dt.timedelta(hours=14)),
             dt.timezone(dt.timedelta(hours=-14)), dt.timezone(dt.timedelta(hours=5, minutes=30))]
    casos = [dt.datetime(2025, 1, 1, 0, 0, 0, tzinfo=dt.timezone(dt.timedelta(hours=3))),
             dt.datetime(2024, 12, 31, 23, 59, 59, 999_999, tzinfo=dt.timezone(dt.timedelta(hours=-3))),
             dt.datetime(1000, 1, 1, 5, tzinfo=dt.timezone.utc), dt.datetime(9999, 12, 31, 10, tzinfo=dt.timezone.utc)]
    for _ in range(50_000):
        ano = sorteio.choice([sorteio.randint(2, 9998), sorteio.randint(1000, 1005), sorteio.randint(2, 999), 2025])
        casos.append(dt.datetime(ano, sorteio.randint(1, 12), sorteio.randint(1, 28), sorteio.randint(0, 23),
                                 sorteio.randint(0, 59), sorteio.randint(0, 59), sorteio.choice([0, 0, 1, 999_999]),
                                 tzinfo=sorteio.choice(zonas)))
    for momento in casos:
        assert tempo.iso_utc(momento) == _iso_utc_antigo(momento), momento
    assert sum(1 for m in casos if m.astimezone(dt.timezone.utc).year < 1000) > 1_000  # o caminho do strftime também


@pytest.mark.parametrize("mes_antes_do_dia", [False, True])
def test_data_do_comeco_ocupado_nem_procurada(linhas, mes_antes_do_dia, monkeypatch):
    """Com a posição 0 já ocupada (a data-hora do começo da linha de log), a data do começo não é procurada: os achados
    são os mesmos de procurá-la (e descartá-la pela sobreposição), nas linhas sorteadas com a forma do log (também com a
    hora impossível, em que a data sozinha é o achado) e em todas as dos exemplos, nas duas ordens das datas."""
    textos = [*_linhas_de_log(30_000, 2727), *LIMITES, *linhas]
    with tempo_formas.na_ordem(mes_antes_do_dia):
        rapidos = [[astuple(a) for a in r.reconhecer(t)] for t in textos]
        pulou = 0
        original = r._comeco_ocupado

        def contando(ocupado):
            nonlocal pulou
            resposta = original(ocupado)
            pulou += resposta
            return resposta

        monkeypatch.setattr(r, "_comeco_ocupado", contando)
        for texto in textos:
            r.reconhecer(texto)
        monkeypatch.setattr(r, "_comeco_ocupado", lambda ocupado: False)  # o caminho geral: sempre procura
        for texto, rapido in zip(textos, rapidos, strict=True):
            assert rapido == [astuple(a) for a in r.reconhecer(texto)], texto
            # e o de todo reconhecedor em toda a linha (sem o plano, que é onde a data do começo entra)
            assert rapido == [astuple(a) for a in r.reconhecer(texto, False)], texto
    # a comparação diz algo: o atalho foi tomado em muitas linhas, e muitas linhas têm só a data (a hora impossível)
    assert pulou > 2_000
    assert sum(1 for t, a in zip(textos, rapidos, strict=True)
               if r._data_hora_so_no_comeco(t) and any(x[0] == 0 and x[3] == "data_evento" and ":" not in x[2] for x in a)
               ) > 1_000


def test_comeco_ocupado():
    assert r._comeco_ocupado([(0, 19)])
    assert r._comeco_ocupado([(20, 31), (0, 10)])
    assert not r._comeco_ocupado([])
    assert not r._comeco_ocupado([(1, 19), (20, 31)])
    assert not r._comeco_ocupado([(0, 0)])  # um achado vazio em 0 não sobrepõe a data
