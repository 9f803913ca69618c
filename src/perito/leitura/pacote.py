"""Pacotes no caso: ZIP (respostas da Meta com `records.html` e mídia, exportações estilo Takeout) e mensagens de
e-mail `.eml` (`mensagem_email.py`: o cabeçalho, o corpo e cada anexo são membros).

Nada é extraído para o disco: cada membro é lido do ZIP para a memória, com os
tetos de `tetos` (entradas, soma descomprimida, razão de compressão; um pacote
dentro do pacote só até PACOTE_NIVEIS_MAXIMOS níveis e PACOTE_INTERNO_MAXIMO bytes).
Um membro é citado como `pacote.zip!/caminho/interno` (`!/` separa cada nível:
`pacote.zip!/interno.zip!/records.html`) em `arquivo_fonte` e `arquivo`, e o
validador o reabre pelo mesmo caminho.
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import IO, Iterator

from perito.leitura import mensagem_email, tetos

SEPARADOR = "!/"
_ZIP = b"PK\x03\x04"
_BLOCO = 1 << 20
_INICIO = 8192


class MembroIlegivel(Exception):
    """Motivo em pt-BR: o membro citado não existe, está cifrado ou o pacote está corrompido."""


@dataclass(frozen=True)
class Membro:
    nome: str  # "pacote.zip!/pasta/records.html"
    cadeia: tuple[str, ...]  # caminho interno em cada nível: ("pasta/records.html",)
    tamanho: int
    sha256: str
    inicio: bytes  # primeiros bytes, para detectar o tipo pelo conteúdo
    #: conteúdo inteiro, só quando é um ZIP (XLSX, DOCX ou pacote interno): o tipo depende do diretório dele
    conteudo: bytes | None = None
    motivo_ignorado: str | None = None
    #: não lido por um defeito do pacote (não por escolha): a análise fica incompleta
    falha: bool = False


def nome_membro(pacote: str, cadeia: tuple[str, ...]) -> str:
    return SEPARADOR.join((pacote, *cadeia))


def dividir(arquivo: str) -> tuple[str, tuple[str, ...]]:
    """("pacote.zip", ("pasta/x.html",)) de "pacote.zip!/pasta/x.html"; cadeia vazia se não é membro."""
    pacote, *cadeia = arquivo.split(SEPARADOR)
    return pacote, tuple(cadeia)


def motivo_nome_inseguro(interno: str) -> str | None:
    """Caminho interno que não pode ser citado sem ambiguidade (nada é extraído, mas a citação tem de ser única)."""
    partes = PurePosixPath(interno).parts
    if not partes or interno.startswith("/") or ".." in partes or "\\" in interno or SEPARADOR in interno:
        return "caminho interno inseguro ou ambíguo (absoluto, com '..', '\\' ou '!/'): não lido"
    return None


def _zip(fonte: Path | bytes) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(fonte if isinstance(fonte, Path) else io.BytesIO(fonte))
    except (zipfile.BadZipFile, ValueError, EOFError) as erro:
        raise MembroIlegivel(f"pacote ZIP corrompido ({erro})") from erro


def _info(contêiner: zipfile.ZipFile, interno: str) -> zipfile.ZipInfo:
    try:
        info = contêiner.getinfo(interno)
    except KeyError:
        raise MembroIlegivel(f"o membro {interno!r} não existe no pacote") from None
    if info.flag_bits & 0x1:
        raise MembroIlegivel(f"o membro {interno!r} está cifrado (protegido por senha): não lido")
    if sum(1 for i in contêiner.infolist() if i.filename == interno) > 1:
        raise MembroIlegivel(f"o pacote tem mais de um membro com o caminho {interno!r}: a citação é ambígua")
    tetos.conferir_entrada(info)
    return info


@dataclass(frozen=True)
class _InfoDaParte:
    """O que quem lê um membro pergunta dele (como o `ZipInfo`), para uma parte de e-mail."""

    filename: str
    file_size: int


def _e_zip(fonte: Path | bytes) -> bool:
    if isinstance(fonte, bytes):
        return fonte.startswith(_ZIP)
    with fonte.open("rb") as f:
        return f.read(4) == _ZIP


def _bytes_do_email(fonte: Path | bytes) -> bytes:
    """A mensagem inteira, com teto: o parser a monta na memória."""
    if isinstance(fonte, bytes):
        return fonte
    tamanho = fonte.stat().st_size
    if tamanho > tetos.PACOTE_INTERNO_MAXIMO:
        raise tetos.TetoExcedido(f"mensagem de e-mail de {tamanho / tetos.MIB:.0f} MiB excede o teto de "
                                 f"{tetos.PACOTE_INTERNO_MAXIMO / tetos.MIB:.0f} MiB")
    return fonte.read_bytes()


def _parte(fonte: Path | bytes, interno: str) -> bytes:
    bruto = _bytes_do_email(fonte)
    try:
        conteudo = mensagem_email.ler(bruto, interno)
    except Exception as erro:  # noqa: BLE001 — mensagem malformada ou hostil (partes aninhadas sem fim) além do que o parser tolera
        raise MembroIlegivel(f"mensagem de e-mail ilegível ({type(erro).__name__})") from erro
    if conteudo is None:
        raise MembroIlegivel(f"a parte {interno!r} não existe na mensagem")
    return conteudo


@contextmanager
def abrir_membro(caminho: Path, cadeia: tuple[str, ...]) -> Iterator[tuple[zipfile.ZipInfo, IO[bytes]]]:
    """(info, fluxo) do membro; os níveis intermediários são lidos em memória com teto."""
    if not cadeia:
        raise MembroIlegivel("referência a pacote sem membro")
    if len(cadeia) > tetos.PACOTE_NIVEIS_MAXIMOS:
        raise tetos.TetoExcedido(
            f"pacote ZIP aninhado em {len(cadeia)} níveis (teto {tetos.PACOTE_NIVEIS_MAXIMOS})"
        )
    fonte: Path | bytes = caminho
    for interno in cadeia[:-1]:
        if not _e_zip(fonte):
            fonte = _parte(fonte, interno)
            continue
        with _zip(fonte) as contêiner:
            tetos.conferir_quantidade(contêiner.infolist())
            info = _info(contêiner, interno)
            if info.file_size > tetos.PACOTE_INTERNO_MAXIMO:
                raise tetos.TetoExcedido(
                    f"pacote interno {interno!r} de {info.file_size / tetos.MIB:.0f} MiB "
                    f"(teto {tetos.PACOTE_INTERNO_MAXIMO / tetos.MIB:.0f} MiB)"
                )
            fonte = _ler(contêiner, info)
    if not _e_zip(fonte):
        conteudo = _parte(fonte, cadeia[-1])
        yield _InfoDaParte(cadeia[-1], len(conteudo)), io.BytesIO(conteudo)  # type: ignore[misc]
        return
    with _zip(fonte) as contêiner:
        tetos.conferir_quantidade(contêiner.infolist())
        info = _info(contêiner, cadeia[-1])
        with contêiner.open(info) as fluxo:
            yield info, fluxo


def _ler(contêiner: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    try:
        return contêiner.read(info)
    except (zipfile.BadZipFile, OSError, EOFError, ValueError) as erro:  # CRC errado, dados truncados
        raise MembroIlegivel(f"o membro {info.filename!r} está corrompido ({erro})") from erro


def ler_membro(caminho: Path, cadeia: tuple[str, ...], teto: int = tetos.TAMANHO_MAXIMO) -> bytes:
    """Bytes do membro, com os tetos conferidos antes de descomprimir."""
    with abrir_membro(caminho, cadeia) as (info, fluxo):
        if info.file_size > teto:
            raise tetos.TetoExcedido(
                f"membro de {info.file_size / tetos.MIB:.0f} MiB excede o teto de {teto / tetos.MIB:.0f} MiB"
            )
        try:
            return fluxo.read()
        except (zipfile.BadZipFile, OSError, EOFError, ValueError) as erro:
            raise MembroIlegivel(f"o membro {info.filename!r} está corrompido ({erro})") from erro


def sha256_membro(caminho: Path, cadeia: tuple[str, ...]) -> tuple[str, bytes, int]:
    """(SHA-256, primeiros bytes, tamanho) do membro, lido em fluxo."""
    with abrir_membro(caminho, cadeia) as (info, fluxo):
        return _resumo(info, fluxo)[:3]


def _resumo(info: zipfile.ZipInfo, fluxo: IO[bytes], guardar: bool = False) -> tuple[str, bytes, int, bytes | None]:
    h = hashlib.sha256()
    inicio = b""
    guardado = bytearray() if guardar else None
    try:
        while bloco := fluxo.read(_BLOCO):
            h.update(bloco)
            if len(inicio) < _INICIO:
                inicio += bloco[: _INICIO - len(inicio)]
            if guardado is not None:
                guardado += bloco
    except (zipfile.BadZipFile, OSError, EOFError, ValueError) as erro:
        raise MembroIlegivel(f"o membro {info.filename!r} está corrompido ({erro})") from erro
    return h.hexdigest(), inicio, info.file_size, bytes(guardado) if guardado is not None else None


def membros(caminho: Path, nome: str) -> list[Membro]:
    """Todos os membros do pacote (e dos pacotes internos, até o teto de níveis), em ordem de nome.

    Levanta TetoExcedido ou MembroIlegivel quando o pacote inteiro não pode ser aberto.
    """
    if not _e_zip(caminho):
        return _membros_do_email(_bytes_do_email(caminho), nome, ())
    with _zip(caminho) as contêiner:
        return _membros(contêiner, nome, ())


def e_pacote_de_email(inicio: bytes) -> bool:
    """O pacote é uma mensagem de e-mail (não um ZIP), pelos primeiros bytes."""
    return not inicio.startswith(_ZIP)


def _membros_do_email(bruto: bytes, pacote: str, cadeia: tuple[str, ...]) -> list[Membro]:
    try:
        todas = mensagem_email.partes(bruto)
    except Exception as erro:  # noqa: BLE001 — o inventário roda no principal: nenhuma mensagem hostil o derruba
        raise MembroIlegivel(f"mensagem de e-mail ilegível ({type(erro).__name__})") from erro
    if len(todas) > tetos.ZIP_ENTRADAS_MAXIMAS:
        raise tetos.TetoExcedido(f"mensagem de e-mail com {len(todas)} partes (teto {tetos.ZIP_ENTRADAS_MAXIMAS})")
    encontrados = []
    for interno, conteudo in todas:
        caminho_interno = (*cadeia, interno)
        # o conteúdo fica com o membro quando ele mesmo é um pacote (um ZIP ou outra mensagem anexada)
        guardar = conteudo.startswith(_ZIP) or interno.lower().endswith(".eml") or mensagem_email.parece_email(conteudo[:_INICIO])
        encontrados.append(Membro(nome_membro(pacote, caminho_interno), caminho_interno, len(conteudo),
                                  hashlib.sha256(conteudo).hexdigest(), conteudo[:_INICIO], conteudo if guardar else None))
    return encontrados


def _membros(contêiner: zipfile.ZipFile, pacote: str, cadeia: tuple[str, ...]) -> list[Membro]:
    entradas = [i for i in contêiner.infolist() if not i.is_dir()]
    tetos.conferir_quantidade(entradas)
    # dois membros com o mesmo caminho: a citação `pacote.zip!/caminho` não diria qual, e o zipfile reabre só o
    # último; nenhum é lido, todos ficam no manifesto com o seu SHA-256 e a análise fica incompleta
    repetidos = Counter(i.filename for i in entradas)
    encontrados: list[Membro] = []
    for info in sorted(entradas, key=lambda i: i.filename):
        caminho_interno = (*cadeia, info.filename)
        nome = nome_membro(pacote, caminho_interno)
        if repetidos[info.filename] > 1:
            encontrados.append(_repetido(contêiner, info, nome, caminho_interno, repetidos[info.filename]))
            continue
        motivo = motivo_nome_inseguro(info.filename)
        if motivo is None and info.flag_bits & 0x1:
            motivo = "membro cifrado (protegido por senha): não lido"
        if motivo is None:
            try:
                tetos.conferir_entrada(info)
            except tetos.TetoExcedido as erro:
                motivo = str(erro)
        if motivo is not None:
            encontrados.append(Membro(nome, caminho_interno, info.file_size, "", b"", None, motivo))
            continue
        try:
            with contêiner.open(info) as fluxo:
                comeco = fluxo.read(4)
                # um pacote dentro do pacote (outro ZIP, ou uma mensagem de e-mail): o conteúdo fica com o membro. Só
                # o que começa por letras pode ser o cabeçalho de uma mensagem: a mídia de um pacote (JPEG, PDF, MP4)
                # não é descomprimida além dos 4 bytes
                if comeco[:1].isalpha() and not comeco.startswith(_ZIP):
                    comeco += fluxo.read(_INICIO - len(comeco))
            zip_interno = comeco.startswith(_ZIP) or info.filename.lower().endswith(".eml") or mensagem_email.parece_email(comeco)
            guardar = zip_interno and info.file_size <= tetos.PACOTE_INTERNO_MAXIMO
            with contêiner.open(info) as fluxo:
                sha, inicio, tamanho, conteudo = _resumo(info, fluxo, guardar)
        except (MembroIlegivel, zipfile.BadZipFile, OSError, EOFError, ValueError) as erro:
            encontrados.append(Membro(nome, caminho_interno, info.file_size, "", b"", None, f"membro ilegível ({erro})"))
            continue
        if zip_interno and conteudo is None:
            motivo = (
                f"ZIP interno de {tamanho / tetos.MIB:.0f} MiB excede o teto de "
                f"{tetos.PACOTE_INTERNO_MAXIMO / tetos.MIB:.0f} MiB para pacotes dentro de pacotes"
            )
        encontrados.append(Membro(nome, caminho_interno, tamanho, sha, inicio, conteudo, motivo))
    return encontrados


def _repetido(contêiner: zipfile.ZipFile, info: zipfile.ZipInfo, nome: str, cadeia: tuple[str, ...], vezes: int) -> Membro:
    motivo = (f"o pacote tem {vezes} membros com o mesmo caminho {info.filename!r}: a citação não distinguiria "
              "qual deles, e nenhum foi lido (extraia-os numa cópia do caso com nomes distintos)")
    try:
        tetos.conferir_entrada(info)
        with contêiner.open(info) as fluxo:  # cada ZipInfo abre os seus bytes: o hash de cada cópia fica registrado
            sha, inicio, tamanho, _ = _resumo(info, fluxo)
    except (tetos.TetoExcedido, MembroIlegivel, zipfile.BadZipFile, OSError, EOFError, ValueError):
        sha, inicio, tamanho = "", b"", info.file_size
    return Membro(nome, cadeia, tamanho, sha, inicio, None, motivo, falha=True)


def membros_internos(membro: Membro, pacote: str) -> list[Membro]:
    """Membros de um pacote interno (o Membro traz o conteúdo); TetoExcedido/MembroIlegivel se não abre."""
    if len(membro.cadeia) >= tetos.PACOTE_NIVEIS_MAXIMOS:
        raise tetos.TetoExcedido(
            f"pacote ZIP dentro de pacote além de {tetos.PACOTE_NIVEIS_MAXIMOS} níveis: não aberto (extraia-o numa cópia do caso)"
        )
    assert membro.conteudo is not None
    if not _e_zip(membro.conteudo):
        return _membros_do_email(membro.conteudo, pacote, membro.cadeia)
    with _zip(membro.conteudo) as contêiner:
        return _membros(contêiner, pacote, membro.cadeia)
