"""Valores monetários → centavos exatos (Decimal), na notação que o documento usa.

Em texto corrido vale a notação brasileira (`R$ 3.500,00`, `-1.234,56`, `3500,00`): um número solto
sem vírgula decimal nem `R$` não é valor (ano, documento, CEP, porta). Numa coluna ou campo cujo
nome diz valor, a notação é decidida pela coluna inteira (`notacao_da_coluna`):

- `br`: `1.234,56`, `1234,56`; `us`: `1,234.56`, `1234.56`; `centavos`: inteiros, só quando o
  cabeçalho o diz (`Valor (centavos)`, `VALOR_LANCAMENTO` do SIMBA).
- Um ponto seguido de exatamente 2 dígitos nunca é separador de milhar brasileiro, nem uma vírgula
  seguida de 2 dígitos é separador americano: essas formas se decidem sozinhas. Só `1.234`/`1,234`
  (sem centavos) e os inteiros precisam da coluna.

O sinal vem de `-`/`−` antes ou depois, de parênteses (`(1.234,56)`) ou da natureza `D`/`C` colada.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Iterable

# a moeda escrita antes do número: o símbolo ou o código ISO 4217 (respostas de empresas estrangeiras: "BRL 1,200.00")
_MOEDA = r"(?:R\$|BRL)"
# "R$ 3.500,00", "-1.234,56", "3500,00", "R$ -3.500,00", "BRL 1.200,00"; exige vírgula decimal com 2 casas. O milhar
# separado por espaço ("R$ 1 200,00") só depois da moeda: sem ela, "3 200,00" pode ser a quantidade 3 e o valor 200,00;
# com ela, ler só "200,00" seria um valor errado
PADRAO_VALOR = re.compile(
    rf"(?<![\w.,])(?P<valor>(?:[-−]\s?)?(?:{_MOEDA}\s?[-−]?\s?\d{{1,3}}(?:[ \u00a0\u202f]\d{{3}})+"
    rf"|(?:{_MOEDA}\s?)?[-−]?\s?(?:\d{{1,3}}(?:\.\d{{3}})+|\d+)),\d{{2}})(?!\d|,\d|\.\d)"
    # "R$ 2,75 mil" são 2.750,00, não R$ 2,75 (`PADRAO_VALOR_EM_MIL`)
    r"(?!\s?(?i:mil\b|milh|bilh))"
)
# "R$ 1,234.56", "R$ 1234.56", "BRL 1,200.00": a moeda diz que é dinheiro; o ponto com 2 casas é decimal
PADRAO_VALOR_RS_PONTO = re.compile(
    rf"(?<![\w.,])(?P<valor>(?:[-−]\s?)?{_MOEDA}\s?[-−]?\s?(?:\d{{1,3}}(?:,\d{{3}})+|\d+)\.\d{{2}})(?![\d.]|,\d)"
)
# o código da moeda depois do número com ponto decimal ("Amount: 2,350.00 BRL", a resposta de uma empresa estrangeira):
# o código diz que é dinheiro, e o dado citado o inclui
PADRAO_VALOR_PONTO_ANTES_DE_BRL = re.compile(
    r"(?<![\w.,])(?P<valor>[-−]?\s?(?:\d{1,3}(?:,\d{3})+|\d+)\.\d{2}\s?BRL)\b")
# a quantia redonda, sem centavos, que a vítima escreve no relato: "R$ 3.500", "R$3500", "-R$ 3.300", "3.500 reais".
# Nunca "R$ 50 mil" (que não é R$ 50,00) nem o número seguido de vírgula ou ponto e dígito (a forma com centavos)
_SEM_MULTIPLICADOR = r"(?![\d]|[.,]\d|\s*(?i:mil\b|milh|bilh|mi\b|bi\b|k\b))"
_INTEIRO_EM_REAIS = r"(?:\d{1,3}(?:\.\d{3})+|\d{1,7})"
PADRAO_VALOR_SEM_CENTAVOS = re.compile(
    rf"(?<![\w.,])(?P<valor>(?:[-−]\s?)?{_MOEDA}\s?[-−]?\s?{_INTEIRO_EM_REAIS}){_SEM_MULTIPLICADOR}"
    rf"|(?<![\w.,$])(?P<reais>{_INTEIRO_EM_REAIS}\s+(?i:reais))\b"
)
# "R$ 2 mil", "R$ 1,5 mil", "R$ 10 mil reais": a quantia em milhares que a vítima escreve no relato (a redonda de um
# Pix de R$ 2.000,00). Nunca "R$ 2 mil e 500" nem "R$ 2 mil e quinhentos" (o resto ficaria de fora: leitura errada), nem
# milhão ou bilhão
PADRAO_VALOR_EM_MIL = re.compile(
    rf"(?<![\w.,])(?P<valor>{_MOEDA}\s?(?P<milhares>\d{{1,3}}(?:,\d{{1,3}})?)\s?(?i:mil))\b(?!\s+(?i:e)\s+\w)")


def em_mil(m: re.Match) -> tuple[str, int, Decimal]:
    """(literal, início, quantia) de um `PADRAO_VALOR_EM_MIL`: "R$ 1,5 mil" → 1500.00."""
    quantia = (Decimal(m.group("milhares").replace(",", ".")) * 1000).quantize(Decimal("0.01"))
    return m.group("valor"), m.start("valor"), quantia


#: condição necessária de PADRAO_VALOR_SEM_CENTAVOS (os mesmos pedaços: a moeda ou "reais"), testada antes dele: sem
#: ela, o padrão tentava "reais" depois de cada número de cada linha
MOEDA_OU_REAIS = re.compile(rf"{_MOEDA}|(?i:reais)")
# número com ponto decimal numa linha de extrato cuja notação é essa (`us`): "1230.00", "1,230.00"
# a vírgula depois dos centavos só é parte de outro número se vier um dígito ("12.50,13.00"); "804.90," é o
# separador de um JSON ou CSV
PADRAO_NUMERO_PONTO = re.compile(r"(?<![\w.,/:*•-])(?P<valor>[-−]?(?:\d{1,3}(?:,\d{3})+|\d+)\.\d{2})(?![\w./:-]|,\d)")
# inteiro solto numa linha de extrato em centavos
PADRAO_INTEIRO = re.compile(r"(?<![\w.,/:*•-])(?P<valor>[-−]?\d{2,13})(?![\w.,/:-])")

NOTACOES = ("br", "us", "centavos")

_BR = re.compile(r"(?:\d{1,3}(?:\.\d{3})+|\d+),\d{2}")
_US = re.compile(r"(?:\d{1,3}(?:,\d{3})+|\d+)\.\d{2}")
_MILHAR_PONTO = re.compile(r"\d{1,3}(?:\.\d{3})+")  # "1.234": milhar brasileiro sem centavos
_MILHAR_VIRGULA = re.compile(r"\d{1,3}(?:,\d{3})+")  # "1,234": milhar americano sem centavos
_INTEIRO = re.compile(r"\d+")
# o corpo de uma célula de valor: sinal, R$, parênteses e natureza D/C ao redor do número
_CELULA = re.compile(
    r"^\s*(?P<abre>\()?\s*(?P<sinal1>[-−+])?\s*(?:R\$|BRL)?\s*(?P<sinal2>[-−+])?\s*(?P<numero>\d[\d.,]*\d|\d)\s*"
    r"(?P<sinal3>[-−])?\s*(?P<fecha>\))?\s*(?P<natureza>[DC])?\s*$",
    re.IGNORECASE,
)


@lru_cache(maxsize=65536)  # pura, e um extrato repete os mesmos valores (saldo, tarifas) em muitas linhas
def centavos(texto: str) -> Decimal | None:
    """Valor em notação brasileira (o que `PADRAO_VALOR` casa) → Decimal com sinal."""
    limpo = texto.replace("R$", "").replace("BRL", "").replace("−", "-").replace(" ", "").replace("\u00a0", "")
    limpo = limpo.replace("\u202f", "")
    negativo = limpo.startswith("-")
    limpo = limpo.lstrip("-").replace(".", "").replace(",", ".")
    try:
        valor = Decimal(limpo).quantize(Decimal("0.01"))
    except InvalidOperation:
        return None
    return -valor if negativo else valor


def forma(numero: str) -> str | None:
    """Forma de um número sem sinal: `br`, `us` (decididas sozinhas), `milhar_br`, `milhar_us`, `inteiro`, ou None."""
    if _BR.fullmatch(numero):
        return "br"
    if _US.fullmatch(numero):
        return "us"
    if _MILHAR_PONTO.fullmatch(numero):
        return "milhar_br"
    if _MILHAR_VIRGULA.fullmatch(numero):
        return "milhar_us"
    if _INTEIRO.fullmatch(numero):
        return "inteiro"
    return None


def declara_centavos(cabecalho: str) -> bool:
    """O nome da coluna ou do campo diz que os valores são centavos (`Valor (centavos)`, `amount_cents`)."""
    return re.search(r"centavo|\bcents?\b|_cents?\b", cabecalho, re.IGNORECASE) is not None


def notacao_da_coluna(textos: Iterable[str], cabecalho: str = "") -> str | None:
    """A notação de uma coluna (ou de um campo repetido) pelos valores dela e pelo nome.

    Brasileira e americana juntas na mesma coluna é conflito (None); só inteiros, centavos se o nome diz,
    senão None (um inteiro sem marca não é valor)."""
    formas = set()
    for texto in textos:
        if (m := _CELULA.match(texto or "")) and (f := forma(m.group("numero"))):
            formas.add(f)
    if not formas:
        return None
    if declara_centavos(cabecalho):
        return "centavos" if formas == {"inteiro"} else None
    br, us = formas & {"br", "milhar_br"}, formas & {"us", "milhar_us"}
    if br and us:
        return None
    if formas & {"br"}:
        return "br"
    if formas & {"us"}:
        return "us"
    return None  # só inteiros ou milhares sem centavos: ambíguo sem um nome que diga


@dataclass(frozen=True)
class Lido:
    """Um valor lido de uma célula: a quantia com sinal e onde o número está escrito nela."""

    quantia: Decimal
    inicio: int
    fim: int
    natureza: str | None = None  # "D" ou "C" quando escrita ao lado

    @property
    def negativo(self) -> bool:
        return self.quantia < 0


def _numero(numero: str, notacao: str | None) -> Decimal | None:
    f = forma(numero)
    if f == "br" or (f == "milhar_br" and notacao == "br") or (f == "inteiro" and notacao in ("br", "us")):
        texto = numero.replace(".", "").replace(",", ".")
    elif f == "us" or (f == "milhar_us" and notacao == "us"):
        texto = numero.replace(",", "")
    elif f == "inteiro" and notacao == "centavos":
        return (Decimal(numero) / 100).quantize(Decimal("0.01"))
    else:
        return None
    if f in ("br", "us") and notacao is not None and notacao != f and notacao != "centavos":
        return None  # "1.234,56" numa coluna americana (ou o contrário): não se adivinha
    if notacao == "centavos" and f != "inteiro":
        return None
    try:
        return Decimal(texto).quantize(Decimal("0.01"))
    except InvalidOperation:
        return None


def ler(texto: str, notacao: str | None = None) -> Lido | None:
    """O valor de uma célula inteira (`(1,234.56)`, `- R$ 1.234,56`, `1234.56 D`, `123456` em centavos)."""
    m = _CELULA.match(texto or "")
    if m is None:
        return None
    quantia = _numero(m.group("numero"), notacao)
    if quantia is None:
        return None
    if bool(m.group("abre")) != bool(m.group("fecha")):
        return None
    natureza = (m.group("natureza") or "").upper() or None
    sinais = [s for s in (m.group("sinal1"), m.group("sinal2"), m.group("sinal3")) if s]
    negativo = bool(m.group("abre")) or any(s in "-−" for s in sinais) or natureza == "D"
    return Lido(-quantia if negativo else quantia, m.start("numero"), m.end("numero"), natureza)


#: a moeda que não é o real, escrita colada ao número ("US$ 500,00", "€ 200,00", "0,05 BTC", "1.000,00 USDT")
_ESTRANGEIRA = r"(?:US\$|U\$|USD|EUR|€|£|GBP|ARS|BTC|USDT|USDC|ETH|BNB|SOL|XRP|TRX|LTC)"
_ESTRANGEIRA_ANTES = re.compile(rf"{_ESTRANGEIRA}\s*$")
_ESTRANGEIRA_DEPOIS = re.compile(rf"\s*{_ESTRANGEIRA}(?![A-Za-z])")


def em_moeda_estrangeira(texto: str, inicio: int, fim: int) -> bool:
    """O número está em outra moeda: o símbolo ou o código logo antes ou logo depois dele (não um valor em reais)."""
    return _ESTRANGEIRA_ANTES.search(texto, max(0, inicio - 6), inicio) is not None or (
        _ESTRANGEIRA_DEPOIS.match(texto, fim) is not None)


def sinal_ao_redor(texto: str, inicio: int, fim: int) -> tuple[bool, str | None]:
    """(negativo, natureza) pelo que cerca um valor já achado no texto: parênteses, `-` depois (colado, solto no fim
    da linha, ou "(-)"), `D`/`C` ou `DB`/`CR` depois, `DB`/`CR` antes."""
    antes = texto[:inicio].rstrip()
    depois = texto[fim:]
    # "(R$ 2.350,00)" depois do valor por extenso ("dois mil trezentos e cinquenta reais (R$ 2.350,00)") é o aposto
    # da prosa, não o negativo da contabilidade
    entre_parenteses = (antes.endswith("(") and depois.lstrip().startswith(")")
                        and not _POR_EXTENSO_ANTES.search(antes[:-1]))
    resto = depois.lstrip()[1:] if entre_parenteses else depois
    natureza = m.group(1)[0].upper() if (m := _NATUREZA_DEPOIS.match(resto)) else None
    if natureza is None and (m := _NATUREZA_ANTES.search(antes)):
        natureza = "D" if m.group(1).upper().startswith("D") else "C"
    menos_depois = _MENOS_DEPOIS.match(resto) is not None
    if natureza is None and (m := _SINAL_ENTRE_PARENTESES.match(resto)):
        natureza = "D" if m.group(1) in "-−" else "C"
    return entre_parenteses or menos_depois or natureza == "D", natureza


#: o fim do valor escrito por extenso, logo antes do parêntese
_POR_EXTENSO_ANTES = re.compile(rf"(?i)\b(?:reais|real|centavos?)\s*$|{_ESTRANGEIRA}\s*$")
#: "3.100,00 D", "3.200,00 C", "3.100,00 DB", "3.200,00 CR": a natureza logo depois do valor
_NATUREZA_DEPOIS = re.compile(r"\s*(D[ÉE]?B|CR[ÉE]?D?|[DC])\.?(?![\w])", re.IGNORECASE)
#: "3.100,00-", "3.100,00 -" (no fim da linha ou da célula): o sinal de menos depois do valor
_MENOS_DEPOIS = re.compile(r"[-−](?![\d])|\s+[-−]\s*$")
#: "3.200,00 (+)", "3.100,00 (-)": o sinal entre parênteses depois do valor
_SINAL_ENTRE_PARENTESES = re.compile(r"\s*\(\s*([-−+])\s*\)")
#: "DB 3.100,00", "CR 3.200,00", "DÉB 3.100,00": a natureza abreviada logo antes do valor
_NATUREZA_ANTES = re.compile(r"(?<![\w])(DB|D[ÉE]B|CR|CR[ÉE]D)\.?\s*(?:R\$\s*)?$", re.IGNORECASE)


def brasileiro(quantia: Decimal) -> str:
    """`R$ 1.234,56`: a forma de escrever na afirmação um valor que o documento escreveu noutra notação."""
    sinal = "-" if quantia < 0 else ""
    inteiro, _, fracao = f"{abs(quantia):.2f}".partition(".")
    return f"{sinal}R$ {int(inteiro):,}".replace(",", ".") + f",{fracao}"


def sem_centavos(m: re.Match) -> tuple[str, int, Decimal] | None:
    """(literal, início, quantia) de um `PADRAO_VALOR_SEM_CENTAVOS`: "R$ 3.500" → 3500.00."""
    grupo = "valor" if m.group("valor") is not None else "reais"
    literal = m.group(grupo)
    numero = literal.split()[0] if grupo == "reais" else literal  # "3.500 reais": o número, com a palavra no literal
    quantia = centavos(numero.replace(".", "")) if "," not in numero else None
    return (literal, m.start(grupo), quantia) if quantia is not None else None


def em_notacao_brasileira(literal: str) -> bool:
    """O literal já está em notação brasileira (o que `PADRAO_VALOR` lê)."""
    return PADRAO_VALOR.search(literal) is not None
