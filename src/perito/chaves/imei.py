"""IMEI: 14 dígitos de corpo (TAC + série) e dígito de Luhn."""

from __future__ import annotations

import re
from typing import Any

from stdnum import imei as _imei

from perito.chaves import marcadores
from perito.chaves.digitos import somente_digitos
from perito.chaves.tipos import TipoValor, registrar

#: a palavra IMEI num rótulo ou nome de coluna, também colada por "_" ("device_imei", "IMEI_SV")
PALAVRA_IMEI = r"(?<![^\W_])IMEI(?:SV)?(?![^\W_])"
# o que pode vir entre a palavra e o número: "nº", "/MEID", "/SV", "1" ou "2" do aparelho com dois chips ("IMEI 1:")
# e o qualificador do aparelho ("IMEI atual:", "IMEI anterior:", "IMEI do aparelho:", "IMEI (slot 2):")
_COMPLEMENTO = (r"(?:\s*/\s*(?:MEID|SV))?(?:\s*[12](?=\s*:))?"
                r"(?:\s+(?:atual|anterior|principal|secund[áa]rio|prim[áa]rio|d[oa]\s+(?:aparelho|dispositivo|celular|linha)"
                r"|\(?\s*(?:slot|chip)\s*[12]\s*\)?)(?=\s*:))?\s*(?:n[º°o.]*\s*)?")
PADRAO_IMEI_ROTULADO = re.compile(
    PALAVRA_IMEI + _COMPLEMENTO + r":?\s*(?P<imei>\d(?:[\s-]?\d){13,15})(?!\d)", re.IGNORECASE)
# colado a letras, os 15 algarismos são parte de outro identificador (o hexadecimal de uma sessão, de um token,
# "e8e25d940ed904759531985d5d9dc9f8"), não um aparelho: um em cada dez fecha o Luhn por acaso
PADRAO_IMEI_SOLTO = re.compile(r"(?<![^\W_])\d{15}(?![^\W_])")


def corpo(texto: str) -> str | None:
    digitos = re.sub(r"\D", "", texto)
    if len(digitos) in (14, 15, 16):
        return digitos[:14]
    return None


def luhn_valido(texto: str) -> bool:
    digitos = re.sub(r"\D", "", texto)
    return len(digitos) == 15 and _imei.is_valid(digitos)


class Imei(TipoValor):
    """IMEI, IMEI sem dígito verificador e IMEISV: o mesmo aparelho pelo corpo de 14 dígitos (TAC + série)."""

    nome = "imei"
    campo = "imei"
    tipo_dado = "imei"

    def normalizar(self, literal: str) -> str | None:
        return corpo(literal)

    def metadados(self, literal: str) -> dict[str, Any] | None:
        normal = corpo(literal)
        if normal is None:
            return None
        return {"imei_corpo": normal, "digitos": somente_digitos(literal), "luhn_valido": luhn_valido(literal)}

    def alerta(self, literal: str) -> str | None:
        # só um IMEI de 15 dígitos tem o dígito de Luhn; o corpo de 14 e o IMEISV não têm o que conferir
        if len(somente_digitos(literal)) == 15 and not luhn_valido(literal):
            return f"IMEI {literal} com dígito de Luhn inválido"
        return None

    def marcador(self, literal: str) -> bool:
        return marcadores.nao_informado(literal)


IMEI = registrar(Imei())
