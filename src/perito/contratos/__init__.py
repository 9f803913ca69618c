"""Contratos entre agentes (seções 1-4 do documento de esquemas), fonte única."""

from perito.contratos.modelos import (
    ArquivoProcessado,
    Conclusao,
    Conclusoes,
    DadoExtraido,
    DetalheValidacao,
    LoteExtracao,
    Referencia,
    Resumo,
    Validacao,
    Validacoes,
)

__all__ = [
    "ArquivoProcessado",
    "Conclusao",
    "Conclusoes",
    "DadoExtraido",
    "DetalheValidacao",
    "LoteExtracao",
    "Referencia",
    "Resumo",
    "Validacao",
    "Validacoes",
]
