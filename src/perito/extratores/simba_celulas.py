"""As células de uma linha SIMBA e a leitura dos seus valores pelo leiaute (FORMATOS.md §4).

Datas `DDMMYYYY`, valores inteiros em centavos e marcadores de "não informado": o que o
leiaute do BACEN diz de uma célula, antes de qualquer papel da linha.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Iterator

from perito.chaves import dinheiro, marcadores, tempo
from perito.extratores import simba_leiaute as leiaute
from perito.leitura.documento import Trecho

#: colunas lidas por linha; o que passar disso fica de fora com alerta (linha hostil de milhares de colunas)
MAXIMO_COLUNAS = 1000


def nao_informado(valor: str) -> bool:
    """Marcador de "não informado" do leiaute (corrida de 9, `NAO INFORMADO`...): a regra é a de `chaves.marcadores`."""
    return marcadores.nao_informado(valor, repetidos=False)


@dataclass
class Cabecalho:
    trecho: Trecho
    tabela: str
    colunas: list[leiaute.Coluna]
    conhecida: bool  # uma das quatro tabelas lidas com papéis; senão só reconhecedores genéricos
    separador: str = "\t"
    #: (lado, banco, agência, conta) como escritos → a conta da linha (`Linha.conta`), montada uma vez por tabela: as
    #: milhares de linhas de um EXTRATO são da mesma conta, e os dados delas citam o mesmo dicionário (só lido)
    contas: dict[tuple[bool, str | None, str | None, str], dict[str, Any]] = field(
        default_factory=dict, compare=False, repr=False)


def celulas(trecho: Trecho, separador: str = "\t") -> Iterator[tuple[str, int]]:
    """(texto, início no texto da linha) de cada célula, até MAXIMO_COLUNAS + 1.

    Usa as células do leitor quando ele as dá; senão separa pelo separador (TAB) sem montar a lista
    inteira (uma linha hostil de milhões de TABs não vira milhões de objetos).
    """
    texto = trecho.texto
    if trecho.celulas is not None:
        cursor = 0
        for celula in trecho.celulas[: MAXIMO_COLUNAS + 1]:
            achou = texto.find(celula, cursor) if celula else cursor
            inicio = achou if achou >= 0 else cursor
            yield celula, inicio
            cursor = inicio + len(celula)
        return
    inicio = 0
    for _ in range(MAXIMO_COLUNAS + 1):
        fim = texto.find(separador, inicio)
        if fim < 0:
            yield texto[inicio:], inicio
            return
        yield texto[inicio:fim], inicio
        inicio = fim + len(separador)


@dataclass
class Celula:
    texto: str
    inicio: int
    coluna: leiaute.Coluna

    @property
    def valor(self) -> str:
        return self.texto.strip()

    @property
    def inicio_valor(self) -> int:
        return self.inicio + (self.texto.index(self.valor) if self.valor else 0)


def data_simba(texto: str) -> str | None:
    """`08012025` (ou `8012025`, zero perdido) → `08/01/2025`; aceita também `DD/MM/AAAA` e ISO."""
    valor = texto.strip()
    if re.fullmatch(r"\d{7,8}", valor):
        valor = valor.zfill(8)
        try:
            dt.date(int(valor[4:]), int(valor[2:4]), int(valor[:2]))
        except ValueError:
            return None
        return f"{valor[:2]}/{valor[2:4]}/{valor[4:]}"
    if re.fullmatch(r"\d{2}/\d{2}/\d{4}|\d{4}-\d{2}-\d{2}", valor):
        return valor if tempo.data(valor) else None
    return None


def valor_simba(texto: str) -> tuple[Decimal, str] | None:
    """Inteiro em centavos (`125090` → 1250.90, "centavos") ou, fora do leiaute, notação brasileira ("reais")."""
    valor = texto.strip()
    if re.fullmatch(r"[-+]?\d+", valor):
        return (Decimal(int(valor)) / 100).quantize(Decimal("0.01")), "centavos"
    if dinheiro.PADRAO_VALOR.fullmatch(valor) and (reais := dinheiro.centavos(valor)) is not None:
        return reais, "reais"
    return None
