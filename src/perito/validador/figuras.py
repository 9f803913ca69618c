"""Figuras calculadas na afirmação, refeitas a partir do que as referências citam (issue 23, item 4).

Cada figura é reconhecida pelo sentido (número + palavra da unidade), não por uma frase exata:

- porcentagem "P%": parte sobre base. A base é o valor escrito logo depois ("94% dos 3.500,00
  recebidos"); sem ele, o que entrou e a parte o que saiu ("entra 480,00 ... e saem -450,00, 93% do que
  entrou"; "entram 2.350,00 ... e 1.200,00 ... e saem -3.500,00, 98%": a base é a soma dos dois); sem a
  palavra da saída, o primeiro valor da oração, e a parte é a soma dos outros. Os dois precisam estar num dado_citado.
  Convenção do perito: a porcentagem é truncada (`int`), então 93,75% se escreve 93%; o valor
  arredondado que difere do truncado (94%) não é erro de conta, mas não é a convenção: AMBIGUO.
- "N pagadores distintos (A, B, ..., e mais K pagadores)": N é o número de nomes listados, diferentes
  entre si, cada um num dado_citado; "e mais K" não está citado: AMBIGUO.
- "N famílias de fonte independentes (banco, ...)" (ou "1 família de fonte independente (...)"; a forma
  antiga, com "(s)" depois de família e de independente, também): N é o tamanho da lista.
- "N indícios": o número de itens enumerados "(1) ... (N)".
- "em N arquivos": os arquivos distintos das referências.
- "N eventos entre A e B" (ou "1 evento entre ..."): os locais citados cujo instante está entre A e B.
- "o instante em B cai dentro da sessão de conexão registrada em A": o início e o fim citados de A contêm um
  instante citado de B.
- "S de C créditos: item; item" ("1 de 1 crédito: item" também): S é o número de créditos dos itens com
  porcentagem (um por item, ou os valores antes de "saem" no grupo "entram X ... e Y ... e saem Z"), mais
  "e mais K"; C, os locais citados de um mesmo arquivo cujo primeiro valor é positivo (um crédito).

Uma figura que não resulta do que está citado é grave (CONTRADITO, "a afirmação diz X; das
referências citadas resulta Y"); uma que não dá para refazer com o que está citado é AMBIGUO.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import ipaddress
import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from perito.chaves.nome import dobrar
from perito.chaves.valores import Valor, decompor
from perito.leitura import localizacao
from perito.texto_ptbr import conforme, plural
from perito.validador.instantes import Momento, momentos


@dataclass(frozen=True)
class Problema:
    """Um problema de figura: `grave` quando a conta não fecha (a conclusão é CONTRADITO)."""

    texto: str
    grave: bool = False

    def __str__(self) -> str:
        return self.texto


_PORCENTAGEM = re.compile(r"(?<![\d,.])(\d+(?:,\d+)?)\s*%")
#: fronteira de oração: ";", ": " (não o de "12:04:55") e fim de frase antes de maiúscula (não "p. 1")
_ORACAO = re.compile(r";|:\s|\.\s+(?=[A-ZÀ-Ý(])")
#: o que pode vir entre "P%" e o valor-base escrito logo depois: "de", "dos", "do valor recebido ("
_ANTES_DA_BASE = re.compile(r"\s*(?:d[eoa]s?\s+)?(?:[^\W\d]+\s+){0,3}\(?\s*(?=(?:R\$\s*)?-?\d)", re.IGNORECASE)
_PAGADORES = re.compile(r"(\d+)\s+pagadores\s+distintos\b[^();]*\(", re.IGNORECASE)
_E_MAIS = re.compile(r"^e\s+mais\s+(\d+)\b", re.IGNORECASE)
#: "1 família de fonte independente (", "2 famílias de fonte independentes (" e a forma antiga "família(s) ... (s)"
_FAMILIAS = re.compile(
    r"(\d+)\s+famílias?(?:\(s\))?\s+de\s+fontes?\s+independentes?(?:\(s\))?\s*\(", re.IGNORECASE
)
_INDICIOS = re.compile(r"(\d+)\s+indícios\b", re.IGNORECASE)
_ITEM = re.compile(r"\((\d+)\)\s")
_ARQUIVOS = re.compile(r"\bem\s+(\d+)\s+arquivos\b", re.IGNORECASE)
_EVENTOS = re.compile(r"(\d+)\s+eventos?(?:\(s\))?\s+entre\b", re.IGNORECASE)
_CREDITOS = re.compile(r"\b(\d+)\s+de\s+(\d+)\s+créditos?\b\s*:?", re.IGNORECASE)
_FIM_DO_ITEM = re.compile(r"\(\d+\)\s|\.\s+(?=[A-ZÀ-Ý])")


def conferir(conclusao: dict[str, Any], texto: str, citados: list[list[Valor]] | None = None,
             unix: dict[str, list[Momento]] | None = None) -> list[Problema]:
    """`texto`: a afirmação já sem os nomes de arquivo (como `afirmacao.conferir` a prepara); `citados`: o que cada
    referência cita, já decomposto na ordem das datas do arquivo dela; `unix`: os instantes em tempo Unix que o
    validador derivou dos locais citados, por arquivo (`validador/tempo_unix.py`)."""
    referencias = conclusao["referencias"]
    citados = [decompor(r["dado_citado"]) for r in referencias] if citados is None else citados
    problemas = [*_porcentagens(texto, citados), *_pagadores(texto, referencias), *_familias(texto), *_indicios(texto)]
    problemas += [*_arquivos(texto, referencias), *_eventos(texto, referencias, citados), *_creditos(texto, referencias, citados)]
    problemas += _sessoes(conclusao.get("afirmacao", texto), referencias, citados, unix or {})
    problemas += _prefixos(texto, citados)
    return problemas


_PREFIXO_IPV6 = re.compile(r"prefixo IPv6 (?P<rede>[0-9A-Fa-f:]+/\d{1,3})")


def _prefixos(texto: str, citados: list[list[Valor]]) -> list[Problema]:
    """"o prefixo IPv6 2804:14c:65a1:4f2e::/64 ... cobre o acesso com um IP dentro do prefixo": algum IP citado (que
    não o próprio prefixo) está na rede, conferido pelo `ipaddress`."""
    problemas = []
    for m in _PREFIXO_IPV6.finditer(texto):
        try:
            rede = ipaddress.ip_network(m.group("rede"), strict=False)
        except ValueError:
            problemas.append(Problema(f"a afirmação diz o prefixo {m.group('rede')}, que não é uma rede IPv6"))
            continue
        dentro = []
        for lista in citados:
            for v in lista:
                if v.tipo != "ip" or v.normal == str(rede.network_address):
                    continue
                with contextlib.suppress(ValueError):
                    if ipaddress.ip_address(v.normal) in rede:
                        dentro.append(v)
        if not dentro:
            problemas.append(_diz(f"um acesso dentro do prefixo {m.group('rede')}", "nenhum IP citado dentro dele"))
    return problemas


_SESSAO = "o instante em {b} cai dentro da sessão de conexão registrada em {a}"


def _instantes_do_arquivo(arquivo: str, referencias: list[dict[str, Any]], citados: list[list[Valor]]) -> list[dt.datetime]:
    """Os instantes citados do arquivo; a hora sem fuso leva o fuso dito uma vez nele (citado numa referência só dele)."""
    do_arquivo = [(r, v) for r, v in zip(referencias, citados, strict=True) if r["arquivo"] == arquivo]
    # o fuso citado sozinho numa referência; o nome e o deslocamento ditos juntos ("fuso de Brasília (UTC-03:00)",
    # "horário de Brasília (UTC-3)") são um fuso só, como o extrator o lê
    fuso = next((v[0] if len(v) == 1 else Valor("fuso", r["dado_citado"].strip(), r["dado_citado"].strip())
                 for r, v in do_arquivo if v and len(v) <= 2 and all(x.tipo == "fuso" for x in v)), None)
    instantes = []
    for valores in [v for _, v in do_arquivo] + _data_e_hora_da_mesma_linha(do_arquivo):
        lidos = momentos(valores)
        # o fim da sessão sem fuso ao lado, no mesmo registro que o início com ele (a coluna Fuso da linha vale para
        # as duas datas-horas: "14:02:00;16:40:00;UTC-3"): o único fuso citado na referência
        do_registro = {x.fuso.normal: x.fuso for x in lidos if x.fuso is not None}
        fuso_da_referencia = next(iter(do_registro.values())) if len(do_registro) == 1 else fuso
        for x in lidos:
            instante = x.instante
            if instante is None and fuso_da_referencia is not None and x.data is not None and x.fuso is None:
                instante = Momento(x.data, x.hora, Valor("fuso", fuso_da_referencia.texto, fuso_da_referencia.normal,
                                                         data=x.data.normal)).instante
            if instante is not None:
                instantes.append(instante)
    return instantes


def _data_e_hora_da_mesma_linha(do_arquivo: list[tuple[dict[str, Any], list[Valor]]]) -> list[list[Valor]]:
    """A data e a hora citadas cada uma na sua célula da mesma linha da planilha (colunas Data e Hora): juntas, um
    instante. Só com uma data e uma hora sozinhas na linha; com duas de uma delas, não se sabe qual par é."""
    por_linha: dict[tuple[Any, int], list[Valor]] = {}
    for ref, valores in do_arquivo:
        local = localizacao.interpretar(str(ref.get("linha_ou_celula") or ""))
        if local is not None and local.tipo == "celula" and len(valores) == 1 and valores[0].tipo in ("data", "hora"):
            por_linha.setdefault((ref.get("aba_planilha"), local.numero), []).append(valores[0])
    juntos = []
    for valores in por_linha.values():
        datas = [v for v in valores if v.tipo == "data"]
        horas = [v for v in valores if v.tipo == "hora"]
        if len(datas) == 1 and len(horas) == 1:
            juntos.append([datas[0], horas[0]])
    return juntos


def _sessoes(afirmacao: str, referencias: list[dict[str, Any]], citados: list[list[Valor]],
             unix: dict[str, list[Momento]]) -> list[Problema]:
    """"o instante em B cai dentro da sessão de conexão registrada em A": o início e o fim citados de A (os dois
    instantes extremos) contêm um instante citado de B (também o que B escreve em tempo Unix: "login_time_ms"
    1752517267000, UTC por definição)."""
    arquivos = sorted({r["arquivo"] for r in referencias})
    problemas = []
    for a in arquivos:
        for b in arquivos:
            if a == b or _SESSAO.format(a=a, b=b) not in afirmacao:
                continue
            sessao = _instantes_do_arquivo(a, referencias, citados)
            if len(sessao) < 2:
                problemas.append(Problema(f"a afirmação diz uma sessão de conexão, mas {a} não tem início e fim citados"))
                continue
            inicio, fim = min(sessao), max(sessao)
            de_b = _instantes_do_arquivo(b, referencias, citados) + [i for m in unix.get(b, []) if (i := m.instante)]
            if not any(inicio <= x <= fim for x in de_b):
                problemas.append(_diz("um instante dentro da sessão de conexão",
                                      f"nenhum instante citado de {b} entre {inicio:%H:%M:%S} e {fim:%H:%M:%S} UTC"))
    return problemas


_CENTAVOS = re.compile(r"(?<![\d.,])(-?\d{1,13}) centavos\b")


def _quantias(texto: str) -> list[Valor]:
    """Valores em dinheiro do texto; a vírgula que separa orações ("saem -450,00, 93%") não é do valor. "125090
    centavos" (a unidade do SIMBA, dita no cabeçalho citado) é R$ 1.250,90."""
    centavos = [(m.start(), Valor("valor", m.group(0), em_reais(m.group(1)))) for m in _CENTAVOS.finditer(texto)]
    sem = _CENTAVOS.sub(lambda m: " " * len(m.group(0)), texto)
    reais, desde = [], 0
    for v in decompor(re.sub(r",(?=\s|$)", " ", sem)):
        if v.tipo == "valor":
            desde = max(sem.find(v.texto, desde), 0)
            reais.append((desde, v))
            desde += len(v.texto)
    quantias: list[tuple[int, Valor]] = []
    for inicio, v in sorted(centavos + reais, key=lambda par: par[0]):
        # "730.00 (R$ 730,00)": o perito escreve o valor como está no documento e, entre parênteses, em reais;
        # é um valor só, não dois a somar
        if quantias and quantias[-1][1].normal == v.normal:
            anterior_inicio, anterior = quantias[-1]
            if re.fullmatch(r"\s*\(\s*", texto[anterior_inicio + len(anterior.texto) : inicio]):
                continue
        quantias.append((inicio, v))
    return [v for _, v in quantias]


