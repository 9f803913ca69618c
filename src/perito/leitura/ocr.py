"""OCR de uma página renderizada, com Tesseract (por + eng).

A linha N de uma página por OCR é a N-ésima linha não vazia que o Tesseract
devolve (blocos, parágrafos e linhas na ordem dele), palavras unidas por espaço.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

IDIOMAS = "por+eng"
TEMPO_LIMITE_S = 60


class OCRIndisponivel(RuntimeError):
    pass


@dataclass(frozen=True)
class ResultadoOCR:
    linhas: list[str]
    confianca_media: float  # 0-100; -1 quando não houve palavras


@cache
def versao_tesseract() -> str | None:
    try:
        import pytesseract

        return str(pytesseract.get_tesseract_version())
    except Exception:  # binário ausente ou quebrado: tratado como indisponível
        return None


@cache
def dados_de_idioma() -> dict[str, str]:
    """SHA-256 dos arquivos .traineddata usados (por, eng): o resultado do OCR depende deles."""
    try:
        saida = subprocess.run(["tesseract", "--list-langs"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return {}
    pasta = re.search(r'"([^"]+)"', saida.stdout + saida.stderr)
    if not pasta:
        return {}
    hashes = {}
    for idioma in IDIOMAS.split("+"):
        arquivo = Path(pasta.group(1)) / f"{idioma}.traineddata"
        if arquivo.is_file():
            hashes[idioma] = hashlib.sha256(arquivo.read_bytes()).hexdigest()
    return hashes


def reconhecer(imagem) -> ResultadoOCR:  # imagem: PIL.Image
    import pytesseract

    # O OpenMP do Tesseract com 2 núcleos é ~7x mais lento que uma thread por página.
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    if versao_tesseract() is None:
        raise OCRIndisponivel("Tesseract não está instalado (pacotes tesseract-ocr e tesseract-ocr-por)")
    dados = pytesseract.image_to_data(
        imagem, lang=IDIOMAS, output_type=pytesseract.Output.DICT, timeout=TEMPO_LIMITE_S
    )
    grupos: dict[tuple[int, int, int], list[str]] = {}
    confiancas: list[float] = []
    for i, palavra in enumerate(dados["text"]):
        palavra = (palavra or "").strip()
        if not palavra:
            continue
        chave = (dados["block_num"][i], dados["par_num"][i], dados["line_num"][i])
        grupos.setdefault(chave, []).append(palavra)
        conf = float(dados["conf"][i])
        if conf >= 0:
            confiancas.append(conf)
    linhas = [unicodedata.normalize("NFC", " ".join(p)) for _, p in sorted(grupos.items())]
    media = round(sum(confiancas) / len(confiancas), 1) if confiancas else -1.0
    return ResultadoOCR(linhas, media)
