"""Datas, horas e fusos como o documento os escreve; instantes só para comparar.

Fusos reconhecidos: UTC, GMT, Z, BRT (UTC-3), BRST (UTC-2), AMT (UTC-4),
AMST (UTC-3), ACT (UTC-5), FNT (UTC-2), deslocamentos (-03:00, -0300, UTC-3,
GMT-03:00) e "horário de Brasília" / "hora oficial de Brasília" / America/Sao_Paulo
(com o horário de verão anterior a 2019, pela base tz, avaliado na data do próprio
dado: um deslocamento nunca é calculado sem data). A hora repetida no fim do horário
de verão é ambígua (`ambiguo`).

Datas e horas em todas as formas de `tempo_formas` (ISO com T/Z/deslocamento/milissegundos,
`DD/MM/AAAA`, `DD/MM/AA`, `04-May-2024`, `May 4, 2024`, `4 de maio de 2024`; 24 h, 12 h só com AM/PM,
`14h32`, `11h28min28s` depois de uma data). Os metadados de um achado guardam a data e a hora como
escritas; `data()` e `hora()` são o único lugar que as interpreta.
"""

from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache
from zoneinfo import ZoneInfo, available_timezones

from perito.chaves import tempo_formas as formas
from perito.chaves import tempo_ofx

DATA_ISO = formas.DATA_ISO
DATA_BR = formas.DATA_BR
#: toda forma de data de `tempo_formas` (ISO, dd/mm/aaaa, dd/mm/aa, mês por nome em pt/en/es). As que começam por
#: algarismo vão atrás de um só `(?=\d)`, na ordem de `formas.DATAS`; a do mês por nome ("May 4, 2024"), à parte. Numa
#: posição só um dos dois grupos pode casar (nome de mês nunca começa por algarismo), então os casamentos são os da
#: alternativa simples (`tests/test_issue_27_meses.py`), e cada posição de letra de uma linha custa um teste, não sete
DATA = (rf"(?=\d)(?:{'|'.join(d for d in formas.DATAS if d is not formas.DATA_MES_DIA)})"
        rf"|{formas.DATA_MES_DIA}")
HORA = formas.HORA_24
#: hora logo depois de uma data: também 12 h com AM/PM, "11h28min28s" e hora de um dígito
_HORA_APOS_DATA = f"{formas.HORA_12}|{formas.HORA_H}|{formas.HORA_24}|{formas.HORA_1}|{formas.HORA_PONTOS}"
# as siglas dos EUA com horário de verão na própria sigla (PDT é UTC-7 o ano todo em que é escrita): respostas de
# provedores americanos (Apple, Google antigo) escrevem a hora de Cupertino ou Mountain View. "CST" fica de fora
# (Central dos EUA ou China), como "IST" (Índia, Irlanda, Israel)
_SIGLAS = {"UTC": 0, "GMT": 0, "Z": 0, "BRT": -3, "BRST": -2, "AMT": -4, "AMST": -3, "ACT": -5, "FNT": -2,
           "PST": -8, "PDT": -7, "MST": -7, "MDT": -6, "CDT": -5, "EST": -5, "EDT": -4,
           # as da Europa (a resposta de uma empresa com sede lá); "BST" fica de fora (Reino Unido ou Bangladesh)
           "WET": 0, "WEST": 1, "CET": 1, "CEST": 2, "EET": 2, "EEST": 3}
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
_BRASILIA = r"(?i:(?:hor[áa]rios?|hora|fuso(?:\s+hor[áa]rio)?)\s+(?:oficial\s+)?(?:de\s+)?bras[íi]lia|bras[íi]lia\s+time)"
#: o horário de outro estado ou cidade do Brasil ("horário de Manaus", "hora oficial do Acre"): `zona` o lê
OUTRO_ESTADO = (r"(?i:(?:hor[áa]rios?|hora|fuso(?:\s+hor[áa]rio)?)\s+(?:oficial\s+)?(?:d[eo]\s+)?"
                 r"(?:manaus|amazonas|acre|rio\s+branco|fernando\s+de\s+noronha|noronha|cuiab[áa]|mato\s+grosso"
                 r"|rond[ôo]nia|roraima)\b)")
