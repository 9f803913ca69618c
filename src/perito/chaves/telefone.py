"""Telefones em E.164 (região BR) com a biblioteca phonenumbers."""

from __future__ import annotations

import re
from typing import Any

import phonenumbers

from perito.chaves import marcadores
from perito.chaves.tipos import TipoValor, registrar

# +55 11 98765-4321, +5511987654321, (11) 91234-5678, 11 91234-5678, (48) 9 9647-2031 (o nono dígito
# separado), 048 99647-2031 e 048996472031 (o 0 do prefixo nacional antes do DDD), (048), 0xx48. Nunca as casas
# decimais de um número ("45730,7966666667": a data serial do Excel, a hora como fração do dia)
PADRAO_TELEFONE = re.compile(
    r"(?<![\w+])(?<!\d[.,])(?:\+55[\s.-]?)?(?:\((?:0|0xx)?\d{2}\)|(?:0|0xx)?\d{2})[\s.-]?(?:9[\s.]?)?\d{4}[\s.-]?\d{4}(?!\d)"
    r"|(?<![\w+])(?<!\d[.,])\+\d{12,13}(?!\d)"
)


def celular_antigo(texto: str) -> str | None:
    """E.164 com o nono dígito acrescentado, para um celular no formato de 8 dígitos anterior a 2016.

    "(11) 8765-4321" não é mais um número válido; era o celular que hoje é (11) 98765-4321.
    Quem usa isto deve tratar a ligação como provável (moderada), nunca como identidade.
    """
    digitos = re.sub(r"\D", "", texto)
    if digitos.startswith("55") and len(digitos) == 12:
        digitos = digitos[2:]
    if len(digitos) != 10 or digitos[2] not in "6789" or e164(texto):
        return None
    return e164(f"+55{digitos[:2]}9{digitos[2:]}")


def e164(texto: str) -> str | None:
    limpo = texto.strip()
    # planilhas de operadora gravam "5511987654321", sem o "+"
    if limpo.isdigit() and limpo.startswith("55") and len(limpo) in (12, 13):
        limpo = "+" + limpo
    try:
        numero = phonenumbers.parse(limpo, "BR")
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_valid_number(numero):
        return None
    return phonenumbers.format_number(numero, phonenumbers.PhoneNumberFormat.E164)


#: 0800 (gratuito), 0300/0500/0900 e os números únicos nacionais (4003, 4004, 3003, 3004 com ou sem DDD): o
#: atendimento de uma empresa, nunca a linha de uma pessoa
_TIPOS_DE_SERVICO = frozenset({phonenumbers.PhoneNumberType.TOLL_FREE, phonenumbers.PhoneNumberType.PREMIUM_RATE,
                               phonenumbers.PhoneNumberType.SHARED_COST, phonenumbers.PhoneNumberType.UAN})
_NUMERO_UNICO = re.compile(r"^\+55(?:\d{2})?(?:400[0-9]|300[0-9])\d{4}$")


def de_servico(numero_e164: str) -> bool:
    """O número de atendimento de uma empresa (0800, 4004-xxxx): cita-se, mas não liga pessoas."""
    if _NUMERO_UNICO.match(numero_e164):
        return True
    try:
        return phonenumbers.number_type(phonenumbers.parse(numero_e164)) in _TIPOS_DE_SERVICO
    except phonenumbers.NumberParseException:
        return False


class Telefone(TipoValor):
    """Telefone: o mesmo número pelo E.164 (região BR). O celular de 8 dígitos anterior ao nono dígito não é
    o mesmo número: `celular_antigo` dá a forma atual provável, e quem a usa liga no máximo como provável."""

    nome = "telefone"
    campo = "telefone"
    tipo_dado = "telefone"

    def normalizar(self, literal: str) -> str | None:
        return e164(literal)

    def metadados(self, literal: str) -> dict[str, Any] | None:
        if numero := e164(literal):
            return {"e164": numero, "servico": True} if de_servico(numero) else {"e164": numero}
        if atual := celular_antigo(literal):
            return {"e164": atual, "nono_digito_acrescentado": True}
        return None

    def marcador(self, literal: str) -> bool:
        return marcadores.telefone_nao_informado(e164(literal) or literal)  # (11) 99999-9999


TELEFONE = registrar(Telefone())
