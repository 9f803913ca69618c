"""A data-hora do OFX, o extrato que o internet banking exporta (Open Financial Exchange, SGML ou XML).

O OFX escreve o tempo num número só, depois de uma etiqueta de data (`<DTPOSTED>`, `<DTUSER>`, `<DTSTART>`...):
`20250315113640[-3:BRT]`, `20250315113640.000[-03:EST]`, `202503151136`, `20250315`. O fuso, quando escrito, vem
entre colchetes: o deslocamento em horas (que vale) e, depois dos dois-pontos, um nome que é só rótulo (bancos
brasileiros escrevem `[-03:EST]` para o horário de Brasília: o nome não decide nada). A especificação diz que sem
colchetes o tempo é GMT; os bancos brasileiros escrevem a hora local sem colchetes, então sem eles não há fuso: a
hora fica sem fuso declarado, como em qualquer documento (nenhuma simultaneidade se afirma com ela).

Só o número logo depois de uma etiqueta `<DT...>` é lido: solto num texto, `20250315` é qualquer número.
"""

from __future__ import annotations

import datetime as dt
import re

#: o fuso entre colchetes: o deslocamento em horas (talvez com fração decimal, `[-3.5:NST]`) com sinal ou com o nome
#: (`[0:GMT]`); só o número entre colchetes (`[1]`, uma nota) não é fuso
FUSO = r"\[(?:[+\-]\d{1,2}(?:\.\d{1,2})?(?::[A-Za-z]{1,8})?|\d{1,2}(?:\.\d{1,2})?:[A-Za-z]{1,8})\]"
_FUSO = re.compile(FUSO)
_LER_FUSO = re.compile(r"\[(?P<sinal>[+\-]?)(?P<horas>\d{1,2})(?:\.(?P<fracao>\d{1,2}))?(?::(?P<nome>[A-Za-z]{1,8}))?\]")

PADRAO = re.compile(
    r"<DT[A-Z]{2,20}>[ \t]*"
    r"(?P<numero>(?P<data>(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01]))"
    r"(?P<hora>(?:[01]\d|2[0-3])[0-5]\d(?:[0-5]\d)?)?(?P<fracao>\.\d{1,3})?)"
    rf"(?P<fuso>{FUSO})?(?![\w.])"
)


def zona(texto: str) -> dt.timezone | None:
    """O deslocamento do fuso entre colchetes (`[-3:BRT]` é UTC-3, `[+5.5:IST]` é UTC+5:30); None se não for um."""
    m = _LER_FUSO.fullmatch(texto.strip())
    if m is None or _FUSO.fullmatch(texto.strip()) is None:
        return None
    minutos = int(m.group("horas")) * 60 + round(float(f"0.{m.group('fracao') or 0}") * 60)
    if minutos > 14 * 60:
        return None
    return dt.timezone(dt.timedelta(minutes=-minutos if m.group("sinal") == "-" else minutos))


def ler(m: re.Match) -> tuple[dt.date, dt.time | None] | None:
    """A data e a hora (None quando só a data está escrita) de um casamento de `PADRAO`."""
    data, hora = m.group("data"), m.group("hora")
    try:
        dia = dt.date(int(data[:4]), int(data[4:6]), int(data[6:8]))
    except ValueError:  # 20250231
        return None
    if not hora:
        return dia, None
    return dia, dt.time(int(hora[:2]), int(hora[2:4]), int(hora[4:6] or 0))