# deslocamento com dois-pontos ("+00:00"): a vírgula depois dele separa colunas ("+00:00,2804:..."); sem eles,
# "-1200,00" é valor com sinal, nunca fuso
_DESLOCAMENTO_COM_DOIS_PONTOS = r"[+-]\d{2}:\d{2}(?!\d)"
_DESLOCAMENTO = rf"(?:{_DESLOCAMENTO_COM_DOIS_PONTOS}|[+-]\d{{4}}(?![\d]|[.,]\d))"
# só as horas, colado à hora ("2025-08-02 13:10:44.123-03", como o PostgreSQL escreve um timestamptz): só ali; solto
# num texto, "-03" é qualquer coisa
_DESLOCAMENTO_SO_HORAS = r"[+-](?:0\d|1[0-4])(?![\d:.,])"
# colado à hora, o deslocamento de quatro algarismos é fuso mesmo com a vírgula de um CSV depois dele
# ("2025-07-14T15:21:07.000-0300,189.40.77.212"): um valor com sinal nunca vem colado aos segundos de uma hora
_DESLOCAMENTO_COLADO = rf"{_DESLOCAMENTO_COM_DOIS_PONTOS}|[+-](?:0\d|1[0-4])[0-5]\d(?!\d)"


#: um nome IANA ("America/Los_Angeles", "Europe/Dublin", "Etc/UTC"); `zona` só aceita os que o tzdata tem
ZONA_IANA = r"(?:America|Europe|Asia|Africa|Atlantic|Australia|Pacific|Indian|Antarctica|Etc)/[A-Za-z_+-]+(?:/[A-Za-z_]+)?"
#: os fusos dos EUA por extenso, como as respostas de empresas americanas os escrevem ("All times are in Pacific Time")
NOME_DOS_EUA = r"(?i:\b(?:pacific|mountain|central|eastern)\s+(?:standard\s+|daylight\s+)?time\b)"
#: o sinal de um deslocamento: também o menos tipográfico (U+2212) e o traço médio, de um PDF composto ("UTC−3")
_SINAL = "[+\\-\u2212\u2013]"


def _fuso(deslocamento: str) -> str:
    return (
        rf"(?:{tempo_ofx.FUSO}|{_BRASILIA}|{OUTRO_ESTADO}"
        rf"|{ZONA_IANA}|{NOME_DOS_EUA}"
        rf"|(?:UTC|GMT)\s?{_SINAL}\s?(?:1[0-4]|0?\d)(?::?[0-5]\d)?(?!\d)"  # UTC-3; nunca "UTC +5511..."
        r"|(?<![A-Za-z])(?:UTC|GMT|BRST|BRT|AMST|AMT|ACT|FNT|PST|PDT|MST|MDT|CDT|EST|EDT)(?![A-Za-z])"
        rf"|(?<![\w:]){deslocamento})"
    )


