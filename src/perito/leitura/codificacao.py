"""Decodificação de arquivos de texto com a codificação detectada e registrada."""

from __future__ import annotations

import codecs
import io
import unicodedata

from charset_normalizer import from_bytes

BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
# Respostas de bancos e operadoras brasileiras vêm em UTF-8 ou em cp1252/latin-1.
CANDIDATAS = ["cp1252", "latin_1", "utf_16_le", "utf_16_be"]


def decodificar(bruto: bytes) -> tuple[str, str]:
    """Devolve (texto em NFC, codificação usada). Nunca falha: latin-1 é o último recurso."""
    for bom, nome in BOMS:
        if bruto.startswith(bom):
            return _nfc(bruto.decode(nome)), nome
    try:
        return _nfc(bruto.decode("utf-8")), "utf-8"
    except UnicodeDecodeError:
        pass
    melhor = from_bytes(bruto, cp_isolation=CANDIDATAS).best()
    if melhor is not None:
        nome = "cp1252" if melhor.encoding == "latin_1" and _cp1252_serve(bruto) else melhor.encoding
        return _nfc(bruto.decode(nome)), nome
    return _nfc(bruto.decode("latin-1")), "latin_1"


def _cp1252_serve(bruto: bytes) -> bool:
    # cp1252 e latin-1 só divergem em 0x80-0x9F; preferimos cp1252 quando ele decodifica.
    try:
        bruto.decode("cp1252")
    except UnicodeDecodeError:
        return False
    return True


def _nfc(texto: str) -> str:
    return unicodedata.normalize("NFC", texto)


def linhas_fisicas(texto: str) -> list[str]:
    """Linhas físicas com seus terminadores (\\n, \\r\\n ou \\r), como o módulo csv as vê."""
    return list(io.StringIO(texto, newline=""))


def sem_terminador(linha: str) -> str:
    return linha.rstrip("\r\n")
