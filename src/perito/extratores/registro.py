"""Registro dos extratores e escolha pelo conteúdo do documento."""

from __future__ import annotations

from perito.extratores.bancario import ExtratorBancario
from perito.extratores.base import Extrator
from perito.extratores.familias import classificar
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
SIMBA = EXTRATORES[2]
#: o extrator que lê cada família reconhecida (o DICT é lido pelo bancário, com a família `registro`)
_EXTRATOR_DA_FAMILIA = {
    "provedor": EXTRATORES[0], "banco": EXTRATORES[1], "registro": EXTRATORES[1], "operadora": EXTRATORES[3],
    "relato": GENERICO,
}


def por_id(extrator_id: str) -> Extrator | None:
    return next((e for e in EXTRATORES if e.extrator_id == extrator_id), None)


def escolher(documento: Documento) -> Extrator:
    """O extrator da família que o conteúdo reconhece (`familias.classificar`).

    O leiaute SIMBA decide pelo cabeçalho oficial. Família desconhecida: o extrator com mais marcadores
    (mínimo 2), senão o genérico; o dado sai com a família `desconhecida` de qualquer jeito.
    """
    if documento.erro:
        return GENERICO
    if SIMBA.pode_ler(documento):
        return SIMBA
    familia = classificar(documento).familia
    if familia in _EXTRATOR_DA_FAMILIA:
        return _EXTRATOR_DA_FAMILIA[familia]
    minusculo = documento.texto_completo.lower()  # só na dúvida: num log de 200 mil linhas é uma cópia de MB
    candidatos = [
        (e.pontuacao(documento, minusculo), e is GENERICO, -i, e) for i, e in enumerate(EXTRATORES)
        if e is not SIMBA and e.pode_ler(documento, minusculo)
    ]
    # em empate vence o genérico: na dúvida, lê-se como prosa
    return max(candidatos, key=lambda c: c[:3])[3]
