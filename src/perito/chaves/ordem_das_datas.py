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
- sem esses, a hora num fuso dos EUA logo depois da data (`08/02/2025 13:10:44 PDT`, `... Pacific Time`), também
  numa planilha (é texto escrito, não formato de célula);
- nada disso: dia/mês, a ordem brasileira.

Provas das duas ordens no mesmo documento (o ofício brasileiro e o log americano num arquivo só) são um conflito:
como com o mês primeiro, a data que as duas ordens leem fica sem leitura, com o aviso.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

DIA_MES, MES_DIA, CONFLITO = "dia_mes", "mes_dia", "conflito"

_NUMERICA = re.compile(r"(?<![\d/.])(\d{1,2})/(\d{1,2})/((?:19|20)?\d{2})(?![\d/])")
_DOZE_HORAS_DEPOIS = re.compile(r"\s*,?\s+\d{1,2}:\d{2}(?::\d{2})?\s?[AaPp]\.?\s?[Mm]\.?(?![A-Za-z])")
#: a hora num fuso dos EUA logo depois da data ("08/02/2025 13:10:44 PDT", "... Pacific Time"): a hora de lá, escrita
#: como lá se escreve; um documento brasileiro nunca dá a hora da Califórnia
_FUSO_DOS_EUA_DEPOIS = re.compile(
    r"\s*,?\s+\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?\s?(?:[AaPp]\.?\s?[Mm]\.?\s?)?\(?(?:PST|PDT|MST|MDT|CDT|EST|EDT"
    r"|(?i:(?:pacific|mountain|central|eastern)\s+(?:standard\s+|daylight\s+)?time))(?![A-Za-z])")


@dataclass(frozen=True)
class Ordem:
    ordem: str  # DIA_MES, MES_DIA ou CONFLITO
    motivo: str | None = None  # a data que decidiu, como escrita, e por quê (vai ao alerta)


#: as datas que só uma das ordens lê: dia até 12 e mês de 13 a 31 (o mês primeiro), e o contrário (o dia primeiro). Os
#: grupos e as bordas são os de `_NUMERICA` (o mesmo casamento, nos mesmos lugares), só com os números já filtrados
_SO_MES_PRIMEIRO = re.compile(r"(?<![\d/.])(?:0?[1-9]|1[0-2])/(?:1[3-9]|2\d|3[01])/(?:(?:19|20)?\d{2})(?![\d/])")
_SO_DIA_PRIMEIRO = re.compile(r"(?<![\d/.])(?:1[3-9]|2\d|3[01])/(?:0?[1-9]|1[0-2])/(?:(?:19|20)?\d{2})(?![\d/])")
#: o que toda data de cada um dos padrões acima contém, e toda hora de 12 h e todo fuso dos EUA: um bloco sem isso
#: não muda nada na decisão, e estes padrões (um literal na frente, ou curtos) o dizem muito mais depressa que o
#: padrão inteiro, com o olhar para trás, a cada posição do bloco (~0,2 s num log de 200 mil linhas)
_TALVEZ_MES_PRIMEIRO = re.compile(r"/(?:1[3-9]|2\d|3[01])/")
_TALVEZ_DIA_PRIMEIRO = re.compile(r"(?:1[3-9]|2\d|3[01])/(?:0?[1-9]|1[0-2])/")
_TALVEZ_DOZE_HORAS = re.compile(r"[AaPp]\.?\s?[Mm]")
_TALVEZ_FUSO_DOS_EUA = re.compile(r"PST|PDT|MST|MDT|CDT|EST|EDT|(?i:time)")
#: textos examinados de uma vez, unidos por um separador que nenhum padrão atravessa
_POR_VEZ = 2000
#: nem dígito, nem barra, nem ponto, nem espaço, nem vírgula: para os padrões daqui, o separador é como o começo e o
#: fim de um texto (nenhuma data começa ou termina grudada nele, e a hora de 12 h não o atravessa)
_SEPARADOR = "\x00"


