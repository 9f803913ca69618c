"""Grava os resultados de uma análise na pasta de saída, cada um de forma atômica."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from perito.saida.auditoria import Trilha, sha256_texto
from perito.saida.escrita import escrever_bytes, escrever_texto, texto_json
from perito.saida.planilha_csv import texto_afirmacoes, texto_csv
from perito.saida.planilha_xlsx import NOME as NOME_XLSX
from perito.saida.planilha_xlsx import bytes_xlsx


def textos_das_saidas(
    lotes: list[dict[str, Any]], validacoes: dict[str, Any], finais: dict[str, Any], contraditas: dict[str, Any]
) -> dict[str, str]:
    """Nome relativo → conteúdo; o hash de cada um é registrado na trilha antes da gravação."""
    textos = {f"lotes/{lote['extrator_id']}.json": texto_json(lote) for lote in lotes}
    textos["validacao.json"] = texto_json(validacoes)
    textos["conclusoes_contraditas.json"] = texto_json(contraditas)
    textos["conclusoes.json"] = texto_json(finais)
    todas = finais["conclusoes"] + contraditas["conclusoes_contraditas"]
    textos["conclusoes.csv"] = texto_csv(todas)
    textos["afirmacoes.csv"] = texto_afirmacoes(todas)
    return dict(sorted(textos.items()))


def planilhas(finais: dict[str, Any], contraditas: dict[str, Any]) -> dict[str, bytes]:
    """Saídas binárias: conclusoes.xlsx (todas as células como texto)."""
    return {NOME_XLSX: bytes_xlsx(finais["conclusoes"] + contraditas["conclusoes_contraditas"])}


def gravar(saida: Path, textos: dict[str, str], trilha: Trilha, binarios: dict[str, bytes] | None = None) -> dict[str, str]:
    """Grava os textos (e os binários) e devolve nome → SHA-256; lotes antigos de outra execução são removidos."""
    for antigo in (saida / "lotes").glob("*.json"):
        if f"lotes/{antigo.name}" not in textos:
            antigo.unlink()  # confundiriam quem audita esta execução
    for nome, texto in textos.items():
        escrever_texto(saida / nome, texto)
    hashes = {nome: sha256_texto(texto) for nome, texto in textos.items()}
    for nome, conteudo in (binarios or {}).items():
        escrever_bytes(saida / nome, conteudo)
        hashes[nome] = hashlib.sha256(conteudo).hexdigest()
    hashes = dict(sorted(hashes.items()))
    trilha.registrar("saida", "gravar_saidas", saidas=hashes)
    return hashes


def gravar_manifesto(saida: Path, manifesto: dict[str, Any], trilha: Trilha) -> None:
    texto = texto_json(manifesto)
    escrever_texto(saida / "manifesto.json", texto)
    trilha.registrar("saida", "gravar_manifesto", saidas={"manifesto.json": sha256_texto(texto)})
