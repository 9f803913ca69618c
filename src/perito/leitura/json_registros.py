"""Registros de um JSON: cada objeto com valores é um registro; a chave é o rótulo do campo.

O JSON é lido com posições (o `json` da biblioteca padrão não as dá), para que cada campo aponte a
linha física em que o valor está escrito. Regras:
- um objeto cujos membros são só objetos e listas é uma seção (`{"header": {...}, "Logs": [...]}`): cada membro é
  lido por si; salvo a árvore de objetos com nome, sem lista nem chave que seja valor, que é uma coisa descrita em
  partes (`{"consulta": {"chave": ...}, "vinculo": {"titular": {...}, "conta": {...}}}`, a chave e quem a tem): um
  registro;
- um objeto com algum valor simples é um registro; os objetos dentro dele (`"rede": {"src_ip": ...}`)
  são parte do mesmo registro, com a chave do objeto antes da do campo (`rede src_ip`, `conta numero`);
  as listas dentro dele, registros próprios;
- um valor com escape (`\\u00e9`, `\\"`) não é o texto literal da linha: fica de fora do registro
  (a linha continua lida como texto).
"""

from __future__ import annotations

import bisect
import json
import re
import sys
from dataclasses import dataclass
from json.decoder import scanstring
from typing import Union

from perito.leitura.documento import Trecho
from perito.leitura.registro import Campo, RegistroLido

_NUMERO = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?")
_LITERAIS = ("true", "false", "null")
_ESPACO = re.compile(r"[ \t\n\r]*")
#: profundidade máxima (um JSON hostil não estoura a pilha)
_PROFUNDIDADE = 200


@dataclass(slots=True)  # um por valor do arquivo: centenas de milhares num JSON de log
class _Simples:
    bruto: str  # como escrito (sem as aspas de uma string)
    inicio: int  # posição absoluta do primeiro caractere de `bruto`
    literal: bool  # o texto decodificado é igual ao escrito


_No = Union[_Simples, dict, list]


class JsonInvalido(ValueError):
    pass


#: o JSON atribuído a uma variável de JavaScript, como o arquivo de dados do X/Twitter o grava
#: (`window.YTD.ip_audit.part0 = [ ... ]`): o que vem depois do "=" é o JSON
_ATRIBUICAO = re.compile(r"[\ufeff \t\r\n]*(?:(?:var|let|const)\s+)?[A-Za-z_$][\w$]*(?:\.[\w$]+)*\s*=\s*(?=[\[{])")


def _inicio(texto: str) -> int:
    """Onde o JSON começa: depois do BOM e dos espaços, ou da atribuição de JavaScript."""
    if m := _ATRIBUICAO.match(texto):
        return m.end()
    i = _pular(texto, 0)
    if texto.startswith("\ufeff", i):
        i = _pular(texto, i + 1)
    return i


def parece_json(texto: str) -> bool:
    return texto[_inicio(texto):][:1] in ("{", "[")


def analisar(texto: str) -> _No:
    """A árvore do JSON com a posição de cada valor simples; JsonInvalido se o texto não é JSON. JSON Lines (um objeto
    por linha, `.jsonl`/`.ndjson`, o log exportado de um sistema) é lido como a lista dos objetos."""
    no, fim = _valor(texto, _inicio(texto), 0)
    fim = _pular(texto, fim)
    if texto.startswith(";", fim):  # o ";" que fecha a atribuição de JavaScript
        fim = _pular(texto, fim + 1)
    if fim == len(texto):
        return no
    if not isinstance(no, dict) or not texto.startswith("{", fim):
        raise JsonInvalido("texto depois do JSON")
    objetos: list = [no]
    while fim < len(texto):
        if not texto.startswith("{", fim):
            raise JsonInvalido("texto entre os objetos de um JSON Lines")
        no, fim = _valor(texto, fim, 0)
        objetos.append(no)
        fim = _pular(texto, fim)
    return objetos


def _pular(texto: str, i: int) -> int:
    return _ESPACO.match(texto, i).end()  # type: ignore[union-attr]


