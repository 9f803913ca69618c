"""Ocorrências de dados lidas dos lotes (o principal nunca abre um documento)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Iterable

from perito.chaves import tempo

#: família de fonte de cada extrator, quando o dado não traz `familia_fonte`
FAMILIAS = {
    "extrator_provedores_01": "provedor",
    "extrator_bancario_01": "banco",
    "extrator_operadora_01": "operadora",
    "extrator_generico_01": "relato",
}
NOMES_DE_FAMILIA = {
    "provedor": "provedor", "banco": "banco", "operadora": "operadora", "registro": "cadastro Pix (DICT)",
    "relato": "relato policial",
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
    def campo(self) -> str:
        return self.dado["campo"]

    @property
    def literal(self) -> str:
        return self.dado["dado"]

    @property
    def familia(self) -> str:
        return self.meta.get("familia_fonte") or FAMILIAS.get(self.extrator_id, self.extrator_id)

    @property
    def meta(self) -> dict[str, Any]:
        return self.dado.get("metadados", {})

    @property
    def local(self) -> tuple:
        return (self.arquivo, self.dado.get("pagina"), self.dado.get("aba_planilha"), self.dado["linha_ou_celula"])

    @property
    def registro(self) -> tuple[str, str]:
        return (self.arquivo, self.meta.get("registro", self.dado["linha_ou_celula"]))

    @property
    def bloco(self) -> tuple[str, str] | None:
        return (self.arquivo, self.meta["bloco"]) if self.meta.get("bloco") else None

    @property
    def instante(self) -> dt.datetime | None:
        valor = self.meta.get("instante_utc")
        return tempo.de_iso_utc(valor) if valor else None

    @property
    def dia(self) -> dt.date | None:
        valor = self.meta.get("data")
        return tempo.data(valor) if valor else None

    @property
    def valor(self) -> Decimal | None:
        return Decimal(self.meta["valor"]) if self.meta.get("valor") else None

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
        fuso = self.meta.get("fuso") or self.dado.get("fuso_horario_original")
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


def ordem(o: Ocorrencia) -> tuple:
    return (o.arquivo, o.dado.get("aba_planilha") or "", o.dado.get("pagina") or 0, _numero(o), o.literal)


def _numero(o: Ocorrencia) -> int:
    digitos = "".join(c for c in o.dado["linha_ou_celula"] if c.isdigit())
    return int(digitos) if digitos else 0


def ocorrencias(lotes: Iterable[dict[str, Any]], tipo_dado: str, chave_meta: str) -> list[Ocorrencia]:
    """Dados do tipo pedido com a chave normalizada em `metadados[chave_meta]`, em ordem estável."""
    achadas = [
        Ocorrencia(dado["metadados"][chave_meta], dado, lote["extrator_id"])
        for lote in lotes
        for dado in lote["dados_extraidos"]
        if dado["tipo_dado"] == tipo_dado and dado.get("metadados", {}).get(chave_meta)
    ]
    return sorted(achadas, key=lambda o: (o.chave, *ordem(o)))
