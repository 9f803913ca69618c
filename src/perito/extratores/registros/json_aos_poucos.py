"""Os registros de um JSON na ordem do documento, montados aos poucos.

Num JSON, os registros dos objetos (`campos.Leitor`) e os das linhas que nenhum objeto lê (`registros_linhas`,
`registros_tabela`) saem juntos, ordenados pela posição no documento, e o titular é lido de tudo junto. Montados
todos antes de ordenar, os de um JSON de 100 mil logins ficavam inteiros na memória do auxiliar (~2 KB cada).

Aqui os registros dos objetos são montados um a um, na mesma ordem de antes, e cada um sai assim que nenhum
objeto ainda não montado pode vir antes dele: os itens de um registro estão nas linhas dos campos dele, e a
primeira dessas linhas é um limite inferior da sua posição. A saída é a mesma ordenação estável de antes
(`base._na_ordem_do_documento`: posição, e no empate a ordem de montagem, objetos antes das linhas soltas),
sem os registros sem item (não dão dado nem mudam o titular).

Quando as linhas soltas são só a estrutura do JSON (`so_estrutura`), o motor de linhas de texto nem passa por elas.
Vale só quando as linhas soltas, montadas primeiro, não mudam o contexto (declarações de fuso, avisos, a
ordem das linhas): montadas depois dos objetos, como antes, elas veriam o mesmo contexto. Se mudam, `None`, e
quem chama monta tudo como antes, com um contexto novo.
"""

from __future__ import annotations

import heapq
import re
from typing import Iterator

from perito.extratores.contexto import Contexto
from perito.extratores.montagem import Registro
from perito.extratores.motor.linhas import registros_linhas
from perito.extratores.motor.tabela import registros_tabela
from perito.extratores.registros.campos import Leitor
from perito.leitura.documento import Documento
from perito.leitura.registro import RegistroLido

#: a linha que só tem a estrutura do JSON: chaves, colchetes, vírgulas e, no máximo, a chave (só letras) que abre uma
#: lista ou um objeto, ou que diz `null` ou `""` (`"logins": [`, `},`, `]`, `"deviceId": null,`, `"href": ""`: o leitor
#: não faz campo de null nem de texto vazio)
_ESTRUTURA = re.compile(r'\s*(?:"[A-Za-z_ ]{1,40}"\s*:\s*)?(?:(?:null|"")\s*,?\s*$)?[\[\]{},\s]*')


def so_estrutura(documento: Documento, consumidos: set[int]) -> bool:
    """As linhas que nenhum objeto lê são só a estrutura do JSON (sem algarismo nenhum; letras, só na chave que abre
    uma lista ou um objeto): o motor de linhas de texto não tiraria dado nenhum delas, nem declararia fuso — o que o
    teste com hypothesis confere rodando o motor em JSONs com rótulos de verdade nessas chaves. Num JSON de 100 mil
    logins eram 200 mil linhas `{` e `},`, 37% da extração."""
    return all(_ESTRUTURA.fullmatch(t.texto) for t in documento.trechos if t.celulas is None and id(t) not in consumidos)


def registros(documento: Documento, ctx: Contexto, lidos: list[RegistroLido], prosa: bool) -> Iterator[Registro] | None:
    """Os registros do JSON na ordem do documento (um gerador), ou None se a ordem de montagem importaria."""
    consumidos = {id(t) for lido in lidos for t in lido.trechos()}
    antes = ctx.estado()
    soltos = list(registros_tabela(documento, ctx, consumidos))
    if not so_estrutura(documento, consumidos):
        soltos = registros_linhas(documento, ctx, prosa, consumidos) + soltos
    if ctx.estado() != antes:
        return None
    leitor = Leitor(ctx, documento.arquivo)
    leitor.preparar(lidos)
    return _em_ordem(ctx, leitor, lidos, soltos)


def _em_ordem(ctx: Contexto, leitor: Leitor, lidos: list[RegistroLido], soltos: list[Registro]) -> Iterator[Registro]:
    fim = len(ctx.ordem)

    def posicao(registro: Registro) -> int:
        return min((ctx.ordem.get(id(item.trecho), fim) for item in registro.itens), default=fim)

    total = len(lidos)
    # o menor (limite, índice) entre os objetos ainda não montados, de cada ponto em diante
    limites = [(min((ctx.ordem.get(id(c.trecho), fim) for c in lido.campos), default=fim), k)
               for k, lido in enumerate(lidos)]
    seguintes: list[tuple[int, int]] = [(fim + 1, total)] * (total + 1)
    for k in range(total - 1, -1, -1):
        seguintes[k] = min(limites[k], seguintes[k + 1])
    del limites
    # no empate de posição, as linhas soltas vêm depois de todo objeto (a concatenação de antes)
    fila = [(posicao(r), total + j, r) for j, r in enumerate(soltos) if r.itens]
    heapq.heapify(fila)
    del soltos
    for k, lido in enumerate(lidos):
        while fila and fila[0][:2] < seguintes[k]:
            yield heapq.heappop(fila)[2]
        registro = leitor.registro(lido)
        if registro.itens:
            heapq.heappush(fila, (posicao(registro), k, registro))
    while fila:
        yield heapq.heappop(fila)[2]