def _valor(texto: str, i: int, profundidade: int) -> tuple[_No, int]:
    if profundidade > _PROFUNDIDADE:
        raise JsonInvalido("JSON aninhado demais")
    if i >= len(texto):
        raise JsonInvalido("fim inesperado")
    c = texto[i]
    if c == "{":
        return _objeto(texto, i + 1, profundidade)
    if c == "[":
        return _lista(texto, i + 1, profundidade)
    if c == '"':
        try:
            valor, fim = scanstring(texto, i + 1)
        except json.JSONDecodeError as erro:
            raise JsonInvalido(str(erro)) from erro
        bruto = texto[i + 1 : fim - 1]
        return _Simples(bruto, i + 1, bruto == valor), fim
    if m := _NUMERO.match(texto, i):
        return _Simples(m.group(0), i, True), m.end()
    for literal in _LITERAIS:
        if texto.startswith(literal, i):
            return _Simples(literal, i, True), i + len(literal)
    raise JsonInvalido(f"valor inválido na posição {i}")


class _Objeto(dict):
    """Um objeto do JSON; `valores_nas_chaves`: as chaves com algarismos que são escritas como estão, com a posição de
    cada uma ("2025-03-15 14:33:50": {"ip": ...}: o instante do registro é a chave dele)."""

    __slots__ = ("valores_nas_chaves",)

    def __init__(self) -> None:
        super().__init__()
        self.valores_nas_chaves: dict[str, int] | None = None


def _objeto(texto: str, i: int, profundidade: int) -> tuple[dict, int]:
    membros = _Objeto()
    i = _pular(texto, i)
    if texto.startswith("}", i):
        return membros, i + 1
    while True:
        if not texto.startswith('"', i):
            raise JsonInvalido(f"chave esperada na posição {i}")
        try:
            abre = i + 1
            chave, i = scanstring(texto, abre)
            chave = sys.intern(chave)  # o mesmo rótulo em cada objeto: um texto só
        except json.JSONDecodeError as erro:
            raise JsonInvalido(str(erro)) from erro
        if any(c.isdigit() for c in chave) and texto.startswith(chave, abre):  # sem escape: a chave como escrita
            if membros.valores_nas_chaves is None:
                membros.valores_nas_chaves = {}
            membros.valores_nas_chaves[chave] = abre
        i = _pular(texto, i)
        if not texto.startswith(":", i):
            raise JsonInvalido(f"':' esperado na posição {i}")
        valor, i = _valor(texto, _pular(texto, i + 1), profundidade + 1)
        membros[chave] = valor
        i = _pular(texto, i)
        if texto.startswith(",", i):
            i = _pular(texto, i + 1)
            continue
        if texto.startswith("}", i):
            return membros, i + 1
        raise JsonInvalido(f"',' ou '}}' esperado na posição {i}")


def _lista(texto: str, i: int, profundidade: int) -> tuple[list, int]:
    itens: list[_No] = []
    i = _pular(texto, i)
    if texto.startswith("]", i):
        return itens, i + 1
    while True:
        valor, i = _valor(texto, i, profundidade + 1)
        itens.append(valor)
        i = _pular(texto, i)
        if texto.startswith(",", i):
            i = _pular(texto, i + 1)
            continue
        if texto.startswith("]", i):
            return itens, i + 1
        raise JsonInvalido(f"',' ou ']' esperado na posição {i}")


class _Linhas:
    """Posição absoluta no texto → (trecho da linha física, posição dentro dela)."""

    def __init__(self, inicios: list[int], trechos: dict[int, Trecho]) -> None:
        self.inicios = inicios  # início de cada linha física (índice 0 = linha 1)
        self.trechos = trechos  # número da linha → trecho

    def local(self, posicao: int) -> tuple[Trecho, int] | None:
        indice = bisect.bisect_right(self.inicios, posicao) - 1
        trecho = self.trechos.get(indice + 1)
        return (trecho, posicao - self.inicios[indice]) if trecho is not None else None


def registros(texto: str, inicios_das_linhas: list[int], trechos: dict[int, Trecho]) -> list[RegistroLido]:
    """Os registros do JSON `texto` (o texto decodificado inteiro do arquivo). `trechos` pode ter só parte das linhas
    (a releitura de um volumoso, `texto.ler_texto` com `guardar`): ficam os registros com todos os campos nelas, com a
    mesma identidade que teriam com todas as linhas."""
    linhas = _Linhas(inicios_das_linhas, trechos)
    saida: list[tuple[RegistroLido, _Faltas]] = []
    _coletar(analisar(texto), linhas, saida)
    vistas: dict[str, int] = {}
    completos = []
    for registro, faltas in saida:  # JSON compacto: vários objetos começam na mesma linha
        if faltas.antes_do_primeiro:
            continue  # a linha em que ele começa não foi guardada: nenhum guardado divide a identidade com ele
        vezes = vistas[registro.identidade] = vistas.get(registro.identidade, 0) + 1
        if vezes > 1:
            registro.identidade = f"{registro.identidade} objeto {vezes}"
        if not faltas.alguma:
            completos.append(registro)
    return completos


