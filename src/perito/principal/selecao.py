"""O que o cruzamento lê de um arquivo volumoso: os registros cujos valores aparecem em outro arquivo.

Toda regra do principal compara um valor (IP, telefone, IMEI, CPF, conta, chave Pix, e-mail, nome) entre
fontes, e leva junto o registro inteiro do dado (data-hora, porta, contraparte). De um log de milhões de acessos,
o cruzamento precisa então só dos registros com algum desses valores escrito também noutro arquivo do caso, mais
o preâmbulo (título, titular, período pedido), de onde vêm o contexto e a identificação da fonte. O lote gravado
continua com todos os dados (`perito.derrame.DadosDoLote`); só a lista que o principal indexa encolhe.

Chaves de 64 bits (`juncao.chave`, as mesmas que o auxiliar grava no índice de cada bloco): uma colisão só faz guardar
um registro a mais, nunca perder.
"""

from __future__ import annotations

import gc
from typing import Any, Iterable, Iterator

from perito import juncao
from perito.derrame import DadosDoLote, Derrame, linha_do_registro

#: linhas do começo do arquivo sempre lidas pelo cruzamento (preâmbulo: título, titular, período, fuso)
LINHAS_DO_PREAMBULO = 60
#: famílias com regras de um arquivo só (indícios de laranja nos créditos e repasses de um extrato; o mesmo IMEI
#: em duas linhas de uma bilhetagem): até `INTEIRO_ATE` dados, o arquivo volumoso delas entra inteiro no cruzamento
FAMILIAS_COM_REGRAS_DE_UM_ARQUIVO = frozenset({"banco", "operadora"})
#: ~1 a 1,3 KB por dado no principal (medido: os do SIMBA, os mais ricos, ~1,3 KB): 500 mil dados ocupam 500 a 650 MB;
#: com o índice do cruzamento (~200 MiB para 400 mil) e o resto do caso, o pico passa perto de 1 GB (README, Limites)
INTEIRO_ATE = 500_000


def chaves(dado: dict[str, Any]) -> list[int]:
    """As chaves das formas de junção de um dado (`perito.juncao`; vazio para os outros campos)."""
    return [juncao.chave(f) for f in juncao.formas(dado)]


def selecionar(lotes: Iterable[dict[str, Any]]) -> dict[str, int]:
    """Completa a lista de cada lote com os dados escolhidos dos derrames; devolve arquivo → dados escolhidos.

    Duas passadas nos derrames de cada arquivo (um por faixa de linhas): a primeira acha os registros com uma chave
    de outro arquivo (dos comuns, ou de outro volumoso); a segunda guarda os dados desses registros e os do
    preâmbulo.

    Sem o coletor de ciclos: cada bloco desempacotado cria dezenas de milhares de dicionários (dados puros, sem
    ciclo), e as coletas completas que isso disparava custavam 60% da escolha (sete de 0,19 s num caso grande,
    nenhuma achando nada).
    """
    ligado = gc.isenabled()
    gc.disable()
    try:
        return _selecionar(lotes)
    finally:
        if ligado:
            gc.enable()


def _selecionar(lotes: Iterable[dict[str, Any]]) -> dict[str, int]:
    listas = [lote["dados_extraidos"] for lote in lotes if isinstance(lote["dados_extraidos"], DadosDoLote)]
    por_arquivo: dict[str, list[Derrame]] = {}
    for lista in listas:
        for derrame in lista.derrames:
            por_arquivo.setdefault(derrame.arquivo, []).append(derrame)
    if not por_arquivo:
        return {}
    conhecidas: set[int] = {k for lista in listas for dado in lista for k in chaves(dado)}
    compartilhadas = _entre_volumosos(list(por_arquivo.values())) if len(por_arquivo) > 1 else set()
    escolhidos: dict[str, int] = {}
    feitos: set[str] = set()
    for lista in listas:
        novos: list[dict[str, Any]] = []
        for segmento in lista.segmentos:
            if not isinstance(segmento, Derrame):
                novos.extend(segmento)
            elif segmento.arquivo not in feitos:  # as faixas de um arquivo vêm juntas e na ordem
                feitos.add(segmento.arquivo)
                achados = _escolher(por_arquivo[segmento.arquivo], conhecidas, compartilhadas)
                escolhidos[segmento.arquivo] = len(achados)
                novos.extend(achados)
        lista[:] = novos  # na ordem dos arquivos, como o lote gravado
    return escolhidos


def _dados(derrames: list[Derrame]) -> Iterator[dict[str, Any]]:
    for derrame in derrames:
        for bloco in derrame.blocos():
            yield from bloco


def _entre_volumosos(arquivos: list[list[Derrame]]) -> set[int]:
    """As chaves escritas em dois volumosos ou mais (dois logs de provedores com o mesmo IP)."""
    vistas: set[int] = set()
    compartilhadas: set[int] = set()
    for derrames in arquivos:
        proprias: set[int] = set()
        for derrame in derrames:
            for indice in derrame.indices():
                proprias.update(indice.chaves)
        compartilhadas |= proprias & vistas
        vistas |= proprias
        del proprias
    return compartilhadas


def familia(derrames: list[Derrame]) -> str:
    """A família da fonte do primeiro dado que a diz (a vista pelo auxiliar ao gravar; sem ela, lida dos dados)."""
    if all(d.familia is not None for d in derrames):
        return next((str(d.familia) for d in derrames if d.familia), "")
    return next((str(f) for dado in _dados(derrames) if (f := (dado.get("metadados") or {}).get("familia_fonte"))), "")


def inteiro(derrames: list[Derrame]) -> bool:
    """O arquivo entra inteiro no cruzamento (família com regras de um arquivo só, e cabe)?"""
    return sum(d.total for d in derrames) <= INTEIRO_ATE and familia(derrames) in FAMILIAS_COM_REGRAS_DE_UM_ARQUIVO


def _escolher(derrames: list[Derrame], conhecidas: set[int], compartilhadas: set[int]) -> list[dict[str, Any]]:
    if inteiro(derrames):
        return list(_dados(derrames))
    achados: list[dict[str, Any]] = []
    procuradas = conhecidas | compartilhadas
    for derrame in derrames:
        # 1ª passada: os registros com uma chave de fora e os blocos onde estão (com os vizinhos: um registro pode
        # começar no fim de um bloco e acabar no começo do seguinte); o 1º bloco tem o preâmbulo
        registros: set[tuple[str, str]] = set()
        blocos: set[int] = {0}
        for posicao, indice in enumerate(derrame.indices()):  # o índice de junção do bloco, não os dados
            if achados_no_bloco := indice.registros_com(procuradas):
                registros |= achados_no_bloco
                blocos.update((posicao - 1, posicao, posicao + 1))
        # 2ª passada: só os blocos marcados são desempacotados de novo
        achados += [dado for bloco in derrame.blocos(blocos) for dado in bloco
                    if juncao.registro(dado) in registros or linha_do_registro(dado) <= LINHAS_DO_PREAMBULO]
    return achados