def em_reais(centavos: str) -> str:
    return str((Decimal(centavos.lstrip("-")) / 100).quantize(Decimal("0.01")))


def _diz(escrito: str, resulta: str, porque: str = "") -> Problema:
    return Problema(f"a afirmação diz {escrito}; das referências citadas resulta {resulta}{porque}", grave=True)


# ---------------------------------------------------------------- porcentagens


def _porcentagens(texto: str, citados: list[list[Valor]]) -> list[Problema]:
    quantias = {v.normal for lista in citados for v in lista if v.tipo == "valor"}
    # um número inteiro citado pode ser um valor em centavos (SIMBA): a afirmação o escreve com a unidade
    quantias |= {em_reais(v.normal) for lista in citados for v in lista if v.tipo == "digitos" and len(v.normal) <= 13}
    # ou o número da planilha sem formato numa coluna em reais ("3300", que a afirmação escreve "3300 (R$ 3.300,00)")
    quantias |= {f"{int(v.normal)}.00" for lista in citados for v in lista if v.tipo == "digitos" and len(v.normal) <= 13}
    problemas = []
    for m in _PORCENTAGEM.finditer(texto):
        inicio = max((f.end() for f in _ORACAO.finditer(texto, 0, m.start())), default=0)
        antes = _quantias(texto[inicio : m.start()])
        base_escrita = _base_escrita(texto[m.end() :])
        if base_escrita is not None:
            bases, parte = [base_escrita], antes
        elif len(antes) >= 2:
            bases, parte = _entradas_e_saidas(texto[inicio : m.start()], antes)
        else:
            problemas.append(Problema(f"a afirmação diz {m.group(0)}, mas não escreve de que valores (parte e base) resulta"))
            continue
        faltam = [v.texto for v in (*bases, *parte) if v.normal not in quantias]
        if faltam:
            sem = ", ".join(faltam)
            problemas.append(Problema(f"a afirmação diz {m.group(0)} de valores que nenhuma referência cita ({sem})"))
            continue
        base_texto = " + ".join(v.texto for v in bases)
        problemas += _conta(m.group(1), _soma(parte), _soma(bases), base_texto)
    return problemas


