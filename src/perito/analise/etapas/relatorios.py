"""Relatórios: HTML, .docx, texto, CSV/XLSX e ofícios, do mesmo resultado em memória e da mesma releitura."""

from __future__ import annotations

import functools

from perito.analise.estado import Analise
from perito.analise.etapas.base import Etapa
from perito.saida import relatorios
from perito.validador import trechos


def gravar_relatorios(analise: Analise) -> None:
    parametros = analise.parametros
    provisorio = {"caso_id": analise.caso_id, "inquerito": parametros.inquerito, "analista": parametros.analista,
                  "parametros": analise.configuracao, "arquivos": analise.arquivos}  # o manifesto só é gravado no fim
    fonte, analise.fonte = analise.fonte, None  # os documentos relidos saem da memória assim que não servem mais
    analise.escritos.update(relatorios.gravar(analise.saida, analise.eventos, analise.caso, provisorio, analise.lotes,
                                              analise.plano, reler=functools.partial(trechos.reler, fonte=fonte),
                                              modelo_sem_decisoes=analise.modelo,
                                              soltar_releitura=fonte.soltar if fonte is not None else None,
                                              hashes_gravados=dict(analise.escritos)))
    del fonte
    analise.avisar("relatórios", 1, 1, "")


ETAPA = Etapa("relatorios", gravar_relatorios, aviso="relatórios")
