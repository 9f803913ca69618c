"""A chave de que a resposta fala ("Chave consultada: 234.703.970-90 (CPF)") e a conta com a agência antes da barra
("conta 0001 / 123987-0").

A resposta do cadastro Pix diz a chave com um particípio entre a palavra e o valor ("consultada", "pesquisada",
"informada"); lida como CPF solto, a chave do relato não encontrava o DICT, e o vínculo financeiro (relato → chave →
titular → conta → crédito) não se fechava. O relatório de Pix do banco diz a conta como "conta 0001 / 123987-0".
"""

from __future__ import annotations

import pytest

from tests.conftest import conclusoes_dos_textos, dados_da_pasta


def _dados_da_linha(pasta, linha: str, titulo: str = "Banco Central do Brasil - DICT") -> list[dict]:
    (pasta / "resposta.txt").write_text(f"{titulo}\n{linha}\n", encoding="utf-8")
    return [d for d in dados_da_pasta(pasta) if d["linha_ou_celula"] == "linha 2"]


@pytest.mark.parametrize(("linha", "tipo"), [
    ("Chave consultada: 234.703.970-90 (CPF)", "cpf"),
    ("Chave Pix pesquisada: (31) 98444-1200", "telefone"),
    ("Chave informada: wesley.nunes@exemplo.com", "email"),
])
def test_a_chave_com_o_participio(tmp_path, linha, tipo):
    [chave] = [d for d in _dados_da_linha(tmp_path, linha) if d["campo"] == "chave_pix"]
    assert chave["metadados"]["tipo_chave"] == tipo


def test_armadilha_a_chave_consultada_sem_valor(tmp_path):
    # "a chave consultada pertence a ...": o particípio, e depois uma palavra que não é chave
    dados = _dados_da_linha(tmp_path, "A chave consultada pertence a WESLEY SANTOS NUNES, CPF 234.703.970-90.")
    assert not any(d["campo"] == "chave_pix" for d in dados)


@pytest.mark.parametrize(("linha", "normalizada"), [
    ("Relatório de transações Pix - conta 0001 / 123987-0 - Banco Cerrado", "|0001|1239870"),
    ("Conta corrente: 0042/55123-4", "|0042|551234"),
])
def test_conta_com_a_agencia_antes_da_barra(tmp_path, linha, normalizada):
    [conta] = [d for d in _dados_da_linha(tmp_path, linha, "Extrato") if d["campo"] == "conta_bancaria"]
    assert conta["metadados"]["conta_normalizada"] == normalizada


def test_armadilha_o_digito_depois_da_barra(tmp_path):
    # "conta 12345/6": o dígito verificador depois da barra, não a agência antes dela
    dados = _dados_da_linha(tmp_path, "Titular da conta 12345/6 desde 2020", "Extrato")
    assert not any(d["campo"] == "conta_bancaria" for d in dados)


def test_o_vinculo_financeiro_pela_chave_consultada(tmp_path):
    conclusoes = conclusoes_dos_textos(tmp_path, {
        "dict.txt": "BANCO CENTRAL DO BRASIL - Diretório de Identificadores de Contas Transacionais\n"
                    "Chave consultada: 234.703.970-90 (CPF)\n"
                    "Titular: WESLEY SANTOS NUNES  CPF: 234.703.970-90\n"
                    "Participante: 12345678  Agência: 0001  Conta: 123987-0\n",
        "pix.csv": "Relatório de transações Pix - conta 0001 / 123987-0 - Banco Cerrado S.A.\n\n"
                   "Data;Pagador;CPF Pagador;Recebedor;CPF Recebedor;Valor (R$);Tipo\n"
                   "02/06/2025;CLAUDIA REGINA PORTO;410.946.685-75;WESLEY SANTOS NUNES;234.703.970-90;1.890,00;CRÉDITO\n",
        "bo.txt": "POLÍCIA CIVIL - BOLETIM DE OCORRÊNCIA\nVítima: CLAUDIA REGINA PORTO, CPF 410.946.685-75.\n"
                  "Em 02/06/2025 fez um Pix de R$ 1.890,00 para a chave CPF 234.703.970-90.\n",
    })
    [vinculo] = [c for c in conclusoes if c["tipo"] == "vinculo_financeiro"]
    assert vinculo["validacao"]["veredicto_geral"] == "VERIFICADO"
    citados = {(r["arquivo"], r["dado_citado"]) for r in vinculo["referencias"]}
    assert ("dict.txt", "234.703.970-90") in citados
    assert any(arquivo == "pix.csv" and "123987-0" in dado for arquivo, dado in citados)
    # a chave de CPF é dita como chave, não como "o número" de uma linha
    [titular] = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert titular["afirmacao"].startswith("A chave Pix 23470397090 está cadastrada em nome de WESLEY SANTOS NUNES")
