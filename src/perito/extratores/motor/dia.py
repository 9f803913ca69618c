"""O cabeçalho do dia de um extrato: a linha que só diz a data, contexto dos lançamentos de baixo.

`08 de janeiro de 2025 - quarta-feira`, `08/01/2025`, `Data: 08/01/2025`: vale para os lançamentos abaixo dela,
até o próximo cabeçalho de dia, também na página seguinte; é contexto (citado como apoio), não um evento.
Serve às linhas de texto e às linhas de tabela (grade de PDF, largura fixa) entre as quais o cabeçalho do dia
está escrito. Aqui também o período declarado do extrato, que dá o ano à data `DD/MM` de um lançamento.
"""

from __future__ import annotations

import datetime as dt
import re

from perito.chaves import tempo
from perito.chaves import tempo_formas as formas
from perito.chaves.nome import dobrar
from perito.chaves.saldo_do_dia import SALDO_DO_DIA
from perito.chaves.tempo_formas import MESES, NOMES_DOS_MESES
from perito.extratores.achado import Achado
from perito.extratores.montagem import DataVigente, HoraSolta, Registro
from perito.extratores.reconhecedores import reconhecer
from perito.leitura.documento import Documento, Trecho

_SO_DATA = re.compile(r"^[\W\d_]*$")
#: linha curta o bastante para ser só uma data (o cabeçalho do dia mais longo: "28 de fevereiro de 2025 - quarta-feira")
_CURTA = 60


_DIA_DA_SEMANA = re.compile(r"\b(segunda|ter[çc]a|quarta|quinta|sexta|s[áa]bado|domingo)(-feira)?\b", re.IGNORECASE)


def cabecalho_do_dia(trecho: Trecho, achados: list[Achado]) -> DataVigente | None:
    """Linha que só diz a data (`08 de janeiro de 2025 - quarta-feira`, `08/01/2025`, `Data: 08/01/2025`), talvez
    com o saldo do dia no fim: vale para os lançamentos abaixo dela, até o próximo cabeçalho de dia."""
    texto = trecho.texto
    if saldo := SALDO_DO_DIA.search(texto):
        # o saldo sai do texto e os achados dele (o valor) também: o que sobra decide se a linha é só a data
        achados = [a for a in achados if a.fim <= saldo.start()]
        texto = texto[: saldo.start()]
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
        # ou a linha do dia na grade com o saldo do dia nas células de baixo ("14 de Julho de 2025 | Saldo do dia: |
        # R$ 800,00"): `cabecalho_do_dia` tira o saldo e pede que só a data sobre
        sozinha = sozinha or SALDO_DO_DIA.search(texto) is not None
        if (sozinha and id(trecho) not in consumidos and len(texto) <= _CURTA and any(c.isdigit() for c in texto)
                and (dia := cabecalho_do_dia(trecho, reconhecer(texto))) is not None):
            vigente = dia
        elif trecho.celulas is not None and vigente is not None:
            dias[id(trecho)] = vigente
    return dias


def no_dia(registro: Registro, trecho: Trecho, celulas: tuple[str, ...], de_hora: tuple[int, ...], dia: DataVigente) -> None:
    """A linha da tabela sob um cabeçalho de dia: o dia é o dela e a hora da coluna de hora compõe o instante."""
    registro.data_vigente = dia
    for indice in de_hora:
        if indice < len(celulas) and tempo.hora(hora := celulas[indice].strip()) is not None:
            if (inicio := trecho.texto.find(hora)) >= 0:
                registro.horas.append(HoraSolta(hora, trecho, inicio))
            break


_PERIODO = re.compile(
    r"\b(per[íi]odo|de\s+\d{2}/\d{2}/\d{4}\s+(?:a|at[ée])\s+\d{2}/\d{2}/\d{4}|m[êe]s\s+de\s+refer[êe]ncia)", re.I
)




def periodo_declarado(trecho: Trecho, achados: list[Achado]) -> tuple[Trecho, list] | None:
    """Linha do período do extrato ("Período: 01/12/2024 a 31/01/2025"): as datas que dão o ano aos lançamentos. Ou o
    mês de referência no título ("Extrato Consolidado Inteligente Março/2025", "Mês de referência: 03/2025"): o
    primeiro e o último dia do mês."""
    datas = [tempo.data(a.metadados["data"]) for a in achados if a.campo == "data_evento" and "data" in a.metadados]
    datas = [d for d in datas if d is not None]
    if datas and _PERIODO.search(trecho.texto):
        return trecho, sorted(datas)
    if not datas and _TITULO_DO_MES.search(trecho.texto) and (mes := _MES_E_ANO.search(trecho.texto)):
        numero = MESES.get(dobrar(mes.group("nome")).rstrip(".")) if mes.group("nome") else int(mes.group("num"))
        if numero and 1 <= numero <= 12:
            ano = int(mes.group("ano"))
            primeiro = dt.date(ano, numero, 1)
            ultimo = dt.date(ano + numero // 12, numero % 12 + 1, 1) - dt.timedelta(days=1)
            return trecho, [primeiro, ultimo]
    return None


#: o mês e o ano de referência de um extrato mensal: "Março/2025", "MAR/2025", "março de 2025", "03/2025"
_MES_E_ANO = re.compile(
    rf"(?<![\w/])(?:(?P<nome>{NOMES_DOS_MESES})\.?\s*(?:/|\s+de\s+|-|\s)\s*|(?P<num>0[1-9]|1[0-2])/)(?P<ano>(?:19|20)\d{{2}})(?![\d/])",
    re.IGNORECASE)
#: a linha que fala do mês do extrato (o título, "referência", "competência", "período")
_TITULO_DO_MES = re.compile(r"(?i)\b(extrato|refer[êe]ncia|compet[êe]ncia|per[íi]odo|m[êe]s)\b")


def data_sem_ano(trecho: Trecho, achados: list[Achado], periodo: tuple[Trecho, list]) -> Achado | None:
    """A data do lançamento escrita sem o ano no começo da linha ("08/01 PIX RECEBIDO", "15/mar", "15 MAR"), com o ano
    que a põe dentro do período declarado (Dez/Jan atravessa o ano)."""
    primeira = next(iter(formas.dias_sem_ano(trecho.texto)), None)
    if primeira is None or trecho.texto[:primeira[0]].strip():
        return None
    comeco, final, dia, mes = primeira
    if any(a.inicio < final and comeco < a.fim for a in achados):
        return None
    escrita = trecho.texto[comeco:final]
    inicio, fim = periodo[1][0], periodo[1][-1]
    for ano in sorted({inicio.year, fim.year}):
        data = tempo.data(f"{dia:02d}/{mes:02d}/{ano}")
        if data is not None and inicio <= data <= fim:
            local = {"papel": "ano", "pagina": periodo[0].pagina, "linha_ou_celula": periodo[0].localizacao,
                     "dado": _data_do_ano(periodo[0].texto, ano)}
            return Achado(comeco, final, escrita, "data_evento", "outro", metadados={
                "data": data.strftime("%d/%m/%Y"), "data_escrita": escrita, "ano_do_periodo": local,
            })
    return None


def _data_do_ano(texto: str, ano: int) -> str:
    """A data do período, como escrita, que dá o ano: o validador acha "31/08/2025" na linha; "2025" sozinho, não
    (é parte de uma data)."""
    for m in tempo.PADRAO_DATA.finditer(texto):
        if (data := tempo.data(m.group("data"))) is not None and data.year == ano:
            return m.group("data")
    return str(ano)
