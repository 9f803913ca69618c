"""Colunas de tempo Unix (epoch) numa tabela: o cabeçalho é a declaração, o número é o instante.

O cabeçalho (`timestamp_unix`, `epoch (ms)`, `created_at_ms`) declara a coluna uma vez, como o
`Data/hora (UTC)` declara o fuso: o dado leva nos metadados o nome e o local do cabeçalho
(`contexto_tempo_unix`), o principal cita esse local e o validador relê o cabeçalho para aceitar o
instante convertido. A unidade (s ou ms) é decidida uma vez por coluna: pelo nome, ou pela magnitude do
primeiro valor; um valor fora da faixa plausível (uma coluna `ts` de contadores) não é instante, e a
coluna cujo primeiro valor não é instante não é de tempo Unix.

A mesma coluna de tempo pode trazer a data e a hora compactas ("20250802131044", bilhetagem de operadora): o primeiro
valor decide também isso, e esses valores são hora local, com o fuso do contexto (nunca UTC por definição).
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, Hashable, Iterator

from perito.chaves import tempo, tempo_formas, tempo_unix
from perito.extratores.achado import Achado
from perito.extratores.contexto import Declaracao
from perito.leitura.documento import Trecho

_NAO = None  # coluna decidida: não é de tempo Unix


class ColunasUnix:
    """As colunas de uma tabela cujo nome fala de tempo, e a unidade de cada uma, decidida no primeiro valor."""

    def __init__(self, nomes: dict[Hashable, str], cabecalhos: dict[Hashable, Trecho]) -> None:
        """`cabecalhos`: coluna → trecho onde o nome dela está escrito (a linha do cabeçalho; no XLSX, a célula)."""
        self.cabecalhos = cabecalhos
        self.nomes = {c: n for c, n in nomes.items() if tempo_unix.coluna_de_tempo(n) is not None}
        self._unidades: dict[Hashable, str | None] = {}
        self._declaracoes: dict[Hashable, Declaracao] = {}
        #: toda coluna de `nomes` já se decidiu e nenhuma é de tempo Unix (`achado` dá None em todas, daqui em diante)
        self.nenhuma = False

    def __bool__(self) -> bool:
        return bool(self.nomes)

    def achado(self, coluna: Hashable, celula: str, inicio: int, arquivo: str) -> Achado | None:
        """O instante da célula, se a coluna é de tempo Unix e o número cabe na unidade dela."""
        if coluna in self._unidades and self._unidades[coluna] is _NAO:
            return None  # a coluna já se decidiu: não é de tempo Unix (as outras linhas de um log inteiro)
        nome = self.nomes.get(coluna)
        valor = celula.strip()
        if nome is None or not any(c.isdigit() for c in valor):
            return None  # vazia ou marcador ("-", "N/A"): não decide nada
        if coluna not in self._unidades:  # a primeira célula com um valor decide a coluna
            self._unidades[coluna] = (COMPACTO if tempo_formas.ler_compacto(valor) is not None
                                      else tempo_unix.unidade(valor, tempo_unix.coluna_de_tempo(nome) or ""))
            self.nenhuma = all(self._unidades.get(c, COMPACTO) is _NAO for c in self.nomes)
        unidade = self._unidades[coluna]
        if unidade == COMPACTO:
            return compacto(valor, inicio + celula.index(valor))
        if unidade is _NAO or (momento := tempo_unix.instante(valor, unidade)) is None:
            return None
        declaracao = self._declaracao(coluna, nome, self.cabecalhos.get(coluna))
        inicio += celula.index(valor)
        meta = metadados(momento, unidade)
        if declaracao is not None:
            meta["contexto_tempo_unix"] = declaracao.local(arquivo)
        # o fuso é UTC por definição do tempo Unix; nenhum fuso declarado no documento se aplica a ele
        return Achado(inicio, inicio + len(valor), valor, "data_evento", "outro", tempo_unix.FUSO, meta)

    def _declaracao(self, coluna: Hashable, nome: str, cabecalho: Trecho | None) -> Declaracao | None:
        if cabecalho is None:
            return None
        if coluna not in self._declaracoes:
            self._declaracoes[coluna] = Declaracao("tempo_unix", nome.strip(), "coluna", cabecalho, 0, str(coluna))
        return self._declaracoes[coluna]


#: a "unidade" de uma coluna de tempo cujos valores são data e hora compactas ("20250802131044")
COMPACTO = "compacto"


def compacto(valor: str, inicio: int) -> Achado | None:
    """A data-hora compacta de uma célula de coluna de tempo: data e hora locais, sem fuso escrito. O fuso vem do
    contexto como o de qualquer data-hora (cabeçalho, preâmbulo); os metadados guardam o número como escrito
    (`data_hora_compacta`) e a data e a hora lidas dele, na forma ISO que `tempo.data` e `tempo.hora` leem."""
    if (lida := tempo_formas.ler_compacto(valor)) is None:
        return None
    data, hora = lida
    meta: dict[str, Any] = {"data": data.isoformat(), "hora": hora.strftime("%H:%M:%S"), "data_hora_compacta": valor}
    # o fuso colado na forma básica da ISO 8601 ("20250714T182107Z") é o do próprio valor
    if (fuso := tempo_formas.fuso_do_compacto(valor)) and (momento := tempo.instante(meta["data"], meta["hora"], fuso)):
        meta["instante_utc"] = tempo.iso_utc(momento)
    return Achado(inicio, inicio + len(valor), valor, "data_evento", "outro", fuso, meta)


def metadados(momento: dt.datetime, unidade: str) -> dict[str, Any]:
    """Data e hora do instante em UTC (a data em ISO), como as de qualquer data-hora extraída."""
    return {"data": momento.date().isoformat(), "hora": momento.strftime("%H:%M:%S"),
            "instante_utc": tempo.iso_utc(momento), "unidade_tempo_unix": unidade}


def trocar(achados: list[Achado], novo: Achado) -> list[Achado]:
    """O instante toma o lugar do que os reconhecedores viram na célula (um telefone de 10 dígitos)."""
    return [a for a in achados if not (a.inicio < novo.fim and novo.inicio < a.fim)] + [novo]


def nas_celulas(unix: ColunasUnix, achados: list[Achado], celulas: tuple[str, ...], posicoes: list[int | None],
                arquivo: str) -> list[Achado]:
    """Os instantes das colunas de tempo Unix de um registro de tabela (CSV, DOCX, HTML)."""
    if not unix or unix.nenhuma:  # (as colunas de tempo que se decidiram não ser de tempo Unix: as de todo log)
        return achados
    for indice in unix.nomes:
        if not isinstance(indice, int) or indice >= len(celulas) or (inicio := posicoes[indice]) is None:
            continue
        if (novo := unix.achado(indice, celulas[indice], inicio, arquivo)) is not None:
            achados = trocar(achados, novo)
    return achados


def rotulados(texto: str) -> Iterator[Achado]:
    """Reconhecedor: tempo Unix com o rótulo na mesma linha ("unix_time: 1449851959"); o local citado já
    traz o rótulo que o declara, e o validador o relê ali mesmo."""
    for inicio, fim, numero, unidade in tempo_unix.rotulados(texto):
        momento = tempo_unix.instante(numero, unidade)
        if momento is None:
            continue
        yield Achado(inicio, fim, numero, "data_evento", "outro", tempo_unix.FUSO, metadados(momento, unidade))


def tem_rotulado(texto: str, minusculo: str) -> bool:
    """Gatilho barato: um sinal de rótulo e alguma palavra de tempo na linha."""
    return (":" in texto or "=" in texto or "|" in texto) and any(p in minusculo for p in ("time", "ts", "epoch", "unix", "posix",
                                                                           "created", "updated", "modified"))


# --- coluna de tempo Unix de uma tabela de texto (PDF, TXT): o cabeçalho numa linha, os números embaixo --------

#: o nome da coluna de tempo Unix dentro da linha de cabeçalho ("Activity unix_time (ms)" → "unix_time (ms)")
_NOME_NA_LINHA = re.compile(r"[\w./-]*(?:unix|epoch|posix)[\w./-]*(?:\s*\((?:ms|s|seg\w*|milli\w*|segundos)\))?",
                            re.IGNORECASE)
_NUMERO_SOLTO = re.compile(r"(?<![\w.,:/-])\d{10,13}(?![\w.,:/-])")
#: palavras no máximo numa linha de cabeçalho (uma linha de dados tem números; um título tem frase): um cabeçalho
#: de seis colunas de nomes compostos ("Versión de la app", "IMEI del equipo", "epoch (ms)") passa de dez
PALAVRAS_DO_CABECALHO = 20
#: o fim de uma frase: ponto final, ou ponto e espaço no meio da linha
_FRASE = re.compile(r"[.!?;]\s|[.!?]$")
#: abreviatura de nome de coluna ("Approx. Location", "Dt. Evento", "Nº. Registro"): o ponto não termina frase
_ABREVIATURA = re.compile(r"(?:^|\s)(?:[A-Z][a-z]{0,5}|N[º°o])\.$")


def _e_frase(texto: str) -> bool:
    return any(not (m.group(0).startswith(".") and _ABREVIATURA.search(texto[:m.start() + 1]))
               for m in _FRASE.finditer(texto))


class CabecalhoUnix:
    """A linha de cabeçalho de uma tabela de texto que nomeia uma coluna de tempo Unix declara os números de
    10 a 13 dígitos das linhas abaixo dela (até uma linha em branco ou outro cabeçalho): cada um é um instante
    UTC, com o cabeçalho como declaração citável, como numa coluna de CSV."""

    def __init__(self, trecho: Trecho, nome: str, unidade: str) -> None:
        self.trecho, self.nome, self.unidade = trecho, nome, unidade
        self.declaracao = Declaracao("tempo_unix", nome, "coluna", trecho, 0, None)

    @classmethod
    def da_linha(cls, trecho: Trecho, achados: list[Achado]) -> CabecalhoUnix | None:
        texto = trecho.texto
        if achados or len(texto.split()) > PALAVRAS_DO_CABECALHO or any(c.isdigit() for c in texto) \
                or _e_frase(texto.strip()):
            return None
        m = _NOME_NA_LINHA.search(texto)
        if m is None or not tempo_unix.declara_unix(m.group(0)):
            return None
        return cls(trecho, m.group(0).strip(), tempo_unix.coluna_de_tempo(m.group(0)) or "")

    def instantes(self, texto: str, achados: list[Achado], arquivo: str) -> list[Achado]:
        for m in _NUMERO_SOLTO.finditer(texto):
            if (unidade := tempo_unix.unidade(m.group(0), self.unidade)) is None:
                continue
            if (momento := tempo_unix.instante(m.group(0), unidade)) is None:
                continue
            meta = metadados(momento, unidade)
            meta["contexto_tempo_unix"] = self.declaracao.local(arquivo)
            achados = trocar(achados, Achado(m.start(), m.end(), m.group(0), "data_evento", "outro", tempo_unix.FUSO, meta))
        return sorted(achados, key=lambda a: (a.inicio, a.fim))
