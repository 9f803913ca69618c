"""Leitura de TXT: uma linha física por trecho ("linha N", contando as vazias).

Um TXT que é claramente uma tabela separada por TAB (SIMBA e exportações de
sistemas) ganha os campos de cada linha: a 1ª linha não vazia tem ao menos um
TAB (o cabeçalho) e a maioria das linhas não vazias tem o mesmo número de TABs
que ela. Então cada linha com TAB leva `celulas` (os campos, sem aspas
interpretadas) e `tabela="tabela 1"`; a localização continua `linha N` física.
Sem TAB, o mesmo vale para `;` e `|` com ao menos três colunas (a exportação de um sistema gravada como .txt:
"IP;Porta;Data;Hora;Cliente;CPF", a listagem de mainframe "|DATA |HORA |IP |"): antes a coluna do nome, sem
rótulo na linha, se perdia. A tabela embaixo de um preâmbulo maior que ela (a resposta de provedor em texto:
"Account Identifier", "Date Range", o título da seção e três linhas de "Timestamp | IP Address | Port") é achada pelo
bloco de linhas seguidas com o mesmo número de separadores, encabeçado por rótulos curtos.
"""

from __future__ import annotations

import csv
from collections import Counter
from typing import Callable

from perito.leitura import json_registros, localizacao, ofx, xml_registros
from perito.leitura.codificacao import decodificar, linhas_fisicas, sem_terminador
from perito.leitura.documento import Documento, Trecho
from perito.leitura.entrada import Entrada, ler_bytes

METODO = "texto"
TABELA = "tabela 1"
#: fração mínima das linhas não vazias com o número de TABs do cabeçalho
FRACAO_TABULAR = 0.5


#: quais linhas guardar, dos números das linhas não vazias: (posição, depois de uma omissão) de cada guardada
Escolha = Callable[[list[int]], list[tuple[int, bool]]]


def ler_texto(entrada: Entrada, nome: str, guardar: Escolha | None = None) -> Documento:
    """`guardar` (a releitura de um volumoso, `em_partes.Guardadas`): só os trechos das linhas escolhidas e, de um JSON,
    os registros com todos os campos nelas — o mesmo que `em_partes.so_as_linhas` do documento inteiro, sem os trechos
    das outras linhas (os de um JSON de 100 mil logins eram ~220 MB)."""
    texto, codificacao = decodificar(ler_bytes(entrada))
    doc = Documento(arquivo=nome, tipo="txt", metodo_extracao=METODO, codificacao=codificacao)
    linhas = [(numero, sem_terminador(bruta)) for numero, bruta in enumerate(linhas_fisicas(texto), start=1)]
    linhas = [(numero, conteudo) for numero, conteudo in linhas if conteudo.strip()]
    separador = separador_da_tabela([conteudo for _, conteudo in linhas])
    if separador not in (None, "\t") and estruturado(texto):
        separador = None  # um JSON, OFX ou XML com `;` ou `|` nos valores é lido pela estrutura, não como tabela
    tabular = separador is not None
    if guardar is None:
        doc.trechos.extend(trecho_da_linha(numero, conteudo, separador) for numero, conteudo in linhas)
    else:
        doc.trechos.extend(trecho_da_linha(*linhas[posicao], separador, apos_omissao)
                           for posicao, apos_omissao in guardar([numero for numero, _ in linhas]))
    del linhas  # os pares (número, texto) de cada linha não ficam vivos ao lado da árvore do JSON
    if not tabular and json_registros.parece_json(texto):
        _registros_json(doc, texto)
    elif not tabular and ofx.parece_ofx(texto):  # o extrato OFX do internet banking: os lançamentos são registros
        doc.registros = ofx.registros(doc.trechos)
    elif not tabular and xml_registros.parece_xml(texto):  # um XML: os elementos com valores são registros
        _registros_xml(doc, texto)
    if "\x00" in texto:
        doc.alertas.append(f"{nome}: contém bytes NUL; o texto pode estar incompleto")
    return doc


