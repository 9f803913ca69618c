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
    #: pagadores distintos a partir dos quais há "muitos pagadores" (laranja: fan-in)...
    muitos_pagadores: int = 3
    #: ...dentro deste número de dias entre o primeiro e o último crédito
    dias_pagadores: int = 30
    #: hora do relato e hora do crédito podem distar até isto (o relato diz "por volta das")
    tolerancia_hora_relato: dt.timedelta = dt.timedelta(hours=2)

    def registro(self) -> dict[str, object]:
        """Os parâmetros como vão ao manifesto."""
        return {
            "janela_segundos": int(self.janela.total_seconds()),
            "janela_padrao_temporal_segundos": int(self.janela_padrao_temporal.total_seconds()),
            "janela_repasse_segundos": int(self.janela_repasse.total_seconds()),
            "fracao_repasse": self.fracao_repasse,
            "conta_recente_dias": self.conta_recente.days,
            "muitos_pagadores": self.muitos_pagadores,
            "dias_pagadores": self.dias_pagadores,
            "tolerancia_hora_relato_segundos": int(self.tolerancia_hora_relato.total_seconds()),
        }
