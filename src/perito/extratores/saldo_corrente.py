"""Uma coluna de saldo reconhecida pela aritmética, não pelo cabeçalho.

Num extrato escaneado o cabeçalho pode sair do OCR partido, depois das linhas ou com outras palavras
("Montante", "Saldo (R$)" numa linha só no rodapé). O que não muda é a conta: em linhas seguidas com dois
valores, o último é o saldo quando saldo anterior ± movimento = saldo (linhas sem valor entre elas, a contraparte
na linha de baixo, não cortam a sequência). Se a conta fecha em ao menos duas passagens, e na maioria delas, o
documento tem saldo corrente, e o último valor de cada linha é o saldo (nunca um lançamento). Uma coincidência
isolada não basta.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Iterable

from perito.chaves import dinheiro
from perito.chaves.saldo_do_dia import SALDO_DO_DIA

#: passagens (pares de linhas seguidas com dois valores) em que a conta precisa fechar
_MINIMO = 2
_TOLERANCIA = Decimal("0.005")
#: passagens que bastam para decidir: um log de milhões de linhas não é lido inteiro de novo
_AMOSTRA = 200


def _valores(texto: str, notacao: str | None) -> list[Decimal]:
    """Os valores da linha na ordem em que estão escritos; na notação `mista`, cada um pela própria forma."""
    lidos: list[tuple[int, Decimal]] = []
    if notacao in ("us", "mista"):
        for m in dinheiro.PADRAO_NUMERO_PONTO.finditer(texto):
            if (lido := dinheiro.ler(m.group("valor"), "us")) is not None:
                lidos.append((m.start(), lido.quantia))
    if notacao != "us":
        for m in dinheiro.PADRAO_VALOR.finditer(texto):
            if (quantia := dinheiro.centavos(m.group("valor"))) is not None:
                lidos.append((m.start(), quantia))
    return [quantia for _, quantia in sorted(lidos, key=lambda par: par[0])]


def tem_saldo_corrente(textos: Iterable[str], notacao: str | None = None) -> bool:
    """As linhas (de um extrato sem colunas) têm, por último valor, o saldo depois do lançamento?"""
    if notacao not in (None, "br", "us", "mista"):
        return False  # em centavos, qualquer inteiro seria candidato: a conta não distingue
    anterior: Decimal | None = None
    fecham = passagens = 0
    for texto in textos:
        valores = _valores(texto, notacao)
        if not valores:
            continue  # a 2ª linha do lançamento (contraparte), o cabeçalho do dia: não cortam a cadeia
        if len(valores) < 2:
            if SALDO_DO_DIA.search(texto):
                continue  # "14 de Julho de 2025   Saldo do dia: R$ 800,00": o cabeçalho do dia, entre os lançamentos
            anterior = None  # a cadeia só vale entre lançamentos seguidos que dão movimento e saldo
            continue
        movimento, saldo = abs(valores[-2]), valores[-1]
        if anterior is not None:
            passagens += 1
            if min(abs(anterior + movimento - saldo), abs(anterior - movimento - saldo)) < _TOLERANCIA:
                fecham += 1
            if passagens >= _AMOSTRA:
                break
        anterior = saldo
    return fecham >= _MINIMO and fecham * 2 > passagens
