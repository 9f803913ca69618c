"""Comparação de valores decompostos: a casa única do "é o mesmo valor?" e do "está escrito ali?".

Validador (referências e afirmação) e motor Claude (ancoragem e afirmação proposta)
comparam por aqui, para nunca discordarem sobre o que é o mesmo número ou o mesmo
valor citado.
"""

from __future__ import annotations

import datetime as dt
import re

from perito.chaves import email, evp, imei, telefone, tempo
from perito.chaves.valores import Valor, decompor


def mesmo_numero(a: Valor, b: Valor) -> bool:
    """Mesma sequência de dígitos; IMEI pelo corpo de 14 dígitos; telefone pelo E.164."""
    if a.normal == b.normal:
        return True
    if imei.IMEI.mesmo(a.normal, b.normal):
        return True  # IMEI, IMEI sem dígito verificador e IMEISV: mesmo corpo
    if len(a.normal) >= 10 and len(b.normal) >= 10:
        alvo = telefone.e164(a.texto)
        return alvo is not None and alvo == telefone.e164(b.texto)
    return False


def mesmo_fuso(a: Valor, b: Valor) -> bool:
    """Mesmo fuso escrito, ou o mesmo deslocamento na data do texto (BRT e -03:00); a equivalência é a de chaves/tempo."""
    data = a.data or b.data
    return tempo.mesmo_fuso(a.texto, b.texto, dt.date.fromisoformat(data) if data else None)


def tokens_inteiros(parte: str, texto: str) -> bool:
    """Cada valor de `parte` é um token inteiro de `texto` ("189.45.12.10" não está em "189.45.12.100")."""
    presentes = {(v.tipo, v.normal) for v in decompor(texto)}
    if not all((v.tipo, v.normal) in presentes for v in decompor(parte)):
        return False
    # e escrito inteiro: "R$ 11.500" (a quantia redonda) não é o começo de "R$ 11.500,00"
    return re.search(rf"(?<![\w.,]){re.escape(parte.strip())}(?![\w]|[.,]\d)", texto) is not None


def citavel(literal: str, fuso: str | None) -> str:
    """O dado como escrito, com o fuso escrito no mesmo local quando o literal não o traz."""
    return f"{literal} {fuso}" if fuso and fuso not in literal else literal


def lida_por_ocr(chave_normalizada: str) -> bool:
    """A chave Pix normalizada é a forma de comparação de uma lida por OCR (e-mail sem `@`, EVP deformada)."""
    return chave_normalizada.startswith((email.PREFIXO_OCR, evp.PREFIXO_OCR))


def casa_chave_lida(forma: str, chave: str) -> bool:
    """A chave lida por OCR (`lida_por_ocr`) é essa chave escrita inteira: cada tipo diz o que o OCR pode ter feito."""
    return email.casa_ocr(forma, chave) if forma.startswith(email.PREFIXO_OCR) else evp.casa_ocr(forma, chave)
