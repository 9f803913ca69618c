"""Tempo Unix (epoch): segundos ou milissegundos desde 1970-01-01T00:00:00 UTC.

Um número só é um instante quando duas coisas concordam: o nome da coluna (ou rótulo) fala de
tempo Unix ou de um carimbo de tempo (`timestamp`, `epoch`, `unix_time`, `ts`, `created_at_ms`,
`Marca de tiempo (Unix)`), e a magnitude dá um ano plausível (1990-2100). Fora de uma coluna assim,
um número de 10 dígitos é telefone, CPF sem pontuação ou conta, nunca um instante. O instante é UTC
por definição: o documento não precisa dizer o fuso.

Extrator e validador usam este módulo: o mesmo nome de coluna e o mesmo número dão o mesmo instante.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Iterator

from perito.chaves.nome import dobrar

SEGUNDOS, MILISSEGUNDOS = "s", "ms"
#: o fuso de um tempo Unix, que é UTC por definição (não vem escrito no documento)
FUSO = "UTC"
_INICIO = dt.datetime(1990, 1, 1, tzinfo=dt.timezone.utc)
_FIM = dt.datetime(2100, 1, 1, tzinfo=dt.timezone.utc)
_FAIXA = {
    SEGUNDOS: (int(_INICIO.timestamp()), int(_FIM.timestamp())),
    MILISSEGUNDOS: (int(_INICIO.timestamp()) * 1000, int(_FIM.timestamp()) * 1000),
}
# palavras que dizem "tempo Unix" sozinhas; e as que dizem carimbo de tempo (o número decide se é epoch)
_DIZ_UNIX = frozenset({"epoch", "unix", "posix", "unixtime", "epochtime"})
_DIZ_CARIMBO = frozenset({"timestamp", "ts", "time", "datetime", "created", "updated", "modified", "tiempo",
                          "carimbo", "instante", "momento", "hora", "horario", "data", "date", "fecha", "when", "at",
                          "quando", "event", "evento", "logged", "seen", "login", "acesso", "access",
                          "dt", "dthr", "dh", "datahora"})  # "DT_INICIO", "DTHR_EVENTO" (sistemas de operadora)
_DIZ_MS = frozenset({"ms", "millis", "msec", "milliseconds", "millisecond", "milissegundos", "milisegundos", "mseg"})
_DIZ_S = frozenset({"s", "sec", "secs", "seconds", "segundos", "seg"})
# o que nunca é tempo, ainda que venha com "data" ou "hora" no nome: "Data de nascimento" ainda é data
_NUNCA = frozenset({"telefone", "phone", "cpf", "cnpj", "conta", "account", "numero", "number", "imei", "porta",
                    "port", "valor", "amount", "id", "codigo", "duracao", "duration", "bytes", "tamanho", "size"})
_PARTES = re.compile(r"[a-z]+|\d+")
_INTEIRO = re.compile(r"\d{9,13}")


def _termos(nome: str) -> list[str]:
    """Palavras do nome, também dentro de parênteses e de `snake_case`/`camelCase` ("createdAtMs")."""
    separado = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", nome)
    return _PARTES.findall(dobrar(separado))


def coluna_de_tempo(nome: str) -> str | None:
    """A unidade que o nome da coluna declara: "s", "ms", "" (carimbo de tempo, unidade pela magnitude),
    ou None se o nome não fala de tempo (ou fala de outra coisa: telefone, conta, duração)."""
    termos = _termos(nome)
    if not termos or len(termos) > 6 or _NUNCA.intersection(termos):
        return None
    presentes = set(termos)
    if not (_DIZ_UNIX | _DIZ_CARIMBO) & presentes:
        return None
    if _DIZ_MS & presentes:
        return MILISSEGUNDOS
    if _DIZ_S & presentes:
        return SEGUNDOS
    return ""


def declara_unix(nome: str) -> bool:
    """O nome diz tempo Unix com todas as letras (`epoch`, `unix_time`), não só "timestamp"."""
    return bool(_DIZ_UNIX.intersection(_termos(nome)))


def unidade(numero: str, declarada: str = "") -> str | None:
    """"s" ou "ms" se o número (só dígitos) dá um ano entre 1990 e 2100 na unidade declarada (ou, sem
    unidade declarada, na única em que cabe); None se não é um instante plausível."""
    texto = numero.strip()
    if not _INTEIRO.fullmatch(texto):
        return None
    valor = int(texto)
    for candidata in ((declarada,) if declarada else (SEGUNDOS, MILISSEGUNDOS)):
        minimo, maximo = _FAIXA[candidata]
        if minimo <= valor < maximo:
            return candidata
    return None


def instante(numero: str, unidade_: str) -> dt.datetime | None:
    """O instante UTC do número na unidade dada (milissegundos truncados ao segundo); None se implausível."""
    if unidade(numero, unidade_) != unidade_:
        return None
    segundos = int(numero.strip()) // (1000 if unidade_ == MILISSEGUNDOS else 1)
    return dt.datetime.fromtimestamp(segundos, tz=dt.timezone.utc)


def escrever(momento: dt.datetime, unidade_: str) -> str:
    """O tempo Unix de um instante, como um servidor o grava (inverso de `instante`)."""
    segundos = int(momento.astimezone(dt.timezone.utc).timestamp())
    if unidade_ == MILISSEGUNDOS:
        return str(segundos * 1000 + momento.microsecond // 1000)
    return str(segundos)


def descrever(momento: dt.datetime, unidade_: str) -> str:
    """O instante convertido, dito como conversão: "2024-05-04 15:20:11 UTC" (a data em ISO, o fuso UTC)."""
    m = momento.astimezone(dt.timezone.utc)
    return f"{m.date().isoformat()} {m.strftime('%H:%M:%S')} {FUSO}"


def nome_da_unidade(unidade_: str) -> str:
    return "milissegundos" if unidade_ == MILISSEGUNDOS else "segundos"


# "unix_time: 1449851959", "Timestamp = 1714835411123": rótulo e número na mesma linha (blocos chave-valor)
# o rótulo entre aspas e a vírgula que separa os campos de um JSON (`"timestamp_unix": 1694952758,`) não o escondem,
# nem a barra entre o rótulo e o valor de uma linha de formulário (`unix_time (ms) | 1654538507793`, tabela DOCX);
# a vírgula seguida de dígito seria a parte decimal de outro número
_ROTULADO = re.compile(
    r"(?P<rotulo>[^\W\d][\w ()./-]{0,40}?)[\"']?\s*[:=|]\s*[\"']?(?P<numero>\d{9,13})(?![\d.:/]|,\d)"
)
_SEPARADORES = re.compile(r"\s{2,}|[|;,\t]")
# sozinho no rótulo, "Data" ou "Hora" não bastam: "Data: 1198765432" não é um carimbo de tempo
_CARIMBO_FORTE = frozenset({"timestamp", "ts", "time", "datetime", "created", "updated", "modified"})


def rotulados(texto: str) -> Iterator[tuple[int, int, str, str]]:
    """(início, fim, número, unidade) de cada tempo Unix com rótulo de tempo logo antes, na mesma linha."""
    for m in _ROTULADO.finditer(texto):
        rotulo = _SEPARADORES.split(m.group("rotulo"))[-1].strip()
        declarada = coluna_de_tempo(rotulo)
        if declarada is None or not (declara_unix(rotulo) or _CARIMBO_FORTE.intersection(_termos(rotulo))):
            continue
        if (achada := unidade(m.group("numero"), declarada)) is not None:
            yield m.start("numero"), m.end("numero"), m.group("numero"), achada