#: a saída de dinheiro na oração: "entram 2.350,00 ... e 1.200,00 ... e saem -3.500,00, 98% do que entrou"
_SAIDA = re.compile(r"\bsa(?:i|em|iu|íram)\b", re.IGNORECASE)


def _entradas_e_saidas(oracao: str, valores: list[Valor]) -> tuple[list[Valor], list[Valor]]:
    """Base e parte de uma porcentagem sem base escrita: o que entrou (os valores antes de "saem") e o que saiu (os
    de depois); sem a palavra da saída, o primeiro valor é a base e os outros, a parte."""
    saida = _SAIDA.search(oracao)
    antes_da_saida = len(_quantias(oracao[: saida.start()])) if saida else 0
    if saida is None or not 1 <= antes_da_saida < len(valores):
        return valores[:1], valores[1:]
    return valores[:antes_da_saida], valores[antes_da_saida:]


def _soma(valores: list[Valor]) -> Decimal:
    return sum((Decimal(v.normal) for v in valores), Decimal(0))


def _base_escrita(depois: str) -> Valor | None:
    """O valor-base escrito logo depois da porcentagem, na mesma oração."""
    ligacao = _ANTES_DA_BASE.match(depois)
    if ligacao is None:
        return None
    resto = re.split(r",\s|;|\)", depois[ligacao.end() :], maxsplit=1)[0]
    valores = _quantias(resto)
    return valores[0] if valores else None


