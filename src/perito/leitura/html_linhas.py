"""Reconstrução canônica de linhas de um HTML, a mesma para qualquer parser que a alimente.

Regras (documentadas no README; leitor e validador usam esta classe):
- cada fronteira de elemento de bloco (div, p, br, li, h1-h6, section, table...) quebra a linha;
- o texto sai em NFC, com espaços (inclusive NBSP e quebras) colapsados num só e sem espaços
  nas pontas; linhas vazias são descartadas; `linha N` é a N-ésima linha restante (1-based);
- `<script>`, `<style>` e `<template>` não têm texto (o `<title>` é uma linha como outra qualquer);
- uma linha de tabela (`<tr>`) é UMA linha: o texto de cada célula (td/th, com os blocos de dentro
  dela unidos por espaço) vira um campo, e os campos se unem por " | "; a linha leva os campos e
  o número da tabela ("tabela N", pela ordem em que as tabelas abrem no documento);
- uma tabela dentro de uma célula fecha a linha da tabela de fora até ali (o que vem antes da
  tabela interna é uma linha, cada linha da interna é uma linha, o que vem depois é outra);
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


@dataclass
class _Tabela:
    numero: int
    celulas: list[str] = field(default_factory=list)
    celula: list[str] | None = None  # célula aberta


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

    # -- eventos -------------------------------------------------------------
    def abrir(self, tag: str) -> None:
        tag = tag.lower()
        if tag in SEM_TEXTO:
            self._sem_texto += 1
            return
        if tag == "table":
            self._abrir_tabela()
        elif tag == "tr":
            self._fechar_linha_tabela()
        elif tag in ("td", "th"):
            self._abrir_celula()
        elif tag in BLOCOS:
            self._quebra()
            self._abrir_definicao(tag)

    def fechar(self, tag: str) -> None:
        tag = tag.lower()
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

    def _abrir_celula(self) -> None:
        if not self._tabelas:
            self._quebra()
            return
        tabela = self._tabelas[-1]
        self._emitir_texto()  # texto solto dentro da tabela, fora de célula, é linha própria
        if tabela.celula is not None:
            tabela.celulas.append("".join(tabela.celula))
        tabela.celula = []

    def _fechar_celula(self) -> None:
        if not self._tabelas:
            self._quebra()
            return
        tabela = self._tabelas[-1]
        if tabela.celula is not None:
            tabela.celulas.append("".join(tabela.celula))
            tabela.celula = None

    def _fechar_linha_tabela(self) -> None:
        if not self._tabelas:
            self._quebra()
            return
        tabela = self._tabelas[-1]
        self._fechar_celula()
        self._emitir_texto()
        self._emitir_linha_tabela(tabela)

    def _emitir_linha_tabela(self, tabela: _Tabela) -> None:
        celulas = tuple(limpar(c) for c in tabela.celulas)
        tabela.celulas = []
        if any(celulas):
            self.linhas.append(Linha(SEPARADOR_CELULAS.join(celulas), celulas, tabela.numero))
