"""Uma etapa da análise: um nome, o que ela faz com a `Analise`, e o que os observadores precisam saber dela."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from perito.analise.estado import Analise
from perito.leitura.documento import Documento


def _nenhum(_: Analise) -> Iterable[Documento | None]:
    return ()


@dataclass(frozen=True)
class Etapa:
    #: a chave da etapa em `etapas` e `memoria_etapas` do manifesto
    nome: str
    executar: Callable[[Analise], None]
    #: o rótulo de progresso anunciado quando ela começa (None: a própria etapa anuncia, com contagem)
    aviso: str | None = None
    #: entra no cronômetro do manifesto (o próprio manifesto não: é gravado com os tempos já medidos)
    medida: bool = True
    #: os documentos que auxiliares leram nesta etapa (a memória de cada auxiliar vai ao manifesto)
    lidos_por_auxiliares: Callable[[Analise], Iterable[Documento | None]] = _nenhum
