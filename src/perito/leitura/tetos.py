"""Tetos contra arquivos hostis, conferidos antes de entregar o arquivo a um parser.

Valores escolhidos para respostas reais de provedores, bancos e operadoras, que
ficam muito abaixo deles; um arquivo acima de um teto fica em ERRO com o motivo.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from perito.leitura.entrada import Entrada, tamanho

MIB = 1 << 20
#: tamanho do arquivo no disco
TAMANHO_MAXIMO = 1024 * MIB
#: páginas lidas de um PDF (as seguintes vão para paginas_com_falha, com alerta)
PAGINAS_MAXIMAS = 5000
#: contêiner ZIP (XLSX, DOCX, pacote): soma descomprimida, razão de compressão e número de entradas
ZIP_DESCOMPRIMIDO_MAXIMO = 1024 * MIB
ZIP_RAZAO_MAXIMA = 200
ZIP_ENTRADAS_MAXIMAS = 10_000
#: pacote ZIP dentro de pacote: níveis abertos (o pacote do caso é o nível 1) e tamanho de um pacote interno,
#: que é lido em memória para ser aberto
PACOTE_NIVEIS_MAXIMOS = 2
PACOTE_INTERNO_MAXIMO = 256 * MIB
#: HTML: o parser guarda o texto inteiro em memória
HTML_MAXIMO = 64 * MIB


class TetoExcedido(Exception):
    """Motivo em pt-BR; o arquivo não é lido."""


def conferir_tamanho(entrada: Entrada, teto: int = TAMANHO_MAXIMO, formato: str = "arquivo") -> None:
    medido = tamanho(entrada)
    if medido > teto:
        raise TetoExcedido(f"{formato} de {medido / MIB:.0f} MiB excede o teto de {teto / MIB:.0f} MiB")


def conferir_zip(entrada: Entrada | zipfile.ZipFile, descricao: str = "planilha XLSX") -> None:
    """Lê só o diretório central do ZIP: nada é descomprimido antes de passar nos tetos."""
    if isinstance(entrada, zipfile.ZipFile):
        conferir_entradas(entrada.infolist())
        return
    try:
        with zipfile.ZipFile(entrada if isinstance(entrada, Path) else io.BytesIO(entrada)) as contêiner:
            entradas = contêiner.infolist()
    except (zipfile.BadZipFile, ValueError) as erro:
        raise TetoExcedido(f"{descricao} corrompida: contêiner ZIP ilegível ({erro})") from erro
    conferir_entradas(entradas)


def conferir_entradas(entradas: list[zipfile.ZipInfo]) -> None:
    conferir_quantidade(entradas)
    for entrada in entradas:
        conferir_entrada(entrada)


def conferir_quantidade(entradas: list[zipfile.ZipInfo]) -> None:
    """Número de entradas e soma descomprimida declarada no diretório central."""
    if len(entradas) > ZIP_ENTRADAS_MAXIMAS:
        raise TetoExcedido(f"contêiner ZIP com {len(entradas)} entradas (teto {ZIP_ENTRADAS_MAXIMAS}): possível bomba ZIP")
    total = sum(e.file_size for e in entradas)
    if total > ZIP_DESCOMPRIMIDO_MAXIMO:
        raise TetoExcedido(
            f"contêiner ZIP descomprime para {total / MIB:.0f} MiB "
            f"(teto {ZIP_DESCOMPRIMIDO_MAXIMO / MIB:.0f} MiB): possível bomba ZIP"
        )


def conferir_entrada(entrada: zipfile.ZipInfo) -> None:
    """Razão de compressão de uma entrada (o zipfile nunca descomprime além do tamanho declarado)."""
    razao = entrada.file_size / max(entrada.compress_size, 1)
    if entrada.file_size > MIB and razao > ZIP_RAZAO_MAXIMA:
        raise TetoExcedido(
            f"a entrada {entrada.filename!r} do ZIP se expande {razao:.0f} vezes "
            f"(teto {ZIP_RAZAO_MAXIMA}): possível bomba ZIP"
        )
