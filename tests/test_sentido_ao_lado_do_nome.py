"""O sentido da coluna "Tipo" colado ao nome da contraparte (sonda da 24ª sessão: a carta do banco escaneada com a
tabela "Data/Hora | Tipo | Contraparte | CPF | Valor", que o OCR lê "14/07/2025 15:21 Recebido ANA B MOREIRA ...").

O nome era "Recebido ANA B MOREIRA" (a palavra do sentido, com inicial maiúscula, entrava no nome): a materialidade
dizia "o pagador ali é Recebido ANA B MOREIRA", caía para moderado, e a conta de passagem não aparecia."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_dos_textos, dados_da_pasta

_CARTA = """BANCO ORIGINAL S.A.
Em atenção à requisição, informamos que a conta corrente nº 7712345-0, agência 0001,
é de titularidade de RAFAEL SOUZA PINTO, CPF 083.271.946-31, e que no período
solicitado foram registradas as seguintes transações Pix (horários no fuso de Brasília):

Data/Hora Tipo Contraparte CPF Valor (R$)
14/07/2025 15:21 Recebido ANA B MOREIRA ** 274.519-** 2.350,00
14/07/2025 15:38 Enviado LUCIANA F DIAS ++ 123.789-** 2.300,00
"""  # como o OCR lê a tabela escaneada: um espaço entre as colunas, a máscara do CPF meio apagada
_BO = ("BOLETIM DE OCORRÊNCIA Nº 4512/2025\nVítima: ANA BEATRIZ MOREIRA, CPF 318.274.519-04.\nHistórico: em 14/07/2025 "
       "a vítima transferiu R$ 2.350,00 via Pix para RAFAEL SOUZA PINTO.\n")


@pytest.mark.parametrize(("linha", "nome"), [
    ("14/07/2025 15:21 Recebido ANA B MOREIRA ** 274.519-** 2.350,00", "ANA B MOREIRA"),
    ("14/07/2025 15:38 Enviado LUCIANA F DIAS ++ 123.789-** 2.300,00", "LUCIANA F DIAS"),
    ("Pix enviado para MARIA SOUZA LIMA 100,00", "MARIA SOUZA LIMA"),  # armadilha: o histórico continua lido
    # armadilha: "CREDITO" no nome de uma empresa continua no nome
    ("PIX RECEBIDO - FINANCEIRA CREDITO FACIL LTDA 100,00", "FINANCEIRA CREDITO FACIL LTDA"),
])
def test_o_sentido_nao_e_parte_do_nome(linha: str, nome: str) -> None:
    assert [a.dado for a in reconhecer(linha) if a.campo == "nome_titular"] == [nome]


def test_a_materialidade_e_a_conta_de_passagem(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"resposta_banco.txt": _CARTA, "bo.txt": _BO})
    (materialidade,) = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "forte" and "contraparte ANA B MOREIRA" in materialidade["afirmacao"]
    assert "Recebido" not in materialidade["afirmacao"]
    (laranja,) = [c for c in conclusoes if c["tipo"] == "identificacao_laranja"]
    assert laranja["afirmacao"].startswith("A conta de RAFAEL SOUZA PINTO")
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}


def test_o_documento_entre_o_sentido_e_o_nome(tmp_path: Path) -> None:
    """"PIX RECEBIDO 318.274.519-04 ANA BEATRIZ MOREIRA": o CPF de quem pagou antes do nome (sonda da 24ª sessão). O
    nome não era lido; agora é a contraparte, com o CPF dela."""
    (tmp_path / "extrato.txt").write_text(
        "Extrato - RAFAEL SOUZA PINTO - CPF 083.271.946-31 - Agência 0001 - Conta 7712345-0\n"
        "Data Histórico Valor Saldo\n"
        "14/07/2025 PIX RECEBIDO 318.274.519-04 ANA BEATRIZ MOREIRA 2.350,00 2.410,55\n", encoding="utf-8")
    (valor,) = [d["metadados"] for d in dados_da_pasta(tmp_path) if d["campo"] == "valor_transacao"]
    assert (valor["contraparte"], valor["contraparte_cpf"]) == ("ANA BEATRIZ MOREIRA", "31827451904")
