"""Até quando o dado pedido deve existir: a data de expurgo pela lei e a urgência contra a data da análise.

O prazo conta da data do próprio registro (o acesso, a transação), em meses de calendário (Lei 810/1949: o ano
termina no dia de mesmo número do mês de vencimento; sem esse dia, no último do mês). `guardado_ate` é o
último dia em que a guarda ainda é obrigatória; um dia depois, o provedor pode ter apagado.
"""

from __future__ import annotations

import calendar
import datetime as dt
from dataclasses import dataclass

VENCIDO, IMEDIATA, CURTO_PRAZO, ESTRATEGICA = "vencido", "imediata", "curto_prazo", "estrategica"
#: ordem do plano: o que já venceu (pedir já, talvez ainda exista) antes do que vence logo
ORDEM_URGENCIA = {VENCIDO: 0, IMEDIATA: 1, CURTO_PRAZO: 2, ESTRATEGICA: 3}
ROTULOS_URGENCIA = {
    VENCIDO: "prazo legal de guarda vencido — pedir hoje, os dados podem já ter sido apagados",
    IMEDIATA: "imediata (24 horas)",
    CURTO_PRAZO: "curto prazo (15 dias)",
    ESTRATEGICA: "estratégica",
}
#: a partir de quantos dias restantes a urgência muda (documentados no plano, em `criterios`)
DIAS_IMEDIATA = 30
DIAS_CURTO_PRAZO = 90
#: Lei 12.965/2014, art. 13, § 3º: prazo do pedido judicial depois do requerimento de guarda
DIAS_PEDIDO_JUDICIAL = 60


def somar_meses(data: dt.date, meses: int) -> dt.date:
    """A mesma data `meses` depois; sem o dia no mês de chegada (31, 29 de fevereiro), o último dia do mês."""
    total = data.month - 1 + meses
    ano, mes = data.year + total // 12, total % 12 + 1
    return dt.date(ano, mes, min(data.day, calendar.monthrange(ano, mes)[1]))


@dataclass(frozen=True)
class Prazo:
    data_registro: dt.date
    guardado_ate: dt.date
    dias_restantes: int  # negativo: venceu há tantos dias

    @property
    def urgencia(self) -> str:
        return urgencia(self.dias_restantes)

    def como_dict(self) -> dict[str, object]:
        return {"data_registro": self.data_registro.isoformat(), "guardado_ate": self.guardado_ate.isoformat(),
                "dias_restantes": self.dias_restantes, "urgencia": self.urgencia}


def prazo(data_registro: dt.date, meses_de_guarda: int, data_analise: dt.date) -> Prazo:
    guardado_ate = somar_meses(data_registro, meses_de_guarda)
    return Prazo(data_registro, guardado_ate, (guardado_ate - data_analise).days)


def urgencia(dias_restantes: int | None) -> str:
    if dias_restantes is None:
        return ESTRATEGICA
    if dias_restantes < 0:
        return VENCIDO
    if dias_restantes <= DIAS_IMEDIATA:
        return IMEDIATA
    if dias_restantes <= DIAS_CURTO_PRAZO:
        return CURTO_PRAZO
    return ESTRATEGICA


def pedido_judicial_ate(data_requerimento: dt.date) -> dt.date:
    """Requerida a guarda cautelar em `data_requerimento`, o último dia para protocolar o pedido judicial."""
    return data_requerimento + dt.timedelta(days=DIAS_PEDIDO_JUDICIAL)


def criterios() -> dict[str, object]:
    return {"dias_imediata": DIAS_IMEDIATA, "dias_curto_prazo": DIAS_CURTO_PRAZO,
            "dias_pedido_judicial_apos_guarda": DIAS_PEDIDO_JUDICIAL,
            "contagem": "meses de calendário a partir da data do registro (Lei 810/1949); a data mais antiga entre a "
                        "escrita no documento e a de UTC"}