FUSO = _fuso(_DESLOCAMENTO)
# fuso na coluna seguinte (depois de ";", ",", "|" ou TAB): deslocamento só com dois-pontos ("-03:00"),
# pois "15/03/2025;14:32:17;-1200,00" ou "; -1200" é um valor com sinal, não um fuso
_FUSO_SEPARADO = _fuso(_DESLOCAMENTO_COM_DOIS_PONTOS)
# data e hora separadas por espaço, "T", " às ", " - " (comprovantes: "18/04/2018 - 16:40:19") ou um separador de CSV;
# fuso opcional logo depois
# ("Z" e deslocamento colados à hora, o "Z" depois de um espaço ("2025-08-02 13:10:44 Z", o registro de IP do Google),
# ou um fuso após espaço/separador, talvez entre parênteses; o "Z" solto só logo depois de uma hora: noutro lugar é letra)
PADRAO_DATA_HORA = re.compile(
    # (os dois-pontos entre a data e a hora do log do Apache/NCSA: "[15/Mar/2025:11:34:02 -0300]")
    rf"(?<![\d/])(?P<data>{DATA}|{formas.DATA_COMPACTA_ANTES_DA_HORA}|{formas.DATA_CURTA_ANTES_DA_HORA})(?:T|,?\s+(?:(?:(?i:às)|at|a\s+las?|@)\s+)?|\s+[-–]\s+|-(?=\d)|:(?=\d{{2}}:\d{{2}}:\d{{2}})"
    rf"|\s*[;,|\t]\s*)"
    rf"(?P<hora>{_HORA_APOS_DATA})(?![\d:])"
    rf"(?:(?P<z>Z)(?!\w)|[ \t](?P<z_solto>Z)(?![\w\-])"
    # "2025/08/02-13:10:44-UTC" (o registro de IP do Google): o hífen antes da sigla não é sinal de deslocamento
    rf"|(?P<off>{_DESLOCAMENTO_COLADO}|{_DESLOCAMENTO}|{_DESLOCAMENTO_SO_HORAS})|(?:-(?=(?:UTC|GMT)(?![\w+-])))?\s*\(?\s*(?P<fuso>{FUSO})\)?|\s*[;,|\t]\s*\(?\s*(?P<fuso_col>{_FUSO_SEPARADO})\)?)?"
)
# a hora antes da data, na prosa de uma carta ou de um relato: "às 14:20:05 de 18/09/2025", "às 14h20 do dia 18/09/2025",
# "14:20:05 em 18/09/2025"; o fuso, quando escrito, logo depois da data ou entre a hora e a data ("14:33:50 UTC-03:00
# de 15.03.2025"). Nunca uma hora logo depois de um sinal: em "UTC-03:00 de 15.03.2025" o "03:00" é o deslocamento
PADRAO_HORA_DATA = re.compile(
    rf"(?<![\d:+\-\u2212\u2013])(?P<hora>{formas.HORA_24}|{formas.HORA_H})(?![\d:])"
    rf"(?:\s*\(?\s*(?P<fuso_da_hora>{FUSO})\)?)?\s*,?\s+(?i:de|do\s+dia|no\s+dia|em|on)\s+"
    rf"(?P<data>{DATA})(?![\d/])(?:\s*\(?\s*(?P<fuso>{FUSO})\)?)?"
)


def fuso_da_hora_data(m: re.Match) -> str | None:
    """O fuso de um casamento de PADRAO_HORA_DATA, escrito depois da data ou entre a hora e a data."""
    return m.group("fuso") or m.group("fuso_da_hora")



# "Sat Aug 02 10:10:44 BRT 2025" (o Date.toString do Java), "Sat Aug 02 13:10:44 +0000 2025" (o created_at da API do X):
# o dia da semana, o mês e o dia, a hora, o fuso e o ano no fim
PADRAO_DATA_JAVA = re.compile(
    rf"(?<!\w)(?i:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s+(?P<mes>{formas._MES})\.?\s+(?P<dia>[0-3]?\d)\s+"
    rf"(?P<hora>{formas.HORA_24})\s+(?P<fuso>{FUSO})\s+(?P<ano>(?:19|20)\d{{2}})(?!\d)"
)


def data_java(m: re.Match) -> str:
    """A data de um casamento de PADRAO_DATA_JAVA na forma "Aug 02 2025", que `data()` lê."""
    return f"{m.group('mes')} {m.group('dia')} {m.group('ano')}"


PADRAO_DATA = re.compile(rf"(?<![\d/-])(?P<data>{DATA})(?![\d/-])")
# sozinha, uma hora de 12 h só com o AM/PM escrito ("3:20:11 PM"); "3:20:11" nunca é lida como de 12 h
PADRAO_HORA = re.compile(rf"(?<![\d:])(?P<hora>{formas.HORA_12}|{HORA})(?![\d:])")
PADRAO_FUSO = re.compile(FUSO)
# "14h32", "10h40min", "9h05"; nunca colado a letras ou dígitos: "2h" e "10h35min10s" são durações
PADRAO_HORA_H = re.compile(r"(?<![\w:])(?P<h>[01]?\d|2[0-3])[hH](?P<m>[0-5]\d)(?i:min|m)?(?!\w)")
#: a hora cheia que o relato conta ("às 15h", "por volta das 15h"): só depois da preposição da hora ("SAQUE 24H", "em
#: 48h" não são hora do dia). "15 horas" e "15hs" ficam de fora: numa afirmação, "10 horas" é lido como um intervalo
PADRAO_HORA_CHEIA = re.compile(r"(?i:\b(?:[àa]s|das|pelas)\s+)(?P<hora>(?:[01]?\d|2[0-3])[hH])(?!\w)")
MESES = formas.MESES
# "08 de janeiro de 2025", "8 de jan. de 2025", "1º de março de 2019", "4 de mayo de 2024"
PADRAO_DATA_EXTENSO = re.compile(rf"(?<!\d){formas.DATA_EXTENSO}", re.IGNORECASE)


