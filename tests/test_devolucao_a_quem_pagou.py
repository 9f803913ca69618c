"""O que volta para quem pagou não é repasse: a devolução à vítima escrita como um Pix enviado a ela.

"PIX RECEBIDO ANA CLARA MENDES 3.200,00" e, logo abaixo, "PIX ENVIADO ANA CLARA MENDES -3.200,00": a conta devolveu o
dinheiro à vítima. Contado como "repasse no mesmo dia, 100% do que entrou", era um indício de conta de passagem, e a
conta de quem devolveu virava "laranja" forte.
"""

from __future__ import annotations

from tests.conftest import DATA, conclusoes_dos_textos

_BO = ("POLÍCIA CIVIL - BOLETIM DE OCORRÊNCIA\nVítima: ANA CLARA MENDES, CPF 945.807.302-24.\n"
       "Relata que em 10/04/2025 transferiu R$ 3.200,00 via Pix para RAFAELA SOUZA LIMA.\n")
_CABECALHO = ("Extrato de conta corrente - RAFAELA SOUZA LIMA - CPF 157.368.193-84\nAgência: 0001 Conta: 7788990-1\n\n"
              "Data;Histórico;Valor;Saldo\n10/04/2025;PIX RECEBIDO ANA CLARA MENDES;3.200,00;3.285,40\n")


def _laranjas(tmp_path, saida: str) -> list[dict]:
    conclusoes = conclusoes_dos_textos(tmp_path, {"bo.txt": _BO, "extrato.csv": _CABECALHO + saida}, DATA)
    return [c for c in conclusoes if c["tipo"] == "identificacao_laranja"]


def test_a_devolucao_a_vitima_nao_e_repasse(tmp_path):
    assert _laranjas(tmp_path, "10/04/2025;PIX ENVIADO ANA CLARA MENDES;-3.200,00;85,40\n") == []


def test_armadilha_o_envio_a_outra_pessoa_continua_repasse(tmp_path):
    [laranja] = _laranjas(tmp_path, "10/04/2025;PIX ENVIADO MARCOS VINICIUS ALVES;-3.100,00;185,40\n")
    assert "repasse no mesmo dia" in laranja["afirmacao"]


def test_o_vinculo_financeiro_nao_diz_que_a_devolucao_saiu_da_conta(tmp_path):
    dict_ = ("BANCO CENTRAL DO BRASIL - Diretório de Identificadores de Contas Transacionais (DICT)\n"
             "Chave: (21) 99876-5432  Titular: RAFAELA SOUZA LIMA  CPF: 157.368.193-84  Agência: 0001  Conta: 7788990-1\n")
    bo = _BO.replace("para RAFAELA SOUZA LIMA", "para a chave (21) 99876-5432")
    conclusoes = conclusoes_dos_textos(tmp_path, {
        "bo.txt": bo, "dict.txt": dict_,
        "extrato.csv": _CABECALHO + "10/04/2025;PIX ENVIADO ANA CLARA MENDES;-3.200,00;85,40\n"}, DATA)
    [vinculo] = [c for c in conclusoes if c["tipo"] == "vinculo_financeiro"]
    assert "saem da conta" not in vinculo["afirmacao"]
