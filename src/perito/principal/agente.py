"""Agente principal: aplica uma regra por tipo de conclusão e numera o resultado."""

from __future__ import annotations

import datetime as dt
from typing import Any

from perito.contratos.esquemas import erros
from perito.principal import convergencia_ip
from perito.principal.graus import ORDEM

#: regras na ordem em que suas conclusões são listadas
REGRAS = (("convergencia_ip", convergencia_ip.concluir),)


def cruzar(
    lotes: list[dict[str, Any]], caso_id: str, data_analise: str, janela: dt.timedelta = convergencia_ip.JANELA_PADRAO
) -> dict[str, Any]:
    """Conclusões (seção 3) com ids sequenciais estáveis; `validacao` fica nula até o validador."""
    brutas: list[dict[str, Any]] = []
    for _, regra in REGRAS:
        achadas = regra(lotes, janela) if regra is convergencia_ip.concluir else regra(lotes)
        # dentro de um tipo: mais fortes primeiro, depois pela chave
        brutas.extend(sorted(achadas, key=lambda c: (-ORDEM[c["grau_confianca"]], c["chave_ordenacao"])))
    conclusoes = [
        {"id": numero, **{k: v for k, v in c.items() if k != "chave_ordenacao"}, "validacao": None}
        for numero, c in enumerate(brutas, start=1)
    ]
    envelope = {"conclusoes": conclusoes, "caso_id": caso_id, "data_analise": data_analise}
    problemas = erros("conclusoes", envelope)
    if problemas:
        raise ValueError(f"conclusões fora do contrato: {problemas[:3]}")
    return envelope
