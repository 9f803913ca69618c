"""Inventário: o que há na pasta do caso, com o SHA-256 de cada arquivo."""

from __future__ import annotations

from perito.analise.estado import Analise
from perito.analise.etapas.base import Etapa
from perito.leitura.inventario import listar


def inventariar(analise: Analise) -> None:
    analise.inventario = listar(analise.caso)
    analise.eventos.registrar("inventario", "inventariar",
                              entradas={a.nome: a.sha256 for a in analise.inventario if a.sha256})


ETAPA = Etapa("inventario", inventariar)
