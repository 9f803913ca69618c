"""Parâmetros do cruzamento (todos com padrão; a linha de comando expõe a janela)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass


@dataclass(frozen=True)
class Parametros:
    #: instantes mais próximos que isto contam como simultâneos (IP)
    janela: dt.timedelta = dt.timedelta(minutes=5)
    #: agrupamento de atividade antes de uma transação (padrao_temporal)
    janela_padrao_temporal: dt.timedelta = dt.timedelta(minutes=60)
    #: repasse rápido de conta laranja: saídas até este tempo depois do crédito da vítima
    janela_repasse: dt.timedelta = dt.timedelta(hours=2)
    #: fração do crédito repassada que indica conta de passagem
    fracao_repasse: float = 0.8
    #: conta aberta há menos que isto antes do crédito da vítima é recente
    conta_recente: dt.timedelta = dt.timedelta(days=30)
    #: pagadores distintos a partir dos quais há "muitos pagadores"
    muitos_pagadores: int = 3
