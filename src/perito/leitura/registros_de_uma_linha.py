"""Os textos dos registros de um CSV volumoso sem montar os trechos, quando cada registro é uma linha física.

A ordem das datas de um CSV lido em partes (`extratores.em_partes.decisoes_do_arquivo`) olha o texto de todo
registro do arquivo, e cada faixa a decide; montar um `Trecho` por registro só para isso custava ~1 s por faixa num
log de 200 mil linhas (issue 27). Quando nenhum registro atravessa linhas e o CSV não está malformado, o texto de
cada registro é a própria linha sem o terminador (`tabela_csv.Registros`), e os registros vazios que a leitura pula
não têm barra, logo a decisão (que só olha textos com barra) os ignora de todo modo: os mesmos textos com barra, na
mesma ordem. Senão (aspas com quebra de linha, CSV malformado), `NaoSimples`: a decisão volta aos trechos.
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
