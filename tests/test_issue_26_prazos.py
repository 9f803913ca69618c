"""Prazos de guarda do plano de diligências (issue 26): meses de calendário e urgência em torno de cada borda."""

from __future__ import annotations

import datetime as dt

import pytest

from perito.plano import prazos
from perito.plano.fundamentos import FUNDAMENTOS

D = dt.date


@pytest.mark.parametrize(("inicio", "meses", "esperado"), [
    (D(2024, 3, 20), 12, D(2025, 3, 20)),
    (D(2024, 1, 31), 1, D(2024, 2, 29)),  # ano bissexto: último dia de fevereiro
    (D(2023, 1, 31), 1, D(2023, 2, 28)),
    (D(2024, 2, 29), 12, D(2025, 2, 28)),  # 29/02 sem par no ano seguinte
    (D(2024, 8, 31), 6, D(2025, 2, 28)),
    (D(2024, 12, 15), 1, D(2025, 1, 15)),  # virada do ano
    (D(2020, 5, 10), 60, D(2025, 5, 10)),
])
def test_somar_meses_de_calendario(inicio, meses, esperado):
    assert prazos.somar_meses(inicio, meses) == esperado


@pytest.mark.parametrize(("dias_depois", "restantes", "urgencia"), [
    (364, 1, prazos.IMEDIATA),  # o log de conexão de 364 dias ainda está na guarda de 1 ano
    (365, 0, prazos.IMEDIATA),  # último dia da guarda
    (366, -1, prazos.VENCIDO),  # 366 dias: a guarda obrigatória acabou
])
def test_registro_de_conexao_364_365_366_dias(dias_depois, restantes, urgencia):
    registro = D(2024, 3, 20)  # 2024 é bissexto: de 20/03/2024 a 20/03/2025 são 365 dias
    analise = registro + dt.timedelta(days=dias_depois)
    p = prazos.prazo(registro, 12, analise)
    assert p.guardado_ate == D(2025, 3, 20)
    assert p.dias_restantes == restantes
    assert p.urgencia == urgencia


def test_registro_de_aplicacao_guarda_seis_meses():
    p = prazos.prazo(D(2025, 1, 15), 6, D(2025, 7, 16))
    assert p.guardado_ate == D(2025, 7, 15) and p.urgencia == prazos.VENCIDO
    assert prazos.prazo(D(2025, 1, 15), 6, D(2025, 7, 15)).urgencia == prazos.IMEDIATA


@pytest.mark.parametrize(("dias", "urgencia"), [
    (None, prazos.ESTRATEGICA), (-1, prazos.VENCIDO), (0, prazos.IMEDIATA), (30, prazos.IMEDIATA),
    (31, prazos.CURTO_PRAZO), (90, prazos.CURTO_PRAZO), (91, prazos.ESTRATEGICA),
])
def test_bordas_da_urgencia(dias, urgencia):
    assert prazos.urgencia(dias) == urgencia


def test_pedido_judicial_sessenta_dias_depois_da_guarda_cautelar():
    assert prazos.pedido_judicial_ate(D(2025, 3, 20)) == D(2025, 5, 19)


def test_fundamentos_citam_artigo_e_prazo():
    assert "art. 13" in FUNDAMENTOS["MCI_13"].citacao and "1 (um) ano" in FUNDAMENTOS["MCI_13"].resumo
    assert "art. 15" in FUNDAMENTOS["MCI_15"].citacao and "6 (seis) meses" in FUNDAMENTOS["MCI_15"].resumo
    assert "60 (sessenta) dias" in FUNDAMENTOS["MCI_13_2"].resumo
    assert "1.777.769" in FUNDAMENTOS["STJ_PORTA"].citacao
    assert "17-B" in FUNDAMENTOS["LEI_9613_17B"].citacao
    assert "103/2021" in FUNDAMENTOS["PIX_MED"].citacao and "80 dias" in FUNDAMENTOS["PIX_MED"].resumo
    assert "100.64.0.0/10" in FUNDAMENTOS["RFC_6598"].resumo
