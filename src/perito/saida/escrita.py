"""Escrita atômica: nome temporário na mesma pasta, fsync e rename (nunca um arquivo final pela metade).

Toda saída tem o mesmo modo, MODO (0644: o dono grava, a equipe lê), e não o 0600 do mkstemp.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

#: modo de todo arquivo de saída (README, Saídas)
MODO = 0o644


def texto_json(objeto: Any) -> str:
    return json.dumps(objeto, ensure_ascii=False, indent=2) + "\n"


def escrever_json(destino: Path, objeto: Any) -> Path:
    return escrever_texto(destino, texto_json(objeto))


def escrever_texto(destino: Path, texto: str) -> Path:
    return escrever_bytes(destino, texto.encode("utf-8"))


def escrever_bytes(destino: Path, conteudo: bytes) -> Path:
    destino.parent.mkdir(parents=True, exist_ok=True)
    descritor, temporario = tempfile.mkstemp(prefix=f".{destino.name}.", suffix=".tmp", dir=destino.parent)
    try:
        os.fchmod(descritor, MODO)
        with os.fdopen(descritor, "wb") as f:
            f.write(conteudo)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporario, destino)
    except BaseException:
        Path(temporario).unlink(missing_ok=True)
        raise
    return destino
