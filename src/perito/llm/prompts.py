"""Prompts versionados em `prompts/` (um arquivo por agente); o SHA-256 vai ao manifesto.

O arquivo inteiro é o prompt de sistema enviado: o hash identifica exatamente o que o
modelo recebeu. Uma nova versão é um novo arquivo (`extrator_v2.md`), nunca uma edição.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from perito.erros import ErroPerito, Saida

PASTA = Path(__file__).resolve().parents[3] / "prompts"
ARQUIVOS = {"extrator": "extrator_v1.md", "principal": "principal_v1.md"}


@dataclass(frozen=True)
class Prompt:
    nome: str
    arquivo: str  # relativo à raiz do projeto, como aparece no manifesto
    texto: str
    sha256: str

    def descrever(self) -> dict[str, str]:
        return {"arquivo": self.arquivo, "sha256": self.sha256}


def carregar(nome: str, pasta: Path = PASTA) -> Prompt:
    caminho = pasta / ARQUIVOS[nome]
    try:
        bruto = caminho.read_bytes()
    except OSError as erro:
        raise ErroPerito(
            f"Instalação incompleta: o prompt {caminho} não pôde ser lido ({erro.strerror or erro}). "
            "Reinstale o perito a partir do repositório (make ambiente).",
            Saida.AMBIENTE_INVALIDO,
        ) from erro
    return Prompt(nome, f"prompts/{caminho.name}", bruto.decode("utf-8"), hashlib.sha256(bruto).hexdigest())


def carregar_todos(pasta: Path = PASTA) -> dict[str, Prompt]:
    return {nome: carregar(nome, pasta) for nome in ARQUIVOS}
