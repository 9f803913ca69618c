"""Ocorrências de chaves lidas dos lotes (o principal nunca abre um documento)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any, Iterable

from perito.chaves import tempo

#: família de fonte de cada extrator (independência das fontes)
FAMILIAS = {
    "extrator_provedores_01": "provedor",
    "extrator_bancario_01": "banco",
    "extrator_operadora_01": "operadora",
    "extrator_generico_01": "relato",
}


@dataclass(frozen=True)
class Ocorrencia:
    chave: str
    dado: dict[str, Any]  # o DadoExtraido como veio do lote
    extrator_id: str

    @property
    def arquivo(self) -> str:
        return self.dado["arquivo_fonte"]

    @property
    def familia(self) -> str:
        return FAMILIAS.get(self.extrator_id, self.extrator_id)

    @property
    def meta(self) -> dict[str, Any]:
        return self.dado.get("metadados", {})

    @property
    def instante(self) -> dt.datetime | None:
        valor = self.meta.get("instante_utc")
        return tempo.de_iso_utc(valor) if valor else None

    @property
    def porta(self) -> str | None:
        return self.meta.get("porta")

    @property
    def quando_escrito(self) -> str | None:
        """Data, hora e fuso como o documento os escreveu ("15/03/2025 11:34:02 BRT")."""
        data, hora = self.meta.get("data"), self.meta.get("hora")
        literal = " ".join(p for p in (data, hora) if p) or self.meta.get("data_hora")
        if not literal:
            return None
        fuso = self.meta.get("fuso")
        return f"{literal} {fuso}" if fuso else literal

    @property
    def onde(self) -> str:
        partes = [self.arquivo]
        if self.dado.get("pagina"):
            partes.append(f"p. {self.dado['pagina']}")
        if self.dado.get("aba_planilha"):
            partes.append(f"aba {self.dado['aba_planilha']}")
        partes.append(self.dado["linha_ou_celula"])
        return ", ".join(partes)


def ocorrencias(lotes: Iterable[dict[str, Any]], tipo_dado: str, chave_meta: str) -> list[Ocorrencia]:
    """Dados do tipo pedido com a chave normalizada em `metadados[chave_meta]`, em ordem estável."""
    achadas = [
        Ocorrencia(dado["metadados"][chave_meta], dado, lote["extrator_id"])
        for lote in lotes
        for dado in lote["dados_extraidos"]
        if dado["tipo_dado"] == tipo_dado and dado.get("metadados", {}).get(chave_meta)
    ]
    return sorted(achadas, key=_ordem)


def _ordem(o: Ocorrencia) -> tuple:
    return (o.chave, o.arquivo, o.dado.get("aba_planilha") or "", o.dado.get("pagina") or 0, _numero(o), o.dado["dado"])


def _numero(o: Ocorrencia) -> int:
    digitos = "".join(c for c in o.dado["linha_ou_celula"] if c.isdigit())
    return int(digitos) if digitos else 0