def trecho_da_linha(numero: int, conteudo: str, separador: str | None, apos_omissao: bool = False) -> Trecho:
    """O trecho de uma linha não vazia; numa tabela (separada por TAB, `;` ou `|`), com as células."""
    if separador is not None and separador in conteudo:
        return Trecho(None, localizacao.linha(numero), conteudo, METODO, celulas=celulas(conteudo, separador),
                      tabela=TABELA, apos_omissao=apos_omissao)
    return Trecho(None, localizacao.linha(numero), conteudo, METODO, apos_omissao=apos_omissao)


def celulas(conteudo: str, separador: str) -> tuple[str, ...]:
    """Os campos da linha: TAB partido como está; `;` pelo csv (um nome entre aspas pode ter `;`); `|` sem a barra
    da borda ("| a | b |") e sem o espaço que alinha as colunas."""
    if separador == "\t":
        return tuple(conteudo.split("\t"))
    if separador == "|":
        dentro = conteudo.strip()
        dentro = dentro[1:] if dentro.startswith("|") else dentro
        dentro = dentro[:-1] if dentro.endswith("|") else dentro
        return tuple(c.strip() for c in dentro.split("|"))
    return tuple(next(csv.reader([conteudo], delimiter=separador), []))


def estruturado(texto: str) -> bool:
    """Um JSON, OFX ou XML: lido pela estrutura, nunca como tabela de `;` ou `|`."""
    return json_registros.parece_json(texto) or ofx.parece_ofx(texto) or xml_registros.parece_xml(texto)


def _registros_xml(doc: Documento, texto: str) -> None:
    por_numero = {int(t.localizacao.split()[-1]): t for t in doc.trechos}
    try:
        doc.registros = xml_registros.registros(texto, por_numero)
    except xml_registros.XmlInvalido:
        doc.registros = []  # parece XML mas não é (ou é malformado): fica a leitura por linhas


def _registros_json(doc: Documento, texto: str) -> None:
    """Um TXT que é JSON (exportação de provedor, API de operadora) ganha os registros dos seus objetos."""
    inicios, posicao = [], 0
    for bruta in linhas_fisicas(texto):
        inicios.append(posicao)
        posicao += len(bruta)
    por_numero = {int(t.localizacao.split()[-1]): t for t in doc.trechos}
    try:
        doc.registros = json_registros.registros(texto, inicios, por_numero)
    except json_registros.JsonInvalido:
        doc.registros = []  # parece JSON mas não é: fica a leitura por linhas


#: separadores de coluna de um TXT além do TAB, com o mínimo de separadores por linha: `;` e `|` aparecem na prosa e
#: numa linha de título ("Resposta | Ofício 55"), três colunas não
_OUTROS_SEPARADORES = {";": 2, "|": 2}


def separador_da_tabela(linhas: list[str]) -> str | None:
    """O separador das colunas de um TXT que é uma tabela: TAB (`separada_por_tab`); senão `;` ou `|` pelo mesmo
    critério do TAB com um título em cima (o número de separadores mais comum, em duas linhas ou mais e na metade
    delas), com ao menos três colunas; None: texto."""
    if separada_por_tab(linhas):
        return "\t"
    for separador, minimo in _OUTROS_SEPARADORES.items():
        contagem = Counter(n for linha in linhas if (n := _contar(linha, separador)) >= minimo)
        if not contagem:
            continue
        modal, vezes = contagem.most_common(1)[0]
        if vezes >= 2 and vezes * 2 >= len(linhas) and _coluna_de_dados(
                [celulas(linha, separador) for linha in linhas if _contar(linha, separador) == modal]):
            return separador
    for separador, minimo in (("\t", 1), *_OUTROS_SEPARADORES.items()):
        if _tabela_debaixo_do_preambulo(linhas, separador, minimo):
            return separador
    return None


