"""A âncora da trilha fora da pasta de saída: a cabeça da cadeia, guardada onde quem adultera não alcança.

A trilha encadeada por hash pega uma entrada editada ou removida, mas não uma cadeia inteira recalculada
(não há chave) nem uma pasta trocada pela de outra análise. A cabeça — `seq` e hash da última entrada —
anotada num arquivo que o analista guarda em outro lugar (`--ancora`), e opcionalmente assinada com uma
chave Ed25519 que só ele tem (`--chave`), fecha essas portas: `verificar --ancora/--chave-publica` exige
que a trilha contenha a cabeça ancorada, no mesmo `seq`, e nada depois dela.

Cada linha do arquivo de âncoras é um objeto JSON: `momento`, `pasta` (caminho resolvido), `seq`,
`cabeca`, `assinatura` (hex ou null) e `chave` (impressão digital da chave pública, ou null). Com chave,
a mesma linha vai também a `auditoria.assinaturas.jsonl` na pasta (a assinatura vale por si, onde estiver).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from perito.saida.auditoria import NOME, ler
from perito.texto_ptbr import conforme, plural

NOME_ASSINATURAS = "auditoria.assinaturas.jsonl"
#: separa a assinatura de uma cabeça do perito de qualquer outra coisa que a mesma chave assine
CONTEXTO = b"perito-trilha-v1\0"


class AncoraInvalida(Exception):
    """Chave ou arquivo de âncoras que não pode ser usado; a mensagem é para o usuário (pt-BR)."""


@dataclass(frozen=True)
class Cabeca:
    seq: int
    hash: str


def cabeca(pasta: Path) -> Cabeca:
    entradas, _ = ler(pasta / NOME)
    if not entradas:
        raise AncoraInvalida(f"{pasta} não tem trilha de auditoria ({NOME}) para ancorar")
    return Cabeca(int(entradas[-1]["seq"]), str(entradas[-1]["hash"]))


# --- chaves ---------------------------------------------------------------------------------------------------


def gerar_chave(destino: Path) -> tuple[Path, Path]:
    """Grava a chave privada (PEM, só o dono lê) em `destino` e a pública em `destino.pub`; nunca sobrescreve."""
    publica = destino.with_name(destino.name + ".pub")
    for caminho in (destino, publica):
        if caminho.exists():
            raise AncoraInvalida(f"{caminho} já existe; o perito não sobrescreve uma chave")
    privada = Ed25519PrivateKey.generate()
    pem = privada.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
    try:
        descritor = os.open(destino, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descritor, "wb") as f:
            f.write(pem)
        publica.write_bytes(privada.public_key().public_bytes(serialization.Encoding.PEM,
                                                              serialization.PublicFormat.SubjectPublicKeyInfo))
    except OSError as erro:
        raise AncoraInvalida(f"não foi possível gravar a chave em {destino}: {erro.strerror or erro}") from None
    return destino, publica


def _ler_pem(caminho: Path, que: str) -> bytes:
    try:
        return caminho.read_bytes()
    except OSError as erro:
        raise AncoraInvalida(f"a {que} {caminho} não pôde ser lida: {erro.strerror or erro}") from None


def carregar_privada(caminho: Path) -> Ed25519PrivateKey:
    try:
        chave = serialization.load_pem_private_key(_ler_pem(caminho, "chave privada"), password=None)
    except (ValueError, TypeError):
        raise AncoraInvalida(f"{caminho} não é uma chave privada PEM sem senha (gere uma com `perito chave gerar`)") from None
    if not isinstance(chave, Ed25519PrivateKey):
        raise AncoraInvalida(f"{caminho} não é uma chave Ed25519 (gere uma com `perito chave gerar`)")
    return chave


def carregar_publica(caminho: Path) -> Ed25519PublicKey:
    try:
        chave = serialization.load_pem_public_key(_ler_pem(caminho, "chave pública"))
    except (ValueError, TypeError):
        raise AncoraInvalida(f"{caminho} não é uma chave pública PEM (o .pub de `perito chave gerar`)") from None
    if not isinstance(chave, Ed25519PublicKey):
        raise AncoraInvalida(f"{caminho} não é uma chave pública Ed25519")
    return chave


def impressao_digital(publica: Ed25519PublicKey) -> str:
    bruta = publica.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return hashlib.sha256(bruta).hexdigest()[:16]


def _mensagem(seq: int, hash_: str) -> bytes:
    return CONTEXTO + f"{seq}:{hash_}".encode("ascii")


# --- ancorar --------------------------------------------------------------------------------------------------


def _acrescentar(arquivo: Path, linha: dict[str, Any]) -> None:
    try:
        arquivo.parent.mkdir(parents=True, exist_ok=True)
        with arquivo.open("a", encoding="utf-8", newline="\n") as f:
            f.write(json.dumps(linha, ensure_ascii=False, sort_keys=True) + "\n")
            f.flush()
            os.fsync(f.fileno())
    except OSError as erro:
        raise AncoraInvalida(f"não foi possível gravar a âncora em {arquivo}: {erro.strerror or erro}") from None


def ancorar(pasta: Path, arquivo: Path | None, chave: Ed25519PrivateKey | None) -> dict[str, Any]:
    """Anota (e assina, com `chave`) a cabeça atual da trilha de `pasta`; devolve a linha gravada."""
    atual = cabeca(pasta)
    linha = {
        "momento": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "pasta": str(pasta.resolve()),
        "seq": atual.seq,
        "cabeca": atual.hash,
        "assinatura": chave.sign(_mensagem(atual.seq, atual.hash)).hex() if chave else None,
        "chave": impressao_digital(chave.public_key()) if chave else None,
    }
    if arquivo is not None:
        _acrescentar(arquivo, linha)
    if chave is not None:
        _acrescentar(pasta / NOME_ASSINATURAS, linha)
    return linha


# --- conferir -------------------------------------------------------------------------------------------------


def _linhas(arquivo: Path) -> tuple[list[dict[str, Any]], list[str]]:
    try:
        texto = arquivo.read_text(encoding="utf-8")
    except FileNotFoundError:
        return [], []
    except (OSError, UnicodeDecodeError) as erro:
        raise AncoraInvalida(f"o arquivo de âncoras {arquivo} não pôde ser lido: {erro}") from None
    linhas, problemas = [], []
    for numero, bruta in enumerate(texto.splitlines(), start=1):
        try:
            linha = json.loads(bruta)
            int(linha["seq"]), str(linha["cabeca"])
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            problemas.append(f"{arquivo.name}, linha {numero}: âncora ilegível")
            continue
        linhas.append(linha)
    return linhas, problemas


def _assinada(linha: dict[str, Any], publica: Ed25519PublicKey) -> bool:
    try:
        publica.verify(bytes.fromhex(str(linha.get("assinatura") or "")), _mensagem(int(linha["seq"]), str(linha["cabeca"])))
    except (InvalidSignature, ValueError):
        return False
    return True


def conferir(pasta: Path, arquivo: Path | None, publica: Ed25519PublicKey | None) -> list[str]:
    """Problemas da trilha de `pasta` diante das âncoras (lista vazia: a trilha contém a última cabeça ancorada,
    no mesmo `seq`, e nada foi acrescentado depois). Sem `arquivo`, as âncoras são as assinaturas da pasta."""
    origem = arquivo if arquivo is not None else pasta / NOME_ASSINATURAS
    linhas, problemas = _linhas(origem)
    if publica is not None:
        validas = [linha for linha in linhas if _assinada(linha, publica)]
        if len(validas) < len(linhas):
            invalidas = plural(len(linhas) - len(validas), "âncora", "âncoras")
            problemas.append(f"{invalidas} de {origem.name} sem assinatura válida desta chave")
        linhas = validas
    entradas, _ = ler(pasta / NOME)
    por_seq = {int(e.get("seq", 0)): str(e.get("hash")) for e in entradas}
    desta = [linha for linha in linhas if linha.get("pasta") == str(pasta.resolve())]
    # uma pasta movida de lugar: vale a âncora de outro caminho cuja cabeça está nesta trilha
    candidatas = desta or [linha for linha in linhas if por_seq.get(int(linha["seq"])) == linha["cabeca"]]
    if not candidatas:
        return [*problemas, f"nenhuma âncora {'assinada ' if publica else ''}desta trilha em {origem}"]
    ultima = max(candidatas, key=lambda linha: int(linha["seq"]))
    seq = int(ultima["seq"])
    if por_seq.get(seq) != ultima["cabeca"]:
        return [*problemas, f"a trilha não contém a cabeça ancorada em {ultima.get('momento', '?')} (seq {seq}): "
                            "cadeia recalculada, cortada ou pasta trocada por outra"]
    depois = [e for e in entradas if int(e.get("seq", 0)) > seq]
    if depois:
        acoes = ", ".join(f"seq {e.get('seq')} {e.get('acao')} ({e.get('agente')}, {e.get('momento')})" for e in depois[:3])
        problemas.append(f"{plural(len(depois), 'entrada', 'entradas')} depois da última cabeça ancorada (seq {seq}) "
                         f"{conforme(len(depois), 'não está coberta', 'não estão cobertas')} "
                         f"pela âncora: {acoes}{', ...' if len(depois) > 3 else ''}")
    return problemas
