"""Registros de um HTML pela sua marcação de rótulo e valor: as listas de definições (`<dl>`).

`<dt>Data Hora</dt><dd>4 de janeiro de 2025, 12h02min28s</dd>` diz, pela marcação, qual linha é rótulo
e qual é valor; nada se adivinha pela posição. Cada `<dl>` é um registro. Uma lista que repete os
mesmos rótulos (uma `<dl>` com todos os acessos) se divide onde volta o rótulo que a abre, ou um rótulo
que o registro atual já tem: o registro a que falta um campo não toma o campo do registro de baixo.
"""

from __future__ import annotations

from perito.leitura.documento import Trecho
from perito.leitura.html_linhas import Linha
from perito.leitura.registro import Campo, RegistroLido


def registros(linhas: list[Linha], trechos: list[Trecho]) -> list[RegistroLido]:
    """Os registros das listas de definições; `trechos[i]` é o trecho de `linhas[i]`."""
    por_grupo: dict[int, list[tuple[Linha, Trecho]]] = {}
    for linha, trecho in zip(linhas, trechos, strict=True):
        if linha.grupo is not None and linha.papel is not None and linha.celulas is None:
            por_grupo.setdefault(linha.grupo, []).append((linha, trecho))
    saida: list[RegistroLido] = []
    for itens in por_grupo.values():
        saida.extend(_da_lista(itens))
    ordem = {id(t): i for i, t in enumerate(trechos)}
    saida.sort(key=lambda r: ordem[id(r.linhas[0])])
    return saida


def _da_lista(itens: list[tuple[Linha, Trecho]]) -> list[RegistroLido]:
    abre = next((_chave(linha.texto) for linha, _ in itens if linha.papel == "rotulo"), None)
    registros: list[RegistroLido] = []
    atual: RegistroLido | None = None
    rotulo: str | None = None
    vistos: set[str] = set()
    for linha, trecho in itens:
        if linha.papel == "rotulo":
            chave = _chave(linha.texto)
            if atual is None or (atual.campos and (chave == abre or chave in vistos)):
                atual = RegistroLido(trecho.localizacao)
                registros.append(atual)
                vistos = set()
            rotulo = linha.texto
            vistos.add(chave)
            atual.linhas.append(trecho)
            continue
        if atual is None:
            atual = RegistroLido(trecho.localizacao)
            registros.append(atual)
        atual.linhas.append(trecho)
        atual.campos.append(Campo(rotulo, trecho.texto, trecho, 0))
    return [r for r in registros if r.campos]


def _chave(texto: str) -> str:
    return " ".join(texto.casefold().rstrip(":").split())
