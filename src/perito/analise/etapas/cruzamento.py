"""Cruzamento: o agente principal (regras; e, com o motor Claude, as propostas dele) tira as conclusões."""

from __future__ import annotations

import datetime as dt
import hashlib

from perito.analise.estado import Analise
from perito.analise.etapas.base import Etapa
from perito.analise_claude import concluir_com_claude
from perito.principal.agente import cruzar
from perito.principal.parametros import Parametros as ParametrosCruzamento
from perito.saida.escrita import bytes_json


def parametros_do_cruzamento(janela_segundos: int) -> ParametrosCruzamento:
    return ParametrosCruzamento(janela=dt.timedelta(seconds=janela_segundos))


def cruzar_lotes(analise: Analise) -> None:
    cruzamento = parametros_do_cruzamento(analise.parametros.janela_segundos)
    conclusoes = cruzar(analise.lotes, analise.caso_id, analise.data_analise, cruzamento)
    hash_conclusoes = hashlib.sha256(bytes_json(conclusoes)).hexdigest()
    analise.eventos.registrar(
        "principal", "cruzar",
        entradas=analise.hashes_lotes,
        saidas={"conclusoes (antes da validação)": hash_conclusoes},
        detalhes={"conclusoes": len(conclusoes["conclusoes"])},
    )
    if analise.motor is not None:
        conclusoes, hash_conclusoes = concluir_com_claude(
            analise.motor, analise.lotes, conclusoes, hash_conclusoes, cruzamento, analise.eventos, analise.avisar)
    analise.conclusoes, analise.hash_conclusoes = conclusoes, hash_conclusoes


ETAPA = Etapa("cruzamento", cruzar_lotes, aviso="cruzamento")
