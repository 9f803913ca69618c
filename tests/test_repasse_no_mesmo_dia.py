"""Conta de passagem num extrato que só dá o dia (o de um banco digital: "02 AGO 2025" e os lançamentos embaixo, sem
hora), achada por uma sonda: o repasse só era procurado em minutos, e a conta com duas vítimas e a saída de quase
tudo no mesmo dia não era indicada como de passagem. Agora o repasse do mesmo dia (saídas escritas logo abaixo do
crédito) é indício, dito "no mesmo dia" e sem intervalo afirmado. Armadilha: a saída pequena não é repasse.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import conclusoes_do_caso

_EXTRATO = """NU PAGAMENTOS S.A. - INSTITUIÇÃO DE PAGAMENTO
Extrato de conta - MARIA DA SILVA SOUZA - CPF 123.456.789-09 - Agência 0001 - Conta 9876543-2
Período: 01/08/2025 a 05/08/2025
02 AGO 2025                                                          Saldo do dia: R$ 50,00
Transferência recebida pelo Pix JOSE PEREIRA LIMA - •••.321.654-•• - BCO BRADESCO S.A. (0237) Agência: 1234 Conta: 98765-4   R$ 1.250,90
Transferência recebida pelo Pix ANA CLARA ROCHA - •••.111.222-•• - ITAÚ UNIBANCO S.A. (0341) Agência: 0500 Conta: 11111-1   R$ 2.300,00
Transferência enviada pelo Pix CARLOS ALBERTO NUNES - •••.987.321-•• - CAIXA ECONOMICA FEDERAL (0104) Agência: 4321 Conta: 11122-3   R$ {saida}
"""
_BOLETINS = {
    "boletim1.txt": "BOLETIM DE OCORRÊNCIA Nº 4411/2025\nVítima: JOSÉ PEREIRA LIMA, CPF 987.321.654-00\nHistórico: Em "
                    "02/08/2025 a vítima transferiu R$ 1.250,90 por Pix para MARIA DA SILVA SOUZA.\n",
    "boletim2.txt": "BOLETIM DE OCORRÊNCIA Nº 4420/2025\nVítima: ANA CLARA ROCHA, CPF 111.111.222-33\nHistórico: No dia "
                    "02/08/2025 a vítima pagou R$ 2.300,00 via Pix para MARIA DA SILVA SOUZA.\n",
}


def _laranjas(tmp_path: Path, saida: str) -> list[dict]:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "extrato.txt").write_text(_EXTRATO.format(saida=saida), encoding="utf-8")
    for nome, texto in _BOLETINS.items():
        (caso / nome).write_text(texto, encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso)
    return [c for c in conclusoes if c["tipo"] == "identificacao_laranja"]


def test_repasse_no_mesmo_dia_e_indicio(tmp_path: Path) -> None:
    (laranja,) = _laranjas(tmp_path, "3.400,00")
    # as duas vítimas e a saída de quase tudo: o grupo (antes, "1 de 2", com 147% do segundo crédito)
    assert "repasse no mesmo dia em 2 de 2 créditos" in laranja["afirmacao"]
    assert "saem R$ 3.400,00, 95% do que entrou" in laranja["afirmacao"]
    assert "nenhum intervalo é afirmado" in laranja["afirmacao"] and "repasse rápido" not in laranja["afirmacao"]
    assert laranja["grau_confianca"] == "forte"  # vítimas (relato) e repasse (banco): duas famílias
    assert laranja["validacao"]["veredicto_geral"] == "VERIFICADO"


@pytest.mark.parametrize("saida", ["500,00"])
def test_saida_pequena_nao_e_repasse(tmp_path: Path, saida: str) -> None:
    assert _laranjas(tmp_path, saida) == []  # só o indício das vítimas: um indício não basta
