"""O nome escrito com e sem partícula em fontes diferentes (sonda da vigésima segunda sessão).

O boletim diz "RAFAEL DE SOUZA PINTO, CPF 083.016.613-05"; o banco, "Cliente: RAFAEL SOUZA PINTO  CPF: 083.016.613-05".
Antes, nenhuma convergência de nome: as chaves eram diferentes, e o investigador não via que o suspeito do boletim é o
titular da conta. Agora o nome é comparado sem as partículas (de, da, do, das, dos, e): com o mesmo CPF, forte, e a
afirmação diz as duas formas. Armadilha: sem o mesmo CPF, "MARIA DA SILVA" e "MARIA SILVA" podem ser duas pessoas: no
máximo fraco.
"""

from __future__ import annotations

from tests.conftest import conclusoes_dos_textos

_EXTRATO = ("BANCO HORIZONTE S.A.                                          EXTRATO DE CONTA CORRENTE\n"
            "Cliente: {titular}                                   {cpf}\n"
            "Agência: 0001   Conta: 4471239-8                              Período: 01/07/2025 a 31/07/2025\n\n"
            "DATA        HORA      HISTÓRICO                                         VALOR (R$)\n"
            "14/07/2025  15:21:07  PIX RECEBIDO ANA B MOREIRA                        2.350,00 C\n")
_BOLETIM = ("BOLETIM DE OCORRÊNCIA 4471/2025 - 3º DP\nVítima: ANA BEATRIZ MOREIRA, CPF 526.018.159-06.\n"
            "No dia 14/07/2025, por volta das 15h20, a vítima transferiu R$ 2.350,00 via Pix para a conta de {suspeito}.\n")


def _convergencias(tmp_path, suspeito: str, titular: str, cpf: str) -> list[dict]:
    conclusoes = conclusoes_dos_textos(tmp_path, {
        "bo.txt": _BOLETIM.format(suspeito=suspeito),
        "extrato.txt": _EXTRATO.format(titular=titular, cpf=cpf),
    })
    return [c for c in conclusoes if c["tipo"] == "convergencia_nome" and "ANA" not in c["afirmacao"]]


def test_com_o_mesmo_cpf_e_forte(tmp_path):
    [convergencia] = _convergencias(tmp_path, "RAFAEL DE SOUZA PINTO, CPF 083.016.613-05", "RAFAEL SOUZA PINTO",
                                    "CPF: 083.016.613-05")
    assert convergencia["grau_confianca"] == "forte"
    assert "escrito também como RAFAEL DE SOUZA PINTO" in convergencia["afirmacao"]
    assert {r["arquivo"] for r in convergencia["referencias"]} == {"bo.txt", "extrato.txt"}
    assert convergencia["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_sem_cpf_no_maximo_fraco(tmp_path):
    [convergencia] = _convergencias(tmp_path, "MARIA DA SILVA", "MARIA SILVA", "")
    assert convergencia["grau_confianca"] == "fraco"
    assert "pode ser outra pessoa" in convergencia["afirmacao"]
