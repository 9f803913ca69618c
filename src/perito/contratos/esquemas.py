"""JSON Schemas (draft 2020-12) exportados dos modelos e validação com jsonschema."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema_rs
from jsonschema import Draft202012Validator
from pydantic import BaseModel

from perito.contratos.modelos import Conclusoes, DadoExtraido, LoteExtracao, Validacoes

DIALETO = "https://json-schema.org/draft/2020-12/schema"

#: nome do esquema → (modelo, título da seção do contrato)
MODELOS: dict[str, tuple[type[BaseModel], str]] = {
    "dado_extraido": (DadoExtraido, "Seção 1 — Dado Extraído"),
    "lote_extracao": (LoteExtracao, "Seção 2 — Lote de Extração"),
    "conclusoes": (Conclusoes, "Seção 3 — Conclusões"),
    "validacoes": (Validacoes, "Seção 4 — Validações"),
}


def nome_arquivo(nome: str) -> str:
    return f"{nome}.schema.json"


@cache
def esquema(nome: str) -> dict[str, Any]:
    modelo, titulo = MODELOS[nome]
    corpo = modelo.model_json_schema(mode="serialization")
    return {"$schema": DIALETO, "$id": f"urn:perito:esquema:{nome}", "title": titulo, **{
        k: v for k, v in corpo.items() if k != "title"
    }}


def texto_esquema(nome: str) -> str:
    """Forma canônica em disco: chaves ordenadas, indentação fixa, fim de linha."""
    return json.dumps(esquema(nome), ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def escrever_esquemas(pasta: Path) -> list[Path]:
    pasta.mkdir(parents=True, exist_ok=True)
    escritos = []
    for nome in MODELOS:
        destino = pasta / nome_arquivo(nome)
        destino.write_text(texto_esquema(nome), encoding="utf-8")
        escritos.append(destino)
    return escritos


@cache
def _validador(nome: str) -> Draft202012Validator:
    return Draft202012Validator(esquema(nome))


@cache
def _validador_rapido(nome: str):
    # jsonschema-rs (Rust) confere o mesmo esquema ~100x mais rápido: decide se há erro;
    # o jsonschema de referência só roda para descrever os erros (mensagens e caminhos JSON).
    return jsonschema_rs.validator_for(esquema(nome))


def erros(nome: str, objeto: Any) -> list[str]:
    """Erros de esquema de `objeto`, cada um com o caminho JSON onde ocorre."""
    if _validador_rapido(nome).is_valid(objeto):
        return []
    encontrados = sorted(_validador(nome).iter_errors(objeto), key=lambda e: list(e.absolute_path))
    problemas = [f"{e.json_path}: {e.message}" for e in encontrados]
    # os dois validadores discordando é defeito nosso: nunca aceitar em silêncio
    return problemas or [f"$: objeto rejeitado pelo validador rápido do esquema {nome}"]


def erros_referencia(nome: str, objeto: Any) -> list[str]:
    """Só o validador de referência (jsonschema): para o teste que confere os dois validadores."""
    return [f"{e.json_path}: {e.message}" for e in _validador(nome).iter_errors(objeto)]
