"""CPF escrito só com o hífen dos dígitos verificadores ("111444777-35") ou em grupos separados por espaço.

"CPF 123456789-09" é como muita gente e muito sistema escreve o CPF; antes só a forma pontuada (111.444.777-35) e os 11
dígitos seguidos depois do rótulo eram lidos. Sem o rótulo, o "111444777-35" só vale com os dígitos verificadores
certos: nove dígitos, hífen e dois é também o jeito de escrever uma conta ou um protocolo.
"""

from __future__ import annotations

import json

import pytest

from perito.analise import Parametros, analisar
from perito.extratores.reconhecedores import reconhecer

DATA = "2025-03-20"


@pytest.mark.parametrize(("texto", "cpf"), [
    ("CPF nº 111444777-35", "111444777-35"),
    ("CPF: 111444777-35", "111444777-35"),
    ("CPF: 111 444 777 35", "111 444 777 35"),
    ("CPF/CNPJ 111444777-35", "111444777-35"),
    ("Titular: MARIA OLIVEIRA LIMA 111444777-35", "111444777-35"),  # sem rótulo: os dígitos verificadores confirmam
    ("CPF: 111444777-00", "111444777-00"),  # com o rótulo, lido mesmo errado (com o alerta, como o pontuado)
])
def test_cpf_com_hifen_ou_espacos(texto, cpf):
    assert [a.dado for a in reconhecer(texto) if a.campo == "cpf"] == [cpf]


@pytest.mark.parametrize("texto", [
    "Conta 123456789-01",  # sem rótulo e com os dígitos verificadores errados: não é CPF
    "Agência 1234 Conta 111444777-3",
    "Protocolo 2025 111 444 777 35",  # grupos com espaço só depois do rótulo
])
def test_numero_com_hifen_que_nao_e_cpf(texto):
    assert not [a for a in reconhecer(texto) if a.campo == "cpf"]


def test_cpf_com_hifen_e_o_pontuado_sao_o_mesmo_cpf(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "boletim.txt").write_text(
        "Boletim de Ocorrência nº 1234/2025\nA vítima transferiu para MARIA OLIVEIRA LIMA, CPF 111.444.777-35.\n",
        encoding="utf-8")
    (caso / "resposta_banco.txt").write_text(
        "BANCO DESTINO S.A. - Resposta ao Ofício 245/2025\nTitular da conta: MARIA OLIVEIRA LIMA CPF nº 111444777-35\n"
        "Agência 0001 Conta corrente 12345-6\nExtrato de 15/03/2025: PIX RECEBIDO R$ 3.500,00 C; saldo R$ 3.600,00\n",
        encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise=DATA))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    [nome] = [c for c in conclusoes if c["tipo"] == "convergencia_nome"]
    assert nome["grau_confianca"] == "forte" and "o mesmo CPF" in nome["afirmacao"]
    assert "111444777-35" in {r["dado_citado"].split()[0] for r in nome["referencias"]}
    assert nome["validacao"]["veredicto_geral"] == "VERIFICADO"
