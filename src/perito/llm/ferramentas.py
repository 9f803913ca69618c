"""Ferramentas (tool use) pelas quais Claude devolve dados e propostas, e a conferência da entrada.

O esquema de cada dado é o da seção 1 (`esquema("dado_extraido")`), o mesmo que confere
os lotes das regras: Claude não tem um formato mais frouxo que o dos extratores.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from jsonschema import Draft202012Validator

from perito.contratos.esquemas import esquema
from perito.contratos.modelos import GRAUS, TIPOS_CONCLUSAO

DADOS = "registrar_dados"
CONCLUSOES = "propor_conclusoes"
#: limite de caracteres da afirmação proposta (uma conclusão, não um relatório)
MAXIMO_AFIRMACAO = 2000


def _dado_extraido() -> dict[str, Any]:
    # sem $schema/$id/title: a API recebe só o corpo do esquema
    return {k: v for k, v in esquema("dado_extraido").items() if k not in ("$schema", "$id", "title")}


def _entrada(nome: str) -> dict[str, Any]:
    if nome == DADOS:
        return {
            "type": "object",
            "properties": {"dados": {"type": "array", "items": _dado_extraido()}},
            "required": ["dados"],
            "additionalProperties": False,
        }
    proposta = {
        "type": "object",
        "properties": {
            "tipo": {"type": "string", "enum": list(TIPOS_CONCLUSAO)},
            "afirmacao": {"type": "string", "minLength": 1, "maxLength": MAXIMO_AFIRMACAO},
            "grau_confianca": {"type": "string", "enum": list(GRAUS)},
            "dados": {
                "type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 1, "maxItems": 50,
                "description": "ids dos dados (da lista <dados>) que sustentam a afirmação",
            },
        },
        "required": ["tipo", "afirmacao", "grau_confianca", "dados"],
        "additionalProperties": False,
    }
    return {
        "type": "object",
        "properties": {"conclusoes": {"type": "array", "items": proposta}},
        "required": ["conclusoes"],
        "additionalProperties": False,
    }


_DESCRICOES = {
    DADOS: "Registra os dados encontrados nos trechos do documento (lista vazia se não houver nenhum). "
    "Cada dado segue o esquema da seção 1 do contrato, com texto_original copiado do trecho.",
    CONCLUSOES: "Propõe conclusões que cruzam dados da lista <dados>, citando-os pelo id (lista vazia se não houver).",
}


def ferramenta(nome: str) -> dict[str, Any]:
    return {"name": nome, "description": _DESCRICOES[nome], "input_schema": _entrada(nome)}


@cache
def _validador(nome: str) -> Draft202012Validator:
    return Draft202012Validator(_entrada(nome))


def erros_entrada(nome: str, entrada: Any) -> list[str]:
    """Erros de esquema da entrada inteira; qualquer erro rejeita a resposta toda."""
    encontrados = sorted(_validador(nome).iter_errors(entrada), key=lambda e: list(e.absolute_path))
    return [f"{e.json_path}: {e.message[:160]}" for e in encontrados]
