"""Grava os resultados de uma análise na pasta de saída, cada um de forma atômica."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from perito.saida.auditoria import Trilha
from perito.saida.escrita import bytes_json, escrever_bytes
from perito.saida.planilha_csv import texto_afirmacoes, texto_csv
from perito.saida.planilha_xlsx import NOME as NOME_XLSX
from perito.saida.planilha_xlsx import bytes_xlsx


def nome_do_lote(lote: dict[str, Any]) -> str:
    return f"lotes/{lote['extrator_id']}.json"


def textos_das_saidas(
    serializados: dict[str, bytes], finais: dict[str, Any], contraditas: dict[str, Any]
) -> dict[str, bytes]:
    """Nome relativo → bytes; `serializados` traz o que já foi serializado (lotes, validacao.json) para a trilha:
    cada saída é serializada uma vez só, e o hash gravado é o desses mesmos bytes."""
    textos = dict(serializados)
    textos["conclusoes_contraditas.json"] = bytes_json(contraditas)
    textos["conclusoes.json"] = bytes_json(finais)
    todas = finais["conclusoes"] + contraditas["conclusoes_contraditas"]
    textos["conclusoes.csv"] = texto_csv(todas).encode("utf-8")
    textos["afirmacoes.csv"] = texto_afirmacoes(todas).encode("utf-8")
    return dict(sorted(textos.items()))


def planilhas(finais: dict[str, Any], contraditas: dict[str, Any]) -> dict[str, bytes]:
    """Saídas binárias: conclusoes.xlsx (todas as células como texto)."""
    return {NOME_XLSX: bytes_xlsx(finais["conclusoes"] + contraditas["conclusoes_contraditas"])}


def gravar(
    saida: Path, textos: dict[str, bytes | str], trilha: Trilha, binarios: dict[str, bytes] | None = None
) -> dict[str, str]:
    """Grava os textos (e os binários) e devolve nome → SHA-256 dos bytes gravados; lotes antigos de outra execução
    são removidos."""
    for antigo in (saida / "lotes").glob("*.json"):
        if f"lotes/{antigo.name}" not in textos:
            antigo.unlink()  # confundiriam quem audita esta execução
    hashes = {}
    for nome, conteudo in {**textos, **(binarios or {})}.items():
        dados = conteudo.encode("utf-8") if isinstance(conteudo, str) else conteudo
        escrever_bytes(saida / nome, dados)
        hashes[nome] = hashlib.sha256(dados).hexdigest()
    hashes = dict(sorted(hashes.items()))
    trilha.registrar("saida", "gravar_saidas", saidas=hashes)
    return hashes


def gravar_manifesto(saida: Path, manifesto: dict[str, Any], trilha: Trilha) -> None:
    dados = bytes_json(manifesto)
    escrever_bytes(saida / "manifesto.json", dados)
    trilha.registrar("saida", "gravar_manifesto", saidas={"manifesto.json": hashlib.sha256(dados).hexdigest()})
