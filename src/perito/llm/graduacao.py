"""Tipo e grau de uma conclusão do Claude pelo mesmo código das regras.

A regra do tipo proposto roda só sobre os dados que a proposta cita (os que sustentam o
fato). Se ela chega a alguma conclusão, o grau do Claude fica limitado ao grau da regra;
se não chega (ou o tipo é `outro`), o tipo vira `outro` e o grau fica limitado a
moderado. Cada ajuste é dito na afirmação.
"""

from __future__ import annotations

from typing import Any

from perito.principal.agente import REGRAS
from perito.principal.graus import ORDEM, melhor
from perito.principal.indice import Indice
from perito.principal.parametros import Parametros

#: teto de uma conclusão que nenhuma regra do perito gradua
TETO_SEM_REGRA = "moderado"


def graduar(
    tipo: str, grau: str, citados: list[tuple[str, dict[str, Any]]], parametros: Parametros
) -> tuple[str, str, list[str]]:
    """(tipo, grau, notas de ajuste em pt-BR) para os dados citados, cada um como (extrator_id, dado)."""
    regra = dict(REGRAS).get(tipo)
    grau_da_regra = None
    if regra is not None:
        achadas = regra(Indice([{"extrator_id": e, "dados_extraidos": [d]} for e, d in citados]), parametros)
        if achadas:
            grau_da_regra = melhor(*(c["grau_confianca"] for c in achadas))
    notas = []
    if grau_da_regra is None:
        if tipo != "outro":
            notas.append(f"Tipo ajustado pelo perito de {tipo} para outro: a regra de {tipo}, aplicada aos dados citados, "
                         "não chega a essa conclusão")
        tipo, teto, motivo = "outro", TETO_SEM_REGRA, "nenhuma regra do perito gradua esta conclusão"
    else:
        teto, motivo = grau_da_regra, f"grau que a regra de {tipo} dá aos dados citados"
    if ORDEM[grau] > ORDEM[teto]:
        notas.append(f"Grau ajustado pelo perito de {grau} para {teto}: {motivo}")
        grau = teto
    return tipo, grau, notas
