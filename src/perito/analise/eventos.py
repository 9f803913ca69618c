"""O barramento de eventos da análise: cada etapa publica o que fez; a trilha e os outros observadores escutam.

As etapas nunca falam com a trilha diretamente. Um passo registrado (`registrar`) vai primeiro à trilha, que o
encadeia e devolve o hash, e depois, já com esse hash, a cada observador; o começo e o fim de cada etapa também.
Assim um observador novo (o cronômetro do manifesto, um armazém do caso) entra sem mexer nas etapas.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from perito.saida.auditoria import Trilha

if TYPE_CHECKING:
    from perito.analise.estado import Analise
    from perito.analise.etapas.base import Etapa


@dataclass(frozen=True)
class Evento:
    """Um passo da análise, como entrou na trilha (com o hash que a cadeia lhe deu)."""

    agente: str
    acao: str
    entradas: dict[str, str]
    saidas: dict[str, str]
    detalhes: dict[str, Any]
    hash: str


class Observador:
    """Escuta as etapas; cada método é opcional (o padrão não faz nada)."""

    def etapa_comecou(self, etapa: Etapa, analise: Analise) -> None:
        """Antes de a etapa rodar."""

    def etapa_terminou(self, etapa: Etapa, analise: Analise) -> None:
        """Depois de a etapa rodar sem erro."""

    def registrado(self, evento: Evento) -> None:
        """Um passo entrou na trilha."""


class Eventos:
    """Cumpre `perito.saida.auditoria.Registro`: as funções de gravação das saídas o recebem como trilha."""

    def __init__(self, trilha: Trilha, observadores: list[Observador] | None = None) -> None:
        self._trilha = trilha
        self.observadores = list(observadores or [])

    @property
    def ultimo_hash(self) -> str:
        return self._trilha.ultimo_hash

    def gravou(self, caminho: Path) -> bool:
        return self._trilha.gravou(caminho)

    def registrou(self, nome: str, sha256: str) -> bool:
        return self._trilha.registrou(nome, sha256)

    def registrar(
        self, agente: str, acao: str, *, entradas: dict[str, str] | None = None,
        saidas: dict[str, str] | None = None, detalhes: dict[str, Any] | None = None,
    ) -> str:
        hash_ = self._trilha.registrar(agente, acao, entradas=entradas, saidas=saidas, detalhes=detalhes)
        evento = Evento(agente, acao, dict(entradas or {}), dict(saidas or {}), dict(detalhes or {}), hash_)
        for observador in self.observadores:
            observador.registrado(evento)
        return hash_

    def comecou(self, etapa: Etapa, analise: Analise) -> None:
        for observador in self.observadores:
            observador.etapa_comecou(etapa, analise)

    def terminou(self, etapa: Etapa, analise: Analise) -> None:
        for observador in self.observadores:
            observador.etapa_terminou(etapa, analise)
