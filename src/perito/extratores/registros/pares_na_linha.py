"""Linhas de pares `Rótulo: valor` separados por vírgula: cada linha é um registro, cada par um campo rotulado.

A resposta em texto de um aplicativo de mensagens escreve cada acesso numa linha só: "IP: 189.120.44.17, Port: 50123,
Date: 2025-06-12 17:21:40 UTC, Device: Samsung SM-A546E". Lida como um campo só (o rótulo "IP" e o resto da linha
como valor), a porta e o aparelho ficavam fora do acesso. A linha é cortada antes de cada ", Rótulo:" cujo rótulo é
um nome de coluna conhecido (`colunas.papel`): a vírgula de um valor ("Rio de Janeiro, RJ", "1.234,56") não é corte.

Só a linha que começa por um rótulo conhecido e tem três pares ou mais, dois deles de rótulo conhecido.
"""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from perito.extratores import colunas
from perito.leitura.documento import Trecho
from perito.leitura.registro import Campo, RegistroLido

#: o rótulo de um par: até quatro palavras (letras, sublinhado, ponto, barra) antes dos dois-pontos
_ROTULO = r"[^\W\d_][\w./ ]{0,30}?"
#: o começo da linha: o primeiro rótulo
_PRIMEIRO = re.compile(rf"\s*(?P<rotulo>{_ROTULO})\s*:\s+")
#: um corte: a vírgula (ou ponto e vírgula) antes do rótulo seguinte
_CORTE = re.compile(rf"[,;]\s+(?P<rotulo>{_ROTULO})\s*:\s+")
_MINIMO = 3


def registros(trechos: Iterable[Trecho]) -> Iterator[RegistroLido]:
    for trecho in trechos:
        if ":" in trecho.texto and "," in trecho.texto and (campos := _campos(trecho)) is not None:
            yield RegistroLido(f"p{trecho.pagina}:{trecho.localizacao}" if trecho.pagina else trecho.localizacao,
                               campos)


def _campos(trecho: Trecho) -> list[Campo] | None:
    texto = trecho.texto
    primeiro = _PRIMEIRO.match(texto)
    if primeiro is None or not colunas.papel(primeiro.group("rotulo")):
        return None
    cortes = [m for m in _CORTE.finditer(texto, primeiro.end()) if colunas.papel(m.group("rotulo"))]
    if len(cortes) + 1 < _MINIMO:
        return None
    inicios = [(primeiro.group("rotulo"), primeiro.end()), *((m.group("rotulo"), m.end()) for m in cortes)]
    fins = [m.start() for m in cortes] + [len(texto.rstrip())]
    campos = []
    for (rotulo, inicio), fim in zip(inicios, fins, strict=True):
        valor = texto[inicio:fim].strip()
        if valor:
            campos.append(Campo(rotulo.strip(), valor, trecho, texto.index(valor, inicio)))
    return campos
