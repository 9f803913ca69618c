"""O indício de "pagadores distintos" diz as datas como o extrato as escreve ("10/07"), não com o ano que veio do título
("EXTRATO MENSAL - JULHO/2025"): o validador não acha "10/07/2025" na linha e a conta de passagem ficava AMBIGUO
(achado na sonda do extrato em duas colunas, 27ª sessão)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos

_EXTRATO = """BANCO HORIZONTE S.A. - EXTRATO MENSAL - JULHO/2025
Titular: RAFAEL SOUZA PINTO CPF 083.016.613-05 Agência 0001 Conta 4471239-8
DATA   HISTÓRICO                                   VALOR
10/07  PIX RECEBIDO JOAO MENDES                    150,00
14/07  PIX RECEBIDO ANA BEATRIZ MOREIRA          2.350,00
14/07  PIX ENVIADO MARCOS VINICIUS LIMA         -2.300,00
15/07  PIX RECEBIDO PEDRO SALES                     75,00
"""
_BO = """BOLETIM DE OCORRÊNCIA Nº 991/2025
Vítima: ANA BEATRIZ MOREIRA, CPF 318.274.519-04.
Histórico: em 14/07/2025 a vítima fez uma transferência Pix de R$ 2.350,00.
"""


def test_as_datas_dos_pagadores_como_escritas(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"bo.txt": _BO, "extrato.txt": _EXTRATO})
    (laranja,) = [c for c in conclusoes if c["tipo"] == "identificacao_laranja"]
    assert "3 pagadores distintos entre 10/07 e 15/07 (" in laranja["afirmacao"]
    assert laranja["validacao"]["veredicto_geral"] == "VERIFICADO"
