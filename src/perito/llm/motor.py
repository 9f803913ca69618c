"""O motor Claude de uma análise: chave, prompts, cliente, contagens e o resumo para o manifesto."""

from __future__ import annotations

from typing import Any

import anthropic

from perito.llm import cliente, consumo
from perito.llm.configuracao import ConfiguracaoLLM, chave_api, descrever, endpoint
from perito.llm.prompts import Prompt, carregar_todos
from perito.llm.resposta import FalhaChamada

__all__ = ["FalhaChamada", "MotorClaude"]


class MotorClaude:
    def __init__(self, configuracao: ConfiguracaoLLM, chave: str, prompts: dict[str, Prompt]) -> None:
        self.configuracao = configuracao
        self.prompts = prompts
        self.contador = cliente.ContadorTentativas()
        self.cliente = cliente.criar(configuracao, chave, self.contador)
        self.consumo = {"extrator": consumo.Consumo(), "principal": consumo.Consumo()}
        #: o que cada agente relata (contagens, falhas, alertas), preenchido por eles
        self.relatos: dict[str, dict[str, Any]] = {}

    @classmethod
    def preparar(cls, configuracao: ConfiguracaoLLM) -> MotorClaude:
        """Confere chave e prompts antes de qualquer trabalho (nada é lido nem gravado sem eles)."""
        chave = chave_api()
        return cls(configuracao, chave, carregar_todos())

    @property
    def modelo(self) -> str:
        return self.configuracao.modelo

    def chamar(self, agente: str, ferramenta: dict[str, Any], texto: str, max_tokens: int) -> dict[str, Any]:
        """Entrada da ferramenta (já conferida pelo esquema) ou FalhaChamada."""
        pedido = {
            "model": self.modelo,
            "max_tokens": max_tokens,
            # prompt estável com ponto de cache: as chamadas seguintes leem ferramentas e sistema do cache
            "system": [{"type": "text", "text": self.prompts[agente].texto, "cache_control": {"type": "ephemeral"}}],
            "tools": [ferramenta],
            "tool_choice": cliente.escolha_de_ferramenta(self.modelo, ferramenta["name"]),
            "messages": [{"role": "user", "content": texto}],
        }
        return cliente.chamar(
            self.cliente, self.contador, self.configuracao, self.consumo[agente], pedido, ferramenta["name"]
        )

    def parametros(self) -> dict[str, Any]:
        """Configuração estável (vai a parametros.llm do manifesto e à trilha): nunca a chave nem cabeçalhos."""
        return {
            **descrever(self.configuracao),
            "sdk": f"anthropic {anthropic.__version__}",
            "endpoint": endpoint(),
            "prompts": {nome: p.descrever() for nome, p in self.prompts.items()},
            "tool_choice": cliente.escolha_de_ferramenta(self.modelo, "FERRAMENTA")["type"],
        }

    @property
    def incompleta(self) -> bool:
        return any(relato.get("falhou") for relato in self.relatos.values())

    def resumo(self) -> dict[str, Any]:
        return {
            "modelo": self.modelo,
            "incompleta": self.incompleta,
            "consumo": {
                **{agente: c.descrever(self.modelo) for agente, c in self.consumo.items()},
                "total": consumo.total(self.modelo, *self.consumo.values()),
            },
            **self.relatos,
        }

    def fechar(self) -> None:
        self.cliente.close()
