"""Instantes em tempo Unix que as referências sustentam, relidos pelo próprio validador.

No local de um tempo Unix só há dígitos: sem o cabeçalho da coluna, nada diz que são um instante.
A conclusão cita o cabeçalho como mais uma referência (`timestamp_unix`, `epoch (ms)`); aqui o
validador relê esse cabeçalho no documento, acha a coluna que ele nomeia e aceita o número citado
noutra referência do mesmo arquivo só quando o número está nessa coluna, numa linha abaixo do
cabeçalho. O instante sai de `chaves.tempo_unix` (UTC por definição). Sem cabeçalho que diga tempo,
nenhum instante: a afirmação com a data convertida fica sem apoio (AMBIGUO, com o motivo).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Any

from perito.chaves import tempo_unix
from perito.chaves.nome import dobrar
from perito.chaves.valores import Valor, decompor
from perito.leitura.documento import PLANILHAS, Documento, Trecho
from perito.validador.fonte import FonteIndependente
from perito.validador.instantes import Momento
from perito.validador.localizar import localizar

_ULTIMO_NUMERO = re.compile(r"(\d+)\s*$")
_NUMERO_SOLTO = re.compile(r"(?<![\w.,:/-])\d{10,13}(?![\w.,:/-])")
#: a "coluna" de uma tabela de texto: o cabeçalho é uma linha, não células
_LINHA_DE_TEXTO = -1


#: os tipos de documento em que o validador procura o rótulo de tempo Unix (as planilhas e os de linhas ou parágrafos)
_TIPOS_LIDOS = PLANILHAS | {"csv", "docx", "odt", "rtf", "html", "txt", "pdf", "imagem"}

def _numero_da_linha(trecho: Trecho) -> int:
    m = _ULTIMO_NUMERO.search(trecho.localizacao)
    return int(m.group(1)) if m else 0


@dataclass(frozen=True)
class _Coluna:
    """A coluna que um cabeçalho citado declara de tempo (índice no CSV/DOCX, letra no XLSX)."""

    arquivo: str
    aba: str | None
    indice: int | str
    nome: str
    ordem: tuple[str, int]  # posição do cabeçalho (tabela, linha): só valem linhas da mesma tabela abaixo dele
    documento: Documento


def momentos(referencias: list[dict[str, Any]], detalhes: list[dict[str, Any]], fonte: FonteIndependente) -> list[Momento]:
    """Um momento (data ISO, hora, UTC) por número citado que está numa coluna de tempo relida, ou com
    um rótulo de tempo logo antes dele no próprio local relido ("unix_time: 1449851959")."""
    return [m for do_arquivo in momentos_por_arquivo(referencias, detalhes, fonte).values() for m in do_arquivo]


def momentos_por_arquivo(referencias: list[dict[str, Any]], detalhes: list[dict[str, Any]],
                         fonte: FonteIndependente) -> dict[str, list[Momento]]:
    """Os de `momentos`, pelo arquivo em que o número está: a sessão de conexão de um arquivo contém um instante do
    outro (`figuras._sessoes`)."""
    resultado: dict[str, list[Momento]] = {}
    for arquivo, momento in _rotulados(referencias, detalhes):
        resultado.setdefault(arquivo, []).append(momento)
    colunas = [c for ref, d in zip(referencias, detalhes, strict=True)
               if d["status"] == "VERIFICADO" and (c := _coluna_do_cabecalho(ref, fonte)) is not None]
    if not colunas:
        return resultado
    for ref, detalhe in zip(referencias, detalhes, strict=True):
        if detalhe["status"] == "EXTRACAO_FALHOU":
            continue
        numeros = [v for v in decompor(ref["dado_citado"]) if v.tipo == "digitos"]
        for coluna in (c for c in colunas if c.arquivo == ref["arquivo"] and numeros):
            if (celula := _celula_da_coluna(ref, coluna)) is None:
                continue
            for numero in numeros:
                if numero.normal == celula.strip() and (m := _momento(celula.strip(), coluna.nome)) is not None:
                    resultado.setdefault(ref["arquivo"], []).append(m)
    return resultado


def _rotulados(referencias: list[dict[str, Any]], detalhes: list[dict[str, Any]]) -> list[tuple[str, Momento]]:
    resultado = []
    for ref, detalhe in zip(referencias, detalhes, strict=True):
        if detalhe["status"] != "VERIFICADO":
            continue
        citados = {v.normal for v in decompor(ref["dado_citado"]) if v.tipo == "digitos"}
        for _, _, numero, unidade in tempo_unix.rotulados(detalhe.get("texto_encontrado") or ""):
            if numero in citados and (instante := tempo_unix.instante(numero, unidade)) is not None:
                resultado.append((ref["arquivo"], _de_instante(instante)))
    return resultado


def _coluna_do_cabecalho(ref: dict[str, Any], fonte: FonteIndependente) -> _Coluna | None:
    citado = ref["dado_citado"].strip()
    if tempo_unix.coluna_de_tempo(citado) is None:
        return None
    aberto = fonte.abrir(ref["arquivo"])
    doc = aberto.documento
    if doc is None or doc.tipo not in _TIPOS_LIDOS:
        return None
    trecho, _ = localizar(doc, ref)
    if trecho is None:
        return None
    if trecho.celulas is None and doc.tipo in ("pdf", "imagem", "txt", "html") and dobrar(citado) in dobrar(trecho.texto):
        # tabela de texto: o cabeçalho é uma linha ("Activity unix_time (ms)"); a coluna vale para as linhas de baixo
        return _Coluna(ref["arquivo"], None, _LINHA_DE_TEXTO, citado, (f"p{trecho.pagina}", _numero_da_linha(trecho)), doc)
    ordem = _posicao(trecho)
    if doc.tipo in PLANILHAS:  # a célula citada é o próprio cabeçalho
        if dobrar(trecho.texto.strip()) == dobrar(citado) and trecho.coluna:
            return _Coluna(ref["arquivo"], trecho.aba, trecho.coluna, trecho.texto.strip(), ordem, doc)
        return None
    for indice, celula in enumerate(trecho.celulas or ()):
        if dobrar(celula.strip()) == dobrar(citado):
            return _Coluna(ref["arquivo"], None, indice, celula.strip(), ordem, doc)
    return None


def _celula_da_coluna(ref: dict[str, Any], coluna: _Coluna) -> str | None:
    """O texto da célula da coluna no registro citado, se o registro está abaixo do cabeçalho."""
    trecho, _ = localizar(coluna.documento, ref)
    if coluna.indice == _LINHA_DE_TEXTO:
        # a linha citada, na mesma página e abaixo do cabeçalho, com um número só da forma de um tempo Unix
        if trecho is None or (f"p{trecho.pagina}", _numero_da_linha(trecho))[0] != coluna.ordem[0] \
                or _numero_da_linha(trecho) <= coluna.ordem[1]:
            return None
        if coluna.documento.tipo == "html" and _numero_da_linha(trecho) - coluna.ordem[1] > 2:
            return None  # o rótulo de cima de um campo (<dt>/<dd>) vale para o valor logo abaixo, não para outro registro
        numeros = _NUMERO_SOLTO.findall(trecho.texto)
        return numeros[0] if len(numeros) == 1 else None
    if trecho is None or _posicao(trecho)[0] != coluna.ordem[0] or _posicao(trecho)[1] <= coluna.ordem[1]:
        return None
    if isinstance(coluna.indice, str):  # XLSX: a célula citada tem de ser da mesma coluna e da mesma aba
        return trecho.texto if trecho.coluna == coluna.indice and trecho.aba == coluna.aba else None
    return _celula(trecho, coluna.indice)


def _posicao(trecho: Trecho) -> tuple[str, int]:
    """(tabela, linha) do trecho: "linha 12" do CSV, "tabela 2 linha 3" do DOCX, a linha da planilha no XLSX
    (sem percorrer o documento: um log de 200 mil linhas é relido uma vez, não a cada referência)."""
    if trecho.linha_tabela is not None:
        return trecho.aba or "", trecho.linha_tabela
    m = _ULTIMO_NUMERO.search(trecho.localizacao)
    return (trecho.localizacao[: m.start()], int(m.group(1))) if m else (trecho.localizacao, 0)


def _celula(trecho: Trecho, indice: int) -> str | None:
    celulas = trecho.celulas or ()
    return celulas[indice] if indice < len(celulas) else None


def _momento(numero: str, nome: str) -> Momento | None:
    unidade = tempo_unix.unidade(numero, tempo_unix.coluna_de_tempo(nome) or "")
    if unidade is None or (instante := tempo_unix.instante(numero, unidade)) is None:
        return None
    return _de_instante(instante)


def _de_instante(instante: dt.datetime) -> Momento:
    data = instante.date().isoformat()
    hora = instante.strftime("%H:%M:%S")
    fuso = Valor("fuso", tempo_unix.FUSO, tempo_unix.FUSO, data=data)
    return Momento(Valor("data", data, data), Valor("hora", hora, hora), fuso)
