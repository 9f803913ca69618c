"""A cadeia relato → DICT → extrato só passa pela conta que o DICT vincula à chave (sonda da 26ª sessão): o mesmo
titular com outra conta (o DICT diz 0001/4471239-8, o extrato é da 5544332-1) não é "a conta vinculada". Antes o
titular bastava, e o vínculo financeiro dizia, VERIFICADO, que "a conta vinculada registra o crédito" no extrato da
outra conta."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import conclusoes_dos_textos

_BO = ("BOLETIM DE OCORRÊNCIA Nº 991/2025\nVítima: ANA BEATRIZ MOREIRA, CPF 318.274.519-04\nHistórico: a vítima "
       "relata que em 14/07/2025 fez uma transferência Pix de R$ 2.350,00 para a chave rafa.pinto88@gmail.com.\n")
_DICT = ("DICT - Chave: rafa.pinto88@gmail.com | Tipo: EMAIL | Titular: RAFAEL SOUZA PINTO | CPF: 083.016.613-05 | "
         "Banco: BANCO HORIZONTE S.A. | Agência: 0001 | Conta: {conta}\n")
_EXTRATO = """BANCO HORIZONTE S.A. - EXTRATO
Titular: RAFAEL SOUZA PINTO   CPF 083.016.613-05   Agência 0001   Conta {conta}
Data        Hora      Histórico                                  Valor
14/07/2025  15:21:09  PIX RECEBIDO ANA BEATRIZ MOREIRA           2.350,00
14/07/2025  15:30:44  PIX ENVIADO MARCOS VINICIUS LIMA          -2.300,00
"""


@pytest.mark.parametrize(("do_dict", "do_extrato", "vinculada"), [
    ("4471239-8", "4471239-8", True),
    # o DICT sem o dígito verificador: a mesma conta
    ("4471239", "4471239-8", True),
    # armadilha: outra conta do mesmo titular
    ("4471239-8", "5544332-1", False),
])
def test_so_a_conta_que_o_dict_vincula(tmp_path: Path, do_dict: str, do_extrato: str, vinculada: bool) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"bo.txt": _BO, "dict.txt": _DICT.format(conta=do_dict),
                                                  "extrato.txt": _EXTRATO.format(conta=do_extrato)})
    cadeias = [c for c in conclusoes if c["tipo"] == "vinculo_financeiro"]
    assert bool(cadeias) is vinculada
    assert all("a conta vinculada registra o crédito" in c["afirmacao"] for c in cadeias)
    # a materialidade (o crédito pago pela vítima na conta de quem recebeu) continua nos três
    assert [c["grau_confianca"] for c in conclusoes if c["tipo"] == "materialidade"] == ["forte"]
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}
