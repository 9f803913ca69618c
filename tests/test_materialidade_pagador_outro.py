"""Materialidade falsa achada por sonda: o relato conta que a vítima pagou R$ 4.700,00 a JOÃO VITOR; o extrato de
ANDERSON tem um crédito de 4.700,00 no mesmo dia, de JOÃO VITOR (o repasse do recebedor). Bastavam valor e dia para
dizer, moderado, que "a transferência relatada está creditada na conta de quem recebeu". Agora o pagador que o banco
nomeia, e que certamente não é a vítima, afasta a conclusão. Armadilha: o extrato que corta ou abrevia o nome da
vítima ("ANA LUCIA FERREIRA GO") continua sendo dela.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_do_caso

_RELATO = ("POLÍCIA CIVIL DE MINAS GERAIS\nBOLETIM DE OCORRÊNCIA\n"
           "Vítima: Ana Lúcia Ferreira Gomes, CPF 418.273.605-26.\n"
           "Em 18/09/2025, às 14h22, a vítima transferiu R$ 4.700,00 via Pix para JOÃO VITOR SANTOS DA SILVA.\n")
_EXTRATO = ("Banco Inter S.A. - Extrato Conta Corrente\nTitular: ANDERSON LUIZ PEREIRA - CPF: 274.019.563-06\n"
            "Agência: 0001 Conta: 12345678-9\n"
            "Data Lançamento;Histórico;Descrição;Valor;Saldo\n"
            "18/09/2025;Pix recebido;Cp :18236120-{pagador};4.700,00;10.600,33\n")


def _materialidades(tmp_path: Path, pagador: str) -> list[dict]:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "relato.txt").write_text(_RELATO, encoding="utf-8")
    (caso / "extrato.csv").write_text(_EXTRATO.format(pagador=pagador), encoding="utf-8")
    return [c for c in conclusoes_do_caso(caso) if c["tipo"] == "materialidade"]


def test_credito_de_outro_pagador_nao_e_a_transferencia_relatada(tmp_path: Path) -> None:
    assert _materialidades(tmp_path, "JOAO VITOR SANTOS DA SILVA") == []


def test_nome_da_vitima_cortado_pelo_extrato_continua_dela(tmp_path: Path) -> None:
    [materialidade] = _materialidades(tmp_path, "ANA LUCIA FERREIRA GO")
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"
