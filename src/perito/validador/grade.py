"""A linha de uma tabela com grade num PDF: a célula que quebrou em linhas continua nas linhas de baixo.

A leitura dá à linha da camada de texto em que a linha da tabela começa as células inteiras
(`leitura/pdf_grade.py`); o dado citado ali ("JOSÉ MOREIRA ROCHA") está na célula, mas só "JOSÉ" está no
texto da linha. O validador aceita o dado da célula quando cada parte que falta no texto da linha está
escrita nas linhas de continuação — as de baixo, até a próxima linha da mesma tabela — e nada diverge;
as linhas usadas vão juntas para a segunda leitura, como numa reconstrução de dado dividido.
"""

from __future__ import annotations

from dataclasses import dataclass

from perito.chaves.valores import Valor, decompor, texto_das_celulas
from perito.leitura.documento import Documento, Trecho
from perito.validador.comparacao import AUSENTE, CONTRADITO, DIVERGENTE, PRESENTE, Comparacao, comparar

#: linhas de continuação de uma célula, no máximo
CONTINUACOES_MAXIMAS = 6


@dataclass(frozen=True)
class DaGrade:
    comparacoes: list[Comparacao]
    trechos: list[Trecho]
    observacao: str
    #: onde o dado citado tem de estar em sequência: nas células (no texto, a célula quebrou)
    sequencia: str


def da_celula(citados: list[Valor], comparacoes: list[Comparacao], doc: Documento, trecho: Trecho) -> DaGrade | None:
    if doc.tipo != "pdf" or not trecho.celulas or not trecho.tabela:
        return None
    resultados = {c.resultado for c in comparacoes}
    if resultados & {CONTRADITO, DIVERGENTE} or AUSENTE not in resultados:
        return None
    pagina = doc.trechos_da_pagina(trecho.pagina)
    posicao = doc.posicao_na_pagina(trecho)
    if posicao is None:
        return None
    continuacao = []
    for seguinte in pagina[posicao + 1 : posicao + 1 + CONTINUACOES_MAXIMAS]:
        if seguinte.celulas is not None:
            break  # a próxima linha da tabela
        continuacao.append(seguinte)
    celulas = texto_das_celulas(trecho.celulas, trecho.texto)
    novas = [comparar(v, decompor(celulas), celulas) for v in citados]
    if any(c.resultado != PRESENTE for c in novas):
        return None
    abaixo = " ".join(t.texto for t in continuacao)
    encontrados_abaixo = decompor(abaixo)
    faltavam = [v for v, c in zip(citados, comparacoes, strict=True) if c.resultado == AUSENTE]
    if not continuacao or any(comparar(v, encontrados_abaixo, abaixo).resultado != PRESENTE for v in faltavam):
        return None
    usadas = [trecho, *continuacao]
    return DaGrade(novas, usadas, f"dado numa célula de tabela com grade que continua em "
                                  f"{', '.join(t.localizacao for t in continuacao)}", celulas)
