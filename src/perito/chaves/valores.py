"""Decomposição de um texto (dado citado, texto encontrado, afirmação) em valores comparáveis.

Fica em chaves/ porque validador e motor Claude precisam da mesma noção de valor.

Ordem (um trecho reconhecido sai da frente dos seguintes): chave aleatória (UUID) e e-mail, IPv6, IPv4 (com porta),
data-hora, data-hora compacta ("20250802131044"), data por extenso, data, hora, hora com "h" (14h32), fuso, valor
monetário, CNPJ, CPF, telefone, IMEI, outra sequência de dígitos, palavra. CPF, telefone e IMEI são reconhecidos pelo formato
antes da sequência genérica para que dois números vizinhos ("(11) 93456-7890
529.982.247-25") não virem um só.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from perito.chaves import brcode, dinheiro, documento, email, evp, imei, ip, telefone, tempo, tempo_formas
from perito.chaves.nome import dobrar

# dígitos com separadores usuais de CPF, telefone e IMEI; nunca colados a letras
# um espaço só une grupos ("35 332811 452907 4"); dois ou mais separam colunas de uma tabela de texto
#: o mês e o ano de referência de um extrato ("03/2025"): o ano que o principal cita para um dia sem ano ("15/03")
_MES_E_ANO = re.compile(r"(?<![\w/.,-])(0?[1-9]|1[0-2])/((?:19|20)\d{2})(?![\w/.,-])")
_DIGITOS = re.compile(r"(?<![\w])\+?\(?\d(?:(?:[\d.\-/()]| (?=\d))*\d)?(?![\w])")
# chave Pix aleatória (EVP, um UUID) e e-mail: valores inteiros, não palavras e dígitos soltos
# uma palavra composta com hífen é uma palavra só: "SMS-O" e "SMS-T" (tipos de evento) não são ambas "SMS";
# fora dela, uma letra solta não é palavra (artigo, ruído de OCR)
_PALAVRA = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)+|[^\W\d_]{2,}")
# telefone com qualquer código de país ("+65 11 98765-4321" é outro número, não "+65" e um telefone do Brasil)
_TELEFONE_INTERNACIONAL = re.compile(r"(?<![\w+])\+\d{1,3}[\s.-]?(?:\(\d{2}\)|\d{2})[\s.-]?\d{4,5}[\s.-]?\d{4}(?!\d)")
_RECONHECIDOS = (
    documento.PADRAO_CNPJ, documento.PADRAO_CPF, _TELEFONE_INTERNACIONAL, telefone.PADRAO_TELEFONE, imei.PADRAO_IMEI_SOLTO,
)
#: condição necessária de cada um (o caractere que todo casamento tem), olhada no texto inteiro: consumir só troca
#: trechos por espaços, e o que falta no texto falta também no que sobra dele; sem ela, a passada é à toa. Os
#: padrões de antes têm as suas (o hífen da chave aleatória, a arroba, o "h" de 14h32, o R$); o teste compara com
#: todas as passadas feitas (`_COM_GATILHOS` falso)
_GATILHOS_RECONHECIDOS = (
    lambda t: "/" in t and "-" in t, lambda t: "-" in t and "." in t, lambda t: "+" in t, lambda t: True, lambda t: True,
)


#: condição necessária do IPv6 sem "::" (a única forma sem ele tem os oito grupos): a passada do padrão inteiro custa
#: cinco vezes esta busca, e quase todo texto (a afirmação de uma conclusão, com dezenas de horas) não tem IPv6
_OITO_GRUPOS = re.compile(r"(?:[0-9A-Fa-f]{1,4}:){7}[0-9A-Fa-f]")


@dataclass(frozen=True)
class Valor:
    tipo: str  # chave (aleatória, e-mail), ip, data, hora, fuso, valor, digitos, palavra
    texto: str  # como escrito
    normal: str  # forma de comparação
    porta: str | None = None  # só para ip
    data: str | None = None  # para fuso: data ISO do mesmo texto (deslocamento no dia certo)


def decompor(texto: str) -> list[Valor]:
    """Os valores de `texto`, na ordem das datas do contexto (`tempo_formas.na_ordem`: `8/2/2025` é 2 de agosto num
    documento que escreve o mês antes do dia)."""
    return list(_decompor(texto, tempo_formas.mes_primeiro()))


def texto_das_celulas(celulas: tuple[str, ...] | None, texto: str) -> str:
    """O texto de uma linha de tabela para decompor: as células separadas por " | " (a vírgula de um CSV não cola
    dois números, ",930.00,2264.90" são dois valores), ou o texto como está quando a linha não tem células."""
    return " | ".join(celulas) if celulas else texto


_COM_GATILHOS = True
#: compilado uma vez (o `re.sub` do módulo procura o padrão no cache a cada número de cada texto)
_NAO_DIGITO = re.compile(r"\D")


#: a mesma linha é decomposta muitas vezes (vizinhança, segunda leitura, o ofício depois da validação): num caso de
#: 950 conclusões são ~27 mil textos distintos (uns 50 caracteres cada); com 8 mil guardados, um terço das
#: decomposições refazia uma já feita e descartada
_DECOMPOSTOS = 32_768


@lru_cache(maxsize=_DECOMPOSTOS)
def _decompor(texto: str, mes_antes_do_dia: bool = False) -> tuple[Valor, ...]:
    # `mes_antes_do_dia` só separa as entradas guardadas: as datas saem de `tempo.data`, que lê a mesma ordem do contexto
    nome = texto.strip().strip("()").strip()
    if (nome and not any(c.isdigit() for c in nome) and len(nome) <= 40 and "|" not in nome
            and tempo.zona(nome) is not None):
        # o fuso citado sozinho como o cabeçalho o declara ("Brasília" de "Hora (Brasília)"): é o fuso, não palavra;
        # a citação de dois dados ("ANA | horário de Brasília") não é um fuso só: o nome também tem de ser achado
        return (Valor("fuso", nome, nome),)
    valores: list[tuple[int, Valor]] = []
    resto = list(texto)
    # o texto livre só é remontado depois de algo consumido (são duas dezenas de passadas por texto)
    livre_atual: list[str | None] = [texto]

    def consumir(inicio: int, fim: int) -> None:
        resto[inicio:fim] = " " * (fim - inicio)
        livre_atual[0] = None

    def livre() -> str:
        atual = livre_atual[0]
        if atual is None:
            atual = livre_atual[0] = "".join(resto)
        return atual

    # o BR Code (Pix Copia e Cola): só a chave dele conta, separada do resto do código (que vira espaço: os
    # algarismos dos campos colados à chave não são telefone, CPF nem data)
    if ("pix" in texto or "PIX" in texto) and "bcb.pix" in texto.lower():
        for codigo in brcode.achar(texto):
            if codigo.chave is not None and codigo.inicio_da_chave is not None:
                consumir(codigo.inicio, codigo.inicio_da_chave)
                consumir(codigo.inicio_da_chave + len(codigo.chave), codigo.fim)
            else:
                consumir(codigo.inicio, codigo.fim)
    # sem isto, uma chave aleatória não tem valor nenhum a conferir; a lida por OCR compara sem as trocas
    todas = not _COM_GATILHOS
    for m in (evp.PADRAO_OCR.finditer(livre()) if todas or texto.count("-") >= 4 else ()):
        if (normal := evp.normalizar(m.group(0))) is not None:
            valores.append((m.start(), Valor("chave", m.group(0), normal)))
            consumir(m.start(), m.end())
    if todas or len(texto) >= 32:  # a chave aleatória sem hífens, na forma do UUID aleatório (`evp.PADRAO_COMPACTA`)
        for m in evp.PADRAO_COMPACTA.finditer(livre()):
            if (normal := evp.normalizar(m.group(0))) is not None:
                valores.append((m.start(), Valor("chave", m.group(0), normal)))
                consumir(m.start(), m.end())
    for m in (email.PADRAO.finditer(livre()) if todas or "@" in texto else ()):
        if jid := email.DOMINIO_DO_WHATSAPP.search(m.group(0)):
            consumir(m.start() + jid.start(), m.end())  # o número da conta do WhatsApp fica para os dígitos
            continue
        valores.append((m.start(), Valor("chave", m.group(0), m.group(0).lower())))
        consumir(m.start(), m.end())
    for padrao in (ip.PADRAO_IPV6, ip.PADRAO_IPV4):
        if not todas and padrao is ip.PADRAO_IPV6 and "::" not in texto and _OITO_GRUPOS.search(texto) is None:
            continue
        for m in padrao.finditer(livre()):
            grupo = "ipb" if "ipb" in padrao.groupindex and m.group("ipb") else "ip"
            literal = m.group(grupo)
            canonico = ip.canonico(literal)
            if canonico is None or (padrao is ip.PADRAO_IPV6 and ":" not in literal.strip(":")):
                continue
            porta = m.group("porta") if ip.porta_valida(m.group("porta")) else None
            valores.append((m.start(), Valor("ip", literal, canonico, porta=porta)))
            consumir(m.start(), m.end())
    datas_iso: list[str] = []
    for m in tempo.PADRAO_DATA_HORA.finditer(livre()):
        d = tempo.data(m.group("data"))
        h = tempo.hora(m.group("hora"))
        if d is None or h is None:
            continue
        datas_iso.append(d.isoformat())
        valores.append((m.start("data"), Valor("data", m.group("data"), d.isoformat())))
        valores.append((m.start("hora"), Valor("hora", m.group("hora"), _hora_normal(m.group("hora")))))
        fuso = tempo.fuso_do_achado(m)
        if fuso and tempo.zona(fuso) is not None:
            valores.append((m.end() - len(fuso), Valor("fuso", fuso, fuso, data=d.isoformat())))
        consumir(m.start(), m.end())
    for m in tempo.PADRAO_HORA_DATA.finditer(livre()):  # "às 14:20:05 de 18/09/2025": a data vem antes da hora
        if (d := tempo.data(m.group("data"))) is not None and tempo.hora(m.group("hora")) is not None:
            datas_iso.append(d.isoformat())
            valores.append((m.start(), Valor("data", m.group("data"), d.isoformat())))
            valores.append((m.start() + 1, Valor("hora", m.group("hora"), _hora_normal(m.group("hora")))))
            if (fuso := tempo.fuso_da_hora_data(m)) and tempo.zona(fuso) is not None:
                valores.append((m.start() + 2, Valor("fuso", fuso, fuso, data=d.isoformat())))
            consumir(m.start(), m.end())
    for m in tempo.PADRAO_DATA_JAVA.finditer(livre()):  # "Sat Aug 02 10:10:44 BRT 2025"
        if (d := tempo.data(tempo.data_java(m))) is not None and tempo.hora(m.group("hora")) is not None:
            datas_iso.append(d.isoformat())
            valores.append((m.start("mes"), Valor("data", tempo.data_java(m), d.isoformat())))
            valores.append((m.start("hora"), Valor("hora", m.group("hora"), _hora_normal(m.group("hora")))))
            if tempo.zona(m.group("fuso")) is not None:
                valores.append((m.start("fuso"), Valor("fuso", m.group("fuso"), m.group("fuso"), data=d.isoformat())))
            consumir(m.start(), m.end())
    for m in tempo_formas.PADRAO_COMPACTO.finditer(livre()):  # "20250802131044": a data e a hora num número só
        if (lida := tempo_formas.ler_compacto(m.group(0))) is not None:
            datas_iso.append(lida[0].isoformat())
            valores.append((m.start(), Valor("data", m.group(0), lida[0].isoformat())))
            valores.append((m.start("h"), Valor("hora", m.group(0), lida[1].strftime("%H:%M:%S"))))
            if (fuso := m.group("fuso")) and tempo.zona(fuso) is not None:  # "20250714T182107Z": o fuso colado
                valores.append((m.start("fuso"), Valor("fuso", fuso, fuso, data=lida[0].isoformat())))
            consumir(m.start(), m.end())
    for m in tempo.PADRAO_DATA_EXTENSO.finditer(livre()):  # "08 de janeiro de 2025"
        if (d := tempo.data_por_extenso(m)) is not None:
            datas_iso.append(d.isoformat())
            valores.append((m.start(), Valor("data", m.group(0), d.isoformat())))
            consumir(m.start(), m.end())
    for m in tempo.PADRAO_DATA.finditer(livre()):
        if (d := tempo.data(m.group("data"))) is not None:
            datas_iso.append(d.isoformat())
            valores.append((m.start(), Valor("data", m.group(0), d.isoformat())))
            consumir(m.start(), m.end())
    for m in tempo.PADRAO_HORA.finditer(livre()):
        if _e_deslocamento(texto, m.start()):
            continue  # "-03:00" depois de uma hora é fuso, não hora
        if tempo.hora(m.group(0)) is not None:
            valores.append((m.start(), Valor("hora", m.group(0), _hora_normal(m.group(0)))))
            consumir(m.start(), m.end())
    for m in (tempo.PADRAO_HORA_H.finditer(livre()) if todas or "h" in texto or "H" in texto else ()):  # "14h32"
        if (h := tempo.hora(m.group(0))) is not None:
            valores.append((m.start(), Valor("hora", m.group(0), h.strftime("%H:%M"))))
            consumir(m.start(), m.end())
    for m in (tempo.PADRAO_HORA_CHEIA.finditer(livre()) if todas or "h" in texto or "H" in texto else ()):  # "às 15h"
        if (h := tempo.hora(m.group("hora"))) is not None:
            valores.append((m.start("hora"), Valor("hora", m.group("hora"), h.strftime("%H:%M"))))
            consumir(m.start("hora"), m.end("hora"))
    for m in tempo.PADRAO_FUSO.finditer(livre()):
        if _DESLOCAMENTO_SEM_DOIS_PONTOS.fullmatch(m.group(0)) and not _deslocamento_de_uma_hora(texto, m.start(), valores):
            continue  # "-1400" sozinho numa célula é o valor com sinal, não o fuso −14:00
        if tempo.zona(m.group(0)) is not None:
            valores.append((m.start(), Valor("fuso", m.group(0), m.group(0), data=datas_iso[0] if datas_iso else None)))
            consumir(m.start(), m.end())
    for m in dinheiro.PADRAO_VALOR.finditer(livre()):
        if (quantia := dinheiro.centavos(m.group("valor"))) is not None:
            valores.append((m.start(), Valor("valor", m.group("valor"), str(abs(quantia)))))
            consumir(m.start(), m.end())
    # ponto decimal com 2 casas ("R$ 1,230.00", "1230.00"): nunca é milhar brasileiro, é a notação americana
    for padrao in (dinheiro.PADRAO_VALOR_RS_PONTO, dinheiro.PADRAO_NUMERO_PONTO):
        if not todas and padrao is dinheiro.PADRAO_VALOR_RS_PONTO and "R$" not in texto and "BRL" not in texto:
            continue
        for m in padrao.finditer(livre()):
            if (lido := dinheiro.ler(m.group("valor").replace(" ", ""), "us")) is not None:
                valores.append((m.start(), Valor("valor", m.group("valor").strip(), str(abs(lido.quantia)))))
                consumir(m.start(), m.end())
    for m in (dinheiro.PADRAO_VALOR_SEM_CENTAVOS.finditer(livre())  # "R$ 3.500", "3.500 reais"
              if todas or dinheiro.MOEDA_OU_REAIS.search(texto) else ()):
        if (redonda := dinheiro.sem_centavos(m)) is not None:
            valores.append((redonda[1], Valor("valor", redonda[0], str(abs(redonda[2])))))
            consumir(redonda[1], redonda[1] + len(redonda[0]))
    if todas or "mil" in texto.lower():
        for m in dinheiro.PADRAO_VALOR_EM_MIL.finditer(livre()):  # "R$ 2 mil", "R$ 1,5 mil"
            literal, inicio, quantia = dinheiro.em_mil(m)
            valores.append((inicio, Valor("valor", literal, str(quantia))))
            consumir(inicio, inicio + len(literal))
    for padrao, presente in zip(_RECONHECIDOS, _GATILHOS_RECONHECIDOS, strict=True):
        if not (todas or presente(texto)):
            continue
        for m in padrao.finditer(livre()):
            valores.append((m.start(), Valor("digitos", m.group(0).strip(), _NAO_DIGITO.sub("", m.group(0)))))
            consumir(m.start(), m.end())
    for m in _MES_E_ANO.finditer(livre()):  # "Mês de referência: 03/2025": o mês e o ano, cada um citável sozinho
        valores.append((m.start(1), Valor("digitos", m.group(1), m.group(1))))
        valores.append((m.start(2), Valor("digitos", m.group(2), m.group(2))))
        consumir(m.start(), m.end())
    for m in _DIGITOS.finditer(livre()):
        digitos = _NAO_DIGITO.sub("", m.group(0))
        if digitos:
            valores.append((m.start(), Valor("digitos", m.group(0).strip(), digitos)))
            consumir(m.start(), m.end())
    for m in _PALAVRA.finditer(livre()):
        valores.append((m.start(), Valor("palavra", m.group(0), dobrar(m.group(0)))))
    return tuple(v for _, v in sorted(valores, key=lambda par: par[0]))


_DESLOCAMENTO_SEM_DOIS_PONTOS = re.compile(r"[+\-\u2212]\d{4}")


def _deslocamento_de_uma_hora(texto: str, inicio: int, valores: list) -> bool:
    """"-0300" é fuso depois de uma hora ("14:38:21 -0300") ou no nome da coluna ("Hora (-0300)", "UTC-0300"); sem hora
    no texto nem parêntese ou UTC/GMT antes, são quatro algarismos com sinal (o valor "-1400" de uma planilha)."""
    antes = texto[:inicio].rstrip()
    return any(v.tipo == "hora" for _, v in valores) or antes.endswith(("(", "[")) or (
        _ROTULO_DE_FUSO.search(antes[-20:]) is not None)


#: o rótulo logo antes do deslocamento: "UTC-0300", "Fuso: -0300", "Timezone: +0000"
_ROTULO_DE_FUSO = re.compile(r"(?i)(?:utc|gmt|fuso(?:\s+hor[áa]rio)?|time\s*zone|timezone|offset)\W*$")


def _e_deslocamento(texto: str, inicio: int) -> bool:
    """Sinal colado antes e espaço, início, parêntese ou UTC/GMT antes do sinal: "11:32:17 -03:00", "UTC-03:00",
    "Data Hora (+00:00)" (o fuso no nome da coluna); não "10:00-11:00"."""
    if inicio < 1 or texto[inicio - 1] not in "+-−":
        return False
    antes = texto[: inicio - 1].rstrip()
    return (inicio == 1 or texto[inicio - 2].isspace() or texto[inicio - 2] in "(["
            or antes.upper().endswith(("UTC", "GMT")))  # "UTC-03:00"


def _hora_normal(texto: str) -> str:
    h = tempo.hora(texto)
    if h is None:
        return texto
    # sem segundos escritos, compara só hora e minuto ("3:20 PM" é 15:20; "11h28min28s" tem segundos)
    return h.strftime("%H:%M:%S") if tempo_formas.tem_segundos(texto) else h.strftime("%H:%M")
