"""Conferência da afirmação de uma conclusão contra as suas próprias referências.

Todo IP, IMEI, telefone, CPF/CNPJ (sequências de 8 dígitos ou mais), valor, data,
hora, porta, intervalo e nome em maiúsculas (`nomes_da_afirmacao`) escrito na afirmação precisa de apoio nas referências: no
dado_citado ou no texto encontrado no local. Um intervalo precisa ser a diferença
entre dois instantes citados (data + hora + fuso dos dado_citado; sem eles, do
texto encontrado), qualquer par: a regra não depende de adivinhar a que par a
frase se refere. Uma hora com fuso precisa ser um instante citado escrito naquele
fuso (a conversão certa é aceita; o mesmo relógio em outro fuso, não).

Devolve os problemas em pt-BR; quem decide como registrá-los é o agente.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import itertools
import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any, Callable

from perito.chaves import tempo
from perito.chaves import tempo_formas as formas
from perito.chaves.comparacao import mesmo_fuso, mesmo_numero
from perito.chaves.digitos import MINIMO_IDENTIFICADOR
from perito.chaves.valores import Valor, decompor
from perito.leitura import localizacao
from perito.validador import celulas_de_tempo, figuras, fuso_da_carta, nomes_da_afirmacao, pessoa_juridica
from perito.validador.figuras import Problema
from perito.validador.instantes import Momento, data_compacta, intervalos, momentos

_PORTA = re.compile(r"\bporta(?:\s+de\s+origem)?(?:\s+(?:era|é|foi|n[º°o]\.?))?\s*:?\s*(\d{1,5})(?!\d|[.:]\d)", re.IGNORECASE)
_NOME = {"ip": "o IP", "data": "a data", "valor": "o valor", "digitos": "o número", "hora": "a hora"}


@dataclass
class _Apoio:
    """O que as referências sustentam: valores soltos, momentos e instantes."""

    valores: list[Valor]
    momentos: list[Momento]
    instantes: list[dt.datetime]
    #: diferenças entre momentos sem fuso de um mesmo arquivo (mesmo relógio: SIMBA, extrato sem fuso)
    locais: list[dt.timedelta] = field(default_factory=list)


def valores_da_afirmacao(conclusao: dict[str, Any]) -> list[Valor]:
    """Os valores que a afirmação cita (sem os nomes dos arquivos): só dela, sem nada da releitura (o validador os
    decompõe enquanto a segunda leitura ainda corre)."""
    return decompor(_sem_nomes_de_arquivo(conclusao["afirmacao"], conclusao["referencias"]))


def _sempre_dia_primeiro(arquivo: str) -> bool:
    return False


def conferir(
    conclusao: dict[str, Any], detalhes: list[dict[str, Any]],
    extras: list[Momento] | dict[str, list[Momento]] | None = None,
    valores: list[Valor] | None = None, mes_primeiro: Callable[[str], bool] = _sempre_dia_primeiro,
) -> list[str | Problema]:
    """`extras`: momentos que o validador derivou ele mesmo dos locais citados (tempo Unix numa coluna
    cujo cabeçalho citado foi relido: `validador/tempo_unix.py`), soltos ou pelo arquivo de cada um. As figuras
    calculadas (porcentagens, contagens, a sessão de conexão) são refeitas em `validador/figuras.py`; as que não
    fecham vêm como `Problema` grave. `valores`: os de
    `valores_da_afirmacao`, já decompostos. `mes_primeiro`: se o arquivo escreve as datas numéricas com o mês antes do
    dia, pelo que o validador releu dele (`validador/ordem_das_datas.py`); o que cada referência cita é lido nessa
    ordem."""
    citados: list[list[Valor]] = []
    encontrados: list[list[Valor]] = []
    for ref, detalhe in zip(conclusao["referencias"], detalhes, strict=True):
        with formas.na_ordem(mes_primeiro(ref["arquivo"])):
            citados.append(decompor(ref["dado_citado"]))
            encontrados.append(decompor(detalhe.get("texto_encontrado") or ""))
    por_arquivo = extras if isinstance(extras, dict) else {}
    extras = [m for lista in extras.values() for m in lista] if isinstance(extras, dict) else extras
    apoio = _apoio(conclusao["referencias"], detalhes, citados, encontrados)
    if das_celulas := celulas_de_tempo.momentos(conclusao["referencias"], detalhes, citados):
        apoio.momentos += das_celulas
        apoio.instantes += [m.instante for m in das_celulas if m.instante]
    if extras:
        apoio.momentos += extras
        apoio.instantes += [m.instante for m in extras if m.instante]
    texto = _sem_nomes_de_arquivo(conclusao["afirmacao"], conclusao["referencias"])
    valores = decompor(texto) if valores is None else valores
    problemas: list[str | Problema] = []
    completos = {id(m.data) for m in momentos(valores) if m.data and m.fuso}
    em_reais = _reais_de_centavos(texto)
    for valor in valores:
        if valor.tipo == "valor" and valor.normal in em_reais:
            continue  # "173000 centavos (R$ 1.730,00)": o mesmo valor dito em reais; o número em centavos é conferido
        if valor.tipo in ("ip", "valor", "digitos") or (valor.tipo == "data" and id(valor) not in completos):
            if not _sustentado(valor, apoio.valores):
                problemas.append(f"a afirmação cita {_NOME[valor.tipo]} {valor.texto}, que nenhuma referência sustenta")
    if sem_ano := formas.dias_sem_ano(texto):  # "2.500,00 em 15/mar": o dia do lançamento sem o ano
        dias = _dias_sustentados(conclusao["referencias"], detalhes, apoio.valores)
        for inicio, fim, dia, mes in sem_ano:
            if (dia, mes) not in dias:
                problemas.append(f"a afirmação cita o dia {texto[inicio:fim]}, que nenhuma referência sustenta")
    for momento in momentos(valores):
        if not _momento_sustentado(momento, apoio):
            escrito = " ".join(v.texto for v in (momento.data, momento.hora, momento.fuso) if v)
            problemas.append(f"a afirmação cita o momento {escrito}, que nenhuma referência sustenta")
    for m in _PORTA.finditer(texto):
        if not any(v.porta == m.group(1) or (v.tipo == "digitos" and v.normal == m.group(1)) for v in apoio.valores):
            problemas.append(f"a afirmação cita a porta {m.group(1)}, que nenhuma referência sustenta")
    for nome in nomes_da_afirmacao.sem_apoio(texto, conclusao["referencias"], detalhes):
        problemas.append(f"a afirmação cita o nome {nome}, que nenhuma referência sustenta")
    problemas += [Problema(p, grave=True) for p in pessoa_juridica.cpf_de_pessoa_juridica(texto)]
    diferencas = [a - b for a, b in itertools.combinations(apoio.instantes, 2)] + apoio.locais
    for intervalo in intervalos(texto):
        if not any(intervalo.bate(d) for d in diferencas):
            reais = ", ".join(sorted({tempo.duracao(d) for d in diferencas})) or "menos de dois instantes com data, hora e fuso"
            problemas.append(
                f"a afirmação cita o intervalo {intervalo.texto}, que não é a diferença entre instantes citados ({reais})"
            )
    return problemas + figuras.conferir(conclusao, texto, citados, por_arquivo)


_CENTAVOS_EM_REAIS = re.compile(r"(?<![\d.,])(-?\d{1,13}) centavos \((R\$ ?-?[\d.]+,\d{2})\)")


#: o número da planilha sem formato e, entre parênteses, o mesmo valor em reais ("3300 (R$ 3.300,00)")
_INTEIRO_EM_REAIS = re.compile(r"(?<![\d.,])(-?\d{1,13}) \((R\$ ?-?[\d.]+,\d{2})\)")


def _reais_de_centavos(texto: str) -> set[str]:
    """Os valores em reais que a afirmação escreve entre parênteses logo depois do mesmo valor em centavos, ou do
    mesmo valor como a planilha o guarda (um inteiro): o número antes deles é o conferido."""
    saida = set()
    for m in _CENTAVOS_EM_REAIS.finditer(texto):
        reais = decompor(m.group(2))
        if reais and reais[0].tipo == "valor" and reais[0].normal.lstrip("-") == figuras.em_reais(m.group(1)):
            saida.add(reais[0].normal)
    for m in _INTEIRO_EM_REAIS.finditer(texto):
        reais = decompor(m.group(2))
        if reais and reais[0].tipo == "valor" and reais[0].normal.lstrip("-") == f"{int(m.group(1).lstrip('-'))}.00":
            saida.add(reais[0].normal)
    return saida


def _sem_nomes_de_arquivo(texto: str, referencias: list[dict[str, Any]]) -> str:
    """Os nomes dos arquivos e das abas citados não são afirmações ("extrato-2025-03-15.pdf" não é uma data afirmada,
    "aba Conta 7788990-1" não afirma um número: é onde o dado está)."""
    nomes = {r["arquivo"] for r in referencias} | {PurePosixPath(r["arquivo"]).name for r in referencias}
    nomes |= {f"aba {r['aba_planilha']}" for r in referencias if r.get("aba_planilha")}
    for nome in sorted(nomes, key=len, reverse=True):
        texto = texto.replace(nome, " " * len(nome))
    return texto


def _apoio(referencias: list[dict[str, Any]], detalhes: list[dict[str, Any]], decompostos: list[list[Valor]],
           encontrados: list[list[Valor]]) -> _Apoio:
    valores: list[Valor] = []
    todos_momentos: list[Momento] = []
    instantes: list[dt.datetime] = []
    citados_por_arquivo: dict[str, list[list[Valor]]] = {}
    posicoes_por_arquivo: dict[str, list[tuple[int, int] | None]] = {}
    linhas_por_arquivo: dict[str, list[tuple[str | None, int] | None]] = {}
    relidos: list[tuple[str, str, list[Valor]]] = []  # (arquivo, texto relido, valores dele) de cada referência
    for ref, detalhe, citados, achados in zip(referencias, detalhes, decompostos, encontrados, strict=True):
        relidos.append((ref["arquivo"], detalhe.get("texto_encontrado") or "", achados))
        # a data compacta que o principal citou como escrita ("1.500,00 | 20250315", a coluna Data de um sistema) sustenta
        # a data da afirmação; só a citada: oito dígitos relidos no local podem ser uma conta ou um CEP
        valores += citados + achados + [d for v in citados if (d := data_compacta(v)) is not None]
        mc, ma = momentos(citados), momentos(achados)
        todos_momentos += mc + ma
        # instantes da referência: os que ela cita; sem data+hora+fuso citados, os do local
        proprios = [m.instante for m in mc if m.instante] or [m.instante for m in ma if m.instante]
        instantes += proprios
        citados_por_arquivo.setdefault(ref["arquivo"], []).append(citados)
        posicoes_por_arquivo.setdefault(ref["arquivo"], []).append(_posicao(ref))
        linhas_por_arquivo.setdefault(ref["arquivo"], []).append(_linha_da_planilha(ref))
    valores += _dias_com_ano(relidos)
    locais: list[dt.timedelta] = []
    da_carta = fuso_da_carta.para_outros_arquivos(referencias, detalhes, decompostos)
    for arquivo, listas in citados_por_arquivo.items():
        compostos = _compostos([*listas, da_carta[arquivo]] if arquivo in da_carta else listas)
        todos_momentos += compostos
        instantes += [m.instante for m in compostos if m.instante]
        relogio = sorted({m.local for lista in listas for m in momentos(lista) if m.fuso is None and m.local}
                         | _relogio_do_dia(listas) | _relogio_dos_dias(listas, posicoes_por_arquivo[arquivo])
                         | _relogio_da_linha_de_cima(listas, posicoes_por_arquivo[arquivo])
                         | _relogio_da_linha_da_planilha(listas, linhas_por_arquivo[arquivo]))
        locais += [b - a for a, b in itertools.combinations(relogio, 2)]
    return _Apoio(valores, todos_momentos, instantes, locais)


#: a data lavrada (ou o fim do período) fica no máximo um ano depois do dia que ela completa
_UM_ANO = dt.timedelta(days=366)


def _dias_com_ano(relidos: list[tuple[str, str, list[Valor]]]) -> list[Valor]:
    """Os dias escritos sem o ano nos locais relidos ("no dia 2 de agosto", "02/08 PIX"), com o ano que uma data
    completa relida no mesmo arquivo lhes dá: a data em que o relato foi lavrado (o dia fica até ela, no máximo um
    ano antes) ou o período do extrato (as duas datas da mesma linha; o dia cai entre elas)."""
    dias: dict[str, set[tuple[int, int]]] = {}
    completas: dict[str, list[list[dt.date]]] = {}
    for arquivo, texto, valores in relidos:
        dias.setdefault(arquivo, set()).update((d, m) for _, _, d, m in formas.dias_sem_ano(texto))
        datas = [d for v in valores if v.tipo == "data" and (d := _data_iso(v.normal)) is not None]
        if datas:
            completas.setdefault(arquivo, []).append(datas)
    compostas: set[dt.date] = set()
    for arquivo, do_arquivo in dias.items():
        for dia, mes in do_arquivo:
            for datas in completas.get(arquivo, []):
                # a linha de uma data só é a data do documento; a de duas, um período (e cada regra só na sua)
                if len(datas) == 1 and (lavrada := formas.no_ano_ate(dia, mes, datas[0])) is not None and (
                        datas[0] - lavrada <= _UM_ANO):
                    compostas.add(lavrada)
                if len(datas) >= 2:
                    inicio, fim = min(datas), max(datas)
                    for ano in {inicio.year, fim.year}:
                        with contextlib.suppress(ValueError):
                            if inicio <= (no_periodo := dt.date(ano, mes, dia)) <= fim:
                                compostas.add(no_periodo)
    return [Valor("data", d.strftime("%d/%m/%Y"), d.isoformat()) for d in sorted(compostas)]


def _dias_sustentados(referencias: list[dict[str, Any]], detalhes: list[dict[str, Any]],
                      valores: list[Valor]) -> set[tuple[int, int]]:
    """(dia, mês) que as referências sustentam: os das datas completas e os escritos sem o ano no que cada uma cita e
    no que o validador releu no local dela."""
    dias = {(d.day, d.month) for v in valores if v.tipo == "data" and (d := _data_iso(v.normal)) is not None}
    for ref, detalhe in zip(referencias, detalhes, strict=True):
        for texto in (ref["dado_citado"], detalhe.get("texto_encontrado") or ""):
            dias.update((dia, mes) for _, _, dia, mes in formas.dias_sem_ano(texto))
    return dias


def _data_iso(normal: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(normal)
    except ValueError:
        return None


def _relogio_do_dia(listas: list[list[Valor]]) -> set[dt.datetime]:
    """Horas sem data nem fuso de um arquivo cujas citações dizem um dia só (o cabeçalho do dia do extrato, citado
    à parte): no relógio do documento, todas são daquele dia. Com dois dias citados, não se sabe qual hora é de
    qual dia, e nada se compõe."""
    datas = {v.normal: v for lista in listas for v in lista if v.tipo == "data"}
    if len(datas) != 1:
        return set()
    [data] = datas.values()
    saida = set()
    for lista in listas:
        for m in momentos(lista):
            if m.data is None and m.fuso is None and (local := Momento(data, m.hora, None).local) is not None:
                saida.add(local)
    return saida


def _posicao(ref: dict[str, Any]) -> tuple[int, int] | None:
    """(página, linha) de uma referência a "linha N"; None para célula, parágrafo ou outra forma."""
    prefixo, _, numero = str(ref.get("linha_ou_celula", "")).partition(" ")
    return (ref.get("pagina") or 0, int(numero)) if prefixo == "linha" and numero.isdigit() else None


def _relogio_dos_dias(listas: list[list[Valor]], posicoes: list[tuple[int, int] | None]) -> set[dt.datetime]:
    """Com vários cabeçalhos de dia citados num extrato (a data numa linha só dela, as horas nas linhas de baixo), cada
    hora sem data é do dia citado mais perto acima dela, como o extrator a leu: o documento é relido na mesma ordem.
    Sem a posição de todas as citações (células, parágrafos), nada se compõe."""
    if any(p is None for p in posicoes):
        return set()
    citadas = [(p, lista) for p, lista in zip(posicoes, listas, strict=True) if p is not None]
    # o cabeçalho do dia: a citação que é só a data
    dias = [(p, lista[0]) for p, lista in citadas if len(lista) == 1 and lista[0].tipo == "data"]
    if len({v.normal for _, v in dias}) < 2:
        return set()  # um dia só: `_relogio_do_dia`
    saida = set()
    for posicao, lista in citadas:
        acima = [(p, v) for p, v in dias if p < posicao]
        if not acima:
            continue
        _, data = max(acima, key=lambda par: par[0])
        for m in momentos(lista):
            if m.data is None and m.fuso is None and (local := Momento(data, m.hora, None).local) is not None:
                saida.add(local)
    return saida


#: quantas linhas acima da hora pode estar a data do mesmo lançamento (a linha de continuação do extrato)
_LINHAS_ATE_A_DATA = 2


def _relogio_da_linha_de_cima(listas: list[list[Valor]], posicoes: list[tuple[int, int] | None]) -> set[dt.datetime]:
    """A hora citada sem data numa linha de continuação ("10/06 14:22 ANA PAULA RODRIGUES", embaixo de
    "10/06/2025 10/06/2025 Pix - Recebido 2.870,00 C") com a data da citação da linha logo acima, da mesma página:
    o lançamento em duas linhas, como o extrator o leu. Só quando a linha de cima cita um dia só."""
    citadas = [(p, lista) for p, lista in zip(posicoes, listas, strict=True) if p is not None]
    saida = set()
    for posicao, lista in citadas:
        horas = [m for m in momentos(lista) if m.data is None and m.fuso is None]
        if not horas:
            continue
        acima = [outra for p, outra in citadas if p[0] == posicao[0] and 0 < posicao[1] - p[1] <= _LINHAS_ATE_A_DATA]
        dias = {v.normal: v for outra in acima for v in outra if v.tipo == "data"}
        if len(dias) != 1:
            continue
        [data] = dias.values()
        for m in horas:
            if (local := Momento(data, m.hora, None).local) is not None:
                saida.add(local)
    return saida


def _linha_da_planilha(ref: dict[str, Any]) -> tuple[str | None, int] | None:
    """(aba, linha) de uma referência a uma célula; None para outra forma."""
    local = localizacao.interpretar(str(ref.get("linha_ou_celula") or ""))
    return (ref.get("aba_planilha"), local.numero) if local is not None and local.tipo == "celula" else None


def _relogio_da_linha_da_planilha(listas: list[list[Valor]], linhas: list[tuple[str | None, int] | None]
                                  ) -> set[dt.datetime]:
    """A hora citada sem data numa célula (a coluna Hora, ou a hora que o histórico escreve: "Pix - Recebido 12/06
    10:02 ANA ...") com a data citada noutra célula da mesma linha e aba: o lançamento da planilha, como o extrator o
    leu. Só quando as citações da linha dizem um dia só."""
    por_linha: dict[tuple[str | None, int], list[list[Valor]]] = {}
    for linha, lista in zip(linhas, listas, strict=True):
        if linha is not None:
            por_linha.setdefault(linha, []).append(lista)
    # cada linha da planilha é um "arquivo de um dia só" (`_relogio_do_dia`); a data compacta da coluna (o
    # DATA_LANCAMENTO "14072025" do SIMBA em planilha) é a data da linha
    return set().union(*(_relogio_do_dia([[data_compacta(v) or v for v in lista] for lista in da_linha])
                         for da_linha in por_linha.values()))


def _compostos(listas: list[list[Valor]]) -> list[Momento]:
    """Momentos cujas partes o mesmo arquivo escreve em lugares diferentes, todos citados: a hora numa
    linha ou célula, a data noutra (cabeçalho do dia, coluna Data) e o fuso declarado uma vez."""
    datas = [v for lista in listas for v in lista if v.tipo == "data"]
    fusos = [v for lista in listas for v in lista if v.tipo == "fuso"]
    compostos = []
    for lista in listas:
        for m in momentos(lista):
            if m.data is not None and m.fuso is not None:
                continue
            for data in [m.data] if m.data is not None else datas:
                for fuso in [m.fuso] if m.fuso is not None else fusos:
                    fuso_no_dia = Valor("fuso", fuso.texto, fuso.normal, data=data.normal if data else None)
                    compostos.append(Momento(data, m.hora, fuso_no_dia))
            if m.fuso is not None and m.data is None and not datas:
                compostos.append(m)
    return compostos


def _sustentado(valor: Valor, apoio: list[Valor]) -> bool:
    if valor.tipo == "digitos":
        if len(valor.normal) < MINIMO_IDENTIFICADOR:
            return True  # números curtos (linha, página, agência) não são identificadores
        return any(v.tipo == "digitos" and mesmo_numero(valor, v) for v in apoio)
    return any(v.tipo == valor.tipo and v.normal == valor.normal for v in apoio)


def _momento_sustentado(momento: Momento, apoio: _Apoio) -> bool:
    escrita = momento.hora.normal
    if momento.fuso is None:
        return any(m.hora.normal[: len(escrita)] == escrita for m in apoio.momentos) and (
            momento.data is None or any(
                (v.tipo == "data" and v.normal == momento.data.normal) or (v.tipo == "digitos" and v.texto == momento.data.texto)
                for v in apoio.valores
            )
        )
    zona = tempo.zona(momento.fuso.texto)
    for m in apoio.momentos:
        instante = m.instante
        if instante is not None and zona is not None:
            local = instante.astimezone(zona)  # o instante citado escrito no fuso da afirmação
            if local.strftime("%H:%M:%S")[: len(escrita)] == escrita and (
                momento.data is None or local.date().isoformat() == momento.data.normal
            ):
                return True
        elif m.fuso is not None and m.hora.normal[: len(escrita)] == escrita and momento.data is None:
            if mesmo_fuso(m.fuso, momento.fuso):
                return True
    return False