def decidir(textos: Iterable[str], planilha: bool = False) -> Ordem:
    """A ordem das datas numéricas dos textos de um documento (todas as linhas ou células).

    Os textos são examinados aos milhares de uma vez (unidos pelo separador): o resultado é o de um por um. Achada a
    primeira data de uma ordem, só falta saber se existe alguma da outra (a hora de 12 h já não decide nada), e ela é
    procurada por um padrão só dela; achadas as duas, o resto não muda nada."""
    mes_primeiro: str | None = None
    dia_primeiro: str | None = None
    doze_horas: str | None = None
    fuso_dos_eua: str | None = None
    for bloco in _blocos(textos):
        if mes_primeiro and dia_primeiro:
            break
        if mes_primeiro or dia_primeiro:
            talvez, so = (_TALVEZ_DIA_PRIMEIRO, _SO_DIA_PRIMEIRO) if mes_primeiro else (_TALVEZ_MES_PRIMEIRO, _SO_MES_PRIMEIRO)
            if talvez.search(bloco) and (outra := so.search(bloco)):
                mes_primeiro, dia_primeiro = mes_primeiro or outra.group(0), dia_primeiro or outra.group(0)
            continue
        if not (_TALVEZ_MES_PRIMEIRO.search(bloco) or _TALVEZ_DIA_PRIMEIRO.search(bloco)
                or (doze_horas is None and not planilha and _TALVEZ_DOZE_HORAS.search(bloco))
                or (fuso_dos_eua is None and _TALVEZ_FUSO_DOS_EUA.search(bloco))):
            continue  # só datas que as duas ordens leem, sem hora de 12 h nem fuso dos EUA: nada a decidir aqui
        for m in _NUMERICA.finditer(bloco):
            primeiro, segundo = int(m.group(1)), int(m.group(2))
            if primeiro > 31 or segundo > 31 or not primeiro or not segundo:
                continue  # não é data
            if segundo > 12 and primeiro <= 12:
                mes_primeiro = mes_primeiro or m.group(0)
            elif primeiro > 12 and segundo <= 12:
                dia_primeiro = dia_primeiro or m.group(0)
            elif doze_horas is None and not planilha and _DOZE_HORAS_DEPOIS.match(bloco, m.end()):
                doze_horas = m.group(0)
            elif fuso_dos_eua is None and _FUSO_DOS_EUA_DEPOIS.match(bloco, m.end()):
                fuso_dos_eua = m.group(0)
    if mes_primeiro and dia_primeiro:
        return Ordem(CONFLITO, f"{mes_primeiro} só se lê com o mês primeiro e {dia_primeiro}, só com o dia")
    if mes_primeiro:
        return Ordem(MES_DIA, f"{mes_primeiro} só se lê com o mês antes do dia")
    if dia_primeiro:
        return Ordem(DIA_MES)
    if doze_horas:
        return Ordem(MES_DIA, f"{doze_horas} vem com hora de 12 h (AM/PM), o costume dos EUA")
    if fuso_dos_eua:
        return Ordem(MES_DIA, f"{fuso_dos_eua} vem com a hora num fuso dos EUA, onde o mês vem antes do dia")
    return Ordem(DIA_MES)


def _blocos(textos: Iterable[str]) -> Iterator[str]:
    """Os textos com alguma barra (sem ela não há data numérica), unidos aos `_POR_VEZ`."""
    juntos: list[str] = []
    for texto in textos:
        if "/" in texto:
            juntos.append(texto)
            if len(juntos) >= _POR_VEZ:
                yield _SEPARADOR.join(juntos)
                juntos = []
    if juntos:
        yield _SEPARADOR.join(juntos)


def ambigua(texto: str) -> bool:
    """Data numérica que as duas ordens leem (dia e mês até 12): a que não se lê sem saber a ordem."""
    m = _NUMERICA.fullmatch(texto.strip())
    return m is not None and 0 < int(m.group(1)) <= 12 and 0 < int(m.group(2)) <= 12


def numerica(texto: str) -> bool:
    """Data numérica com barras (`8/2/2025`, `08/13/2025`, `8/2/25`): a única forma cuja leitura depende da ordem."""
    return _NUMERICA.fullmatch(texto.strip()) is not None