def _conta(escrito: str, parte: Decimal, base: Decimal, base_texto: str) -> list[Problema]:
    if base == 0:
        return [Problema(f"a afirmação diz {escrito}% de uma base zero ({base_texto})")]
    casas = len(escrito.split(",")[1]) if "," in escrito else 0
    quantum = Decimal(1).scaleb(-casas)
    real = parte * 100 / base
    truncado = (real // quantum) * quantum
    arredondado = real.quantize(quantum, rounding=ROUND_HALF_UP)
    dito = Decimal(escrito.replace(",", "."))
    if dito == truncado:
        return []
    if dito == arredondado:
        return [Problema(f"a afirmação diz {escrito}%, arredondado; o perito trunca: {_pct(truncado)}")]
    return [_diz(f"{escrito}%", _pct(truncado), f" ({_br(parte)} de {base_texto.lstrip('-')})")]


def _pct(valor: Decimal) -> str:
    return f"{valor}".replace(".", ",") + "%"


def _br(valor: Decimal) -> str:
    inteiro, _, centavos = f"{valor:.2f}".partition(".")
    return f"{int(inteiro):,}".replace(",", ".") + "," + centavos


# ---------------------------------------------------------------- contagens sobre listas escritas


def _lista(texto: str, abre: int) -> list[str]:
    """Itens da lista entre parênteses que abre em `abre`, separados por vírgula no primeiro nível."""
    nivel, atual, itens = 0, "", []
    for c in texto[abre:]:
        if c == "(":
            nivel += 1
            if nivel == 1:
                continue
        elif c == ")":
            nivel -= 1
            if nivel == 0:
                break
        if c == "," and nivel == 1:
            itens.append(atual.strip())
            atual = ""
        else:
            atual += c
    return [i for i in (*itens, atual.strip()) if i]


def _pagadores(texto: str, referencias: list[dict[str, Any]]) -> list[Problema]:
    citados = [dobrar(r["dado_citado"]) for r in referencias]
    problemas = []
    for m in _PAGADORES.finditer(texto):
        dito, nomes, mais = int(m.group(1)), [], 0
        for item in _lista(texto, m.end() - 1):
            if e_mais := _E_MAIS.match(item):
                mais += int(e_mais.group(1))
            else:
                nomes.append(item)
        distintos = {dobrar(n) for n in nomes}
        if len(distintos) + mais != dito:
            problemas.append(_diz(f"{dito} pagadores distintos", f"{len(distintos) + mais} ({', '.join(nomes)})"))
            continue
        sem = [n for n in nomes if not any(dobrar(n) in c for c in citados)]
        if sem:
            problemas.append(Problema(f"a afirmação conta o pagador {', '.join(sem)}, que nenhuma referência cita"))
        if mais:
            nao_citados = conforme(mais, "não está citado", "não estão citados")
            problemas.append(Problema(f"a afirmação conta {dito} pagadores distintos, mas {mais} {nao_citados}"))
    return problemas


def _familias(texto: str) -> list[Problema]:
    problemas = []
    for m in _FAMILIAS.finditer(texto):
        itens = [i for i in _lista(texto, m.end() - 1) if i != "nenhuma"]
        if len(itens) != int(m.group(1)):
            dito = plural(int(m.group(1)), "família de fonte independente", "famílias de fonte independentes")
            problemas.append(_diz(dito, f"{len(itens)} ({', '.join(itens)})"))
    return problemas


def _indicios(texto: str) -> list[Problema]:
    numeros = [int(n) for n in _ITEM.findall(texto)]
    enumerados = 0
    while enumerados + 1 in numeros:
        enumerados += 1
    problemas = []
    for m in _INDICIOS.finditer(texto):
        if int(m.group(1)) != enumerados:
            problemas.append(_diz(f"{m.group(1)} indícios", plural(enumerados, "enumerado", "enumerados")))
    return problemas


def _arquivos(texto: str, referencias: list[dict[str, Any]]) -> list[Problema]:
    arquivos = {r["arquivo"] for r in referencias}
    ditos = [m.group(1) for m in _ARQUIVOS.finditer(texto)]
    return [_diz(f"{n} arquivos", f"{len(arquivos)}") for n in ditos if int(n) != len(arquivos)]


# ---------------------------------------------------------------- contagens sobre as referências


def _local(ref: dict[str, Any]) -> tuple[Any, ...]:
    return ref["arquivo"], ref.get("pagina"), ref.get("aba_planilha"), ref["linha_ou_celula"]


def _eventos(texto: str, referencias: list[dict[str, Any]], citados: list[list[Valor]]) -> list[Problema]:
    problemas = []
    for m in _EVENTOS.finditer(texto):
        fim = texto.find(";", m.end())
        limites = [x.instante for x in momentos(decompor(texto[m.end() : fim if fim >= 0 else None])) if x.instante]
        dito = int(m.group(1))
        if len(limites) < 2:
            problemas.append(Problema(
                f"a afirmação conta {plural(dito, 'evento', 'eventos')} sem dizer os dois instantes que os limitam"
            ))
            continue
        inicio, final = min(limites[:2]), max(limites[:2])
        # o fuso dito uma vez no arquivo (citado numa referência só dele) vale para as horas citadas do mesmo arquivo
        fusos: dict[str, list[Valor]] = {}
        for r, valores in zip(referencias, citados, strict=True):
            fusos.setdefault(r["arquivo"], []).extend(v for v in valores if v.tipo == "fuso" and len(valores) == 1)
        locais = {_local(r) for r, valores in zip(referencias, citados, strict=True)
                  if _dentro(valores, inicio, final, next(iter(fusos[r["arquivo"]]), None))
                  or _dentro_com_a_data_de_cima(r, valores, referencias, citados, inicio, final,
                                                next(iter(fusos[r["arquivo"]]), None))}
        if len(locais) > dito:
            problemas.append(_diz(plural(dito, "evento", "eventos"),
                                  f"{plural(len(locais), 'evento citado', 'eventos citados')} entre os dois instantes"))
        elif len(locais) < dito:
            so = f"só {plural(len(locais), 'está citado', 'estão citados')}" if locais else "nenhum está citado"
            problemas.append(Problema(f"a afirmação conta {plural(dito, 'evento', 'eventos')}, mas {so} entre os dois instantes"))
    return problemas


#: quantas linhas acima da hora a data do mesmo registro em blocos pode estar ("Data: 02/08/2025" / "Hora: 10:10:44")
_LINHAS_ATE_A_DATA = 3


def _linha(ref: dict[str, Any]) -> tuple[Any, int] | None:
    prefixo, _, numero = str(ref.get("linha_ou_celula", "")).partition(" ")
    return (ref.get("pagina"), int(numero)) if prefixo == "linha" and numero.isdigit() else None


def _dentro_com_a_data_de_cima(ref: dict[str, Any], valores: list[Valor], referencias: list[dict[str, Any]],
                               citados: list[list[Valor]], inicio: dt.datetime, final: dt.datetime,
                               fuso: Valor | None) -> bool:
    """A hora citada sozinha ("Hora: 10:10:44", num registro em blocos) com a data citada sozinha logo acima, no
    mesmo arquivo e página ("Data: 02/08/2025"), e o fuso dito uma vez: o evento cujas partes estão em linhas
    vizinhas, como o extrator o leu. Também a hora com o fuso escrito nela, na linha logo abaixo da data de uma linha de
    tabela ("14/07/2025   177.45.10.2   51234" / "18:19:02 UTC": a célula "Data/Hora" quebrada em duas linhas)."""
    if (posicao := _linha(ref)) is None:
        return False
    # a hora sem data: com o fuso escrito nela ou, sem ele, com o fuso dito uma vez no arquivo
    horas = [x for x in momentos(valores) if x.data is None and (x.fuso is not None or fuso is not None)]
    if not horas:
        return False
    for outra, outros in zip(referencias, citados, strict=True):
        acima = _linha(outra)
        if outra["arquivo"] != ref["arquivo"] or acima is None or acima[0] != posicao[0] \
                or not 0 < posicao[1] - acima[1] <= _LINHAS_ATE_A_DATA:
            continue
        datas = [v for v in outros if v.tipo == "data"]
        sozinha = [v.tipo for v in outros] == ["data"]
        if len(datas) != 1 or any(v.tipo == "hora" for v in outros):
            continue
        data = datas[0]
        for hora in horas:
            if not sozinha and (hora.fuso is None or posicao[1] - acima[1] != 1):
                continue  # a data de uma linha com outros valores só se completa com a hora logo abaixo, com fuso
            zona = hora.fuso if hora.fuso is not None else fuso
            assert zona is not None
            instante = Momento(data, hora.hora, Valor("fuso", zona.texto, zona.normal, data=data.normal)).instante
            if instante is not None and inicio <= instante <= final:
                return True
    return False


def _dentro(valores: list[Valor], inicio: dt.datetime, final: dt.datetime, fuso: Valor | None = None) -> bool:
    """Algum momento citado cai entre os dois instantes; o que não traz fuso leva o `fuso` dito uma vez no arquivo
    (o "Timestamp (UTC)" do cabeçalho, citado à parte), mesmo com outro valor entre a hora e o fim do citado."""
    for x in momentos(valores):
        instante = x.instante
        if instante is None and fuso is not None and x.data is not None and x.fuso is None:
            instante = Momento(x.data, x.hora, Valor("fuso", fuso.texto, fuso.normal, data=x.data.normal)).instante
        if instante is not None and inicio <= instante <= final:
            return True
    return False


def _creditos_do_item(item: str) -> int:
    """Quantos créditos um repasse descreve: os valores antes de "saem" ("entram X em A e Y em B e saem Z": 2)."""
    saida = _SAIDA.search(item)
    return max(len(_quantias(item[: saida.start()])), 1) if saida else 1


def _creditos(texto: str, referencias: list[dict[str, Any]], citados: list[list[Valor]]) -> list[Problema]:
    """"S de C créditos: …": S tem de ser o número de repasses descritos (com a sua porcentagem, mais "e mais K").

    C (o total de créditos) não se refaz das referências: se uma linha citada é crédito ou débito depende do
    extrato (sinal, coluna D/C, colunas separadas), o que o validador não decide a partir do dado citado."""
    problemas = []
    for m in _CREDITOS.finditer(texto):
        parte, todo = int(m.group(1)), int(m.group(2))
        fim = _FIM_DO_ITEM.search(texto, m.end())
        itens = texto[m.end() : fim.start() if fim else None].split(";")
        mais = sum(int(e.group(1)) for i in itens if (e := _E_MAIS.match(i.strip())))
        contados = sum(_creditos_do_item(i) for i in itens if _PORCENTAGEM.search(i)) + mais
        dito = f"{parte} de {plural(todo, 'crédito', 'créditos')}"
        if contados != parte:
            problemas.append(_diz(dito, plural(contados, "descrito", "descritos")))
        if parte > todo:
            problemas.append(_diz(dito, f"mais repasses ({parte}) que créditos ({todo})"))
    return problemas