def data(texto: str) -> dt.date | None:
    """A data em qualquer forma de `tempo_formas` (dd/mm na ordem brasileira; mm/dd dentro de `formas.na_ordem(True)`);
    None se inválida."""
    return _data(texto, formas.mes_primeiro())


@lru_cache(maxsize=65536)  # puras e com resultado imutável: um extrato repete as mesmas datas e horas
def _data(texto: str, mes_antes_do_dia: bool) -> dt.date | None:
    return formas.ler_data(texto, mes_antes_do_dia)


def data_por_extenso(m: re.Match) -> dt.date | None:
    return formas.ler_data(m.group(0))


@lru_cache(maxsize=65536)
def hora(texto: str) -> dt.time | None:
    """A hora em 24 h, em 12 h com AM/PM escrito, ou `14h32`/`11h28min28s`; None se inválida."""
    return formas.ler_hora(texto)


_HORA_COM_FUSO = re.compile(r"^(?P<hora>\S+(?:\s*[AaPp]\.?[Mm]\.?)?)\s+(?P<fuso>\S.*)$")


def hora_e_fuso(texto: str) -> tuple[str, str | None] | None:
    """(hora, fuso) de um campo ou célula de hora: `10:05:39`, ou com o fuso escrito junto (`10:05:39 +00:00`,
    `9:05 AM BRT`, `23:14:08 UTC+00:00`); None se não é hora."""
    texto = texto.strip()
    if hora(texto) is not None:
        return texto, None
    if (m := _HORA_COM_FUSO.match(texto)) and hora(m.group("hora")) is not None \
            and zona(m.group("fuso").strip()) is not None:
        return m.group("hora"), m.group("fuso").strip()
    return None


