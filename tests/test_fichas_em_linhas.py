"""Linhas de cadastro inteiras, uma embaixo da outra, são fichas de pessoas diferentes.

"Chave: ... Titular: RAFAELA ... CPF ... Agência ... Conta ..." e, embaixo, a mesma ficha de JOAO: lidas como um registro
só (nenhuma tem IP, valor ou data que as separe), a chave de JOAO tinha duas contas e dois CPFs no registro, e o vínculo
financeiro (relato → chave → conta → crédito) não se fechava, ou se fechava com a conta da outra pessoa.
"""

from __future__ import annotations

from tests.conftest import DATA, conclusoes_do_caso, dados_da_pasta

_DICT = ("BANCO CENTRAL DO BRASIL - Diretório de Identificadores de Contas Transacionais (DICT)\n"
         "Chave: (21) 99876-5432  Titular: RAFAELA SOUZA LIMA  CPF: 157.368.193-84  Agência: 0001  Conta: 7788990-1\n"
         "Chave: joao.ramos@exemplo.com  Titular: JOAO PAULO RAMOS  CPF: 945.807.302-24  Agência: 1234  Conta: 998877-0\n")


def test_cada_ficha_e_um_registro(tmp_path):
    (tmp_path / "dict.txt").write_text(_DICT, encoding="utf-8")
    registros = {}
    for d in dados_da_pasta(tmp_path):
        registros.setdefault(d["metadados"]["registro"], set()).add(d["dado"])
    [rafaela] = [r for r in registros.values() if "RAFAELA SOUZA LIMA" in r]
    [joao] = [r for r in registros.values() if "JOAO PAULO RAMOS" in r]
    assert rafaela is not joao and "joao.ramos@exemplo.com" in joao and "(21) 99876-5432" not in joao


def test_o_vinculo_financeiro_pela_conta_da_propria_ficha(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "dict.txt").write_text(_DICT, encoding="utf-8")
    (caso / "bo.txt").write_text("POLÍCIA CIVIL - BOLETIM DE OCORRÊNCIA\nVítima: ANA CLARA MENDES, CPF 787.789.328-07.\n"
                                 "Relata que em 10/04/2025 fez um Pix de R$ 3.200,00 para a chave joao.ramos@exemplo.com.\n",
                                 encoding="utf-8")
    (caso / "extrato.csv").write_text("Extrato de conta corrente - JOAO PAULO RAMOS - CPF 945.807.302-24\n"
                                      "Agência: 1234 Conta: 998877-0\n\nData;Histórico;Valor;Saldo\n"
                                      "10/04/2025;PIX RECEBIDO ANA CLARA MENDES;3.200,00;3.285,40\n", encoding="utf-8")
    [vinculo] = [c for c in conclusoes_do_caso(caso, DATA) if c["tipo"] == "vinculo_financeiro"]
    do_dict = [r for r in vinculo["referencias"] if r["arquivo"] == "dict.txt"]
    assert {r["linha_ou_celula"] for r in do_dict} == {"linha 3"}
    assert vinculo["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_armadilha_a_ficha_em_varias_linhas_continua_uma(tmp_path):
    # a ficha de uma pessoa com um campo por linha (e dois telefones): um registro só
    (tmp_path / "cadastro.txt").write_text(
        "OPERADORA VELOZ - DADOS CADASTRAIS\nAssinante: RAFAELA SOUZA LIMA CPF: 157.368.193-84\n"
        "Linha: (21) 99876-5432\nLinha adicional: (21) 93333-4444\n", encoding="utf-8")
    registros = {d["metadados"]["registro"] for d in dados_da_pasta(tmp_path)}
    assert len(registros) == 1
