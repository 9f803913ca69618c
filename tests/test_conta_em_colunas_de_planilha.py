"""Banco, agência e conta em colunas separadas de uma planilha ("Conta para recebimento" de um marketplace, a relação
de contas de uma resposta): a conta é a célula da conta, com a agência e o banco das células vizinhas como apoio (a
mesma chave de comparação da conta escrita numa linha só). Num CSV isso já saía; no XLSX, não.

Armadilha: uma coluna "Conta" com texto ("Conta corrente") ou sem agência preenchida não vira conta.
"""

from __future__ import annotations

import openpyxl

from tests.conftest import dados_da_pasta


def _contas(tmp_path, linhas):
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.title = "Conta para recebimento"
    for linha in linhas:
        aba.append(linha)
    livro.save(tmp_path / "resposta.xlsx")
    return [d for d in dados_da_pasta(tmp_path) if d["campo"] == "conta_bancaria"]


def test_banco_agencia_e_conta_em_colunas_sao_uma_conta(tmp_path):
    contas = _contas(tmp_path, [["Banco", "Agência", "Conta", "Titular"],
                                ["077 - Banco Inter S.A.", "0001", "2207781-4", "RAFAEL AUGUSTO NUNES"]])
    assert len(contas) == 1
    conta = contas[0]
    assert conta["linha_ou_celula"] == "celula C2" and conta["dado"] == "2207781-4"
    assert conta["metadados"]["conta_normalizada"] == "077|0001|22077814"
    assert {a["linha_ou_celula"] for a in conta["metadados"]["apoio"]} == {"celula A2", "celula B2"}


def test_armadilha_coluna_conta_sem_numero_ou_sem_agencia(tmp_path):
    assert _contas(tmp_path, [["Banco", "Agência", "Conta"], ["Banco Inter", "", "2207781-4"],
                              ["Banco Inter", "0001", "Conta corrente"]]) == []
