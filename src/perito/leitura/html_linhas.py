"""Reconstrução canônica de linhas de um HTML, a mesma para qualquer parser que a alimente.

Regras (documentadas no README; leitor e validador usam esta classe):
- cada fronteira de elemento de bloco (div, p, br, li, h1-h6, section, table...) quebra a linha;
- o texto sai em NFC, com espaços (inclusive NBSP e quebras) colapsados num só e sem espaços
  nas pontas; linhas vazias são descartadas; `linha N` é a N-ésima linha restante (1-based);
- `<script>`, `<style>` e `<template>` não têm texto (o `<title>` é uma linha como outra qualquer);
- uma linha de tabela (`<tr>`) é UMA linha: o texto de cada célula (td/th, com os blocos de dentro
  dela unidos por espaço) vira um campo, e os campos se unem por " | "; a linha leva os campos e
  o número da tabela ("tabela N", pela ordem em que as tabelas abrem no documento);
- células mescladas ocupam o lugar delas na grade, como o navegador as mostra: a de `colspan` N vale para N colunas
  (o texto se repete em cada uma) e a de `rowspan` N para as N-1 linhas de baixo também (o texto desce a elas): sem
  isso, a linha que herda a data de cima tinha uma célula a menos e as colunas andavam (o débito virava crédito);
- uma tabela dentro de uma célula fecha a linha da tabela de fora até ali (o que vem antes da
  tabela interna é uma linha, cada linha da interna é uma linha, o que vem depois é outra);
- dois elementos de linha colados (`<span>Nome</span><span>JOÃO</span>`, o rótulo e o valor de um modelo que o
  CSS afasta) são separados por um espaço: o navegador sem o CSS os mostra grudados ("NomeJOÃO"), e o rótulo
  engolia o valor; texto colado a um elemento (`<b>J</b>OÃO`) continua junto;
- uma lista de definições (`<dl>`) é marcação de rótulo e valor: as linhas de um `<dt>` levam o papel
  "rotulo", as de um `<dd>` o papel "valor", e todas o número da lista ("grupo", pela ordem em que as
  listas abrem). Não muda o texto nem a numeração: só diz o que a marcação já diz.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

BLOCOS = frozenset({
    "address", "article", "aside", "blockquote", "body", "br", "caption", "center", "dd", "details", "dialog",
    "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4",
    "h5", "h6", "head", "header", "hgroup", "hr", "html", "legend", "li", "main", "menu", "nav", "ol", "option",
    "p", "pre", "section", "summary", "title", "ul", "tbody", "thead", "tfoot", "colgroup",
})
SEM_TEXTO = frozenset({"script", "style", "template", "noembed", "noframes"})
_DE_TABELA = frozenset({"table", "tr", "td", "th"})
_ESPACOS = re.compile(r"\s+")
SEPARADOR_CELULAS = " | "


def limpar(texto: str) -> str:
    return _ESPACOS.sub(" ", unicodedata.normalize("NFC", texto)).strip()


@dataclass(frozen=True)
class Linha:
    texto: str
    celulas: tuple[str, ...] | None = None
    tabela: int | None = None
    papel: str | None = None  # "rotulo" (<dt>) ou "valor" (<dd>) de uma lista de definições
    grupo: int | None = None  # a lista de definições (<dl>) a que a linha pertence


#: o maior colspan ou rowspan considerado (um HTML hostil não faz uma grade de milhões de células)
_MESCLA_MAXIMA = 50


def _mescla(atributos: dict[str, str | None] | None, nome: str) -> int:
    valor = (atributos or {}).get(nome) or "1"
    return min(int(valor), _MESCLA_MAXIMA) if valor.strip().isdigit() and int(valor) > 0 else 1


@dataclass
class _Tabela:
    numero: int
    celulas: list[str] = field(default_factory=list)
    celula: list[str] | None = None  # célula aberta
    #: (colspan, rowspan) de cada célula já fechada da linha, na ordem de `celulas`; e o da célula aberta
    mesclas: list[tuple[int, int]] = field(default_factory=list)
    mescla: tuple[int, int] = (1, 1)
    #: coluna → [linhas que ainda faltam, texto] das células com rowspan que descem às linhas de baixo
    descendo: dict[int, list] = field(default_factory=dict)


class Linhas:
    """Recebe abrir/fechar/texto na ordem do documento e acumula as linhas canônicas."""

    def __init__(self) -> None:
        self.linhas: list[Linha] = []
        self._texto: list[str] = []
        self._tabelas: list[_Tabela] = []
        self._contador = 0
        self._sem_texto = 0
        self._listas: list[int] = []  # <dl> abertas (números)
        self._listas_abertas = 0
        self._papel: str | None = None  # dentro de <dt> ou <dd>
        #: o último evento fechou um elemento de linha (span, b, label...): se o próximo abrir outro, vai um espaço
        self._fechou_na_linha = False

    # -- eventos -------------------------------------------------------------
    def abrir(self, tag: str, atributos: dict[str, str | None] | None = None) -> None:
        tag = tag.lower()
        colado, self._fechou_na_linha = self._fechou_na_linha, False
        if tag in SEM_TEXTO:
            self._sem_texto += 1
            return
        if colado and tag not in BLOCOS and tag not in _DE_TABELA:
            self.texto(" ")  # dois elementos de linha colados: "<span>Nome</span><span>JOÃO</span>"
        if tag == "table":
            self._abrir_tabela()
        elif tag == "tr":
            self._fechar_linha_tabela()
        elif tag in ("td", "th"):
            self._abrir_celula((_mescla(atributos, "colspan"), _mescla(atributos, "rowspan")))
        elif tag in BLOCOS:
            self._quebra()
            self._abrir_definicao(tag)

    def fechar(self, tag: str) -> None:
        tag = tag.lower()
        self._fechou_na_linha = tag not in BLOCOS and tag not in _DE_TABELA and tag not in SEM_TEXTO
        if tag in SEM_TEXTO:
            self._sem_texto = max(0, self._sem_texto - 1)
            return
        if tag == "table":
            self._fechar_tabela()
        elif tag == "tr":
            self._fechar_linha_tabela()
        elif tag in ("td", "th"):
            self._fechar_celula()
        elif tag in BLOCOS:
            self._quebra()
            self._fechar_definicao(tag)

    def texto(self, dado: str) -> None:
        if dado:
            self._fechou_na_linha = False
        if self._sem_texto or not dado:
            return
        tabela = self._tabelas[-1] if self._tabelas else None
        if tabela is not None and tabela.celula is not None:
            tabela.celula.append(dado)
        else:
            self._texto.append(dado)

    def terminar(self) -> list[Linha]:
        while self._tabelas:
            self._fechar_tabela()
        self._emitir_texto()
        return self.linhas

    # -- regras --------------------------------------------------------------
    def _quebra(self) -> None:
        tabela = self._tabelas[-1] if self._tabelas else None
        if tabela is not None and tabela.celula is not None:
            tabela.celula.append(" ")  # dentro de uma célula, um bloco só separa palavras
        else:
            self._emitir_texto()

    def _abrir_definicao(self, tag: str) -> None:
        if tag == "dl":
            self._listas_abertas += 1
            self._listas.append(self._listas_abertas)
            self._papel = None
        elif tag in ("dt", "dd") and self._listas:
            self._papel = "rotulo" if tag == "dt" else "valor"

    def _fechar_definicao(self, tag: str) -> None:
        if tag == "dl" and self._listas:
            self._listas.pop()
            self._papel = None
        elif tag in ("dt", "dd"):
            self._papel = None

    def _emitir_texto(self) -> None:
        texto = limpar("".join(self._texto))
        self._texto.clear()
        if texto:
            grupo = self._listas[-1] if self._listas else None
            self.linhas.append(Linha(texto, papel=self._papel if grupo else None, grupo=grupo))

    def _abrir_tabela(self) -> None:
        externa = self._tabelas[-1] if self._tabelas else None
        if externa is not None and externa.celula is not None:
            # o que a célula de fora já tem fecha a linha de fora até aqui
            if limpar("".join(externa.celula)):
                externa.celulas.append("".join(externa.celula))
            externa.celula = []
            self._emitir_linha_tabela(externa)
        else:
            self._emitir_texto()
        self._contador += 1
        self._tabelas.append(_Tabela(self._contador))

    def _fechar_tabela(self) -> None:
        if not self._tabelas:
            self._quebra()
            return
        self._fechar_linha_tabela()
        self._tabelas.pop()
        self._emitir_texto()

    def _abrir_celula(self, mescla: tuple[int, int] = (1, 1)) -> None:
        if not self._tabelas:
            self._quebra()
            return
        tabela = self._tabelas[-1]
        self._emitir_texto()  # texto solto dentro da tabela, fora de célula, é linha própria
        if tabela.celula is not None:
            tabela.celulas.append("".join(tabela.celula))
            tabela.mesclas.append(tabela.mescla)
        tabela.celula = []
        tabela.mescla = mescla

    def _fechar_celula(self) -> None:
        if not self._tabelas:
            self._quebra()
            return
        tabela = self._tabelas[-1]
        if tabela.celula is not None:
            tabela.celulas.append("".join(tabela.celula))
            tabela.mesclas.append(tabela.mescla)
            tabela.celula = None
            tabela.mescla = (1, 1)

    def _fechar_linha_tabela(self) -> None:
        if not self._tabelas:
            self._quebra()
            return
        tabela = self._tabelas[-1]
        self._fechar_celula()
        self._emitir_texto()
        self._emitir_linha_tabela(tabela)

    def _emitir_linha_tabela(self, tabela: _Tabela) -> None:
        proprias = [limpar(c) for c in tabela.celulas]
        mesclas = tabela.mesclas + [(1, 1)] * (len(proprias) - len(tabela.mesclas))
        tabela.celulas, tabela.mesclas = [], []
        if not any(proprias):
            return  # linha vazia: não conta como linha da grade (as células que descem esperam a próxima)
        celulas = _na_grade(proprias, mesclas, tabela.descendo)
        self.linhas.append(Linha(SEPARADOR_CELULAS.join(celulas), tuple(celulas), tabela.numero))


def _na_grade(proprias: list[str], mesclas: list[tuple[int, int]], descendo: dict[int, list]) -> list[str]:
    """As células da linha nas colunas da grade: as de rowspan das linhas de cima no lugar delas, cada própria
    repetida pelo seu colspan; as que têm rowspan passam a descer às linhas de baixo."""
    linha: list[str] = []
    coluna = 0
    for texto, (colspan, rowspan) in zip(proprias, mesclas, strict=True):
        while coluna in descendo:
            linha.append(_descer(descendo, coluna))
            coluna += 1
        for _ in range(colspan):
            linha.append(texto)
            if rowspan > 1:
                descendo[coluna] = [rowspan - 1, texto]
            coluna += 1
    while coluna in descendo:
        linha.append(_descer(descendo, coluna))
        coluna += 1
    return linha


def _descer(descendo: dict[int, list], coluna: int) -> str:
    restantes, texto = descendo[coluna]
    if restantes <= 1:
        del descendo[coluna]
    else:
        descendo[coluna][0] = restantes - 1
    return texto
