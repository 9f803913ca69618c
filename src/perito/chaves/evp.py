"""Chave Pix aleatória (EVP): um UUID, comparado em minúsculas.

Lida por OCR, a chave perde dígitos para letras de desenho parecido (`4c1d` → `4cld`, `0` → `O`): a forma
(8-4-4-4-12) sobrevive, e cada caractere que não é hexadecimal só pode ter sido um dígito. `normalizar` desfaz
essas trocas (e só essas) para comparar; o literal citado continua o que a página mostra. Uma letra fora da
tabela de trocas ("g", "z"...) ou mais de `_MAX_TROCAS` trocas: não é chave (o texto não diz qual é).
"""

from __future__ import annotations

import re
from typing import Any

from perito.chaves.tipos import TipoValor, registrar

#: a chave como escrita num documento de texto
PADRAO = re.compile(r"(?<![\w-])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?![\w-])")
_LETRA = r"[0-9a-zA-Z|]"
#: a forma da chave lida por OCR: qualquer letra ou dígito em cada posição (as trocas são conferidas depois)
PADRAO_OCR = re.compile(rf"(?<![\w-]){_LETRA}{{8}}-{_LETRA}{{4}}-{_LETRA}{{4}}-{_LETRA}{{4}}-{_LETRA}{{12}}(?![\w-])")
#: trocas de desenho que o Tesseract faz em dígitos (nenhuma letra hexadecimal a-f entra aqui)
_TROCAS = str.maketrans({"l": "1", "I": "1", "|": "1", "i": "1", "O": "0", "o": "0", "S": "5", "s": "5",
                         "G": "6", "Z": "2", "z": "2", "g": "9", "q": "9"})
_MAX_TROCAS = 3
_HEX = frozenset("0123456789abcdefABCDEF-")


def normalizar(literal: str) -> str | None:
    """A chave em minúsculas; a lida por OCR com as trocas desfeitas; None se não tem a forma de uma chave."""
    texto = literal.strip()
    if PADRAO.fullmatch(texto):
        return texto.lower()
    if not PADRAO_OCR.fullmatch(texto):
        return None
    trocas = sum(1 for c in texto if c not in _HEX)
    if not 0 < trocas <= _MAX_TROCAS or not any(c.isdigit() for c in texto):
        return None  # uma palavra com hífens ("abc-..."), não uma chave gasta
    desfeita = texto.translate(_TROCAS)
    return desfeita.lower() if PADRAO.fullmatch(desfeita) else None


def corrigida(literal: str) -> bool:
    """A chave só se lê desfazendo trocas de OCR (o literal não é um UUID)."""
    return PADRAO.fullmatch(literal.strip()) is None and normalizar(literal) is not None


class ChaveAleatoria(TipoValor):
    nome = "chave_aleatoria"
    campo = "chave_pix"
    tipo_dado = "financeiro"

    def normalizar(self, literal: str) -> str | None:
        return normalizar(literal)

    def metadados(self, literal: str) -> dict[str, Any] | None:
        normal = normalizar(literal)
        if normal is None:
            return None
        meta: dict[str, Any] = {"tipo_chave": "aleatoria", "chave_normalizada": normal}
        if corrigida(literal):
            meta["correcao_ocr"] = True
        return meta

    def alerta(self, literal: str) -> str | None:
        if corrigida(literal):
            return (f"chave aleatória {literal!r} lida com trocas de OCR desfeitas ({normalizar(literal)}): "
                    "confira na imagem")
        return None


CHAVE_ALEATORIA = registrar(ChaveAleatoria())