@lru_cache(maxsize=4096)
def zona(fuso: str | None) -> dt.tzinfo | None:
    """tzinfo do fuso como escrito; None quando ausente ou desconhecido."""
    if not fuso:
        return None
    texto = fuso.strip().strip("()").strip()
    if (m := _SIGLA_ENTRE_PARENTESES.fullmatch(texto)) and _NOME_DE_ZONA.fullmatch(m.group(1).strip()):
        texto = m.group(2)  # "Coordinated Universal Time (UTC)": vale a sigla entre parênteses
    if texto.startswith("["):  # "[-3:BRT]", o fuso do OFX: vale o deslocamento, o nome é rótulo
        return tempo_ofx.zona(texto)
    baixo = texto.lower()
    if _NOME_DE_ZONA.fullmatch(baixo):
        return dt.timezone.utc
    if "brasília" in baixo or "brasilia" in baixo:  # "horário de Brasília", "(Brasília)" num cabeçalho
        return ZoneInfo("America/Sao_Paulo")
    if m := _HORARIO_DE_OUTRO_ESTADO.fullmatch(" ".join(baixo.split())):  # "horário de Manaus", "hora do Acre"
        return ZoneInfo(_OUTROS_ESTADOS[m.group(1)])
    # o par com Brasília ("horário de Brasília (UTC-3)") é o nome, com o deslocamento conferido por `composto`
    if (duas_formas := _zona_composta(texto)) is not None:
        return duas_formas
    if baixo in _ZONAS_NOMEADAS:
        return ZoneInfo(_ZONAS_NOMEADAS[baixo])
    if "/" in baixo and (chave := _zonas_iana().get(baixo)):
        return ZoneInfo(chave)
    if m := _NOME_DOS_EUA_INTEIRO.fullmatch(texto):
        zona_dos_eua, padrao = _ZONAS_DOS_EUA[m.group(1).lower()]
        if not m.group(2):  # "Pacific Time": o relógio da Califórnia, com o horário de verão
            return ZoneInfo(zona_dos_eua)
        # "Pacific Standard Time" e "Pacific Daylight Time" são as siglas PST e PDT por extenso: deslocamento fixo
        return dt.timezone(dt.timedelta(hours=padrao + (m.group(2).lower() == "daylight")))
    if texto.upper() in _SIGLAS:
        return dt.timezone(dt.timedelta(hours=_SIGLAS[texto.upper()]))
    texto = texto.replace("\u2212", "-").replace("\u2013", "-")  # "UTC−3" de um PDF composto
    # "-03:00", "-0300", "-3", "UTC-3"; nunca "-180" (os minutos de um "utc_offset_minutes", ou -1:80): três
    # algarismos sem dois-pontos não dizem onde a hora acaba
    m = re.fullmatch(r"(?:UTC|GMT)?\s?([+-])\s?(?:(\d{1,2}):(\d{2})|(\d{2})(\d{2})|(\d{1,2}))", texto, re.IGNORECASE)
    if m:
        sinal = -1 if m.group(1) == "-" else 1
        horas, minutos = (m.group(2), m.group(3)) if m.group(2) else (m.group(4), m.group(5)) if m.group(4) else (
            m.group(6), "0")
        delta = dt.timedelta(hours=int(horas), minutes=int(minutos))
        if int(minutos) > 59 or delta > dt.timedelta(hours=14):
            return None
        return dt.timezone(sinal * delta)
    return None


#: os outros fusos do Brasil ditos pelo lugar ("horário de Manaus", "hora oficial do Acre")
_OUTROS_ESTADOS = {"manaus": "America/Manaus", "amazonas": "America/Manaus", "acre": "America/Rio_Branco",
                   "rio branco": "America/Rio_Branco", "fernando de noronha": "America/Noronha",
                   "noronha": "America/Noronha", "cuiaba": "America/Cuiaba", "cuiabá": "America/Cuiaba",
                   "mato grosso": "America/Cuiaba", "rondonia": "America/Porto_Velho", "rondônia": "America/Porto_Velho",
                   "roraima": "America/Boa_Vista"}
_HORARIO_DE_OUTRO_ESTADO = re.compile(r"(?:hor[áa]rios?|hora|fuso(?:\s+hor[áa]rio)?)\s+(?:oficial\s+)?(?:d[eo]\s+)?("
                                      + "|".join(sorted(_OUTROS_ESTADOS, key=len, reverse=True)) + ")")
#: as partes de um fuso escrito de duas formas: "BRT (UTC-3)", "UTC-03:00 (Brasília)", "BRT / GMT-3", "BRT - UTC-3"
_PARTES_DO_FUSO = re.compile(r"\s*(?:[()/,]|\s-\s)\s*")


def _zona_composta(texto: str) -> dt.tzinfo | None:
    """O fuso escrito de duas formas que se confirmam ("BRT (UTC-3)"): o deslocamento escrito, quando as outras formas
    também são fusos; dois deslocamentos diferentes ("BRT (UTC+0)") não dizem qual vale: None."""
    partes = [p for p in _PARTES_DO_FUSO.split(texto) if p]
    if len(partes) < 2 or len(partes) > 3:
        return None
    zonas = [zona(p) for p in partes]
    if any(z is None for z in zonas):
        return None
    fixos = {z for z in zonas if isinstance(z, dt.timezone)}
    if len(fixos) > 1:
        return None
    return fixos.pop() if fixos else zonas[0]


@lru_cache(maxsize=1)
def _zonas_iana() -> dict[str, str]:
    """Nome IANA em minúsculas → como o tzdata o escreve (todos os que a base embarcada tem)."""
    return {nome.lower(): nome for nome in available_timezones()}


