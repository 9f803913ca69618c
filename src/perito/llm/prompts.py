"""Prompts versionados em `prompts/` (um arquivo por agente); o SHA-256 vai ao manifesto.

O arquivo inteiro é o prompt de sistema enviado: o hash identifica exatamente o que o
modelo recebeu. Uma nova versão é um novo arquivo (`extrator_v2.md`) com o seu hash
fixado em ARQUIVOS, nunca uma edição: um prompt cujo conteúdo não bate com o hash
fixado é instalação inválida (código 8).

Os prompts são dados do pacote `perito.prompts` (setup.py mapeia `prompts/` para ele) e
são lidos com importlib.resources: funcionam no wheel instalado, não só na árvore de fontes.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from perito.erros import ErroPerito, Saida

#: agente → (arquivo, SHA-256 fixado da versão)
ARQUIVOS = {
    "extrator": ("extrator_v1.md", "ee823df816b48363be3189e62b781fe420882d89ba39b01a2b2ea04c40913382"),
    "principal": ("principal_v1.md", "2c9ec4f705508fdfc26cf724fac386fc04c0102916a6f7da281fc597ada32554"),
}


@dataclass(frozen=True)
class Prompt:
    nome: str
    arquivo: str  # relativo à raiz do projeto, como aparece no manifesto
    texto: str
    sha256: str

    def descrever(self) -> dict[str, str]:
        return {"arquivo": self.arquivo, "sha256": self.sha256}


def _pasta() -> Traversable:
    try:
        return resources.files("perito.prompts")
    except ModuleNotFoundError as erro:
        raise ErroPerito(
            "Instalação incompleta: os prompts do motor Claude (perito.prompts) não estão instalados. "
            "Reinstale o perito (make ambiente).",
            Saida.AMBIENTE_INVALIDO,
        ) from erro


def carregar(nome: str, pasta: Path | Traversable | None = None) -> Prompt:
    arquivo, fixado = ARQUIVOS[nome]
    caminho = (pasta or _pasta()) / arquivo
    try:
        bruto = caminho.read_bytes()
    except OSError as erro:
        raise ErroPerito(
            f"Instalação incompleta: o prompt {arquivo} não pôde ser lido ({erro.strerror or erro}). "
            "Reinstale o perito (make ambiente).",
            Saida.AMBIENTE_INVALIDO,
        ) from erro
    sha256 = hashlib.sha256(bruto).hexdigest()
    if sha256 != fixado:
        raise ErroPerito(
            f"Instalação inválida: o prompt {arquivo} não é a versão publicada (SHA-256 {sha256[:12]}…, esperado "
            f"{fixado[:12]}…). Prompts não se editam no lugar: uma versão nova é um arquivo novo.",
            Saida.AMBIENTE_INVALIDO,
        )
    return Prompt(nome, f"prompts/{arquivo}", bruto.decode("utf-8"), sha256)


def carregar_todos(pasta: Path | Traversable | None = None) -> dict[str, Prompt]:
    return {nome: carregar(nome, pasta) for nome in ARQUIVOS}
