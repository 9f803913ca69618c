"""O crédito que o banco diz pago por outra pessoa não é a transferência da vítima, mesmo na conta da chave contada.

Achado por sonda (27ª sessão): a vítima HELENA conta um Pix de R$ 2.350,00 para uma chave; o DICT liga a chave à conta
do investigado; o extrato dessa conta tem, no mesmo dia, um crédito de 2.350,00 "PIX RECEBIDO - FERNANDO ALVES PINTO".
Saíam "materialidade forte" ("a chave Pix contada no relato pertence ... titular da conta creditada") e a cadeia
"a conta vinculada registra o crédito", forte, ambas VERIFICADO: cada valor estava no documento, mas quem pagou era
outra pessoa. Agora a materialidade fica moderada e diz quem pagou; a cadeia não passa por esse crédito.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import conclusoes_dos_textos

_BO = """BOLETIM DE OCORRÊNCIA Nº 2025/331870
Vítima: HELENA MARQUES DUARTE, CPF 713.450.118-30
Histórico: no dia 14/07/2025, às 15h20, a vítima transferiu R$ 2.350,00 via Pix para a chave celular (41) 99877-1020.
"""
_DICT = """BANCO CENTRAL DO BRASIL - DICT
Chave: +5541998771020 (celular)
Titular: MATEUS HENRIQUE LOPES - CPF 402.118.730-80
Participante: BANCO SICREDI S.A. (ISPB 01181521) - Agência 0812 - Conta 44102-7
"""
_EXTRATO = """SICREDI - EXTRATO DE CONTA CORRENTE
Associado: MATEUS HENRIQUE LOPES   CPF: 402.118.730-80
Cooperativa 0812  Conta 44102-7
Data        Histórico                                     Valor (R$)
14/07/2025  PIX RECEBIDO - {pagador}             2.350,00 C
"""


def _conclusoes(tmp_path: Path, pagador: str) -> list[dict]:
    return conclusoes_dos_textos(tmp_path, {"bo.txt": _BO, "dict.txt": _DICT,
                                            "extrato_sicredi.txt": _EXTRATO.format(pagador=pagador)})


def test_outro_pagador_deixa_a_materialidade_moderada_e_fora_da_cadeia(tmp_path: Path) -> None:
    conclusoes = _conclusoes(tmp_path, "FERNANDO ALVES PINTO")
    (materialidade,) = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "moderado"
    assert "não nomeia a vítima como pagadora (o pagador ali é FERNANDO ALVES PINTO)" in materialidade["afirmacao"]
    assert not [c for c in conclusoes if c["tipo"] == "vinculo_financeiro"]


@pytest.mark.parametrize("pagador", [
    "HELENA MARQUES DUARTE",
    "HELENA M DUARTE",  # o nome cortado pelo banco pode ser o dela
    "CPF ***.450.118-**",  # só o CPF mascarado, compatível
])
def test_armadilha_a_vitima_ou_ninguem_nomeado_segue_forte(tmp_path: Path, pagador: str) -> None:
    conclusoes = _conclusoes(tmp_path, pagador)
    (materialidade,) = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "forte"
    (cadeia,) = [c for c in conclusoes if c["tipo"] == "vinculo_financeiro"]
    assert cadeia["grau_confianca"] == "forte"
    assert cadeia["validacao"]["veredicto_geral"] == "VERIFICADO"