#: "Pacific Time", "Pacific Standard Time", "Pacific Time (US & Canada)" (o rótulo do Windows e do Outlook)
_NOME_DOS_EUA_INTEIRO = re.compile(r"(?i)(pacific|mountain|central|eastern)\s+(?:(standard|daylight)\s+)?time"
                                   r"(?:\s*\(\s*US\s*&\s*Canada\s*\)?)?")
#: o relógio de cada fuso dos EUA (com o horário de verão) e o deslocamento do horário padrão
_ZONAS_DOS_EUA = {"pacific": ("America/Los_Angeles", -8), "mountain": ("America/Denver", -7),
                  "central": ("America/Chicago", -6), "eastern": ("America/New_York", -5)}

#: o nome por extenso do UTC em inglês, português e espanhol
_NOME_DE_ZONA = re.compile(
    r"(?i:coordinated\s+universal\s+time|tempo\s+universal\s+coordenado|tiempo\s+universal\s+coordinado"
    r"|greenwich\s+mean\s+time)"
)
_SIGLA_ENTRE_PARENTESES = re.compile(r"(.*?)\s*\(\s*(UTC|GMT)\s*\)?")  # o ")" final já saiu no strip


# fuso escrito sozinho numa célula ou coluna da mesma linha ("22/08/23 12:08:33 ::ffff:1.2.3.4 49865 +00:00 OK",
# "...|BRT|..."): entre separadores, deslocamento só com dois-pontos ("-1200,00" e "-1200" são valores, nunca fuso)
_FUSO_SOLTO = re.compile(
    rf"(?:^|(?<=[\s|;,\t]))(?P<fuso>{_BRASILIA}|{ZONA_IANA}|{NOME_DOS_EUA}|(?:UTC|GMT)[+-](?:1[0-4]|0?\d)(?::[0-5]\d)?"
    r"|UTC|GMT|BRST|BRT|AMST|AMT|FNT|[+-](?:0\d|1[0-4]):[0-5]\d)(?=$|[\s|;,\t])"
)


def fuso_solto_na_linha(texto: str, ocupado: tuple[int, int]) -> str | None:
    """O único fuso escrito sozinho na linha fora do trecho `ocupado` (a data-hora); None se nenhum ou vários."""
    achados = {m.group("fuso") for m in _FUSO_SOLTO.finditer(texto) if m.end() <= ocupado[0] or m.start() >= ocupado[1]}
    return achados.pop() if len(achados) == 1 else None


def fuso_do_achado(m: re.Match) -> str | None:
    """O fuso como escrito num casamento de PADRAO_DATA_HORA."""
    fuso, fuso_col, off, z, z_solto = m.group("fuso", "fuso_col", "off", "z", "z_solto")  # (uma chamada, não cinco)
    return fuso or fuso_col or off or z or z_solto


# (ou a sigla BRT, que é o horário de Brasília fora do verão: "BRT (horário de Brasília)", "Horário de Brasília (BRT)")
_DESLOCAMENTO_NO_COMPOSTO = re.compile(r"(?:UTC|GMT)?\s?[+-]\s?\d{1,2}(?::?\d{2})?(?!\d)|(?<![A-Za-z])BRT(?![A-Za-z])",
                                       re.IGNORECASE)


@lru_cache(maxsize=256)  # pura; chamada a cada instante de um log inteiro sob o mesmo fuso declarado
def composto(fuso: str | None) -> tuple[str, dt.tzinfo] | None:
    """"horário de Brasília (UTC-3)", "Brasília (GMT-03:00)": o nome da zona com horário de verão e o deslocamento
    fixo que o documento diz ser o dela, escritos juntos. (deslocamento como escrito, tzinfo fixo) ou None. Só vale
    o par que concorda fora do horário de verão (`UTC-3`); `horário de Brasília (UTC+1)` não é par, é erro."""
    if not fuso or not ("brasília" in fuso.lower() or "brasilia" in fuso.lower()):
        return None
    m = _DESLOCAMENTO_NO_COMPOSTO.search(fuso)
    fixo = zona(m.group(0).strip()) if m else None
    if m is None or not isinstance(fixo, dt.timezone):
        return None
    inverno = dt.datetime(2025, 7, 15, 12)
    if fixo.utcoffset(inverno) != ZoneInfo("America/Sao_Paulo").utcoffset(inverno):
        return None
    return m.group(0).strip(), fixo


