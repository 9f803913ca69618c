"""Configuração do motor Claude e a conferência do ambiente, feita antes de qualquer trabalho."""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass
from urllib.parse import urlsplit

from perito.erros import ErroPerito, Saida

#: modelo padrão: o Sonnet atual (o claude-sonnet-4-5 sai de linha em 30/11/2026, segundo o próprio SDK)
MODELO_PADRAO = "claude-sonnet-5-5"
VARIAVEL_CHAVE = "ANTHROPIC_API_KEY"
ENDPOINT_PADRAO = "https://api.anthropic.com"


@dataclass(frozen=True)
class ConfiguracaoLLM:
    modelo: str = MODELO_PADRAO
    #: chamadas simultâneas à API (limite de taxa e custo previsíveis)
    concorrencia: int = 2
    #: segundos por tentativa HTTP
    tempo_limite: float = 120.0
    #: retentativas do próprio SDK (429, 408, 409, 5xx, tempo esgotado, conexão), com espera exponencial
    retentativas_sdk: int = 2
    #: nossas tentativas para 429/500/529/tempo/conexão, cada uma com as retentativas do SDK
    tentativas: int = 2
    #: segundos de espera antes da tentativa seguinte (vezes o número da tentativa)
    pausa: float = 5.0
    max_tokens_extrator: int = 16000
    max_tokens_principal: int = 8000
    #: tamanho de cada chamada do extrator: linhas e caracteres
    trechos_por_chamada: int = 60
    caracteres_por_chamada: int = 12000
    #: linha maior que isto não vai ao Claude (um alerta conta quantas ficaram de fora)
    caracteres_por_trecho: int = 2000
    #: teto de chamadas do extrator por análise (custo limitado; o excedente é relatado)
    maximo_chamadas: int = 200
    #: teto de dados listados ao agente principal
    maximo_dados_principal: int = 400


def chave_api() -> str:
    """A chave vem só do ambiente; sem ela, erro antes de ler ou gravar qualquer coisa."""
    chave = os.environ.get(VARIAVEL_CHAVE, "").strip()
    if not chave:
        raise ErroPerito(
            f"O motor Claude precisa da variável de ambiente {VARIAVEL_CHAVE}, que não está definida. "
            f"Defina-a (export {VARIAVEL_CHAVE}=...) ou use --motor regras, que roda sem rede. "
            "Nada foi lido nem gravado.",
            Saida.SEM_CHAVE_API,
        )
    return chave


def endpoint() -> str:
    """Endereço da API (ANTHROPIC_BASE_URL, que o SDK também lê), sem usuário, senha nem consulta."""
    bruto = os.environ.get("ANTHROPIC_BASE_URL") or ENDPOINT_PADRAO
    partes = urlsplit(bruto)
    if not partes.scheme or not partes.hostname:
        return "(endereço inválido)"
    porta = f":{partes.port}" if partes.port else ""
    return f"{partes.scheme}://{partes.hostname}{porta}{partes.path.rstrip('/')}"


def descrever(configuracao: ConfiguracaoLLM) -> dict[str, object]:
    return asdict(configuracao)
