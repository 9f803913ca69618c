"""Em que ordem um documento escreve as datas numéricas: dia antes do mês (Brasil) ou mês antes do dia (EUA).

`02/08/2025` é 2 de agosto lido como dia/mês (Brasil) e 8 de fevereiro lido como mês/dia (EUA). Uma resposta
de empresa americana (Microsoft, exportações do Excel em inglês) escreve `8/2/2025 1:10:44 PM` para 2 de
agosto. Ler toda data como dia/mês daria, sem aviso, um instante seis meses errado — e uma convergência de IP
perdida ou, pior, inventada. A ordem é do documento, decidida pelas próprias datas, nunca por uma só nem pelo
idioma:

- um segundo número acima de 12 (`8/13/2025`) só existe com o mês primeiro; um primeiro acima de 12
  (`13/08/2025`), só com o dia primeiro;
- sem esses, a hora de 12 h com AM/PM logo depois da data numérica é o costume americano (documentos
  brasileiros não escrevem AM/PM); numa planilha, não: a célula de data tem a data de verdade, e o formato
  "dd/mm/aaaa h:mm AM/PM" existe;
- nada disso: dia/mês, a ordem brasileira.

Provas das duas ordens no mesmo documento (o ofício brasileiro e o log americano num arquivo só) são um conflito:
como com o mês primeiro, a data que as duas ordens leem fica sem leitura, com o aviso.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

DIA_MES, MES_DIA, CONFLITO = "dia_mes", "mes_dia", "conflito"

_NUMERICA = re.compile(r"(?<![\d/.])(\d{1,2})/(\d{1,2})/((?:19|20)?\d{2})(?![\d/])")
_DOZE_HORAS_DEPOIS = re.compile(r"\s*,?\s+\d{1,2}:\d{2}(?::\d{2})?\s?[AaPp]\.?\s?[Mm]\.?(?![A-Za-z])")


@dataclass(frozen=True)
class Ordem:
    ordem: str  # DIA_MES, MES_DIA ou CONFLITO
    motivo: str | None = None  # a data que decidiu, como escrita, e por quê (vai ao alerta)


def decidir(textos: Iterable[str], planilha: bool = False) -> Ordem:
    """A ordem das datas numéricas dos textos de um documento (todas as linhas ou células)."""
    mes_primeiro: str | None = None
    dia_primeiro: str | None = None
    doze_horas: str | None = None
    for texto in textos:
        if "/" not in texto:
            continue
        for m in _NUMERICA.finditer(texto):
            primeiro, segundo = int(m.group(1)), int(m.group(2))
            if primeiro > 31 or segundo > 31 or not primeiro or not segundo:
                continue  # não é data
            if segundo > 12 and primeiro <= 12:
                mes_primeiro = mes_primeiro or m.group(0)
            elif primeiro > 12 and segundo <= 12:
                dia_primeiro = dia_primeiro or m.group(0)
            elif doze_horas is None and not planilha and _DOZE_HORAS_DEPOIS.match(texto, m.end()):
                doze_horas = m.group(0)
    if mes_primeiro and dia_primeiro:
        return Ordem(CONFLITO, f"{mes_primeiro} só se lê com o mês primeiro e {dia_primeiro}, só com o dia")
    if mes_primeiro:
        return Ordem(MES_DIA, f"{mes_primeiro} só se lê com o mês antes do dia")
    if dia_primeiro:
        return Ordem(DIA_MES)
    if doze_horas:
        return Ordem(MES_DIA, f"{doze_horas} vem com hora de 12 h (AM/PM), o costume dos EUA")
    return Ordem(DIA_MES)


def ambigua(texto: str) -> bool:
    """Data numérica que as duas ordens leem (dia e mês até 12): a que não se lê sem saber a ordem."""
    m = _NUMERICA.fullmatch(texto.strip())
    return m is not None and 0 < int(m.group(1)) <= 12 and 0 < int(m.group(2)) <= 12