def _discordam(fuso: str | None, local: dt.datetime) -> bool:
    """O par nome + deslocamento (`composto`) dá dois deslocamentos nesta hora local (verão de antes de 2019)."""
    par = composto(fuso)
    return par is not None and par[1].utcoffset(local) != ZoneInfo("America/Sao_Paulo").utcoffset(local)


def deslocamento(fuso: str | None, quando: dt.datetime | dt.date) -> dt.timedelta | None:
    """Deslocamento para UTC do fuso na hora local dada: exige a data, pois America/Sao_Paulo teve
    horário de verão até 2019 (o mesmo "horário de Brasília" é UTC-2 num verão e UTC-3 no inverno)."""
    tz = zona(fuso)
    if tz is None:
        return None
    if not isinstance(quando, dt.datetime):
        quando = dt.datetime.combine(quando, dt.time(12))
    if _discordam(fuso, quando.replace(tzinfo=None)):
        return None
    return tz.utcoffset(quando.replace(tzinfo=None))


def mesmo_fuso(a: str, b: str, quando: dt.date | dt.datetime | None) -> bool:
    """Dois fusos escritos que dão o mesmo deslocamento (BRT = UTC-3 = -03:00). Uma zona com horário
    de verão (horário de Brasília) só equivale a um deslocamento fixo numa data conhecida."""
    if a.strip().upper() == b.strip().upper():
        return True
    za, zb = zona(a), zona(b)
    if za is None or zb is None:
        return False
    if quando is None:
        fixos = isinstance(za, dt.timezone) and isinstance(zb, dt.timezone)
        return (fixos and za == zb) or (not fixos and str(za) == str(zb))
    return deslocamento(a, quando) == deslocamento(b, quando)


def ambiguo(data_texto: str, hora_texto: str, fuso: str | None) -> bool:
    """Hora local que existe duas vezes (fim do horário de verão) ou nenhuma (início): o instante é incerto."""
    tz = zona(fuso)
    if tz is None or isinstance(tz, dt.timezone):
        return False  # deslocamento fixo (BRT, UTC-3, -03:00): nenhuma hora se repete nem falta
    d, h = data(data_texto), hora(hora_texto)
    if d is None or h is None:
        return False
    local = dt.datetime.combine(d, h)
    return tz.utcoffset(local.replace(fold=0)) != tz.utcoffset(local.replace(fold=1)) or _discordam(fuso, local)


def instante(data_texto: str, hora_texto: str, fuso: str | None) -> dt.datetime | None:
    """Instante em UTC, ou None se a data, a hora ou o fuso não puderem ser interpretados."""
    return _instante(data_texto, hora_texto, fuso, formas.mes_primeiro())


@lru_cache(maxsize=65536)  # pura (a ordem das datas vai na chave); a planilha repete a data-hora de cada acesso
def _instante(data_texto: str, hora_texto: str, fuso: str | None, mes_antes_do_dia: bool) -> dt.datetime | None:
    d, h, tz = _data(data_texto, mes_antes_do_dia), hora(hora_texto), zona(fuso)
    if d is None or h is None or tz is None or _discordam(fuso, dt.datetime.combine(d, h)):
        return None
    return dt.datetime.combine(d, h, tzinfo=tz).astimezone(dt.timezone.utc)


def iso_utc(momento: dt.datetime) -> str:
    m = momento.astimezone(dt.timezone.utc)
    if m.year < 1000:  # o strftime não completa o ano com zeros; fica com ele, como sempre foi
        return m.strftime("%Y-%m-%dT%H:%M:%SZ")
    # (o strftime custava mais, e o f-string com seis formatos quase o dobro deste: roda para cada instante extraído)
    return "%d-%02d-%02dT%02d:%02d:%02dZ" % (m.year, m.month, m.day, m.hour, m.minute, m.second)


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
