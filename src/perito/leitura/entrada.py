"""O que um leitor recebe: o caminho de um arquivo do caso ou os bytes de um membro de pacote ZIP.

Os leitores não sabem de onde vêm os bytes: um membro de `pacote.zip!/x.pdf` é lido
em memória, sem nada extraído para o disco, pelo mesmo código que lê `x.pdf` solto.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import BinaryIO, Union

Entrada = Union[Path, bytes]


def ler_bytes(entrada: Entrada) -> bytes:
    return entrada.read_bytes() if isinstance(entrada, Path) else entrada


def abrir(entrada: Entrada) -> BinaryIO:
    """Arquivo binário para leitura (feche-o depois; bytes viram um arquivo em memória)."""
    return entrada.open("rb") if isinstance(entrada, Path) else io.BytesIO(entrada)


def tamanho(entrada: Entrada) -> int:
    return entrada.stat().st_size if isinstance(entrada, Path) else len(entrada)
