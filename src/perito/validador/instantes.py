"""Momentos (data, hora, fuso) e intervalos escritos num texto, para conferir a afirmação.

Um momento é uma hora com a data logo antes e o fuso logo depois, quando o texto
os traz juntos ("15/03/2025 11:34:02 BRT", "(14:32:17 UTC)"). Intervalos no
formato de `perito.chaves.tempo.duracao` ("1min45s", "10h35min10s", "2d4h00min")
ou por extenso ("1 minuto e 45 segundos").
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from perito.chaves import tempo, tempo_formas
from perito.chaves.valores import Valor

_COMPACTO = re.compile(
    r"(?<![\w.,:])(?=\d)(?:(?P<d>\d+)d)?(?:(?P<h>\d+)h)?(?:(?P<min>\d+)min)?(?:(?P<s>\d+)s)?(?![\w])"
)
_UNIDADE = r"(?:dias?|horas?|minutos?|segundos?)"
_EXTENSO = re.compile(rf"(?<![\w.,:])\d+\s*{_UNIDADE}(?:\s*(?:,|\be\b)\s*\d+\s*{_UNIDADE})*(?![\w])", re.IGNORECASE)
_PARTE_EXTENSO = re.compile(rf"(\d+)\s*({_UNIDADE})", re.IGNORECASE)
_SEGUNDOS = {"d": 86400, "h": 3600, "min": 60, "s": 1}
#: um intervalo logo depois de "janela de" é o parâmetro da análise, não uma afirmação sobre os documentos
_JANELA = re.compile(r"janela(?:\s+de)?(?:\s+até)?\s*$", re.IGNORECASE)
#: "10 de julho de 2024, 11h28min28s": logo depois de uma data é a hora do dia escrita por extenso, não um intervalo
_APOS_DATA = re.compile(r"(?:(?:19|20)\d{2}|\d{2}/\d{2}/\d{2})\s*,?\s*(?:às\s+)?$")


@dataclass(frozen=True)
class Momento:
    data: Valor | None
    hora: Valor
    fuso: Valor | None

    @property
    def instante(self) -> dt.datetime | None:
        if self.data is None or self.fuso is None:
            return None
        return tempo.instante(self.data.normal, _hora_legivel(self.hora), self.fuso.texto)

    @property
    def local(self) -> dt.datetime | None:
        """Data e hora no relógio do documento, sem fuso: comparáveis só com outro momento do mesmo arquivo."""
        h = tempo.hora(_hora_legivel(self.hora))
        if self.data is None or h is None:
            return None
        try:
            return dt.datetime.combine(dt.date.fromisoformat(self.data.normal), h)
        except ValueError:
            return None


def _hora_legivel(hora: Valor) -> str:
    """A hora como escrita; a de uma data-hora compacta ("20250802131044") só se lê na forma normal (13:10:44)."""
    return hora.texto if tempo.hora(hora.texto) is not None else hora.normal


@dataclass(frozen=True)
class Intervalo:
    texto: str
    segundos: int
    resolucao: int  # segundos da menor unidade escrita: "2d4h00min" não diz os segundos

    def bate(self, diferenca: dt.timedelta) -> bool:
        real = int(abs(diferenca.total_seconds()))
        return real // self.resolucao * self.resolucao == self.segundos


def momentos(valores: list[Valor]) -> list[Momento]:
    resultado = []
    for i, valor in enumerate(valores):
        anterior = valores[i - 1] if i > 0 else None
        hora = valor if valor.tipo == "hora" else _hora_compacta(valor, anterior)
        if hora is None:
            continue
        data = anterior if anterior is not None and anterior.tipo == "data" else None
        if data is None and anterior is not None and (compacta := data_compacta(anterior)) is not None:
            data = compacta
        fuso = valores[i + 1] if i + 1 < len(valores) and valores[i + 1].tipo == "fuso" else None
        resultado.append(Momento(data, hora, fuso))
    return resultado


def data_compacta(valor: Valor) -> Valor | None:
    """`08012025` (como o SIMBA escreve a data do lançamento) ou `20250315` (a coluna Data de um sistema) lidos como
    data: quem chama só pergunta pelos oito dígitos logo antes de uma hora ou citados pelo principal como a data do
    dado; relidos sozinhos no local, podem ser uma conta ou um CEP."""
    if valor.tipo != "digitos" or (data := tempo_formas.ler_data_compacta(valor.normal)) is None:
        return None
    return Valor("data", valor.texto, data.isoformat())


def _hora_compacta(valor: Valor, anterior: Valor | None) -> Valor | None:
    """`143502` logo depois de uma data compacta (as colunas Data e Hora de um sistema, citadas como escritas)."""
    if valor.tipo != "digitos" or anterior is None or data_compacta(anterior) is None:
        return None
    if (hora := tempo_formas.ler_hora_compacta(valor.normal)) is None:
        return None
    return Valor("hora", valor.texto, hora.strftime("%H:%M:%S"))


def intervalos(texto: str) -> list[Intervalo]:
    """Intervalos afirmados no texto (fora a janela da análise)."""
    achados: list[tuple[int, Intervalo]] = []
    for m in _COMPACTO.finditer(texto):
        partes: dict[str, int] = {u: int(m.group(u)) for u in _SEGUNDOS if m.group(u)}
        # "10h" sozinho é hora do dia em pt-BR; duracao() nunca escreve só horas ou só dias
        if not m.group(0) or not partes.keys() & {"min", "s"}:
            continue
        if _APOS_DATA.search(texto[max(0, m.start() - 16) : m.start()]):
            continue
        achados.append((m.start(), _intervalo(m.group(0), partes)))
    for m in _EXTENSO.finditer(texto):
        partes = {}
        for numero, unidade in _PARTE_EXTENSO.findall(m.group(0)):
            chave = {"d": "d", "h": "h", "m": "min", "s": "s"}[unidade[0].lower()]
            partes[chave] = partes.get(chave, 0) + int(numero)
        achados.append((m.start(), _intervalo(m.group(0), partes)))
    return [i for inicio, i in sorted(achados, key=lambda par: par[0]) if not _JANELA.search(texto[max(0, inicio - 30) : inicio])]


def _intervalo(texto: str, partes: dict[str, int]) -> Intervalo:
    segundos = sum(_SEGUNDOS[u] * n for u, n in partes.items())
    return Intervalo(texto, segundos, min(_SEGUNDOS[u] for u in partes))
