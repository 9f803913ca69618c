"""Classes de AS (hospedagem, VPN, operadora com rede móvel), da tabela escrita à mão em dados/.

A tabela é curta e conservadora: só AS cuja natureza é conhecida publicamente, cada um com o porquê na
coluna observacao. Um AS fora dela não tem classe — o que não quer dizer "acesso residencial".
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

ARQUIVO = "asns_classificados.csv"
#: a ordem em que as classes aparecem em InfoIp.classes (as do endereço vêm antes, em enderecos.py)
CLASSES_DE_AS = ("hospedagem", "vpn", "operadora_movel")


@dataclass(frozen=True)
class Classificacao:
    asn: int
    classe: str
    nome: str
    observacao: str


def ler(texto: str) -> list[Classificacao]:
    """Linhas do CSV (colunas asn,classe,nome,observacao; '#' no começo é comentário)."""
    sem_comentarios = "".join(linha for linha in io.StringIO(texto) if not linha.lstrip().startswith("#"))
    linhas = []
    for numero, campos in enumerate(csv.DictReader(io.StringIO(sem_comentarios)), start=2):
        classe = (campos.get("classe") or "").strip()
        asn = (campos.get("asn") or "").strip()
        if classe not in CLASSES_DE_AS or not asn.isdigit():
            raise ValueError(f"{ARQUIVO}, registro {numero}: classe {classe!r} ou AS {asn!r} inválido")
        linhas.append(Classificacao(int(asn), classe, (campos.get("nome") or "").strip(),
                                    (campos.get("observacao") or "").strip()))
    return linhas


@lru_cache(maxsize=1)
def tabela() -> tuple[Classificacao, ...]:
    texto = resources.files("perito.inteligencia_ip").joinpath("dados", ARQUIVO).read_text(encoding="utf-8")
    return tuple(ler(texto))


@lru_cache(maxsize=1)
def _por_asn() -> dict[int, tuple[str, ...]]:
    classes: dict[int, set[str]] = {}
    for linha in tabela():
        classes.setdefault(linha.asn, set()).add(linha.classe)
    return {asn: tuple(c for c in CLASSES_DE_AS if c in conjunto) for asn, conjunto in classes.items()}


def classes_do_asn(asn: int | None) -> tuple[str, ...]:
    return () if asn is None else _por_asn().get(asn, ())


def observacoes(asn: int) -> list[str]:
    """As observações da tabela para o AS (para mostrar ao usuário ao lado da classe)."""
    return [f"{linha.classe}: {linha.observacao}" for linha in tabela() if linha.asn == asn and linha.observacao]
