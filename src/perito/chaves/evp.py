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


#: a chave sem os hífens, como algumas respostas do DICT a imprimem ("3F2B8C1E7D4A4E9B9C215A6B7C8D9E0F"): só na forma do
#: UUID aleatório (versão 4 no 13º caractere, variante 8, 9, a ou b no 17º), e só onde o rótulo ou a coluna dizem que
#: é chave (`tipo_de_chave`): 32 caracteres hexadecimais soltos são também um hash, uma autenticação
_COMPACTA = re.compile(r"[0-9a-fA-F]{12}4[0-9a-fA-F]{3}[89abAB][0-9a-fA-F]{15}")
#: a mesma no meio de um texto (o validador relendo a linha citada)
PADRAO_COMPACTA = re.compile(rf"(?<![0-9A-Za-z]){_COMPACTA.pattern}(?![0-9A-Za-z])")


def normalizar(literal: str) -> str | None:
    """A chave em minúsculas; a lida por OCR com as trocas desfeitas; a escrita sem hífens, com eles; None se não tem a
    forma de uma chave."""
    texto = literal.strip()
    if PADRAO.fullmatch(texto):
        return texto.lower()
    if _COMPACTA.fullmatch(texto):
        t = texto.lower()
        return f"{t[:8]}-{t[8:12]}-{t[12:16]}-{t[16:20]}-{t[20:]}"
    if not PADRAO_OCR.fullmatch(texto):
        return None
    trocas = sum(1 for c in texto if c not in _HEX)
    if not 0 < trocas <= _MAX_TROCAS or not any(c.isdigit() for c in texto):
        return None  # uma palavra com hífens ("abc-..."), não uma chave gasta
    desfeita = texto.translate(_TROCAS)
    return desfeita.lower() if PADRAO.fullmatch(desfeita) else None


#: a chave lida por OCR com um caractere a mais ou a menos num dos grupos ("6bc2c2cd3decf": 13 no último)
PADRAO_DEFORMADA = re.compile(
    rf"(?<![\w-]){_LETRA}{{7,9}}-{_LETRA}{{3,5}}-{_LETRA}{{3,5}}-{_LETRA}{{3,5}}-{_LETRA}{{11,13}}(?![\w-])")
_GRUPOS = (8, 4, 4, 4, 12)
#: prefixo da forma de comparação da chave deformada (nunca igual a uma chave normalizada)
PREFIXO_OCR = "evp-ocr:"


def deformada(literal: str) -> str | None:
    """A forma de comparação da chave que o OCR deixou com um caractere a mais ou a menos num grupo só (as trocas
    de desenho desfeitas): `evp-ocr:` + o texto. None para a chave bem formada e para o que não é chave."""
    texto = literal.strip()
    if normalizar(texto) is not None or not PADRAO_DEFORMADA.fullmatch(texto):
        return None
    desvios = [len(g) - n for g, n in zip(texto.split("-"), _GRUPOS, strict=True)]
    if sorted(map(abs, desvios)) != [0, 0, 0, 0, 1] or sum(1 for c in texto if c not in _HEX) > _MAX_TROCAS:
        return None
    desfeita = texto.translate(_TROCAS).lower()
    return PREFIXO_OCR + desfeita if re.fullmatch(r"[0-9a-f-]+", desfeita) else None


def casa_ocr(forma: str, chave: str) -> bool:
    """A chave deformada (`deformada`) é essa chave do DICT com um caractere inserido ou perdido."""
    if not forma.startswith(PREFIXO_OCR) or PADRAO.fullmatch(chave) is None:
        return False
    from rapidfuzz.distance import Levenshtein

    return Levenshtein.distance(forma[len(PREFIXO_OCR):], chave.lower(), score_cutoff=1) <= 1


def corrigida(literal: str) -> bool:
    """A chave só se lê desfazendo trocas de OCR (o literal não é um UUID, nem o UUID sem hífens)."""
    texto = literal.strip()
    return PADRAO.fullmatch(texto) is None and _COMPACTA.fullmatch(texto) is None and normalizar(texto) is not None


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
