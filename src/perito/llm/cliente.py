"""Cliente da API (SDK oficial) e o tratamento de falhas de cada chamada.

Camadas de repetição, ambas limitadas: o SDK repete sozinho 408/409/429/5xx, tempo
esgotado e falha de conexão (`retentativas_sdk`, espera exponencial ou a do
`retry-after`); por cima, `tentativas` nossas para 429, 500, 529, tempo e conexão, com
pausa crescente. Qualquer outra recusa (400, 401, 403...) não se repete. Cada pedido
HTTP é contado por um middleware do SDK, para o manifesto dizer quantos houve.
"""

from __future__ import annotations

import re
import threading
import time
from typing import Any

import anthropic

from perito import registro
from perito.llm.configuracao import ConfiguracaoLLM
from perito.llm.consumo import Consumo
from perito.llm.resposta import FalhaChamada, entrada_da_ferramenta
from perito.texto_ptbr import plural

#: falhas que passam com o tempo: vale tentar de novo
TRANSITORIAS = (anthropic.RateLimitError, anthropic.InternalServerError, anthropic.APIConnectionError)
#: geração 5 (pensamento adaptativo ligado): a API recusa tool_choice forçado com 400 (guia de migração do Sonnet 5.5)
_SEM_FERRAMENTA_FORCADA = re.compile(r"^claude-[a-z]+-5(-|$)")
_TIPO_DE_ERRO = re.compile(r"[a-z_]{1,40}")


class ContadorTentativas:
    """Middleware do SDK: roda uma vez por pedido HTTP, inclusive nas retentativas do próprio SDK."""

    def __init__(self) -> None:
        self._local = threading.local()

    def __call__(self, pedido: Any, seguinte: Any) -> Any:
        self._local.contagem = getattr(self._local, "contagem", 0) + 1
        return seguinte(pedido)

    def zerar(self) -> None:
        self._local.contagem = 0

    @property
    def da_chamada(self) -> int:
        return getattr(self._local, "contagem", 0)


def criar(configuracao: ConfiguracaoLLM, chave: str, contador: ContadorTentativas) -> anthropic.Anthropic:
    # base_url não é passado: o SDK lê ANTHROPIC_BASE_URL (um servidor local pode fazer o papel da API)
    return anthropic.Anthropic(
        api_key=chave, timeout=configuracao.tempo_limite, max_retries=configuracao.retentativas_sdk,
        middleware=[contador],
    )


def escolha_de_ferramenta(modelo: str, nome: str) -> dict[str, Any]:
    """Força a ferramenta onde a API aceita; na geração 5, `auto` e o prompt exigem a chamada
    (uma resposta sem ela é rejeitada inteira, nunca aproveitada como texto)."""
    if _SEM_FERRAMENTA_FORCADA.match(modelo):
        return {"type": "auto", "disable_parallel_tool_use": True}
    return {"type": "tool", "name": nome, "disable_parallel_tool_use": True}


def descrever_erro(erro: BaseException, configuracao: ConfiguracaoLLM) -> str:
    """Motivo em pt-BR. Nunca o texto da exceção: o corpo de uma resposta pode trazer qualquer coisa."""
    if isinstance(erro, anthropic.APITimeoutError):
        return f"tempo limite de {configuracao.tempo_limite:g} s esgotado"
    if isinstance(erro, anthropic.APIConnectionError):
        return "falha de conexão com a API"
    if isinstance(erro, anthropic.APIStatusError):
        tipo = erro.type if isinstance(erro.type, str) and _TIPO_DE_ERRO.fullmatch(erro.type) else None
        sufixo = f" {erro.status_code}" + (f", {tipo}" if tipo else "")
        if erro.status_code == 429:
            return f"limite de taxa da API (HTTP{sufixo})"
        if erro.status_code == 529:
            return f"API sobrecarregada (HTTP{sufixo})"
        if erro.status_code >= 500:
            return f"erro no servidor da API (HTTP{sufixo})"
        if erro.status_code == 401:
            return f"chave de API recusada (HTTP{sufixo})"
        return f"pedido recusado pela API (HTTP{sufixo})"
    return f"resposta ilegível da API ({type(erro).__name__})"


def chamar(
    cliente: anthropic.Anthropic, contador: ContadorTentativas, configuracao: ConfiguracaoLLM, consumo: Consumo,
    pedido: dict[str, Any], ferramenta: str,
) -> dict[str, Any]:
    """A entrada da ferramenta, ou FalhaChamada com o motivo depois das tentativas."""
    consumo.contar(chamadas=1)
    try:
        return _tentar(cliente, contador, configuracao, consumo, pedido, ferramenta)
    except FalhaChamada as falha:
        consumo.contar(falhas=1)
        registro.LOGGER.warning("chamada ao Claude (%s) sem resultado: %s", ferramenta, falha.motivo)
        raise


def _tentar(
    cliente: anthropic.Anthropic, contador: ContadorTentativas, configuracao: ConfiguracaoLLM, consumo: Consumo,
    pedido: dict[str, Any], ferramenta: str,
) -> dict[str, Any]:
    motivo = ""
    for tentativa in range(1, configuracao.tentativas + 1):
        contador.zerar()
        try:
            resposta = cliente.messages.create(**pedido)
        except TRANSITORIAS as erro:
            motivo = descrever_erro(erro, configuracao)
            registro.LOGGER.warning("tentativa %d de %d falhou: %s", tentativa, configuracao.tentativas, motivo)
            if tentativa < configuracao.tentativas:
                time.sleep(configuracao.pausa * tentativa)
            continue
        except anthropic.APIStatusError as erro:  # 400, 401, 403, 404, 413...: repetir não resolve
            raise FalhaChamada(descrever_erro(erro, configuracao)) from None
        except Exception as erro:  # JSON inválido no corpo, resposta ilegível: rejeitada inteira
            registro.LOGGER.warning("resposta ilegível do Claude: %s", type(erro).__name__)
            raise FalhaChamada(descrever_erro(erro, configuracao)) from None
        finally:
            consumo.contar(tentativas_http=contador.da_chamada)
        consumo.somar(getattr(resposta, "usage", None))
        return entrada_da_ferramenta(resposta, ferramenta)
    raise FalhaChamada(f"{motivo}; desistência após {plural(configuracao.tentativas, 'tentativa', 'tentativas')} do perito")
