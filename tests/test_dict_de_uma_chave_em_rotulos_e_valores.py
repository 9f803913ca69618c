"""A resposta do DICT sobre uma chave só, com o rótulo numa linha e o valor na de baixo (vigésima primeira sessão, c32).

"Chave Pix" / "+55 11 98765-4321" / "Tipo de chave" / "Celular" / "Nome do titular" / "RAFAEL SOUZA PINTO" / "CPF/CNPJ"
/ "083.016.613-05" ...: o modelo do dinheiro já lia a chave e o titular como um registro (a cadeia do relato ao crédito
aparecia), mas a identificação do titular do número não: o nome não está no registro da chave. Agora ela usa a mesma
leitura da resposta de uma chave só. Armadilha: com duas chaves no documento, nenhuma vai ao nome do outro bloco.
"""

from __future__ import annotations

import json
from pathlib import Path

from perito.analise import Parametros, analisar
from tests.conftest import DATA, pdf_de_linhas

BO = ("BOLETIM DE OCORRÊNCIA 9912/2025 - 1º DP\nVítima: ANA BEATRIZ MOREIRA, CPF 526.018.159-06.\n"
      "No dia 14/07/2025, por volta das 15h20, a vítima transferiu R$ 2.350,00 via Pix para a chave (11) 98765-4321.\n")
UMA_CHAVE = ["BANCO CENTRAL DO BRASIL", "Diretório de Identificadores de Contas Transacionais - DICT",
             "Resultado da consulta", "Chave Pix", "+55 11 98765-4321", "Tipo de chave", "Celular", "Nome do titular",
             "RAFAEL SOUZA PINTO", "CPF/CNPJ", "083.016.613-05", "Agência", "0001", "Conta", "4471239-8"]


def _identificacoes(pasta: Path, linhas: list[str]) -> list[dict]:
    caso = pasta / "caso"
    caso.mkdir()
    pdf_de_linhas(caso / "dict.pdf", linhas)
    (caso / "bo.txt").write_text(BO, encoding="utf-8")
    analisar(Parametros(caso, pasta / "saida", data_analise=DATA))
    conclusoes = json.loads((pasta / "saida" / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    return [c for c in conclusoes if c["tipo"] == "identificacao_titular"]


def test_titular_da_chave_em_rotulos_e_valores(tmp_path: Path) -> None:
    [conclusao] = _identificacoes(tmp_path, UMA_CHAVE)
    assert conclusao["afirmacao"].startswith("O número +5511987654321 está cadastrado em nome de RAFAEL SOUZA PINTO")
    assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_duas_chaves_no_documento_nao_vao_ao_nome(tmp_path: Path) -> None:
    outra = ["Chave Pix", "pagamentos.rapidos@gmail.com", "Tipo de chave", "E-mail", "Nome do titular",
             "PAULO HENRIQUE ALVES", "CPF/CNPJ", "628.194.821-12"]
    assert _identificacoes(tmp_path, [*UMA_CHAVE, *outra]) == []
