"""Agente principal: indexa os dados dos lotes, aplica uma regra por tipo de conclusão e numera o resultado."""

from __future__ import annotations

import gc
from typing import Any, Callable

from perito.contratos.esquemas import erros
from perito.principal import (
    convergencia_dispositivo,
    convergencia_imei,
    convergencia_ip,
    convergencia_nome,
    identificacao_laranja,
    identificacao_titular,
    materialidade,
    padrao_temporal,
    vinculo_financeiro,
    vinculo_telefone,
)
from perito.principal.graus import ORDEM
from perito.principal.indice import Indice
from perito.principal.parametros import Parametros

Regra = Callable[[Indice, Parametros], list[dict[str, Any]]]

#: regras na ordem em que suas conclusões são listadas
REGRAS: tuple[tuple[str, Regra], ...] = (
    ("materialidade", materialidade.concluir),
    ("vinculo_financeiro", vinculo_financeiro.concluir),
    ("identificacao_laranja", identificacao_laranja.concluir),
    ("identificacao_titular", identificacao_titular.concluir),
    ("convergencia_ip", convergencia_ip.concluir),
    ("padrao_temporal", padrao_temporal.concluir),
    ("convergencia_imei", convergencia_imei.concluir),
    ("vinculo_telefone", vinculo_telefone.concluir),
    ("convergencia_nome", convergencia_nome.concluir),
    ("convergencia_dispositivo", convergencia_dispositivo.concluir),
)


def cruzar(
    lotes: list[dict[str, Any]], caso_id: str, data_analise: str, parametros: Parametros | None = None
) -> dict[str, Any]:
    """Conclusões (seção 3) com ids sequenciais estáveis; `validacao` fica nula até o validador."""
    parametros = parametros or Parametros()
    # O índice cria um objeto por dado (milhões num caso grande) e nenhum ciclo de referência:
    # o coletor cíclico só gastaria tempo varrendo-os (medido: 3,5x mais lento com ele ligado).
    coletor_ligado = gc.isenabled()
    gc.disable()
    try:
        indice = Indice(lotes)
        brutas: list[dict[str, Any]] = []
        for _, regra in REGRAS:
            # dentro de um tipo: mais fortes primeiro, depois pela chave
            achadas = regra(indice, parametros)
            brutas.extend(sorted(achadas, key=lambda c: (-ORDEM[c["grau_confianca"]], c["chave_ordenacao"])))
        # Solta o índice (os lançamentos em memória apontam de volta para ele) antes de numerar.
        indice.memoria.clear()
        del indice
        # Numeradas e conferidas ainda sem o coletor: centenas de milhares de conclusões novas, com os lotes vivos,
        # disparavam uma varredura completa de todos os objetos (1,5 s com 1 milhão de dados, sem achar nada).
        conclusoes = [
            {"id": numero, **{k: v for k, v in c.items() if k != "chave_ordenacao"}, "validacao": None}
            for numero, c in enumerate(brutas, start=1)
        ]
        del brutas
        envelope = {"conclusoes": conclusoes, "caso_id": caso_id, "data_analise": data_analise}
        problemas = erros("conclusoes", envelope)
        _para_a_geracao_antiga()
    finally:
        if coletor_ligado:
            gc.enable()
    if problemas:
        raise ValueError(f"conclusões fora do contrato: {problemas[:3]}")
    return envelope


def _para_a_geracao_antiga() -> None:
    """Põe o que sobreviveu ao cruzamento (conclusões) direto na geração mais antiga do coletor.

    Religado, o coletor passaria cada um desses objetos pelas gerações novas e, ao promovê-los, contaria
    uma varredura completa (lotes incluídos) que não acharia ciclo nenhum: não há ciclos nas conclusões.
    freeze + unfreeze muda a geração sem varrer; só quando ninguém mais congelou objetos (senão os soltaria).
    """
    if gc.get_freeze_count() == 0:
        gc.freeze()
        gc.unfreeze()
