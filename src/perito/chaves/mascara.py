"""CPF mascarado da contraparte (`***.456.789-**`, `•••.456.789-••`, `XXX.456.789-XX`).

Nunca é chave de identidade: só mostra alguns dígitos. Serve de indício de que um CPF completo
pode ser o mesmo (todos os dígitos visíveis batem) ou de que não é (algum visível difere).
"""

from __future__ import annotations

import re
from functools import lru_cache

#: caracteres que bancos usam para esconder dígitos
OCULTOS = "*•●·xX#"
_OCULTO = "[" + re.escape(OCULTOS) + "]"
_POSICAO = r"[\d" + re.escape(OCULTOS) + "]"
#: a máscara como o banco a escreve: três grupos e o DV com ao menos um dígito escondido, os visíveis no lugar
_ESCRITA = (
    rf"(?<![\w{re.escape(OCULTOS)}])(?=[\d.\-{re.escape(OCULTOS)}]*{_OCULTO})"
    rf"{_POSICAO}{{3}}\.{_POSICAO}{{3}}\.{_POSICAO}{{3}}-{_POSICAO}{{2}}(?![\w{re.escape(OCULTOS)}])"
)
#: a mesma máscara lida por OCR (extrato escaneado): os asteriscos viram `+`, `_`, `tk`, `ee`, o ponto vira
#: vírgula; o que sobrevive é o miolo visível `ddd.ddd-` e um DV escondido feito de sinais (nunca dígitos nem letras)
_GASTA = (
    r"(?<![\w.])(?:[^\s\w]{1,4}_?|[^\s\w][a-z]{1,2}|[a-z]{2})\s?"
    r"(?P<miolo>\d{3}[.,]\d{3})[-_][^\s\w]{1,2}(?![\w])"
)
#: a forma inteira da máscara, com as posições escondidas lidas como qualquer sinal ou letra ("+ee.080.779-c0",
#: "¢¢**.197.837-*¢", "¢e¢.214.776-+¢"): um só pedaço, até quatro não-dígitos (ao menos um sinal: "AG.123.456-7X"
#: é agência e conta), o miolo, o hífen e um DV de dois que não são dois dígitos (esse seria um CPF inteiro)
_ESQUELETO = (r"(?<!\S)(?=[^\s\d.,]*[^\s\dA-Za-z.,])[^\s\d.,]{1,4}[.,]?\d{3}[.,]\d{3}"
              r"-(?!\d{2})\S{2}(?!\S)")
_MIOLO = re.compile(r"(\d{3})[.,](\d{3})(?:[-_][^\s\w]{1,2}|-(?!\d{2})\S{2})$")
_SO_ESCRITA = re.compile(_ESCRITA)
PADRAO_CPF_MASCARADO = re.compile(rf"{_ESCRITA}|{_GASTA.replace('(?P<miolo>', '(?:')}|{_ESQUELETO}")
#: condição necessária de um casamento de PADRAO_CPF_MASCARADO, muito mais barata que ele: todo casamento tem um
#: hífen (ou o "_" da máscara gasta) logo depois de três posições (algarismo ou sinal de ocultar): o `PPP-` da forma
#: escrita, o `ddd-` do miolo da gasta e do esqueleto. O padrão começa pelo hífen: o motor salta direto para ele
_POSSIVEL = re.compile(rf"[-_](?<={_POSICAO}{{3}}[-_])")


@lru_cache(maxsize=4096)
def casamentos(texto: str) -> tuple[tuple[int, str], ...]:
    """(início, máscara) de cada casamento de PADRAO_CPF_MASCARADO no texto, na ordem do `finditer`.

    Uma linha de extrato era varrida pelo padrão inteiro três vezes (o nome antes da máscara, a máscara do registro, a
    da contraparte), cerca de 10 µs cada, e quase nenhuma tem máscara: a condição necessária recusa a linha antes, e as
    outras vezes vêm da memória (pura: só depende do texto)."""
    if _POSSIVEL.search(texto) is None:
        return ()
    return tuple((m.start(), m.group(0)) for m in PADRAO_CPF_MASCARADO.finditer(texto))


def normalizar(mascara: str) -> str:
    """A máscara com `*` em cada posição escondida e sem separadores: `***456789**`. A lida por OCR (`*tk 456.789-+*`)
    vale pelo miolo visível, no lugar dele: `***456789**`."""
    if not _SO_ESCRITA.fullmatch(mascara.strip()) and (m := _MIOLO.search(mascara.strip())):
        return "***" + m.group(1) + m.group(2) + "**"
    return "".join("*" if c in OCULTOS else c for c in mascara if c.isdigit() or c in OCULTOS)


def tem_digito_visivel(mascara: str) -> bool:
    return any(c.isdigit() for c in mascara)


def cabe(cpf: str, mascara: str) -> bool:
    """Nenhum dígito visível da máscara difere do CPF completo na mesma posição (uma máscara sem dígito visível
    cabe em qualquer CPF: não diz nada)."""
    visiveis = normalizar(mascara)
    digitos = re.sub(r"\D", "", cpf)
    return len(visiveis) == len(digitos) == 11 and all(m == "*" or m == c for m, c in zip(visiveis, digitos, strict=True))


def compativel(cpf: str, mascara: str) -> bool:
    """Os dígitos visíveis da máscara são os do CPF completo, na mesma posição (indício, nunca identidade)."""
    return tem_digito_visivel(normalizar(mascara)) and cabe(cpf, mascara)


#: o miolo visível logo depois do nome, com o que o OCR fez da máscara ao redor ("“.e,712.961-c0", "ek, 203.793-**",
#: "*++,262.352 ++"): até oito caracteres de lixo antes (um espaço entre eles), sem ser o fim de um CPF inteiro
#: (três dígitos e ponto antes do miolo); depois, o hífen do DV ou, perdido o hífen, o sinal do DV escondido
_MIOLO_APOS_NOME = re.compile(
    r"^\s*(?:\S{1,8}\s)?\S{0,8}?(?<!\d)(?<!\d{3}[.,])(\d{3})[.,](\d{3})(?:[-_]|\.?\s+[^\s\w])")


#: o DV e o hífen perdidos ("** 328.572 1620.00"): só com dois sinais de máscara ou mais antes do miolo
_MIOLO_SEM_DV = re.compile(r"^\s*[^\s\w]{2,4}\s?(\d{3})[.,](\d{3})(?=\s|$)")


def miolo_apos_nome(resto: str) -> str | None:
    """Os 11 lugares (`***712961**`) do CPF mascarado mais gasto pelo OCR, escrito logo depois de um nome:
    `resto` é o texto da linha depois do nome. Serve só de indício contra um homônimo: um dígito lido errado pode
    separar a mesma pessoa (o lado conservador), nunca juntar duas."""
    m = _MIOLO_APOS_NOME.match(resto) or _MIOLO_SEM_DV.match(resto)
    if m is None or re.match(r"\d{3}[.,]\d{3}[.,]", resto.strip()):
        return None
    return "***" + m.group(1) + m.group(2) + "**"
