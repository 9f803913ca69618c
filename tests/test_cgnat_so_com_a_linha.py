"""A sessão de dados da CGNAT que dá só a linha (MSISDN), sem nome (vigésima primeira sessão, caso inteiro c2).

"ip_publico, porta_ini, porta_fim, dt_ini, dt_fim, msisdn, imsi": antes, sem nome no registro, nenhuma identificação
saía do acesso do provedor coberto por ela (só a convergência de IP). Agora a conexão do acesso é a da linha, e o
titular dela é dito quando outro registro da operadora (o histórico de IMEI, a ficha) o nomeia, com o lugar de onde
vem. Armadilhas: dois nomes para a linha noutros registros, nenhum é dito; a porta noutro bloco não identifica a linha.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos

DADOS = ("OPERADORA NOVA TELECOM - CONEXÕES DE DADOS (CGNAT)\nFuso: GMT-03:00\n"
         "ip_publico,porta_ini,porta_fim,dt_ini,dt_fim,msisdn,imsi\n"
         "189.40.77.210,40000,40255,03/08/2025 09:58:31,03/08/2025 11:02:10,5521976543210,724051234567890\n"
         "189.40.77.210,40256,40511,03/08/2025 09:59:02,03/08/2025 12:44:50,5521955554444,724059876543210\n")
CADASTRO = ("OPERADORA NOVA TELECOM - CADASTRO DE ASSINANTES\nMSISDN,Nome_Assinante,Doc_Assinante,Ativacao\n"
            "5521976543210,CARLOS EDUARDO NUNES,993.518.190-19,02/05/2025\n")
PROVEDOR = ("Meta Platforms - Records\nAccount Identifier: +5511900001111\nIP Addresses (all times UTC)\n"
            "IP 189.40.77.210 porta {porta} em 2025-08-03 13:12:44\n")


def _identificacoes(tmp_path: Path, porta: str, cadastro: str = CADASTRO) -> list[dict]:
    conclusoes = conclusoes_dos_textos(tmp_path, {"dados.csv": DADOS, "cadastro.csv": cadastro,
                                                  "provedor.txt": PROVEDOR.format(porta=porta)})
    return [c for c in conclusoes if c["tipo"] == "identificacao_titular" and "atribuído" in c["afirmacao"]]


def test_a_conexao_do_acesso_e_a_da_linha_e_o_titular_vem_do_cadastro(tmp_path: Path) -> None:
    [conclusao] = _identificacoes(tmp_path, "40122")
    afirmacao = conclusao["afirmacao"]
    assert "atribuído pela operadora à linha +5521976543210" in afirmacao
    assert "a conexão usada nesse acesso é a da linha +5521976543210, que a operadora dá em nome de CARLOS EDUARDO " \
           "NUNES, CPF/CNPJ 993.518.190-19 (cadastro.csv, linha 3)" in afirmacao
    assert conclusao["grau_confianca"] == "moderado"
    assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO"
    assert {"dados.csv", "cadastro.csv", "provedor.txt"} <= {r["arquivo"] for r in conclusao["referencias"]}


def test_dois_nomes_para_a_linha_nenhum_e_dito(tmp_path: Path) -> None:
    cadastro = CADASTRO + "5521976543210,MARINA SOUZA LEAL,996.030.824-30,01/08/2025\n"
    [conclusao] = _identificacoes(tmp_path, "40122", cadastro)
    assert "à linha +5521976543210" in conclusao["afirmacao"] and "em nome de" not in conclusao["afirmacao"]


def test_porta_noutro_bloco_e_a_outra_linha(tmp_path: Path) -> None:
    [conclusao] = _identificacoes(tmp_path, "40300")
    assert "à linha +5521955554444" in conclusao["afirmacao"] and "CARLOS" not in conclusao["afirmacao"]
