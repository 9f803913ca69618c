"""O valor por extenso com o número entre parênteses na carta do banco (vigésima primeira sessão, caso c19).

"... recebeu em 14/07/2025, às 15:21:07, a quantia de dois mil trezentos e cinquenta reais (R$ 2.350,00), oriunda de
ANA ...": o parêntese é o aposto da prosa, mas era lido como o negativo da contabilidade, e o crédito virava débito:
a materialidade dizia a transferência "debitada no extrato de quem pagou", com o próprio recebedor de contraparte
(uma resposta errada). Armadilhas: "(2.350,00)" e "33.547.124/0001-40 (R$ 960,00)" numa linha de extrato continuam
negativos.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import BO_DA_ANA as BO
from tests.conftest import conclusoes_dos_textos
from tests.conftest import valores_reconhecidos as _valores

CARTA = ("BANCO DIGITAL ÔMEGA S.A.\nOfício DJ-1123/2025\n"
         "Em atenção ao ofício em referência, informamos que a conta 4471239-8, agência 0001, de titularidade de\n"
         "RAFAEL SOUZA PINTO, CPF 083.016.613-05, recebeu em 14/07/2025, às 15:21:07, a quantia de dois mil trezentos e\n"
         "cinquenta reais (R$ 2.350,00), oriunda de ANA BEATRIZ MOREIRA, CPF 526.018.159-06.\n")


def test_carta_com_o_valor_por_extenso_e_credito(tmp_path: Path) -> None:
    [conclusao] = [c for c in conclusoes_dos_textos(tmp_path, {"bo.txt": BO, "oficio_banco.txt": CARTA})
                   if c["tipo"] == "materialidade"]
    assert "está creditada na conta de quem recebeu" in conclusao["afirmacao"]
    assert "contraparte ANA BEATRIZ MOREIRA" in conclusao["afirmacao"]
    assert conclusao["grau_confianca"] == "forte"
    assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_aposto_do_valor_por_extenso_nao_e_negativo() -> None:
    assert _valores("transferiu dois mil trezentos e cinquenta reais (R$ 2.350,00)") == ["2350.00"]
    assert _valores("recebeu a quantia de mil reais ( R$ 1.000,00 ) de ANA") == ["1000.00"]


def test_parenteses_na_linha_de_extrato_continuam_negativos() -> None:
    assert _valores("PIX ENVIADO (2.350,00)") == ["-2350.00"]
    assert _valores("Pix enviado - 14:06:38 Fonseca 33.547.124/0001-40 (R$ 960,00) R$ 305,00")[0] == "-960.00"
