"""A entrada da ferramenta numa resposta do Claude, aceita inteira ou rejeitada inteira.

Nada de uma resposta fora do formato é aproveitado: sem exatamente uma chamada da
ferramenta pedida, com entrada que é um objeto JSON conforme o esquema, a resposta
toda é rejeitada (nunca aplicada em parte).
"""

from __future__ import annotations

from typing import Any

from anthropic.types import Message

from perito.llm.ferramentas import erros_entrada
from perito.texto_ptbr import plural


class FalhaChamada(Exception):
    """Chamada sem resultado aproveitável; `motivo` em pt-BR, sem segredos nem corpo da resposta."""

    def __init__(self, motivo: str) -> None:
        super().__init__(motivo)
        self.motivo = motivo


def _campo(bloco: Any, nome: str) -> Any:
    # respostas fora do formato chegam do SDK como modelos incompletos ou dicts crus
    return bloco.get(nome) if isinstance(bloco, dict) else getattr(bloco, nome, None)


def entrada_da_ferramenta(resposta: Any, nome: str) -> dict[str, Any]:
    if not isinstance(resposta, Message) or not isinstance(_campo(resposta, "content"), list):
        raise FalhaChamada("resposta malformada da API (não é uma mensagem com conteúdo)")
    parada = _campo(resposta, "stop_reason")
    if parada == "max_tokens":
        raise FalhaChamada("resposta cortada pelo limite de tokens (max_tokens); nada foi aproveitado")
    if parada == "refusal":
        raise FalhaChamada("o modelo recusou a tarefa; nada foi aproveitado")
    usos = [b for b in resposta.content if _campo(b, "type") == "tool_use"]
    if len(usos) != 1 or _campo(usos[0], "name") != nome:
        raise FalhaChamada(
            f"a resposta não traz exatamente uma chamada da ferramenta {nome} ({plural(len(usos), 'chamada', 'chamadas')})"
        )
    entrada = _campo(usos[0], "input")
    if not isinstance(entrada, dict):
        raise FalhaChamada(f"a entrada da ferramenta {nome} não é um objeto JSON; resposta rejeitada inteira")
    problemas = erros_entrada(nome, entrada)
    if problemas:
        raise FalhaChamada(
            f"a entrada da ferramenta {nome} está fora do esquema ({plural(len(problemas), 'erro', 'erros')}; o primeiro: "
            f"{problemas[0]}); resposta rejeitada inteira"
        )
    return entrada
