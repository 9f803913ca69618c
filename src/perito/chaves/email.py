"""E-mail (também chave Pix): comparado em minúsculas; o lido por OCR, pela forma que sobrevive ao OCR.

O Tesseract perde o `@` de um e-mail impresso ("claudio.castrollcaixaweb.com.br": o `@` sumiu e `11` virou `ll`)
ou parte o endereço num ponto ("eduardo. junqueira38caixaweb.com.br"). O literal continua o que a página mostra;
para comparar com a chave que um cadastro escreve inteira, os dois lados vão para a `forma_ocr`: sem `@` nem
espaços, e cada caractere na classe dos que o OCR confunde (1/l/i, 0/o, 5/s...). Só um texto que um rótulo de
e-mail anuncia e que termina num domínio é lido assim; a comparação é dita na conclusão.
"""

from __future__ import annotations

import re

#: e-mail como escrito num documento de texto
PADRAO = re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+(?![\w-])")
#: o domínio do identificador de uma conta do WhatsApp ("5511987654321@s.whatsapp.net", "...@c.us") e o de um grupo
#: ("120363041234567890@g.us"), no fim do que `PADRAO` casou: o da conta é o número dela, nunca um e-mail; o do grupo
#: não é nem um nem outro
DOMINIO_DO_WHATSAPP = re.compile(r"(?i)@(?:(?P<conta>s\.whatsapp\.net|c\.us)|g\.us)$")
#: o e-mail sem o `@` que o OCR comeu: termina num domínio conhecido ("...caixaweb.com.br")
_SEM_ARROBA = re.compile(r"[\w.+-]+\.(?:com|net|org|gov|edu|info|br)(?:\.[a-z]{2})?", re.IGNORECASE)
#: classes de caracteres que o OCR troca entre si (as duas pontas vão para o mesmo representante)
_CLASSES = str.maketrans({"l": "1", "i": "1", "|": "1", "!": "1", "o": "0", "s": "5", "z": "2", "b": "8", "g": "9",
                          "q": "9"})
#: prefixo da forma de comparação OCR (nunca se confunde com uma chave normalizada de outro tipo)
PREFIXO_OCR = "ocr:"


def normalizar(literal: str) -> str | None:
    texto = literal.strip()
    return texto.lower() if PADRAO.fullmatch(texto) else None


def forma_ocr(literal: str) -> str:
    """A forma de comparação que sobrevive ao OCR: sem `@` nem espaços, minúsculas, trocas unificadas."""
    return PREFIXO_OCR + re.sub(r"[@\s]", "", literal.lower()).translate(_CLASSES)


def formas_ocr(chave: str) -> set[str]:
    """As formas OCR de um e-mail inteiro: sem o `@`, e com o `@` lido como `E` (o Tesseract `por` o lê assim)."""
    return {forma_ocr(chave), forma_ocr(chave.replace("@", "e"))}


def lido_sem_arroba(literal: str) -> bool:
    """O texto que um rótulo de e-mail anuncia é um e-mail que o OCR deixou sem `@` (e talvez partido num ponto)."""
    junto = re.sub(r"\.\s+", ".", literal.strip())
    return "@" not in junto and _SEM_ARROBA.fullmatch(junto) is not None and "." in junto.split(".", 1)[1]


#: o que o Tesseract lê no lugar do `@` ("OQQ", "Q", "e", "(@"), já nas classes da forma de comparação
_ARROBA_LIDA = frozenset("09eac()©®@&")


def casa_ocr(forma: str, chave: str) -> bool:
    """A forma OCR lida (`forma_ocr` do texto) é a desse e-mail inteiro com o `@` sumido ou lido como até três
    sinais do desenho dele ("claudio.moreira50OQQmailvale.com"). Nada além disso: um dígito ou letra a mais no
    lugar do `@` é outro e-mail."""
    if not forma.startswith(PREFIXO_OCR) or "@" not in chave:
        return False
    local, _, dominio = chave.rpartition("@")
    inicio, fim = forma_ocr(local)[len(PREFIXO_OCR):], forma_ocr(dominio)[len(PREFIXO_OCR):]
    corpo = forma[len(PREFIXO_OCR):]
    if len(corpo) < len(inicio) + len(fim) or not corpo.startswith(inicio) or not corpo.endswith(fim):
        return False
    meio = corpo[len(inicio):len(corpo) - len(fim)]
    return len(meio) <= 3 and set(meio) <= _ARROBA_LIDA
