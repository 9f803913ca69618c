"""O cabeçalho do dia de um extrato: a linha que só diz a data, contexto dos lançamentos de baixo.

`08 de janeiro de 2025 - quarta-feira`, `08/01/2025`, `Data: 08/01/2025`: vale para os lançamentos abaixo dela,
até o próximo cabeçalho de dia, também na página seguinte; é contexto (citado como apoio), não um evento.
Serve às linhas de texto e às linhas de tabela (grade de PDF) entre as quais o cabeçalho do dia está escrito.
"""

from __future__ import annotations

import re

from perito.chaves import tempo
from perito.extratores.achado import Achado
from perito.extratores.montagem import DataVigente
from perito.extratores.reconhecedores import reconhecer
from perito.leitura.documento import Documento, Trecho

_SO_DATA = re.compile(r"^[\W\d_]*$")
#: linha curta o bastante para ser só uma data (o cabeçalho do dia mais longo: "28 de fevereiro de 2025 - quarta-feira")
_CURTA = 60


_DIA_DA_SEMANA = re.compile(r"\b(segunda|ter[çc]a|quarta|quinta|sexta|s[áa]bado|domingo)(-feira)?\b", re.IGNORECASE)


def cabecalho_do_dia(trecho: Trecho, achados: list[Achado]) -> DataVigente | None:
    """Linha que só diz a data (`08 de janeiro de 2025 - quarta-feira`, `08/01/2025`, `Data: 08/01/2025`):
    vale para os lançamentos abaixo dela, até o próximo cabeçalho de dia."""
    texto = trecho.texto
    if m := tempo.PADRAO_DATA_EXTENSO.search(texto):
        resto = texto[: m.start()] + texto[m.end():]
    elif len(achados) == 1 and achados[0].campo == "data_evento" and "hora" not in achados[0].metadados:
        m = None
        resto = texto[: achados[0].inicio] + texto[achados[0].fim:]
    else:
        return None
    resto = _DIA_DA_SEMANA.sub(" ", resto)
    resto = re.sub(r"(?i)\b(data|dia|date|em)\b\s*:?", " ", resto)
    if not _SO_DATA.match(resto) or any(a.campo != "data_evento" for a in achados):
        return None
    if m is not None:
        return DataVigente(m.group(0), trecho)
    return DataVigente(achados[0].metadados["data"], trecho)




def dias_das_tabelas(documento: Documento, consumidos: set[int] = frozenset()) -> dict[int, DataVigente]:
    """id de cada linha de tabela → o cabeçalho de dia escrito acima dela entre as linhas de texto (um extrato em
    grade de PDF com "22 de novembro de 2017 - quarta-feira" entre os lançamentos)."""
    dias: dict[int, DataVigente] = {}
    vigente: DataVigente | None = None
    for trecho in documento.trechos:
        texto = trecho.texto
        # a linha de texto, ou a linha da grade com uma célula só preenchida (o dia escrito numa faixa da tabela)
        sozinha = trecho.celulas is None or sum(1 for c in trecho.celulas if c.strip()) == 1
        if (sozinha and id(trecho) not in consumidos and len(texto) <= _CURTA and any(c.isdigit() for c in texto)
                and (dia := cabecalho_do_dia(trecho, reconhecer(texto))) is not None):
            vigente = dia
        elif trecho.celulas is not None and vigente is not None:
            dias[id(trecho)] = vigente
    return dias
