"""Tetos contra arquivos hostis, conferidos antes de entregar o arquivo a um parser.

Valores escolhidos para respostas reais de provedores, bancos e operadoras, que
ficam muito abaixo deles; um arquivo acima de um teto fica em ERRO com o motivo.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

MIB = 1 << 20
#: tamanho do arquivo no disco
TAMANHO_MAXIMO = 1024 * MIB
#: páginas lidas de um PDF (as seguintes vão para paginas_com_falha, com alerta)
PAGINAS_MAXIMAS = 5000
#: contêiner ZIP (XLSX): soma descomprimida, razão de compressão e número de entradas
ZIP_DESCOMPRIMIDO_MAXIMO = 1024 * MIB
ZIP_RAZAO_MAXIMA = 200
ZIP_ENTRADAS_MAXIMAS = 10_000


class TetoExcedido(Exception):
    """Motivo em pt-BR; o arquivo não é lido."""


def conferir_tamanho(caminho: Path) -> None:
    tamanho = caminho.stat().st_size
    if tamanho > TAMANHO_MAXIMO:
        raise TetoExcedido(f"arquivo de {tamanho / MIB:.0f} MiB excede o teto de {TAMANHO_MAXIMO / MIB:.0f} MiB")


def conferir_zip(caminho: Path) -> None:
    """Lê só o diretório central do ZIP: nada é descomprimido antes de passar nos tetos."""
    try:
        with zipfile.ZipFile(caminho) as contêiner:
            entradas = contêiner.infolist()
    except (zipfile.BadZipFile, ValueError) as erro:
        raise TetoExcedido(f"planilha XLSX corrompida: contêiner ZIP ilegível ({erro})") from erro
    if len(entradas) > ZIP_ENTRADAS_MAXIMAS:
        raise TetoExcedido(f"contêiner ZIP com {len(entradas)} entradas (teto {ZIP_ENTRADAS_MAXIMAS}): possível bomba ZIP")
    total = sum(e.file_size for e in entradas)
    if total > ZIP_DESCOMPRIMIDO_MAXIMO:
        raise TetoExcedido(
            f"contêiner ZIP descomprime para {total / MIB:.0f} MiB "
            f"(teto {ZIP_DESCOMPRIMIDO_MAXIMO / MIB:.0f} MiB): possível bomba ZIP"
        )
    for entrada in entradas:
        razao = entrada.file_size / max(entrada.compress_size, 1)
        if entrada.file_size > MIB and razao > ZIP_RAZAO_MAXIMA:
            raise TetoExcedido(
                f"a entrada {entrada.filename!r} do ZIP se expande {razao:.0f} vezes "
                f"(teto {ZIP_RAZAO_MAXIMA}): possível bomba ZIP"
            )
