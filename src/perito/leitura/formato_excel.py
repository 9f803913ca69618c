"""Texto de uma célula XLSX como o Excel em português a mostra, pelo formato de número da célula.

Regras (o validador usa as mesmas):
- datas e horas seguem o formato da célula (dd/mm/yyyy, yyyy-mm-dd hh:mm:ss...); com AM/PM,
  relógio de 12 horas (02:30 PM); nomes de mês e de dia em português (mmmm → março,
  ddd → sáb); texto entre aspas sai como escrito; sem formato de data reconhecível,
  `AAAA-MM-DD[ HH:MM:SS]`;
- números com formato de casas decimais ("0.00", "#,##0.00", moeda) saem com separadores
  brasileiros (3.500,00); "0%" sai como porcentagem;
- no formato Geral, decimais saem com vírgula (1,5) e inteiros com todos os dígitos:
  diferente do Excel, que mostraria 5,51199E+12, porque um telefone, CPF ou IMEI
  guardado como número não pode virar notação científica;
- texto sai como gravado, com os escapes do Excel desfeitos (`_x000D_` → "\\r");
- os formatos internos de data "do sistema" (id 14, a data abreviada, e 22, data e hora) não têm código no arquivo:
  o Excel os mostra pela data do Windows de quem abre, e no Brasil é `dd/mm/aaaa`. O openpyxl os devolve com o
  código dos EUA (`mm-dd-yy`), que mostraria 15 de março como "03-15-25" (`formato_do_sistema`).
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import ROUND_HALF_UP, Decimal

from openpyxl.utils.escape import unescape

_COLCHETES = re.compile(r"\[[^\]]*\]")  # [$-416], [Red], [h] (tratado à parte)
_ASPAS = re.compile(r'"[^"]*"')


#: os formatos internos que o Excel mostra pela data do sistema (a "data abreviada" das configurações regionais): o
#: código que a especificação lhes dá (`mm-dd-yy`, `m/d/yy h:mm`) é o dos EUA, e o Excel em pt-BR mostra `dd/mm/aaaa`
_DO_SISTEMA = {14: "dd/mm/yyyy", 22: "dd/mm/yyyy hh:mm"}


def formato_do_sistema(id_do_formato: int | None, formato: str | None) -> str | None:
    """O formato como o Excel em pt-BR mostra a célula: o da data do sistema para os ids internos 14 e 22 (um
    formato próprio do arquivo, mesmo `mm/dd/yyyy`, tem id 164 ou mais e é mostrado como escrito)."""
    return _DO_SISTEMA.get(id_do_formato, formato) if id_do_formato is not None else formato


def texto(valor: object, formato: str | None) -> str:
    if isinstance(valor, str):  # quase toda célula, à frente das outras perguntas (nenhum outro tipo é str)
        return unescape(valor) if "_x" in valor else valor  # `unescape` só troca os "_xHHHH_"
    formato = formato or "General"
    if isinstance(valor, bool):
        return "VERDADEIRO" if valor else "FALSO"
    if isinstance(valor, (dt.datetime, dt.date, dt.time)):
        return _data(valor, formato)
    if isinstance(valor, dt.timedelta):
        segundos = int(round(valor.total_seconds()))
        return f"{segundos // 3600}:{segundos % 3600 // 60:02d}:{segundos % 60:02d}"
    if isinstance(valor, (int, float)):
        return _numero(valor, formato)
    if isinstance(valor, str):
        return unescape(valor)
    return str(valor)


def _data(valor: dt.date | dt.time, formato: str) -> str:
    if isinstance(valor, dt.time):
        momento = dt.datetime.combine(dt.date(1900, 1, 1), valor)
    elif not isinstance(valor, dt.datetime):
        momento = dt.datetime.combine(valor, dt.time())
    else:
        momento = valor
    mostrado = _mostrar(momento, formato)
    if mostrado is not None:
        return mostrado
    if isinstance(valor, dt.datetime):
        return valor.strftime("%Y-%m-%d") if valor.time() == dt.time() else valor.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(valor, dt.date):
        return valor.strftime("%Y-%m-%d")
    return valor.strftime("%H:%M:%S")


def _mostrar(momento: dt.datetime, formato: str) -> str | None:
    """O momento no formato de data do Excel, como o Excel em pt-BR o mostra; None se não for formato de data."""
    secao = _COLCHETES.sub("", formato.split(";")[0])
    if not re.search(r"[ydhs]", _ASPAS.sub("", secao).replace("\\", ""), re.IGNORECASE):
        return None
    partes = list(_PARTES_DATA.finditer(secao))
    tokens = [m.group("token").lower() for m in partes if m.group("token")]
    doze_horas = "am/pm" in tokens
    saida, posicao = [], 0
    for m in partes:
        if m.group("aspas") is not None:
            saida.append(m.group("aspas"))
        elif m.group("escapado") is not None:
            saida.append(m.group("escapado"))
        elif m.group("token"):
            saida.append(_token(m.group("token").lower(), momento, tokens, posicao, doze_horas))
            posicao += 1
        else:
            saida.append(m.group(0))
    return "".join(saida)


def _token(token: str, momento: dt.datetime, tokens: list[str], posicao: int, doze_horas: bool) -> str:
    anterior = tokens[posicao - 1] if posicao else ""
    seguinte = tokens[posicao + 1] if posicao + 1 < len(tokens) else ""
    if token in ("m", "mm") and (anterior.startswith("h") or seguinte.startswith("s")):
        return f"{momento.minute:02d}"  # "mm" depois de hora ou antes de segundos é minuto
    if token in ("h", "hh"):
        hora = (momento.hour % 12 or 12) if doze_horas else momento.hour
        return f"{hora:02d}"
    if token == "am/pm":
        return "AM" if momento.hour < 12 else "PM"
    if token == "mmmm":
        return _MESES[momento.month - 1]
    if token == "mmm":
        return _MESES[momento.month - 1][:3]
    if token == "dddd":
        return _DIAS[momento.weekday()]
    if token == "ddd":
        return _DIAS[momento.weekday()][:3]
    return momento.strftime(_TRADUCAO[token])


_PARTES_DATA = re.compile(
    r'"(?P<aspas>[^"]*)"|\\(?P<escapado>.)'
    r"|(?P<token>yyyy|yy|mmmm|mmm|mm|m|dddd|ddd|dd|d|hh|h|ss|s|AM/PM)|.",
    re.IGNORECASE | re.DOTALL,
)
_TRADUCAO = {"yyyy": "%Y", "yy": "%y", "mm": "%m", "m": "%m", "dd": "%d", "d": "%d", "ss": "%S", "s": "%S"}
#: nomes como o Excel em pt-BR os mostra (minúsculos); "mmm" e "ddd" são as três primeiras letras
_MESES = ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
          "novembro", "dezembro")
_DIAS = ("segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado", "domingo")


_PARTES_NUMERO = re.compile(
    r'"(?P<aspas>[^"]*)"'  # texto entre aspas: literal
    r"|\\(?P<escapado>.)"  # caractere escapado: literal
    r"|_.|\*."  # largura de caractere e preenchimento: nada
    r"|\[\$(?P<moeda>[^\]-]*)[^\]]*\]"  # [$R$-416]: símbolo de moeda
    r"|\[[^\]]*\]"  # cor, condição: nada
    r"|(?P<numero>[#0,.]*[0#][#0,.%]*)"
    r"|(?P<outro>.)"
)


def _numero(valor: int | float, formato: str) -> str:
    if formato == "General":
        return _geral(valor)  # antes das seções: o formato de quase toda célula numérica, sem passada de padrão
    secoes = formato.split(";")
    secao = secoes[1] if valor < 0 and len(secoes) > 1 else secoes[0]
    numerica = next((m.group("numero") for m in _PARTES_NUMERO.finditer(secao) if m.group("numero")), None)
    if formato == "General" or numerica is None:
        return _geral(valor)
    quantia = Decimal(str(valor))
    if len(secoes) > 1 and valor < 0:
        quantia = abs(quantia)  # a seção negativa traz o próprio sinal ou parênteses
    partes = []
    for m in _PARTES_NUMERO.finditer(secao):
        if m.group("numero"):
            partes.append(_formatar_numero(quantia, m.group("numero")))
        elif m.group("aspas") is not None:
            partes.append(m.group("aspas"))
        elif m.group("moeda"):
            partes.append(m.group("moeda") + " ")
        elif m.group("escapado") is not None:
            partes.append(m.group("escapado"))
        elif m.group("outro") is not None:
            partes.append(m.group("outro"))
    return " ".join("".join(partes).split())


def _formatar_numero(quantia: Decimal, mascara: str) -> str:
    """Número com as casas da máscara ("#,##0.00") e separadores brasileiros (3.500,00)."""
    percentual = mascara.endswith("%")
    if percentual:
        quantia *= 100
    casas = len(m.group(1)) if (m := re.search(r"\.([0#]+)", mascara)) else 0
    arredondado = quantia.quantize(Decimal(1).scaleb(-casas), rounding=ROUND_HALF_UP)
    inteiro, _, fracao = f"{abs(arredondado):f}".partition(".")
    inteiro = inteiro.zfill(mascara.split(".")[0].count("0"))  # "00000" mostra 7 como 00007
    if "," in mascara.split(".")[0]:
        inteiro = f"{int(inteiro):,}".replace(",", ".")
    return ("-" if arredondado < 0 else "") + inteiro + ("," + fracao if casas else "") + ("%" if percentual else "")


def _geral(valor: int | float) -> str:
    if isinstance(valor, int) or float(valor).is_integer():
        return str(int(valor))
    return format(valor, ".15g").replace(".", ",")
