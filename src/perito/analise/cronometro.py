"""O cronômetro das etapas: um observador que mede segundos de parede e memória de cada uma para o manifesto.

Voláteis, como `inicio` e `fim`: vão só ao manifesto. Memória: o pico do principal até o fim da etapa (cresce
ou fica: a etapa em que ele sobe é a que o fez) e o maior pico dos auxiliares que leram nela, cada um medido
pelo próprio processo (`Documento.memoria_mib`).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from perito.analise.eventos import Observador
from perito.leitura.isolamento import pico_de_memoria_mib

if TYPE_CHECKING:
    from perito.analise.estado import Analise
    from perito.analise.etapas.base import Etapa


class Cronometro(Observador):
    def __init__(self) -> None:
        self.segundos: dict[str, float] = {}
        self.memoria: dict[str, dict[str, int]] = {}
        self._marco = time.perf_counter()

    def etapa_comecou(self, etapa: Etapa, analise: Analise) -> None:
        if etapa.medida:
            self._marco = time.perf_counter()

    def etapa_terminou(self, etapa: Etapa, analise: Analise) -> None:
        if not etapa.medida:
            return
        self.segundos[etapa.nome] = round(time.perf_counter() - self._marco, 3)
        auxiliares = [d.memoria_mib for d in etapa.lidos_por_auxiliares(analise) if d is not None and d.memoria_mib]
        self.memoria[etapa.nome] = {"principal_ate_aqui_mib": pico_de_memoria_mib(),
                                    **({"maior_auxiliar_mib": max(auxiliares)} if auxiliares else {})}


class Avisos(Observador):
    """Anuncia ao progresso (a barra do terminal) o começo das etapas que têm rótulo."""

    def etapa_comecou(self, etapa: Etapa, analise: Analise) -> None:
        if etapa.aviso:
            analise.avisar(etapa.aviso, 0, 1, "")
