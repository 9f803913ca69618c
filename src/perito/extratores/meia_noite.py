"""A data gravada como data-hora à meia-noite: o dia do lançamento, não um instante.

O sistema que exporta o extrato para planilha grava a coluna Data como data-hora, e a célula mostra "2025-06-12
00:00:00" (ou "12/06/2025 00:00") em todas as linhas. Lida como hora, a meia-noite afastaria o crédito da hora que a
vítima conta ("às 10h02": dez horas de diferença, nenhuma materialidade) e daria intervalos de zero segundo entre
lançamentos do mesmo dia ("saem ... 0s depois"). Quando todas as datas-horas do começo do documento (ao menos duas)
estão à meia-noite, elas são dias: o dado fica com a data e sem hora nem instante, citado como escrito. Um documento
com uma data-hora só, ou com qualquer outra hora, fica como está (um acesso às 00:00:00 num log é um instante).
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from perito.leitura.documento import Trecho

#: a data (ISO ou dd/mm/aaaa) seguida da hora na mesma célula ou linha
_DATA_HORA = re.compile(
    r"(?<!\d)(?:\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{2,4})[ T](?P<hora>\d{1,2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(?![\d:])")
_MEIA_NOITE = re.compile(r"0?0:00(?::00(?:\.0+)?)?")
#: linhas lidas para decidir (o cabeçalho e as primeiras linhas de uma tabela bastam, como para o relógio de 12 h)
_LINHAS_LIDAS = 3000
_MINIMO = 2


def so_datas(trechos: Iterable[Trecho]) -> bool:
    """As datas-horas do começo do documento (ao menos duas) estão todas à meia-noite."""
    vistas = 0
    for i, trecho in enumerate(trechos):
        if i >= _LINHAS_LIDAS:
            break
        for m in _DATA_HORA.finditer(trecho.texto):
            if not _MEIA_NOITE.fullmatch(m.group("hora")):
                return False
            vistas += 1
    return vistas >= _MINIMO


def sem_hora(dado: dict[str, Any]) -> None:
    """O dado fica com o dia: a hora da meia-noite e o instante que ela dava saem."""
    meta = dado["metadados"]
    hora = meta.get("hora")
    if isinstance(hora, str) and _MEIA_NOITE.fullmatch(hora.strip()):
        for chave in ("hora", "hora_literal", "instante_utc"):
            meta.pop(chave, None)


def a_meia_noite(achado: Any) -> bool:
    """A data-hora do achado está à meia-noite ("2025-07-14 00:00:00")."""
    hora = achado.metadados.get("hora")
    return isinstance(hora, str) and _MEIA_NOITE.fullmatch(hora.strip()) is not None


def da_celula_de_data(achado: Any, hora_da_coluna: str) -> bool:
    """A data-hora à meia-noite da célula de data, numa linha com a coluna Hora preenchida com outra hora ("2025-07-14
    00:00:00" | "15:40:02"): a meia-noite é o formato da célula, e a hora é a da coluna (lida como a data-hora, o
    acesso das 15:40 ficava à meia-noite, 15h40 antes)."""
    return a_meia_noite(achado) and _MEIA_NOITE.fullmatch(hora_da_coluna.strip()) is None


def trocar_pela_coluna_da_hora(achado: Any) -> None:
    """Tira da data a meia-noite da célula e o instante e o fuso que ela dava: a hora da coluna os refaz."""
    for chave in ("hora", "hora_literal", "instante_utc", "contexto_fuso", "hora_ambigua"):
        achado.metadados.pop(chave, None)
    achado.fuso = None