@dataclass(slots=True)
class _Faltas:
    """Campos de um registro em linhas que não foram guardadas: algum, e algum antes do primeiro guardado."""

    alguma: bool = False
    antes_do_primeiro: bool = False


def _coletar(no: _No, linhas: _Linhas, saida: list[tuple[RegistroLido, _Faltas]],
             chave_do_registro: tuple[str, int] | None = None) -> None:
    if isinstance(no, list):
        for item in no:
            _coletar(item, linhas, saida)
        return
    if not isinstance(no, dict):
        return
    if all(isinstance(v, (dict, list)) for v in no.values()) and not _partes_com_nome(no):
        chaves = getattr(no, "valores_nas_chaves", None) or {}
        for chave, valor in no.items():
            _coletar(valor, linhas, saida, (chave, chaves[chave]) if chave in chaves and isinstance(valor, dict) else None)
        return
    campos: list[Campo] = []
    listas: list[list | dict] = []
    faltas = _Faltas()
    if chave_do_registro is not None and (local := linhas.local(chave_do_registro[1])) is not None:
        # o objeto de uma seção indexada por valor ({"2025-03-15 14:33:50": {"ip": ...}}): a chave é um campo dele,
        # sem rótulo (o reconhecedor diz o que ela é)
        campos.append(Campo(None, chave_do_registro[0], local[0], local[1]))
    _campos(no, linhas, campos, listas, faltas)
    if campos or faltas.alguma:
        saida.append((RegistroLido(_identidade(campos[0].trecho) if campos else "", campos), faltas))
    for lista in listas:
        _coletar(lista, linhas, saida)


def _campos(no: dict, linhas: _Linhas, campos: list[Campo], listas: list[list | dict], faltas: _Faltas,
            pai: str | None = None) -> None:
    for chave, valor in no.items():
        if isinstance(valor, dict) and _indexado_por_valor(valor):
            listas.append(valor)  # {"2025-03-15 14:33:50": {...}, ...}: uma lista de registros escrita como objeto
        elif isinstance(valor, dict):
            # objeto dentro do registro: parte dele; a chave dele dá sentido às de dentro ("conta": {"numero": ...}
            # é o número da conta, não um telefone; "titular": {"nome": ...}, o nome do titular)
            _campos(valor, linhas, campos, listas, faltas, chave)
        elif isinstance(valor, list):
            listas.append(valor)
        elif valor.literal and valor.bruto and valor.bruto != "null":
            if (local := linhas.local(valor.inicio)) is None:
                # só na releitura de parte das linhas (lido inteiro, todo valor está numa linha não vazia)
                faltas.antes_do_primeiro = faltas.antes_do_primeiro or not campos
                faltas.alguma = True
                continue
            trecho, inicio = local
            if trecho.texto[inicio : inicio + len(valor.bruto)] == valor.bruto:
                campos.append(Campo(sys.intern(f"{pai} {chave}") if pai else chave, valor.bruto, trecho, inicio))


def _partes_com_nome(no: dict) -> bool:
    """Uma árvore de objetos com nome, sem lista e sem chave que seja valor (instante, IP, número): uma coisa só."""
    return all(not any(c.isdigit() for c in chave) and (isinstance(valor, _Simples) or (
        isinstance(valor, dict) and _partes_com_nome(valor))) for chave, valor in no.items())


def _indexado_por_valor(no: dict) -> bool:
    """Um objeto cujos membros são todos objetos e cujas chaves são valores (instantes, IPs, números), não nomes."""
    chaves = getattr(no, "valores_nas_chaves", None)
    return bool(chaves) and len(chaves) == len(no) and all(isinstance(v, dict) for v in no.values())


def _identidade(trecho: Trecho) -> str:
    return f"p{trecho.pagina}:{trecho.localizacao}" if trecho.pagina else trecho.localizacao
