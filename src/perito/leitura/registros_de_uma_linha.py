"""Os textos dos registros de um TXT ou CSV volumoso sem montar os trechos, para as decisões do arquivo inteiro.

A ordem das datas e a notação dos números de um arquivo lido em partes (`extratores.em_partes.decisoes_do_arquivo`)
olham o texto de todo registro do arquivo, e cada faixa as decide; montar um `Trecho` por registro só para isso
custava ~1 s por faixa num log de 200 mil linhas (issue 27). Os textos são os mesmos sem os trechos:

- num TXT, o trecho de cada linha não vazia tem o texto da linha sem o terminador (`texto.trecho_da_linha`), e só as
  linhas com o separador da tabela têm células;
- num CSV em que nenhum registro atravessa linhas e que não está malformado, o texto de cada registro é a própria
  linha sem o terminador (`tabela_csv.Registros`), e os registros vazios que a leitura pula não têm barra, logo a
  ordem das datas (que só olha textos com barra) os ignora de todo modo. Senão (aspas com quebra de linha, CSV
  malformado), `NaoSimples`: a decisão volta aos trechos.
"""

from __future__ import annotations

import csv
from itertools import islice
from pathlib import Path
from typing import Iterator

from perito.leitura import em_partes, tabela_csv

#: linhas conferidas de cada vez pelo leitor de CSV (o de C, sem o gerador que guarda as linhas de cada registro)
_LINHAS_POR_VEZ = 20_000


class NaoSimples(Exception):
    """Um registro ocupa mais de uma linha física, ou o CSV está malformado: só a leitura dos trechos diz os textos."""


def textos(caminho: Path) -> Iterator[str]:
    """O texto de cada linha física do CSV, em ordem; `NaoSimples` ao achar um bloco com registro de várias linhas ou
    erro de CSV (antes de entregar qualquer linha do bloco).

    Cada bloco é lido por um leitor novo: um registro de uma linha começa e acaba nela, e o leitor de CSV não guarda
    nada de um registro para o outro; um registro cortado na divisa de dois blocos dá erro ou conta errada aqui."""
    codificacao = em_partes.codificacao_do_arquivo(caminho)
    delimitador = em_partes._registros_csv(caminho, codificacao).delimitador
    csv.field_size_limit(tabela_csv.MAXIMO_CAMPO)
    fisicas = em_partes._linhas(caminho, codificacao)
    while bloco := list(islice(fisicas, _LINHAS_POR_VEZ)):
        leitor = csv.reader(bloco, delimiter=delimitador, strict=True)
        try:
            registros = sum(1 for _ in leitor)
        except csv.Error:
            raise NaoSimples from None
        if registros != len(bloco) or leitor.line_num != len(bloco):
            raise NaoSimples
        for linha in bloco:
            yield linha.rstrip("\r\n")  # `codificacao.sem_terminador`, sem a chamada por linha


def textos_do_txt(caminho: Path, so_sem_celulas: bool = False) -> Iterator[str]:
    """O texto do trecho de cada linha não vazia do TXT, em ordem (`so_sem_celulas`: só das que não são linha da
    tabela, as `celulas is None` da leitura)."""
    codificacao = em_partes.codificacao_do_arquivo(caminho)
    separador = em_partes.separador_do_texto(caminho, codificacao) if so_sem_celulas else None
    for bruta in em_partes._linhas(caminho, codificacao):
        conteudo = bruta.rstrip("\r\n")
        if conteudo.strip() and not (separador is not None and separador in conteudo):
            yield conteudo
