"""O termo de interrogatório do investigado conta o que entrou na conta dele e o repasse (vigésima sessão: "Interrogado:
FELIPE ..., na condição de investigado ... que no dia 12/06/2025 entraram R$ 2.890,00 ... que transferiu R$ 4.400,00
para JOSE CARLOS LIMA").

Antes: a conta de passagem dizia "recebeu de vítima que relatou a transferência: a vítima relata (termo_interrogatorio...)"
— o interrogado não é vítima, e o "Interrogado:" não era um papel. Agora o interrogado (e o conduzido) é investigado, os
valores do termo sem vítima não são relatos de vítima, e o débito do repasse diz "quem o investigado diz ter pago".
Armadilha: o mesmo crédito contado no boletim da vítima continua "recebeu de vítima que relatou a transferência".
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos

_TERMO = ("POLÍCIA CIVIL DO ESTADO DO RIO DE JANEIRO\nTERMO DE INTERROGATÓRIO\n"
          "Interrogado: FELIPE AUGUSTO MOURA, CPF 186.091.390-34, na condição de investigado.\n"
          "Às perguntas, respondeu: que no dia 12/06/2025 entraram R$ 2.890,00 e R$ 1.500,00 de uma mulher que não "
          "conhece;\nque no mesmo dia transferiu R$ 4.400,00 para JOSE CARLOS LIMA, a pedido de Bruno.\n")
_BOLETIM = ("POLÍCIA CIVIL DO ESTADO DO RIO DE JANEIRO\nREGISTRO DE OCORRÊNCIA 012-04567/2025\n"
            "Vítima: ANA PAULA RIBEIRO, CPF 111.444.777-35.\n"
            "Relata a vítima que em 12/06/2025 fez duas transferências Pix, de R$ 2.890,00 e de R$ 1.500,00, para FELIPE "
            "AUGUSTO MOURA.\n")
_EXTRATO = ("RELEASE_DATE,TRANSACTION_TYPE,REFERENCE_ID,TRANSACTION_NET_AMOUNT,PARTIAL_BALANCE\n"
            "10-06-2025,Transferência Pix recebida JOAO DA SILVA,88110001,50.00,60.00\n"
            "12-06-2025,Transferência Pix recebida ANA PAULA RIBEIRO,88110002,2890.00,2950.00\n"
            "12-06-2025,Transferência Pix recebida ANA PAULA RIBEIRO,88110003,1500.00,4450.00\n"
            "12-06-2025,Transferência Pix enviada JOSE CARLOS LIMA,88110004,-4400.00,50.00\n")


def test_o_interrogado_nao_e_vitima(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"termo_interrogatorio.txt": _TERMO, "mercadopago.csv": _EXTRATO})
    assert not any("recebeu de vítima que relatou" in c["afirmacao"] for c in conclusoes)
    [repasse] = [c for c in conclusoes if "está debitada no extrato de quem pagou" in c["afirmacao"]]
    assert "o débito nomeia quem o investigado diz ter pago (JOSE CARLOS LIMA)" in repasse["afirmacao"]
    assert repasse["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_o_boletim_da_vitima_continua_relato_de_vitima(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"bo.txt": _BOLETIM, "mercadopago.csv": _EXTRATO})
    [laranja] = [c for c in conclusoes if c["tipo"] == "identificacao_laranja"]
    assert "recebeu de vítima que relatou a transferência: ANA PAULA RIBEIRO relata (bo.txt" in laranja["afirmacao"]
