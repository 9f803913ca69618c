"""O relógio de 12 horas de um documento: a hora sem AM/PM numa resposta que escreve as horas com AM/PM.

Uma resposta de provedor americano escreve "Aug 2, 2025 at 1:10:44 PM UTC"; quando a célula da tabela quebra a linha
entre a hora e o "AM" ("Aug 4, 2025 at 12:05:01" / "AM UTC"), a hora fica sem o marcador e seria lida como de 24 h:
12 horas de erro, e uma convergência que some ou que aparece. Num documento de 12 horas, a hora de 1 a 12 sem AM/PM
fica sem instante (a data e a hora como escritas continuam), com um alerta; 13 a 23 e 00 não têm dúvida.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from perito.chaves import tempo_formas
from perito.leitura.documento import Trecho

_COM_MARCADOR = re.compile(r"(?<![\d:])\d{1,2}:\d{2}(?::\d{2})?(?:\.\d{1,9})?\s?[AaPp]\.?\s?[Mm]\.?(?![A-Za-z])")
_SEM_MARCADOR = re.compile(r"^\s*(?P<h>\d{1,2}):\d{2}")
#: linhas lidas para decidir o relógio (o cabeçalho e as primeiras linhas de uma tabela bastam)
_LINHAS_LIDAS = 3000
#: quantas horas sem marcador o alerta mostra
_NO_ALERTA = 5


def de_doze_horas(trechos: Iterable[Trecho]) -> bool:
    """O documento escreve horas com AM/PM (ao menos duas)."""
    vistas = 0
    for i, trecho in enumerate(trechos):
        if i >= _LINHAS_LIDAS:
            break
        vistas += len(_COM_MARCADOR.findall(trecho.texto))
        if vistas >= 2:
            return True
    return False


def sem_instante_sem_marcador(dado: dict[str, Any]) -> str | None:
    """Num documento de 12 horas, o dado cuja hora (1 a 12) não diz AM nem PM perde o instante; devolve a hora."""
    meta = dado["metadados"]
    hora = meta.get("hora")
    if not isinstance(hora, str) or tempo_formas.tem_marcador_12h(hora):
        return None
    m = _SEM_MARCADOR.match(hora)
    if m is None or not 1 <= int(m.group("h")) <= 12:
        return None
    meta.pop("instante_utc", None)
    meta.pop("hora_ambigua", None)
    meta["hora_sem_am_pm"] = True
    return hora


def alerta(arquivo: str, horas: list[str]) -> str:
    mostradas = "; ".join(horas[:_NO_ALERTA]) + (f"; e mais {len(horas) - _NO_ALERTA}" if len(horas) > _NO_ALERTA else "")
    return (f"{arquivo}: o documento escreve as horas com AM/PM, mas {mostradas} não diz AM nem PM (a célula pode ter "
            "quebrado a linha): da manhã ou da tarde, o instante fica sem leitura; confira no documento")
