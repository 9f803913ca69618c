"""Formas de escrever datas e horas: padrões e leitura de cada classe, sem fuso.

Datas: `AAAA-MM-DD` e `AAAA/MM/DD`; `DD/MM/AAAA`, `DD-MM-AAAA`, `DD.MM.AAAA` e `DD/MM/AA` (ordem brasileira; o ano
de dois dígitos é 20AA até 69 e 19AA depois); mês por nome em português, inglês ou espanhol, abreviado ou não
(`04-May-2024`, `4 May 2024`, `May 4, 2024`, `4 de maio de 2024`, `4 de mayo de 2024`).
Horas: `HH:MM[:SS][.fff]`; relógio de 12 h só com AM/PM escrito (`3:20:11 PM`, `03:20 p.m.`): sem o
AM/PM uma hora nunca é lida como de 12 h; `15h20min11s` e `15h20` (só junto de uma data, pois
sozinho `10h35min10s` é uma duração).

Os meses são um conjunto fechado: uma tabela aqui custa menos que uma dependência (babel) só para eles.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from perito.chaves.nome import dobrar

_NOMES_DOS_MESES = (
    # (pt, en, es) por extenso; abreviações saem das três primeiras letras e das formas usuais abaixo
    ("janeiro", "january", "enero"), ("fevereiro", "february", "febrero"), ("marco", "march", "marzo"),
    ("abril", "april", "abril"), ("maio", "may", "mayo"), ("junho", "june", "junio"),
    ("julho", "july", "julio"), ("agosto", "august", "agosto"), ("setembro", "september", "septiembre"),
    ("outubro", "october", "octubre"), ("novembro", "november", "noviembre"), ("dezembro", "december", "diciembre"),
)
_ABREVIACOES_EXTRAS = {"sept": 9, "setiembre": 9, "set": 9}


def _tabela_de_meses() -> dict[str, int]:
    meses: dict[str, int] = {}
    for numero, nomes in enumerate(_NOMES_DOS_MESES, start=1):
        for nome in nomes:
            meses[nome] = numero
            meses[nome[:3]] = numero
    meses.update(_ABREVIACOES_EXTRAS)
    return meses


#: nome do mês (sem acento, minúsculo) → número
MESES = _tabela_de_meses()


def _arvore(nomes: list[str]) -> str:
    """Os nomes fatorados pelo começo comum ("jan(?:eiro|uary)?"): casa o mesmo conjunto de textos que a alternativa
    simples, e o mais longo primeiro onde um nome é começo de outro (o opcional é guloso), como a ordem por tamanho."""
    por_letra: dict[str, list[str]] = {}
    for nome in nomes:
        if nome:
            por_letra.setdefault(nome[0], []).append(nome[1:])
    ramos = [re.escape(letra) + _arvore(restos) for letra, restos in sorted(por_letra.items())]
    if "" in nomes:
        return "(?:" + "|".join(ramos) + ")?" if ramos else ""
    return ramos[0] if len(ramos) == 1 else "(?:" + "|".join(ramos) + ")"


def _alternativa_de_meses() -> str:
    """Os nomes como alternativa do padrão; "março" e "MAR" em qualquer caixa.

    Fatorada em árvore e com as primeiras letras à frente: a alternativa simples de ~45 nomes era tentada nome a
    nome em cada posição de cada linha (um quarto do tempo de extração de um log); assim cada posição custa uma
    consulta de conjunto. Os mesmos casamentos: `tests/test_issue_27_meses.py` compara com a alternativa simples.
    """
    nomes = sorted(set(MESES) | {"março"})
    primeiras = "".join(sorted({re.escape(nome[0]) for nome in nomes}))
    return f"(?i:(?=[{primeiras}]){_arvore(nomes)})"


_MES = _alternativa_de_meses()
#: a alternativa de nomes de meses (pt, en, es; abreviados) para quem monta outros padrões
NOMES_DOS_MESES = _MES

DATA_ISO = r"\d{4}-\d{2}-\d{2}"
# "02/08/2025" e, sem o zero, "2/8/2025" (o que o Excel e os sistemas dos EUA escrevem: "8/2/2025 1:10:44 PM")
DATA_BR = r"\d{1,2}/\d{1,2}/\d{4}"
DATA_BR_AA = r"\d{2}/\d{2}/\d{2}(?![\d/])"
# "04-May-2024", "4 May 2024", "04/May/2024", "15.mar.2025"; e o DATE9 dos sistemas de grande porte e do SAS, sem
# separador ("15MAR2025"): dia de dois algarismos, nada de letra ou algarismo colado (não um pedaço de identificador)
DATA_DIA_MES = (rf"[0-3]?\d(?P<sep_dm>[-/ .]){_MES}\.?(?P=sep_dm)(?:19|20)\d{{2}}(?!\d)"
                rf"|(?<![^\W_])[0-3]\d{_MES}(?:19|20)\d{{2}}(?![^\W_])")
# "15-MAR-25", "15/mar/25": o DD-MON-RR do Oracle, com o ano de dois dígitos (só com hífen ou barra: "15 MAR 25" pode
# ser o dia e o mês seguidos de outro número)
DATA_DIA_MES_AA = rf"[0-3]?\d(?P<sep_aa>[-/]){_MES}\.?(?P=sep_aa)\d{{2}}(?![\d/-])"
# "May 4, 2024", "July 10 2024", "May 4th, 2024"
DATA_MES_DIA = rf"{_MES}\.?\s[0-3]?\d(?:st|nd|rd|th)?,?\s(?:19|20)\d{{2}}(?!\d)"
# "4 de maio de 2024", "1º de março de 2019", "4 de mayo del 2024"
# em qualquer caixa: o histórico de um REDS vem todo em maiúsculas ("2 DE AGOSTO DE 2025")
DATA_EXTENSO = rf"[0-3]?\d(?:º|o)?\s+(?i:de)\s+{_MES}\.?\s+(?i:del?)\s+(?:19|20)\d{{2}}(?!\d)"
# "02-08-2025", "02.08.2025" (exportações de fintech e de sistemas): dia e mês de dois dígitos válidos, ano de
# quatro, o mesmo separador nos dois lugares ("21-12.2025" é o pedaço de um número de processo do CNJ, não data)
_DIA, _MES_NUM = r"(?:0[1-9]|[12]\d|3[01])", r"(?:0[1-9]|1[0-2])"
DATA_BR_HIFEN = rf"{_DIA}-{_MES_NUM}-(?:19|20)\d{{2}}(?![\d.-]\d)|{_DIA}\.{_MES_NUM}\.(?:19|20)\d{{2}}(?![\d.-]\d)"
# "14.07.25  15h21" (o ano de dois dígitos com pontos, dos extratos de sistema): dia e mês válidos, nada de número com
# ponto colado dos dois lados (um pedaço de IP, "189.10.12.25.4"), e só antes de uma hora: sozinho, "20.10.59" é a
# versão do aplicativo na coluna ao lado, não uma data
# (também citada com a hora à parte, "14.07.25 | 15h21", como o principal a cita e o validador a relê)
DATA_BR_PONTO_AA = (rf"(?<![\d.]){_DIA}\.{_MES_NUM}\.\d{{2}}(?![\d.,]\d|\d)"
                    rf"(?=(?:,?\s+|\s*\|\s*)[0-2]?\d(?::[0-5]\d|[hH][0-5]\d))")
# "2025/08/02" (ano na frente com barras: registros de IP do Google, sistemas japoneses e chineses): mês e dia válidos
DATA_ISO_BARRA = r"(?:19|20)\d{2}/(?:0[1-9]|1[0-2])/(?:0[1-9]|[12]\d|3[01])(?![\d/])"
# "20250315 14:33:50", "15032025 14:33:50": a data compacta (AAAAMMDD ou DDMMAAAA, `ler_data_compacta`) seguida de
# uma hora com dois-pontos, como exportam sistemas de banco e de operadora. Só assim: sozinho, um número de oito
# algarismos é uma conta, um CEP ou um protocolo (nunca entra em DATAS, que também servem à data sem hora)
DATA_COMPACTA_ANTES_DA_HORA = r"\d{8}(?=[ T]\d{1,2}:\d{2})"
# "3/15/25 2:33 PM", "1/5/25 09:10" (a data curta do Excel e dos sistemas dos EUA: dia ou mês de um algarismo e o ano de
# dois): só antes de uma hora; sozinha, "1/2/25" pode ser outra coisa. A ordem do dia e do mês é a do documento
DATA_CURTA_ANTES_DA_HORA = r"\d{1,2}/\d{1,2}/\d{2}(?=,?\s+\d{1,2}:\d{2})"
DATAS = (DATA_ISO, DATA_ISO_BARRA, DATA_BR, DATA_BR_AA, DATA_EXTENSO, DATA_DIA_MES, DATA_DIA_MES_AA, DATA_MES_DIA,
         DATA_BR_HIFEN, DATA_BR_PONTO_AA)

_AM_PM = r"\s?(?:[AaPp]\.?\s?[Mm]\.?)(?![A-Za-z])"
HORA_24 = r"\d{2}:\d{2}(?::\d{2})?(?:\.\d{1,9})?"
HORA_12 = rf"[01]?\d:\d{{2}}(?::\d{{2}})?(?:\.\d{{1,9}})?{_AM_PM}"
# só depois de uma data: "11h28min28s", "15h20min", "15h20"
# "13H10MIN" em maiúsculas e "13h10m" também
HORA_H = r"[0-2]?\d[hH][0-5]\d(?:(?i:min|m)(?:[0-5]\d[sS])?)?(?![\w])"
# hora de um dígito ("9:05:00") só depois de uma data, onde não é outra coisa
HORA_1 = r"\d:\d{2}(?::\d{2})?(?:\.\d{1,9})?"
# a hora com pontos, só depois de uma data: o TIMESTAMP do Oracle ("15-MAR-25 02.33.50.000000 PM") e do DB2
# ("2025-03-15-14.33.50.123456"), como os sistemas de banco exportam: sempre com a fração de 6 ou 9 algarismos (a do
# Oracle e a do DB2) ou com o AM/PM. Sem eles, três números com pontos depois de uma data são outra coisa: a versão do
# aplicativo na coluna ao lado ("05/06/2022;12.11.47"), ou um IP ("15/03/2025 10.20.30.40")
# (o AM/PM encerra a hora: "04.40.03.000000 PM, porta 40122" é 16:40:03; só sem ele a vírgula ou o ponto seguinte dizem
# que o número continua)
HORA_PONTOS = rf"[0-2]\d\.[0-5]\d\.[0-5]\d(?:\.(?:\d{{9}}|\d{{6}})(?:{_AM_PM}|(?![\d.,]))|{_AM_PM})"

_LER_ISO = re.compile(r"(\d{4})([-/])(\d{1,2})\2(\d{1,2})")
_LER_BR = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})")
_LER_BR_HIFEN = re.compile(r"(\d{2})([-.])(\d{2})\2(\d{4}|\d{2})")
_LER_DIA_MES = re.compile(
    rf"([0-3]?\d)(?:º|o)?(?:[-/ .]|\s+de\s+)?({_MES})\.?(?:[-/ .]|\s+del?\s+)?((?:19|20)\d{{2}}|(?<=[-/])\d{{2}})", re.I)
_LER_MES_DIA = re.compile(rf"({_MES})\.?\s([0-3]?\d)(?:st|nd|rd|th)?,?\s((?:19|20)\d{{2}})", re.I)
_LER_12 = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d{1,9})?\s?([AaPp])\.?\s?[Mm]\.?")
_LER_H = re.compile(r"(\d{1,2})h(\d{2})(?:(?:min|m)(?:(\d{2})s)?)?", re.IGNORECASE)
_LER_24 = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d{1,9})?")
#: a hora cheia do relato ("15h"): a hora em ponto, sem os minutos
_LER_HORA_CHEIA = re.compile(r"(\d{1,2})h", re.IGNORECASE)
_LER_PONTOS = re.compile(r"(\d{2})\.(\d{2})\.(\d{2})(?:\.\d{1,9})?(?:\s?([AaPp])\.?\s?[Mm]\.?)?")


def ano_de_dois_digitos(aa: int) -> int:
    """`23` é 2023 e `98` é 1998: pivô em 69, como o POSIX (strptime %y)."""
    return 2000 + aa if aa <= 68 else 1900 + aa


#: a ordem das datas numéricas com barras do documento que se lê agora: falsa (o padrão) é dia/mês, a brasileira;
#: verdadeira, mês/dia (padrão dos EUA), que só quem decidiu a ordem do documento inteiro liga (`na_ordem`), durante a
#: extração dele ou a conferência do que se cita dele. Uma variável de contexto, não um parâmetro: as datas são lidas
#: em dezenas de passos da extração (reconhecedores, colunas, fuso declarado uma vez, data vigente), e todos precisam
#: ler a mesma data do mesmo jeito
_MES_PRIMEIRO: ContextVar[bool] = ContextVar("mes_primeiro", default=False)


def mes_primeiro() -> bool:
    """As datas numéricas com barras lidas agora com o mês antes do dia (`na_ordem`)?"""
    return _MES_PRIMEIRO.get()


@contextmanager
def na_ordem(mes_antes_do_dia: bool) -> Iterator[None]:
    """Lê `8/2/2025` como 2 de agosto (mês/dia) dentro do bloco, quando `mes_antes_do_dia`; fora dele, como sempre."""
    marca = _MES_PRIMEIRO.set(mes_antes_do_dia)
    try:
        yield
    finally:
        _MES_PRIMEIRO.reset(marca)


def ler_data(texto: str, mes_antes_do_dia: bool | None = None) -> dt.date | None:
    """A data escrita em qualquer das formas do módulo; None se não for uma delas ou for inválida.

    `mes_antes_do_dia`: a ordem de `8/2/2025` (None: a do contexto, `na_ordem`); só as numéricas com barras mudam, as
    outras formas dizem a ordem sozinhas (o ano na frente, o mês por nome, o hífen e o ponto, só brasileiros)."""
    texto = texto.strip()
    try:
        if m := _LER_ISO.fullmatch(texto):
            return dt.date(int(m.group(1)), int(m.group(3)), int(m.group(4)))
        if m := _LER_BR.fullmatch(texto):
            ano = int(m.group(3))
            dia, mes = int(m.group(1)), int(m.group(2))
            if mes_primeiro() if mes_antes_do_dia is None else mes_antes_do_dia:
                dia, mes = mes, dia
            return dt.date(ano if len(m.group(3)) == 4 else ano_de_dois_digitos(ano), mes, dia)
        if m := _LER_BR_HIFEN.fullmatch(texto):
            ano = int(m.group(4))  # "14.07.25": o ano de dois dígitos (`DATA_BR_PONTO_AA`)
            return dt.date(ano if len(m.group(4)) == 4 else ano_de_dois_digitos(ano), int(m.group(3)), int(m.group(1)))
        if m := _LER_DIA_MES.fullmatch(texto):
            return _com_mes(m.group(3), m.group(2), m.group(1))
        if m := _LER_MES_DIA.fullmatch(texto):
            return _com_mes(m.group(3), m.group(1), m.group(2))
        if len(texto) == 8 and texto.isdigit():  # só chega aqui o que DATA_COMPACTA_ANTES_DA_HORA casou
            return ler_data_compacta(texto)
    except ValueError:
        return None
    return None


def _com_mes(ano: str, mes: str, dia: str) -> dt.date | None:
    numero = MESES.get(dobrar(mes).rstrip("."))
    inteiro = int(ano) if len(ano) == 4 else ano_de_dois_digitos(int(ano))
    return dt.date(inteiro, numero, int(dia)) if numero else None


def ler_hora(texto: str) -> dt.time | None:
    """A hora escrita em 24 h, em 12 h com AM/PM ou como `15h20min11s`; None se inválida."""
    texto = texto.strip()
    try:
        if m := _LER_12.fullmatch(texto):
            h = int(m.group(1))
            if not 1 <= h <= 12:
                return None  # "13:00 PM" não existe
            h = h % 12 + (12 if m.group(4) in "Pp" else 0)
            return dt.time(h, int(m.group(2)), int(m.group(3) or 0))
        if m := _LER_H.fullmatch(texto):
            return dt.time(int(m.group(1)), int(m.group(2)), int(m.group(3) or 0))
        if m := _LER_24.fullmatch(texto):
            return dt.time(int(m.group(1)), int(m.group(2)), int(m.group(3) or 0))
        if m := _LER_HORA_CHEIA.fullmatch(texto):
            return dt.time(int(m.group(1)), 0)
        if m := _LER_PONTOS.fullmatch(texto):
            h = int(m.group(1))
            if m.group(4):
                if not 1 <= h <= 12:
                    return None
                h = h % 12 + (12 if m.group(4) in "Pp" else 0)
            return dt.time(h, int(m.group(2)), int(m.group(3)))
    except ValueError:
        return None
    return None


def tem_marcador_12h(texto: str) -> bool:
    """A hora escrita com AM/PM ("3:20:11 PM", "03:20 p.m.")."""
    return _LER_12.fullmatch(texto.strip()) is not None


def tem_segundos(texto: str) -> bool:
    """A hora escrita diz os segundos ("14:28:22", "3:20:11 PM", "11h28min28s")."""
    texto = texto.strip()
    if m := _LER_H.fullmatch(texto):
        return m.group(3) is not None
    return texto.count(":") >= 2 or _LER_PONTOS.fullmatch(texto) is not None  # "14.33.50": sempre com os segundos


# "20250802131044", "20250802 131044", "20250802T131044" (bilhetagem de operadora, logs de sistemas): data e hora
# compactas, sem separador, de 1990 a 2039; doze dígitos sem os segundos. Sozinho, um número assim pode ser um
# protocolo: quem extrai só o lê numa coluna que fala de tempo; quem valida lê o que já foi citado como instante
_DATA_COMPACTA = r"(?P<ano>19[89]\d|20[0-3]\d)(?P<mes>0[1-9]|1[0-2])(?P<dia>0[1-9]|[12]\d|3[01])[ T]?"
_HORA_COMPACTA = r"(?P<h>[01]\d|2[0-3])(?P<m>[0-5]\d)"
# o fuso colado ao fim, na forma básica da ISO 8601 ("20250714T182107Z", "20250714T152107-0300"): só depois dos
# segundos e com o "T" entre a data e a hora (sem ele, "20250714182107-0300" é um número e um valor com sinal)
_FUSO_COMPACTO = r"(?P<fuso>Z|[+-](?:0\d|1[0-4]):?[0-5]\d)"
_COMPACTO = re.compile(rf"{_DATA_COMPACTA}{_HORA_COMPACTA}(?:(?P<s>[0-5]\d)(?:(?<=T\d{{6}}){_FUSO_COMPACTO})?)?")
#: a data-hora compacta com os segundos no meio de um texto (o validador a decompõe), nunca colada a outros dígitos
PADRAO_COMPACTO = re.compile(rf"(?<![\w.,/-]){_DATA_COMPACTA}{_HORA_COMPACTA}(?P<s>[0-5]\d)"
                             rf"(?:(?<=T\d{{6}}){_FUSO_COMPACTO})?(?![\w/:-]|[.,]\d)")
#: a forma básica da ISO 8601 com o "T" ("20250714T182107", "20250714T182107Z"): o "T" a distingue de um protocolo
#: ou de uma conta, e ela é lida em qualquer texto, não só numa coluna que fala de tempo
PADRAO_COMPACTO_ISO = re.compile(rf"(?<![\w.,/-])\d{{8}}T\d{{6}}(?:{_FUSO_COMPACTO})?(?![\w/:-]|[.,]\d)")


def fuso_do_compacto(texto: str) -> str | None:
    """O fuso escrito no fim de uma data-hora compacta ("Z", "-0300"), ou None."""
    m = _COMPACTO.fullmatch(texto.strip())
    return m["fuso"] if m is not None else None


def ler_compacto(texto: str) -> tuple[dt.date, dt.time] | None:
    """(data, hora) de uma data-hora compacta ("20250802131044", "20250714T182107Z"); None se não for uma ou for
    inválida (31 de abril)."""
    m = _COMPACTO.fullmatch(texto.strip())
    if m is None:
        return None
    try:
        return (dt.date(int(m["ano"]), int(m["mes"]), int(m["dia"])),
                dt.time(int(m["h"]), int(m["m"]), int(m["s"] or 0)))
    except ValueError:
        return None


def ler_data_compacta(texto: str) -> dt.date | None:
    """A data de 8 dígitos numa coluna de data: AAAAMMDD ("20250315", exportação de sistemas de banco e de operadora)
    ou DDMMAAAA ("15032025", como o SIMBA), de 1990 a 2039. As duas ordens nunca leem o mesmo número: o mês de uma
    ocupa os dígitos em que o ano da outra começa (01 a 12 contra 19 ou 20). Sozinho, um número assim pode ser uma
    conta ou um CEP: só quem sabe que a coluna é de data o lê."""
    t = texto.strip()
    if len(t) != 8 or not t.isdigit():
        return None
    for ano, mes, dia in ((t[:4], t[4:6], t[6:]), (t[4:], t[2:4], t[:2])):
        if 1990 <= int(ano) <= 2039:
            try:
                return dt.date(int(ano), int(mes), int(dia))
            except ValueError:
                continue
    return None


def ler_hora_compacta(texto: str) -> dt.time | None:
    """A hora sem separadores numa coluna de hora: HHMMSS ("143502") ou HHMM ("1435"). A planilha que gravou a hora
    como número perde o zero da esquerda: "91500" é 09:15:00 e "915", 09:15."""
    t = texto.strip()
    if not t.isdigit() or not 3 <= len(t) <= 6:
        return None
    t = t.zfill(6 if len(t) >= 5 else 4)
    try:
        return dt.time(int(t[:2]), int(t[2:4]), int(t[4:6] or 0))
    except ValueError:
        return None


# "2 de agosto", "1º de março" (sem "de 2025" depois), "02/08" (sem "/2025" depois), "15/mar", "15 MAR", "3-Jan", "03SET" (o
# lançamento de um extrato): o dia e o mês sem o ano, que só o contexto completa (a data em que o relato foi lavrado,
# o período do extrato)
_DIA_SEM_ANO = re.compile(
    rf"(?<![\d/])(?:(?P<d>[0-3]?\d)(?:º|o)?\s+de\s+(?P<mes>{_MES})\.?(?!\w)(?!\s*(?:de|del)?\s*(?:19|20)\d{{2}})"
    rf"|(?P<d3>[0-3]?\d)(?:\s*[/.-]\s*|\s+)(?P<mes3>{_MES})\.?(?![\w/-])(?![/.-]?\d)(?!\s*(?:de\s+|del\s+)?(?:19|20)\d{{2}}(?!\d))"
    r"|(?P<d2>[0-3]\d)/(?P<m2>[01]\d)(?![/\d])"
    # "03SET" (o extrato de sistema de grande porte): dois algarismos e a sigla do mês em maiúsculas, colados
    r"|(?P<d4>[0-3]\d)(?P<mes4>(?-i:JAN|FEV|FEB|MAR|ABR|APR|MAI|MAY|JUN|JUL|AGO|AUG|SET|SEP|OUT|OCT|NOV|DEZ|DEC))"
    r"(?![A-Za-z\d]))",
    re.IGNORECASE,
)


def dias_sem_ano(texto: str) -> list[tuple[int, int, int, int]]:
    """(início, fim, dia, mês) de cada dia escrito sem o ano; o mês por nome ou número, ambos válidos."""
    saida = []
    for m in _DIA_SEM_ANO.finditer(texto):
        dia = int(m.group("d") or m.group("d2") or m.group("d3") or m.group("d4"))
        nome = m.group("mes") or m.group("mes3") or m.group("mes4")
        mes = MESES.get(dobrar(nome).rstrip(".")) if nome else int(m.group("m2"))
        if mes and 1 <= mes <= 12 and 1 <= dia <= 31:
            saida.append((m.start(), m.end(), dia, mes))
    return saida


def no_ano_ate(dia: int, mes: int, limite: dt.date) -> dt.date | None:
    """O dia e o mês no ano que os põe até `limite` (a data em que o documento foi lavrado), nunca depois: um termo de
    05/01/2026 que conta "20 de dezembro" fala de 2025. None se o dia não existe nesses anos."""
    for ano in (limite.year, limite.year - 1):
        try:
            data = dt.date(ano, mes, dia)
        except ValueError:
            continue
        if data <= limite:
            return data
    return None
