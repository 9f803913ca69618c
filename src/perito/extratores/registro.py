"""Registro dos extratores e escolha pelo conteúdo do documento."""

from __future__ import annotations

from perito.extratores.bancario import ExtratorBancario
from perito.extratores.base import Extrator
from perito.extratores.generico import ExtratorGenerico
from perito.extratores.operadora import ExtratorOperadora
from perito.extratores.provedores import ExtratorProvedores
from perito.extratores.simba import ExtratorSimba
from perito.leitura.documento import Documento

#: ordem de desempate; o genérico é o último recurso
EXTRATORES: tuple[Extrator, ...] = (
    ExtratorProvedores(), ExtratorBancario(), ExtratorSimba(), ExtratorOperadora(), ExtratorGenerico(),
)
GENERICO = EXTRATORES[-1]


def por_id(extrator_id: str) -> Extrator | None:
    return next((e for e in EXTRATORES if e.extrator_id == extrator_id), None)


def escolher(documento: Documento) -> Extrator:
    """O extrator cuja família tem mais marcadores no documento (mínimo 2); senão o genérico.

    Em empate vence o genérico: um boletim que fala de PIX continua sendo um relato.
    """
    if documento.erro:
        return GENERICO
    minusculo = documento.texto_completo.lower()
    candidatos = [
        (e.pontuacao(documento, minusculo), e is GENERICO, -i, e) for i, e in enumerate(EXTRATORES)
        if e.pode_ler(documento, minusculo)
    ]
    return max(candidatos, key=lambda c: c[:3])[3]
