"""Texto citado como escrito: as palavras seguidas do dado_citado seguem juntas no local.

Comparar palavra por palavra aceitaria um texto montado de palavras espalhadas pela
linha ("VALOR_TRANSACAO" num cabeçalho que tem VALOR_LANCAMENTO … LOCAL_TRANSACAO).
Cada pedaço do dado_citado (separado por " | ") se divide em sequências de palavras
seguidas; outro valor (IP, data, hora, fuso, dinheiro, número) entre elas encerra a
sequência, porque esses valores já são conferidos um a um e podem estar em outra
ordem no local. Cada sequência precisa estar como sequência contígua das palavras
do local (acentos, caixa e espaços normalizados pela decomposição), em qualquer
ponto do local; sequências e pedaços são independentes entre si.
"""

from __future__ import annotations

from perito.chaves.valores import Valor, decompor

#: separa valores independentes num dado_citado (ver principal/referencias.unir)
SEPARADOR = " | "


def sequencias(dado_citado: str) -> list[list[Valor]]:
    """As sequências de duas ou mais palavras seguidas de cada pedaço do dado citado."""
    saidas: list[list[Valor]] = []
    for pedaco in dado_citado.split(SEPARADOR):
        atual: list[Valor] = []
        for valor in [*decompor(pedaco), None]:
            if valor is not None and valor.tipo == "palavra":
                atual.append(valor)
                continue
            if len(atual) >= 2:
                saidas.append(atual)
            atual = []
    return saidas


def contigua(sequencia: list[str], valores: list[Valor]) -> bool:
    """`sequencia` (formas normais) aparece como palavras seguidas em `valores`, sem outro valor no meio."""
    tamanho = len(sequencia)
    normais = [v.normal if v.tipo == "palavra" else None for v in valores]
    return any(normais[i : i + tamanho] == sequencia for i in range(len(normais) - tamanho + 1))


def espalhadas(dado_citado: str, texto_do_local: str) -> list[str]:
    """As sequências do dado citado que não estão juntas no local, como escritas no dado citado."""
    valores = decompor(texto_do_local)
    return [" ".join(v.texto for v in s) for s in sequencias(dado_citado) if not contigua([v.normal for v in s], valores)]


def observacao(fora: list[str]) -> str:
    citadas = ", ".join(f"'{texto}'" for texto in fora)
    return (f"{citadas}: as palavras estão no local, mas não seguidas como no dado citado "
            "(texto montado de palavras espalhadas)")
