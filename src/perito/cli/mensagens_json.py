"""Erros de um arquivo JSON ditos ao usuário: em pt-BR, com caminho JSON, linha e coluna, poucas linhas.

Nunca o repr de um objeto Python nem o texto em inglês do json/jsonschema: um
usuário que errou uma vírgula ou um campo precisa de onde e do quê.
"""

from __future__ import annotations

import json
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from perito.contratos.esquemas import esquema
from perito.texto_ptbr import plural

MAXIMO = 10
DICA_ESQUEMA = (
    "O formato é o do conclusoes.json que `perito analisar` grava; o JSON Schema dele sai com "
    "`perito esquemas --nome conclusoes` (ou `perito esquemas --saida PASTA` grava conclusoes.schema.json)."
)

_SINTAXE = {
    "Expecting value": "esperava um valor (texto, número, lista ou objeto)",
    "Expecting property name enclosed in double quotes": "esperava o nome de um campo entre aspas duplas",
    "Expecting ',' delimiter": "falta uma vírgula entre dois itens",
    "Expecting ':' delimiter": "faltam os dois-pontos depois do nome do campo",
    "Unterminated string starting at": "texto entre aspas que não se fecha",
    "Invalid control character at": "caractere de controle (quebra de linha, tabulação) dentro de um texto entre aspas",
    "Invalid \\escape": "sequência de escape inválida (\\) dentro de um texto",
    "Invalid \\uXXXX escape": "sequência \\uXXXX inválida dentro de um texto",
    "Extra data": "há conteúdo depois do fim do JSON",
}

_TIPOS = {
    "object": "um objeto {...}", "array": "uma lista [...]", "string": "um texto entre aspas",
    "integer": "um número inteiro", "number": "um número", "boolean": "true ou false", "null": "null",
}


def _tipo_de(valor: Any) -> str:
    if isinstance(valor, bool):
        return _TIPOS["boolean"]
    for tipo, classe in (("object", dict), ("array", list), ("string", str), ("integer", int), ("number", float)):
        if isinstance(valor, classe):
            return _TIPOS[tipo]
    return _TIPOS["null"]


def _curto(valor: Any, limite: int = 40) -> str:
    texto = json.dumps(valor, ensure_ascii=False)
    return texto if len(texto) <= limite else texto[: limite - 1] + "…"


def erro_de_sintaxe(erro: json.JSONDecodeError) -> str:
    motivo = next((pt for en, pt in _SINTAXE.items() if erro.msg.startswith(en)), "sintaxe JSON inválida")
    return f"linha {erro.lineno}, coluna {erro.colno}: {motivo}"


def _motivo(erro: ValidationError) -> str:
    regra, esperado, valor = erro.validator, erro.validator_value, erro.instance
    if regra == "required":
        faltam = [c for c in esperado if isinstance(valor, dict) and c not in valor]
        return "falta o campo " + ", ".join(f"'{c}'" for c in faltam)
    if regra == "type":
        tipos = [esperado] if isinstance(esperado, str) else list(esperado)
        return f"deveria ser {' ou '.join(_TIPOS.get(t, t) for t in tipos)}, mas é {_tipo_de(valor)}"
    if regra == "enum":
        return f"{_curto(valor)} não é um valor aceito; use um de: {', '.join(map(str, esperado))}"
    if regra == "const":
        return f"deveria ser {_curto(esperado)}"
    if regra == "additionalProperties":
        extras = sorted(set(valor) - set((erro.schema or {}).get("properties", {}))) if isinstance(valor, dict) else []
        return "campo não previsto no formato: " + ", ".join(f"'{c}'" for c in extras)
    if regra == "minItems":
        return "lista vazia" if esperado == 1 else f"lista com menos de {plural(esperado, 'item', 'itens')}"
    if regra == "maxItems":
        return f"lista com mais de {plural(esperado, 'item', 'itens')}"
    if regra == "minLength":
        return "texto vazio" if esperado == 1 else f"texto com menos de {esperado} caracteres"
    if regra == "maxLength":
        return f"texto com mais de {plural(esperado, 'caractere', 'caracteres')}"
    if regra == "pattern":
        return f"{_curto(valor)} não segue o formato esperado"
    if regra in ("minimum", "exclusiveMinimum"):
        return f"{_curto(valor)} é menor que o mínimo ({esperado})"
    if regra in ("maximum", "exclusiveMaximum"):
        return f"{_curto(valor)} é maior que o máximo ({esperado})"
    if regra in ("anyOf", "oneOf"):
        return f"{_curto(valor)} não se encaixa em nenhuma das formas aceitas"
    return f"valor {_curto(valor)} não aceito (regra {regra})"


def _pular_espacos(texto: str, i: int) -> int:
    while i < len(texto) and texto[i] in " \t\r\n":
        i += 1
    return i


def posicao(texto: str, caminho: list[str | int]) -> tuple[int, int] | None:
    """(linha, coluna) do valor no caminho dado, 1-based; None se o texto não permite achá-lo."""
    decodificador = json.JSONDecoder()
    i = _pular_espacos(texto, 0)
    try:
        for parte in caminho:
            i = _entrar(texto, i, parte, decodificador)
    except (ValueError, IndexError):
        return None
    linha = texto.count("\n", 0, i) + 1
    return linha, i - (texto.rfind("\n", 0, i) + 1) + 1


def _entrar(texto: str, i: int, parte: str | int, decodificador: json.JSONDecoder) -> int:
    """Posição do filho `parte` do objeto ou lista que começa em i."""
    abre = texto[i]
    if abre not in "{[":
        raise ValueError(parte)
    i, indice = _pular_espacos(texto, i + 1), 0
    while texto[i] not in "}]":
        if abre == "{":
            chave, i = decodificador.raw_decode(texto, i)
            i = _pular_espacos(texto, i)
            if texto[i] != ":":
                raise ValueError(parte)
            i = _pular_espacos(texto, i + 1)
            achou = chave == parte
        else:
            achou = indice == parte
        if achou:
            return i
        _, i = decodificador.raw_decode(texto, i)
        i = _pular_espacos(texto, i)
        if texto[i] == ",":
            i = _pular_espacos(texto, i + 1)
        indice += 1
    raise ValueError(parte)


def erros_de_formato(nome: str, objeto: Any, texto: str) -> list[str]:
    """Até MAXIMO linhas `$.caminho (linha L, coluna C): motivo`, e quantas ficaram de fora."""
    validador = Draft202012Validator(esquema(nome))
    encontrados = sorted(validador.iter_errors(objeto), key=lambda e: [str(p) for p in e.absolute_path])
    linhas = []
    for erro in encontrados[:MAXIMO]:
        lugar = posicao(texto, list(erro.absolute_path))
        onde = f" (linha {lugar[0]}, coluna {lugar[1]})" if lugar else ""
        linhas.append(f"{erro.json_path}{onde}: {_motivo(erro)}")
    if len(encontrados) > MAXIMO:
        linhas.append(f"… e mais {plural(len(encontrados) - MAXIMO, 'problema', 'problemas')}")
    return linhas
