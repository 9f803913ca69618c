"""Números longos que o Excel gravou em notação científica: os dígitos se perderam.

Um CSV aberto no Excel e salvo de novo troca o IMEI 356938035643809 por "3,56938E+14", o telefone 5521981234567 por
"5,52198E+12", o CPF por "1,57368E+10": a aproximação não é o número, e nenhum leitor o recupera. Sem aviso, a coluna
do IMEI sumia em silêncio e o investigador não sabia que o aparelho estava ali. O alerta diz onde e o que pedir.

Só a notação com expoente de 9 ou mais (números de dez algarismos ou mais: telefone, CPF, IMEI, conta); "1,5E+3" pode
ser qualquer coisa e não é aviso.
"""

from __future__ import annotations

import re
from typing import Iterable

from perito.leitura.documento import Trecho
from perito.texto_ptbr import plural

_CIENTIFICA = re.compile(r"(?<![\w.,])\d[.,]\d+[Ee]\+?(?:9|[1-9]\d)(?![\w.,])")


def alerta(arquivo: str, trechos: Iterable[Trecho]) -> str | None:
    """O aviso das células em notação científica do documento, com a primeira delas; ou None."""
    achadas = [(trecho, m.group(0)) for trecho in trechos if "E+" in trecho.texto or "e+" in trecho.texto
               for m in _CIENTIFICA.finditer(trecho.texto)]
    if not achadas:
        return None
    trecho, exemplo = achadas[0]
    return (f"{arquivo}: {plural(len(achadas), 'número em notação científica', 'números em notação científica')} "
            f"(ex.: {exemplo}, {trecho.onde()}): o Excel trocou números longos (IMEI, telefone, CPF, conta) por uma "
            "aproximação e os dígitos se perderam; esses valores não foram lidos. Peça o arquivo original, gerado pelo "
            "sistema sem passar pelo Excel, ou a planilha .xlsx")
