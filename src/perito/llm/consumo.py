"""Tokens e custo: somados de `usage` de cada resposta e convertidos pela tabela de preços.

O custo é uma estimativa: tokens de cada tipo (entrada, saída, escrita e leitura de
cache) vezes o preço por milhão da tabela abaixo, em dólares. A tabela e a data em que
foi conferida vão ao manifesto, para o custo poder ser recalculado com outra tabela.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

#: USD por milhão de tokens: entrada, saída, escrita de cache (5 min), leitura de cache.
#: Fonte: páginas de preços e de modelos da Anthropic (platform.claude.com), conferidas em 2026-11.
PRECOS: dict[str, tuple[str, str, str, str]] = {
    "claude-sonnet-5-5": ("2", "10", "2.50", "0.10"),
    "claude-sonnet-5": ("2", "10", "2.50", "0.20"),
    "claude-sonnet-4-6": ("3", "15", "3.75", "0.30"),
    "claude-sonnet-4-5": ("3", "15", "3.75", "0.30"),
    "claude-opus-5": ("5", "25", "6.25", "0.50"),
    "claude-opus-4-8": ("5", "25", "6.25", "0.50"),
    "claude-opus-4-7": ("5", "25", "6.25", "0.50"),
    "claude-opus-4-6": ("5", "25", "6.25", "0.50"),
    "claude-opus-4-5": ("5", "25", "6.25", "0.50"),
    "claude-haiku-4-5": ("1", "5", "1.25", "0.10"),
}
PRECOS_CONFERIDOS_EM = "2026-11"
_TIPOS = ("entrada", "saida", "escrita_cache", "leitura_cache")
_MILHAO = Decimal(1_000_000)
_DATADO = re.compile(r"-\d{8}$")


def precos(modelo: str) -> dict[str, str] | None:
    """Preços do modelo; um id datado ("claude-haiku-4-5-20251001") usa o do alias."""
    base = _DATADO.sub("", modelo)
    return dict(zip(_TIPOS, PRECOS[base], strict=True)) if base in PRECOS else None


def custo(modelo: str, tokens: dict[str, int]) -> str | None:
    """Custo estimado em USD (texto decimal, 6 casas) ou None se o modelo não está na tabela."""
    tabela = precos(modelo)
    if tabela is None:
        return None
    total = sum(Decimal(tokens.get(tipo, 0)) * Decimal(tabela[tipo]) for tipo in _TIPOS) / _MILHAO
    return str(total.quantize(Decimal("0.000001")))


@dataclass
class Consumo:
    """Contagem de um agente (extrator ou principal); as threads somam sob um trava."""

    chamadas: int = 0  # chamadas lógicas (cada uma com suas tentativas)
    tentativas_http: int = 0  # pedidos HTTP de fato feitos, inclusive as retentativas do SDK
    falhas: int = 0  # chamadas que terminaram sem resposta aproveitável
    tokens: dict[str, int] = field(default_factory=lambda: dict.fromkeys(_TIPOS, 0))
    _trava: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def somar(self, usage: Any) -> None:
        """`usage` de uma resposta (campos ausentes ou nulos contam zero)."""
        valores = {
            "entrada": getattr(usage, "input_tokens", 0),
            "saida": getattr(usage, "output_tokens", 0),
            "escrita_cache": getattr(usage, "cache_creation_input_tokens", 0),
            "leitura_cache": getattr(usage, "cache_read_input_tokens", 0),
        }
        with self._trava:
            for tipo, valor in valores.items():
                self.tokens[tipo] += valor if isinstance(valor, int) and valor > 0 else 0

    def contar(self, *, chamadas: int = 0, tentativas_http: int = 0, falhas: int = 0) -> None:
        with self._trava:
            self.chamadas += chamadas
            self.tentativas_http += tentativas_http
            self.falhas += falhas

    def descrever(self, modelo: str) -> dict[str, Any]:
        return {
            "chamadas": self.chamadas, "tentativas_http": self.tentativas_http, "falhas": self.falhas,
            "tokens": dict(self.tokens), "custo_estimado_usd": custo(modelo, self.tokens),
        }


def total(modelo: str, *consumos: Consumo) -> dict[str, Any]:
    tokens = {tipo: sum(c.tokens[tipo] for c in consumos) for tipo in _TIPOS}
    return {
        "chamadas": sum(c.chamadas for c in consumos), "tentativas_http": sum(c.tentativas_http for c in consumos),
        "falhas": sum(c.falhas for c in consumos), "tokens": tokens, "custo_estimado_usd": custo(modelo, tokens),
        "precos_usd_por_milhao": precos(modelo), "precos_conferidos_em": PRECOS_CONFERIDOS_EM,
    }
