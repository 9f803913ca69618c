"""A conta da outra parte descrita na frase do lançamento da carta (vigésima primeira sessão, caso c28).

"... houve crédito de R$ 2.350,00 (Pix) proveniente da conta 33012-7, agência 1520, Banco Itaú, de titularidade de ANA
BEATRIZ MOREIRA, CPF 526.018.159-06.": o "de titularidade de" depois do valor é da conta de quem pagou. A armadilha da
regra que deixa a frase da carta declarar o titular (`tests/test_carta_que_declara_e_conta_na_mesma_frase.py`): ANA
não vira a titular da conta do extrato; é a contraparte do crédito.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import dados_da_pasta

CARTA = """BANCO DIGITAL ÔMEGA S.A.
Ofício DJ-1123/2025 - Conta 4471239-8, agência 0001, titular RAFAEL SOUZA PINTO, CPF 083.016.613-05.

Movimentação atípica: em 14/07/2025, às 15:21:07, houve crédito de R$ 2.350,00 (Pix) proveniente da conta 33012-7,
agência 1520, Banco Itaú, de titularidade de ANA BEATRIZ MOREIRA, CPF 526.018.159-06.
Informamos ainda que o cliente foi contatado pelo gerente da agência e não apresentou justificativa para a movimentação,
tendo a conta sido bloqueada preventivamente conforme as normas internas do banco e a regulamentação do Banco Central.
O banco permanece à disposição para os esclarecimentos que se fizerem necessários no curso da investigação.
"""


def test_titular_da_conta_de_origem_e_a_contraparte(tmp_path: Path) -> None:
    (tmp_path / "oficio_banco.txt").write_text(CARTA, encoding="utf-8")
    [credito] = [d["metadados"] for d in dados_da_pasta(tmp_path) if d["campo"] == "valor_transacao"]
    assert credito["direcao"] == "credito"
    assert credito["contexto_titular"]["nome"] == "RAFAEL SOUZA PINTO"
    assert (credito["contraparte"], credito["contraparte_cpf"]) == ("ANA BEATRIZ MOREIRA", "52601815906")


def test_quem_faz_a_saida_nao_e_a_contraparte_dela(tmp_path: Path) -> None:
    # o nome antes do valor de uma saída é quem pagou (o titular), não a outra parte
    (tmp_path / "oficio_banco.txt").write_text(
        "BANCO DIGITAL ÔMEGA S.A.\nOfício DJ-1123/2025\n\nInformamos que RAFAEL SOUZA PINTO, CPF "
        "083.016.613-05, efetuou transferência Pix de R$ 2.300,00 em 14/07/2025, às 15:40:52, conforme o extrato anexo, "
        "sem informar o motivo ao banco.\nO banco permanece à disposição para os esclarecimentos que se fizerem "
        "necessários no curso da investigação policial em andamento.\nA conta foi bloqueada preventivamente conforme "
        "as normas internas do banco e a regulamentação do Banco Central do Brasil.\n", encoding="utf-8")
    [saida] = [d["metadados"] for d in dados_da_pasta(tmp_path) if d["campo"] == "valor_transacao"]
    assert saida["direcao"] == "debito" and saida.get("contraparte") != "RAFAEL SOUZA PINTO"
