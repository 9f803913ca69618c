"""manifesto.json: entradas (nome, tamanho, SHA-256), versões, parâmetros e horários.

Com o motor Claude: `parametros.llm` (modelo, endereço, limites, SHA-256 dos prompts) e
a seção `llm` (tokens, custo estimado, dados descartados, propostas rejeitadas, falhas).
Nunca a chave nem cabeçalhos HTTP.
"""

from __future__ import annotations

import platform
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from perito import __version__
from perito.leitura import ocr

BIBLIOTECAS = (
    "pdfplumber", "pdfminer.six", "pypdfium2", "openpyxl", "defusedxml", "pytesseract", "pydantic", "jsonschema",
    "phonenumbers", "python-stdnum", "charset-normalizer", "python-docx",
)


def versoes() -> dict[str, object]:
    encontradas: dict[str, object] = {
        "python": platform.python_version(),
        "tesseract": ocr.versao_tesseract() or "ausente",
        "tesseract_idiomas_sha256": ocr.dados_de_idioma(),
    }
    for nome in BIBLIOTECAS:
        try:
            encontradas[nome] = version(nome)
        except PackageNotFoundError:
            encontradas[nome] = "ausente"
    return encontradas


def montar(
    *, caso_id: str, parametros: dict[str, Any], inicio: str, fim: str, arquivos: list[dict[str, Any]],
    saidas: dict[str, str], auditoria: dict[str, str], llm: dict[str, Any] | None = None,
    etapas: dict[str, float] | None = None, memoria_etapas: dict[str, dict[str, int]] | None = None,
) -> dict[str, Any]:
    return {
        "perito_versao": __version__,
        "caso_id": caso_id,
        # o procedimento e quem analisa, também no topo: os relatórios os levam no cabeçalho
        "inquerito": parametros.get("inquerito"),
        "analista": parametros.get("analista"),
        "parametros": parametros,
        "inicio": inicio,
        "fim": fim,
        # segundos de parede por etapa (voláteis como inicio/fim; scripts/benchmark_caso.py os lê)
        **({"etapas": etapas} if etapas is not None else {}),
        # pico de memória (MiB) por etapa: do principal até o fim dela e do maior auxiliar que leu nela (voláteis)
        **({"memoria_etapas": memoria_etapas} if memoria_etapas is not None else {}),
        "versoes": versoes(),
        "arquivos": arquivos,
        "saidas": saidas,
        "auditoria": auditoria,
        **({"llm": llm} if llm is not None else {}),
    }
