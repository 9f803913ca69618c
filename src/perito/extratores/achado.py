"""Um dado reconhecido num texto, com a posição do trecho literal."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Achado:
    inicio: int
    fim: int
    dado: str
    campo: str
    tipo_dado: str
    fuso: str | None = None
    metadados: dict[str, Any] = field(default_factory=dict)
    alerta: str | None = None
