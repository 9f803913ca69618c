"""A impressão do código que lê, extrai e valida: o perito (cada arquivo-fonte), as bibliotecas instaladas e o
Tesseract. Faz parte de toda chave do armazém: outra versão de qualquer um deles pode ler ou concluir outra coisa,
e então nada guardado por ela é reaproveitado."""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
from pathlib import Path

import perito
from perito.leitura.ocr import dados_de_idioma, versao_tesseract


@functools.cache
def impressao_do_codigo() -> str:
    h = hashlib.sha256()
    raiz = Path(perito.__file__).resolve().parent
    for arquivo in sorted(raiz.rglob("*.py")):
        h.update(arquivo.relative_to(raiz).as_posix().encode() + b"\0" + arquivo.read_bytes() + b"\0")
    versoes = sorted({f"{d.metadata['Name']}=={d.version}" for d in importlib.metadata.distributions()})
    h.update("\n".join(versoes).encode())
    h.update(f"\ntesseract {versao_tesseract()} {sorted(dados_de_idioma().items())}".encode())
    return h.hexdigest()
