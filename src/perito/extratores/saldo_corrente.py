"""Uma coluna de saldo reconhecida pela aritmética, não pelo cabeçalho.

Num extrato escaneado o cabeçalho pode sair do OCR partido, depois das linhas ou com outras palavras
("Montante", "Saldo (R$)" numa linha só no rodapé). O que não muda é a conta: em linhas seguidas com dois
valores, o último é o saldo quando saldo anterior ± movimento = saldo. Se a conta fecha em ao menos duas
passagens, e na maioria delas, o documento tem saldo corrente, e o último valor de cada linha é o saldo
(nunca um lançamento). Uma coincidência isolada não basta.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Iterable

from perito.chaves import dinheiro

#: passagens (pares de linhas seguidas com dois valores) em que a conta precisa fechar
_MINIMO = 2
_TOLERANCIA = Decimal("0.005")
#: passagens que bastam para decidir: um log de milhões de linhas não é lido inteiro de novo
_AMOSTRA = 200


def _valores(texto: str, notacao: str | None) -> list[Decimal]:
    padrao = dinheiro.PADRAO_NUMERO_PONTO if notacao == "us" else dinheiro.PADRAO_VALOR
    lidos = []
    for m in padrao.finditer(texto):
        literal = m.group("valor")
        if notacao == "us":
            lido = dinheiro.ler(literal, "us")
            quantia = lido.quantia if lido else None
        else:
            quantia = dinheiro.centavos(literal)
        if quantia is not None:
            lidos.append(quantia)
    return lidos


def tem_saldo_corrente(textos: Iterable[str], notacao: str | None = None) -> bool:
    """As linhas (de um extrato sem colunas) têm, por último valor, o saldo depois do lançamento?"""
    if notacao not in (None, "br", "us"):
        return False  # em centavos, qualquer inteiro seria candidato: a conta não distingue
    anterior: Decimal | None = None
    fecham = passagens = 0
    for texto in textos:
        valores = _valores(texto, notacao)
        if len(valores) < 2:
            anterior = None  # a cadeia só vale entre linhas seguidas que dão movimento e saldo
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
