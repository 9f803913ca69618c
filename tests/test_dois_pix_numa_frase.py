"""Dois Pix contados numa frase, cada um para a sua chave; e o crédito de mesmo valor e dia pago por outra pessoa.

"fez dois Pix: R$ 1.000,00 para a chave (21) 99876-5432 e R$ 2.000,00 para a chave joao.ramos@exemplo.com": cada valor
levava as duas chaves, e o vínculo financeiro dizia "R$ 1.000,00 ... para a chave joao.ramos@..." (com o crédito de
R$ 1.000,00 que CARLOS SILVA fez a JOAO no mesmo dia), VERIFICADO e forte. A materialidade fazia o mesmo.
"""

from __future__ import annotations

import json

from tests.conftest import DATA, conclusoes_do_caso, status_com_a_citacao_trocada

_DICT = ("BANCO CENTRAL DO BRASIL - Diretório de Identificadores de Contas Transacionais (DICT)\n"
         "Chave: (21) 99876-5432  Titular: RAFAELA SOUZA LIMA  CPF: 157.368.193-84  Agência: 0001  Conta: 7788990-1\n"
         "Chave: joao.ramos@exemplo.com  Titular: JOAO PAULO RAMOS  CPF: 945.807.302-24  Agência: 1234  Conta: 998877-0\n")
_BO = ("POLÍCIA CIVIL - BOLETIM DE OCORRÊNCIA\nVítima: ANA CLARA MENDES, CPF 787.789.328-07.\n"
       "Relata que em 10/04/2025 fez dois Pix: R$ 1.000,00 para a chave (21) 99876-5432 e R$ 2.000,00 para a chave "
       "joao.ramos@exemplo.com.\n")


def _extrato(titular: str, cpf: str, agencia: str, conta: str, linhas: list[str]) -> str:
    return (f"Extrato de conta corrente - {titular} - CPF {cpf}\nAgência: {agencia} Conta: {conta}\n\n"
            "Data;Histórico;Valor;Saldo\n" + "".join(f"{linha}\n" for linha in linhas))


def _caso(tmp_path, linhas_joao: list[str]):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "dict.txt").write_text(_DICT, encoding="utf-8")
    (caso / "bo.txt").write_text(_BO, encoding="utf-8")
    (caso / "extrato_joao.csv").write_text(
        _extrato("JOAO PAULO RAMOS", "945.807.302-24", "1234", "998877-0", linhas_joao), encoding="utf-8")
    (caso / "extrato_rafaela.csv").write_text(_extrato(
        "RAFAELA SOUZA LIMA", "157.368.193-84", "0001", "7788990-1",
        ["10/04/2025;PIX RECEBIDO ANA CLARA MENDES;1.000,00;1.085,40"]), encoding="utf-8")
    return conclusoes_do_caso(caso, DATA)


def _valor_e_extrato(conclusao: dict) -> tuple[str, str]:
    [relato] = [r["dado_citado"] for r in conclusao["referencias"] if r["arquivo"] == "bo.txt" and "R$" in r["dado_citado"]]
    [extrato] = {r["arquivo"] for r in conclusao["referencias"] if r["arquivo"].startswith("extrato")}
    return next(v for v in ("R$ 1.000,00", "R$ 2.000,00") if v in relato), extrato


def test_cada_valor_com_a_sua_chave(tmp_path):
    conclusoes = _caso(tmp_path, ["10/04/2025;PIX RECEBIDO ANA CLARA MENDES;2.000,00;2.085,40",
                                  "10/04/2025;PIX RECEBIDO CARLOS SILVA;1.000,00;3.085,40"])
    vinculos = sorted(_valor_e_extrato(c) for c in conclusoes if c["tipo"] == "vinculo_financeiro")
    assert vinculos == [("R$ 1.000,00", "extrato_rafaela.csv"), ("R$ 2.000,00", "extrato_joao.csv")]
    # a materialidade não põe o Pix de R$ 1.000,00 no crédito que CARLOS SILVA fez a JOAO
    materialidades = sorted(_valor_e_extrato(c) for c in conclusoes if c["tipo"] == "materialidade")
    assert materialidades == [("R$ 1.000,00", "extrato_rafaela.csv"), ("R$ 2.000,00", "extrato_joao.csv")]
    assert all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in conclusoes)


def test_o_credito_pago_pela_vitima_antes_do_pago_por_outro(tmp_path):
    # a conta de JOAO recebeu R$ 2.000,00 duas vezes no dia: de CARLOS SILVA (escrito antes) e da vítima
    conclusoes = _caso(tmp_path, ["10/04/2025;PIX RECEBIDO CARLOS SILVA;2.000,00;2.085,40",
                                  "10/04/2025;PIX RECEBIDO ANA CLARA MENDES;2.000,00;4.085,40"])
    [vinculo] = [c for c in conclusoes if c["tipo"] == "vinculo_financeiro" and "R$ 2.000,00" in c["afirmacao"]]
    assert "contraparte ANA CLARA MENDES" in vinculo["afirmacao"] and "CARLOS SILVA" not in vinculo["afirmacao"]


def test_armadilha_o_valor_citado_com_a_chave_do_outro_pix(tmp_path):
    # a citação que junta o valor de um Pix e a chave do outro: o validador, relendo a linha, contradiz
    conclusoes = _caso(tmp_path, ["10/04/2025;PIX RECEBIDO ANA CLARA MENDES;2.000,00;2.085,40"])
    todas = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))
    [vinculo] = [c for c in conclusoes if c["tipo"] == "vinculo_financeiro" and "R$ 1.000,00" in c["afirmacao"]]
    caso = tmp_path / "caso"
    assert status_com_a_citacao_trocada(caso, todas, vinculo, "bo.txt", "(21) 99876-5432",
                                        "joao.ramos@exemplo.com") == ["CONTRADITO"]
    # e a citação certa, que o perito fez, continua VERIFICADO
    assert vinculo["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_armadilha_dois_valores_para_a_mesma_chave(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "dict.txt").write_text(_DICT, encoding="utf-8")
    (caso / "bo.txt").write_text("POLÍCIA CIVIL - BOLETIM DE OCORRÊNCIA\nVítima: ANA CLARA MENDES, CPF 787.789.328-07.\n"
                                 "Relata que em 10/04/2025 fez dois Pix, de R$ 1.000,00 e de R$ 2.000,00, para a chave "
                                 "joao.ramos@exemplo.com.\n", encoding="utf-8")
    (caso / "extrato_joao.csv").write_text(_extrato("JOAO PAULO RAMOS", "945.807.302-24", "1234", "998877-0", [
        "10/04/2025;PIX RECEBIDO ANA CLARA MENDES;1.000,00;1.085,40",
        "10/04/2025;PIX RECEBIDO ANA CLARA MENDES;2.000,00;3.085,40"]), encoding="utf-8")
    vinculos = [c for c in conclusoes_do_caso(caso, DATA) if c["tipo"] == "vinculo_financeiro"]
    assert len(vinculos) == 2 and all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in vinculos)