#: linhas seguidas (cabeçalho e ao menos uma linha de dados) que fazem uma tabela embaixo de um preâmbulo longo: o `;`
#: aparece na prosa, e pede duas linhas de dados
_LINHAS_DO_BLOCO = {"\t": 2, "|": 2, ";": 3}
#: o rótulo de uma coluna tem poucas palavras ("Endereço IP", "Data/Hora (UTC)") e a célula de dados, em média, menos
#: ainda (a data, o IP, o nome): as orações de uma prosa com `;` ("que pagou no dia 12/06/2025"), não
_PALAVRAS_DO_ROTULO = 5
_PALAVRAS_DO_DADO = 3


def _tabela_debaixo_do_preambulo(linhas: list[str], separador: str, minimo: int) -> bool:
    """A resposta de provedor em texto com um preâmbulo maior que a tabela ("Account Identifier", "Date Range", o
    título da seção e, embaixo, "Timestamp | IP Address | Port" com duas ou três linhas de acesso): a maioria das
    linhas não é da tabela, mas há um bloco de linhas seguidas com o mesmo número de separadores, a primeira um
    cabeçalho (rótulos curtos e preenchidos, a maioria sem algarismos) e as de baixo com células curtas e uma coluna
    de dados."""
    inicio = 0
    while inicio < len(linhas):
        n = _contar(linhas[inicio], separador)
        fim = inicio + 1
        while fim < len(linhas) and _contar(linhas[fim], separador) == n:
            fim += 1
        if n >= minimo and fim - inicio >= _LINHAS_DO_BLOCO[separador]:
            cabecalho = celulas(linhas[inicio], separador)
            dados = [celulas(linha, separador) for linha in linhas[inicio + 1:fim]]
            celulas_de_dados = [c for linha in dados for c in linha if c.strip()]
            if (all(c.strip() and len(c.split()) <= _PALAVRAS_DO_ROTULO for c in cabecalho)
                    and sum(1 for c in cabecalho if any(x.isdigit() for x in c)) * 2 < len(cabecalho)
                    and sum(len(c.split()) for c in celulas_de_dados) <= _PALAVRAS_DO_DADO * len(celulas_de_dados)
                    and _coluna_de_dados(dados)):
                return True
        inicio = fim
    return False


def _coluna_de_dados(linhas: list[tuple[str, ...]]) -> bool:
    """Uma coluna com algarismos em metade das linhas ou mais (a data, o IP, o valor de uma exportação): a prosa
    ("relata que recebeu mensagens; que pagou; que ...") tem o separador, mas orações, não dados."""
    largura = max(len(linha) for linha in linhas)
    return any(sum(1 for linha in linhas if i < len(linha) and any(c.isdigit() for c in linha[i])) * 2 >= len(linhas)
               for i in range(largura))


def _contar(linha: str, separador: str) -> int:
    if separador == "|":
        dentro = linha.strip()
        return dentro.count("|") - dentro.startswith("|") - (dentro.endswith("|") and len(dentro) > 1)
    return linha.count(separador)


def separada_por_tab(linhas: list[str]) -> bool:
    """Cabeçalho com TAB na 1ª linha não vazia e o mesmo número de TABs na maioria das linhas não vazias; ou, com um
    título ou preâmbulo em cima ("Relatório de acessos<TAB>Gerado em ..."), o número de TABs mais comum, em duas linhas
    ou mais e na metade delas (a exportação com cabeçalho de relatório: antes, o título decidia, e a tabela de baixo
    era lida como texto, o IP sem a porta da coluna ao lado)."""
    if len(linhas) < 2:
        return False
    colunas = linhas[0].count("\t")
    if colunas and sum(1 for linha in linhas if linha.count("\t") == colunas) / len(linhas) > FRACAO_TABULAR:
        return True
    contagem = Counter(n for linha in linhas if (n := linha.count("\t")))
    if not contagem:
        return False
    _, vezes = contagem.most_common(1)[0]
    return vezes >= 2 and vezes * 2 >= len(linhas)
