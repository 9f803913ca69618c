"""Datas, horas e fusos como o documento os escreve; instantes só para comparar.

Fusos reconhecidos: UTC, GMT, Z, BRT (UTC-3), BRST (UTC-2), AMT (UTC-4),
AMST (UTC-3), ACT (UTC-5), FNT (UTC-2), deslocamentos (-03:00, -0300, UTC-3,
GMT-03:00) e "horário de Brasília" / America/Sao_Paulo (com o horário de
verão anterior a 2019, pela base tz).
"""

from __future__ import annotations

import datetime as dt
import re
from zoneinfo import ZoneInfo

DATA_ISO = r"\d{4}-\d{2}-\d{2}"
DATA_BR = r"\d{2}/\d{2}/\d{4}"
HORA = r"\d{2}:\d{2}(?::\d{2})?(?:\.\d{1,6})?"
_SIGLAS = {"UTC": 0, "GMT": 0, "Z": 0, "BRT": -3, "BRST": -2, "AMT": -4, "AMST": -3, "ACT": -5, "FNT": -2}
_ZONAS_NOMEADAS = {
    "america/sao_paulo": "America/Sao_Paulo",
    "america/fortaleza": "America/Fortaleza",
    "america/manaus": "America/Manaus",
    "america/rio_branco": "America/Rio_Branco",
    "america/noronha": "America/Noronha",
    "america/cuiaba": "America/Cuiaba",
    "america/belem": "America/Belem",
    "america/recife": "America/Recife",
    "america/bahia": "America/Bahia",
}
# Siglas só em maiúsculas ("Act" em inglês não é fuso); "horário de Brasília" em qualquer caixa.
FUSO = (
    r"(?:(?i:hor[áa]rio\s+(?:oficial\s+)?de\s+bras[íi]lia)"
    r"|America/[A-Za-z_]+"
    r"|(?:UTC|GMT)\s?[+-]\s?(?:1[0-4]|0?\d)(?::?[0-5]\d)?(?!\d)"  # UTC-3; nunca "UTC +5511..."
    r"|(?<![A-Za-z])(?:UTC|GMT|BRST|BRT|AMST|AMT|ACT|FNT)(?![A-Za-z])"
    r"|(?<![\w:])[+-]\d{2}:?\d{2}(?!\d))"
)
# data e hora separadas por espaço, "T", " às " ou um separador de CSV; fuso opcional logo depois
# ("Z" e deslocamento colados à hora, ou um fuso após espaço/separador, talvez entre parênteses)
PADRAO_DATA_HORA = re.compile(
    rf"(?<!\d)(?P<data>{DATA_ISO}|{DATA_BR})(?:T|\s+(?:às\s+)?|\s*[;,|\t]\s*)(?P<hora>{HORA})(?!\d)"
    rf"(?:(?P<z>Z)(?!\w)|(?P<off>[+-]\d{{2}}:?\d{{2}})(?!\d)|\s*[;,|\t]?\s*\(?\s*(?P<fuso>{FUSO})\)?)?"
)
PADRAO_DATA = re.compile(rf"(?<![\d/-])(?P<data>{DATA_ISO}|{DATA_BR})(?![\d/-])")
PADRAO_HORA = re.compile(rf"(?<![\d:])(?P<hora>{HORA})(?![\d:])")
PADRAO_FUSO = re.compile(FUSO)


def data(texto: str) -> dt.date | None:
    """Interpreta `AAAA-MM-DD` ou `DD/MM/AAAA` (ordem brasileira); None se inválida."""
    try:
        if "/" in texto:
            dia, mes, ano = texto.split("/")
        else:
            ano, mes, dia = texto.split("-")
        return dt.date(int(ano), int(mes), int(dia))
    except ValueError:
        return None


def hora(texto: str) -> dt.time | None:
    partes = texto.split(".")[0].split(":")
    try:
        h, m = int(partes[0]), int(partes[1])
        s = int(partes[2]) if len(partes) > 2 else 0
        return dt.time(h, m, s)
    except (ValueError, IndexError):
        return None


def zona(fuso: str | None) -> dt.tzinfo | None:
    """tzinfo do fuso como escrito; None quando ausente ou desconhecido."""
    if not fuso:
        return None
    texto = fuso.strip().strip("()").strip()
    baixo = texto.lower()
    if "bras" in baixo and "hor" in baixo:
        return ZoneInfo("America/Sao_Paulo")
    if baixo in _ZONAS_NOMEADAS:
        return ZoneInfo(_ZONAS_NOMEADAS[baixo])
    if texto.upper() in _SIGLAS:
        return dt.timezone(dt.timedelta(hours=_SIGLAS[texto.upper()]))
    m = re.fullmatch(r"(?:UTC|GMT)?\s?([+-])\s?(\d{1,2}):?(\d{2})?", texto, re.IGNORECASE)
    if m:
        sinal = -1 if m.group(1) == "-" else 1
        delta = dt.timedelta(hours=int(m.group(2)), minutes=int(m.group(3) or 0))
        if delta > dt.timedelta(hours=14):
            return None
        return dt.timezone(sinal * delta)
    return None


def fuso_do_achado(m: re.Match) -> str | None:
    """O fuso como escrito num casamento de PADRAO_DATA_HORA."""
    return m.group("fuso") or m.group("off") or m.group("z")


def deslocamento(fuso: str | None, quando: dt.datetime | None = None) -> dt.timedelta | None:
    """Deslocamento para UTC do fuso, no instante dado (relevante para zonas com horário de verão)."""
    tz = zona(fuso)
    if tz is None:
        return None
    referencia = (quando or dt.datetime(2025, 1, 1)).replace(tzinfo=None)
    return tz.utcoffset(referencia)


def instante(data_texto: str, hora_texto: str, fuso: str | None) -> dt.datetime | None:
    """Instante em UTC, ou None se a data, a hora ou o fuso não puderem ser interpretados."""
    d, h, tz = data(data_texto), hora(hora_texto), zona(fuso)
    if d is None or h is None or tz is None:
        return None
    return dt.datetime.combine(d, h, tzinfo=tz).astimezone(dt.timezone.utc)


def iso_utc(momento: dt.datetime) -> str:
    return momento.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def de_iso_utc(texto: str) -> dt.datetime:
    return dt.datetime.fromisoformat(texto)  # "…Z" é UTC (Python 3.11+)


def duracao(delta: dt.timedelta) -> str:
    """Intervalo legível em pt-BR: 1min45s, 3h02min10s, 2d4h00min."""
    segundos = int(abs(delta.total_seconds()))
    dias, resto = divmod(segundos, 86400)
    horas, resto = divmod(resto, 3600)
    minutos, segs = divmod(resto, 60)
    if dias:
        return f"{dias}d{horas}h{minutos:02d}min"
    if horas:
        return f"{horas}h{minutos:02d}min{segs:02d}s"
    if minutos:
        return f"{minutos}min{segs:02d}s"
    return f"{segs}s"
