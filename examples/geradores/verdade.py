"""Gabarito: o que cada documento do caso contém, anotado junto com o conteúdo.

Cada `Dado` é anotado na linha (PDF, CSV, TXT) ou célula (XLSX) em que está escrito;
`registro()` acrescenta a localização. As regras de cada campo estão em
examples/verdade/LEIAME.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

CAMPOS = frozenset({
    "ip_acesso", "ip_transacao", "telefone", "imei", "nome_titular", "cpf", "conta_bancaria",
    "chave_pix", "valor_transacao", "data_evento", "modelo_dispositivo", "endereco", "email",
    "oab", "outro",
})


@dataclass(frozen=True)
class Dado:
    campo: str
    dado: str

    def __post_init__(self):
        assert self.campo in CAMPOS, self.campo
        assert self.dado and self.dado == self.dado.strip(), repr(self.dado)


def d(campo: str, dado: str) -> Dado:
    return Dado(campo, dado)


def registro(dado: Dado, pagina: int | None, local: str | None, aba: str | None = None) -> dict:
    item = {"campo": dado.campo, "dado": dado.dado, "pagina": pagina, "linha_ou_celula": local}
    if aba is not None:
        item["aba_planilha"] = aba
    return item


def conferir_na_linha(nome: str, onde: str, texto: str, dados) -> None:
    """Cada dado anotado está escrito na linha (uma ocorrência por anotação)."""
    for dado in set(dados):
        pedidas = sum(1 for x in dados if x == dado)
        assert texto.count(dado.dado) >= pedidas, f"{nome} {onde}: {dado.dado!r} não está em {texto!r}"


def gravar(pasta: Path, arquivo: str, itens: list[dict]) -> Path:
    pasta.mkdir(parents=True, exist_ok=True)
    destino = pasta / f"{arquivo}.json"
    destino.write_bytes((json.dumps(itens, ensure_ascii=False, indent=2) + "\n").encode("utf-8"))
    return destino
