"""O saldo (ou o total) do dia escrito na linha do dia de um extrato: "2 de Agosto de 2025   Saldo do dia: R$ 100,90".

A linha continua sendo o cabeçalho do dia (contexto dos lançamentos de baixo): o valor dela é um saldo, não o de um
evento. O extrator tira o saldo para decidir se a linha é só a data; o validador, para não tomar o saldo como o valor
de um registro vizinho dos lançamentos.
"""

from __future__ import annotations

import re

SALDO_DO_DIA = re.compile(
    r"(?i)\b(?:saldo(?:\s+(?:final\s+)?d[oe]\s+dia|\s+final|\s+em\s+conta)?"
    # o total do dia no cabeçalho do dia (Nubank: "15 SET 2025   Total de entradas + 1.950,00")
    r"|total\s+de\s+(?:entradas|sa[íi]das|cr[ée]ditos|d[ée]bitos))"
    r"\s*:?\s*[+\-−]?\s*(?:R\$\s*)?[+\-−]?\s*\d[\d.,]*\d\s*$")
