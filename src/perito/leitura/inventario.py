"""Inventário do caso: arquivos em ordem, SHA-256 de cada um e tipo real pelo conteúdo."""

from __future__ import annotations

import hashlib
import os
import zipfile
from dataclasses import dataclass
from pathlib import Path

_BLOCO = 1 << 20
_SUFIXOS_TEXTO = {".txt", ".log", ".text", ""}
_SUFIXOS_CSV = {".csv", ".tsv"}
_IMAGENS = {b"\x89PNG": "imagem PNG", b"\xff\xd8\xff": "imagem JPEG", b"II*\x00": "imagem TIFF", b"MM\x00*": "imagem TIFF"}


@dataclass(frozen=True)
class ArquivoCaso:
    caminho: Path
    nome: str  # relativo à pasta do caso, com "/"
    tamanho: int
    sha256: str
    tipo: str | None  # "pdf", "csv", "xlsx", "txt"; None quando ignorado
    motivo_ignorado: str | None = None
    alerta: str | None = None  # p.ex. extensão que não corresponde ao conteúdo


def sha256_arquivo(caminho: Path) -> str:
    h = hashlib.sha256()
    with caminho.open("rb") as f:
        while bloco := f.read(_BLOCO):
            h.update(bloco)
    return h.hexdigest()


def listar(caso: Path) -> list[ArquivoCaso]:
    """Todos os arquivos do caso em ordem de nome; nada é aberto para escrita."""
    itens: list[ArquivoCaso] = []
    for raiz, pastas, arquivos in os.walk(caso, followlinks=False):
        pastas.sort()
        for nome in sorted(arquivos):
            caminho = Path(raiz) / nome
            itens.append(_descrever(caso, caminho))
        # Pastas que são links simbólicos não são seguidas; ficam registradas.
        for pasta in list(pastas):
            caminho = Path(raiz) / pasta
            if caminho.is_symlink():
                itens.append(_ignorado(caso, caminho, "link simbólico para pasta: não seguido"))
    return sorted(itens, key=lambda a: a.nome)


def _relativo(caso: Path, caminho: Path) -> str:
    return caminho.relative_to(caso).as_posix()


def _ignorado(caso: Path, caminho: Path, motivo: str) -> ArquivoCaso:
    return ArquivoCaso(caminho, _relativo(caso, caminho), 0, "", None, motivo)


def _descrever(caso: Path, caminho: Path) -> ArquivoCaso:
    nome = _relativo(caso, caminho)
    try:
        nome.encode("utf-8")
    except UnicodeEncodeError:
        # bytes que não são UTF-8 no nome (mídia antiga do Windows): o arquivo é relatado, não lido,
        # pois nenhum JSON poderia citá-lo pelo nome exato
        legivel = os.fsencode(nome).decode("utf-8", "backslashreplace")
        try:
            sha, tamanho = sha256_arquivo(caminho), caminho.stat().st_size
        except OSError:
            sha, tamanho = "", 0
        return ArquivoCaso(
            caminho, legivel, tamanho, sha, None,
            "o nome do arquivo não é UTF-8 válido (bytes mostrados como \\xNN); renomeie-o numa cópia do caso para lê-lo",
        )
    if caminho.is_symlink():
        return _ignorado(caso, caminho, "link simbólico: não seguido (pode apontar para fora do caso)")
    if not caminho.is_file():
        return _ignorado(caso, caminho, "não é um arquivo regular")
    try:
        tamanho = caminho.stat().st_size
        sha = sha256_arquivo(caminho)
        with caminho.open("rb") as f:
            inicio = f.read(8192)
    except OSError as erro:
        return _ignorado(caso, caminho, f"não foi possível ler o arquivo ({erro.strerror or erro})")
    tipo, motivo, alerta = detectar_tipo(caminho, inicio, tamanho)
    return ArquivoCaso(caminho, _relativo(caso, caminho), tamanho, sha, tipo, motivo, alerta)


def detectar_tipo(caminho: Path, inicio: bytes, tamanho: int) -> tuple[str | None, str | None, str | None]:
    """(tipo, motivo se ignorado, alerta) pelo conteúdo; a extensão só desempata texto."""
    sufixo = caminho.suffix.lower()
    if tamanho == 0:
        return None, "arquivo vazio (0 bytes)", None
    if b"%PDF-" in inicio[:1024]:
        return "pdf", None, _alerta_extensao(sufixo, {".pdf"}, "PDF")
    if inicio.startswith(b"PK\x03\x04"):
        return _tipo_zip(caminho, sufixo)
    for assinatura, descricao in _IMAGENS.items():
        if inicio.startswith(assinatura):
            return None, f"{descricao}: formato não suportado nesta versão (converta para PDF)", None
    if sufixo == ".pdf":
        return None, "extensão .pdf, mas o conteúdo não é PDF (sem cabeçalho %PDF-)", None
    if _parece_binario(inicio):
        return None, "arquivo binário de formato não reconhecido", None
    if sufixo in _SUFIXOS_CSV:
        return "csv", None, None
    if sufixo in _SUFIXOS_TEXTO:
        return "txt", None, None
    return "txt", None, f"extensão {sufixo} desconhecida; lido como texto"


def _tipo_zip(caminho: Path, sufixo: str) -> tuple[str | None, str | None, str | None]:
    try:
        with zipfile.ZipFile(caminho) as z:
            nomes = set(z.namelist())
    except (zipfile.BadZipFile, OSError, ValueError):
        return None, "arquivo ZIP corrompido", None
    if "xl/workbook.xml" in nomes:
        return "xlsx", None, _alerta_extensao(sufixo, {".xlsx", ".xlsm"}, "XLSX")
    if "word/document.xml" in nomes:
        return "docx", None, _alerta_extensao(sufixo, {".docx"}, "DOCX")
    return None, "arquivo ZIP: formato não suportado (extraia o conteúdo para a pasta do caso)", None


def _alerta_extensao(sufixo: str, esperados: set[str], nome_tipo: str) -> str | None:
    if sufixo in esperados:
        return None
    return f"conteúdo é {nome_tipo}, mas a extensão é '{sufixo or '(nenhuma)'}'; lido como {nome_tipo}"


def _parece_binario(inicio: bytes) -> bool:
    """Binário quando há NULs ou caracteres de controle demais; um NUL perdido num log não basta."""
    if inicio.startswith((b"\xff\xfe", b"\xfe\xff")):
        return False  # UTF-16 com BOM tem NULs legítimos
    controles = sum(1 for b in inicio if b < 0x20 and b not in (0x09, 0x0A, 0x0C, 0x0D))
    return inicio.count(0) > max(1, len(inicio) * 0.01) or controles > max(1, len(inicio) * 0.1)
