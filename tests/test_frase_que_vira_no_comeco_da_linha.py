"""No relato quebrado em linhas, a frase que termina logo no começo de uma linha e a seguinte que ocupa o resto dela
e passa para a de baixo ("gerente de banco. Às 14:12 fez um PIX de R$ 3.200,00 para MARCOS ..., CPF ...," /
"Nu Pagamentos, agência 0001, conta 7712045-3."): o valor e a conta de destino são da mesma frase (antes a linha ia
inteira com a frase de cima, e o vínculo do relato com a conta não saía).

Armadilha: a linha que termina uma frase longa e começa outra só no fim continua com a frase de cima.
"""

from __future__ import annotations

from tests.conftest import dados_da_pasta

_BOLETIM = """BOLETIM DE OCORRÊNCIA Nº 3107/2025 - 2º DP OSASCO
Vítima: CLAUDIA REGINA PAIVA, CPF 318.274.605-71
Histórico:
Relata a vítima que em 10/06/2025 foi contatada pelo WhatsApp (11) 95123-4477 por pessoa que se dizia
gerente de banco. Às 14:12 fez um PIX de R$ 3.200,00 para MARCOS ANTONIO PEREIRA, CPF 604.183.927-22,
Nu Pagamentos, agência 0001, conta 7712045-3.
Depois disso a vítima tentou contato com o número pelo WhatsApp por várias vezes, sem sucesso. Não
soube mais nada. O telefone (11) 95123-4477 ficou desligado.
"""


def _registros(tmp_path):
    (tmp_path / "boletim.txt").write_text(_BOLETIM, encoding="utf-8")
    return {(d["campo"], d["linha_ou_celula"]): d["metadados"]["registro"] for d in dados_da_pasta(tmp_path)}


def test_valor_e_conta_de_destino_na_mesma_frase(tmp_path):
    registro = _registros(tmp_path)
    assert registro[("valor_transacao", "linha 5")] == registro[("conta_bancaria", "linha 6")]
    assert registro[("valor_transacao", "linha 5")] != registro[("telefone", "linha 4")]


def test_armadilha_frase_que_comeca_no_fim_da_linha(tmp_path):
    """"... fez um PIX de R$ 3.200,00 para MARCOS ANTONIO PEREIRA. Depois" / "tentou contato": a frase de baixo começa
    só no fim da linha; o valor fica com a frase de cima, que começou na linha anterior."""
    (tmp_path / "relato.txt").write_text(
        "Relata a vítima que em 10/06/2025 foi contatada pelo WhatsApp (11) 95123-4477 por pessoa que dizia\n"
        "ser do banco e às 14:12 fez um PIX de R$ 3.200,00 para MARCOS ANTONIO PEREIRA. Depois\n"
        "tentou contato sem sucesso.\n", encoding="utf-8")
    registro = {(d["campo"], d["linha_ou_celula"]): d["metadados"]["registro"] for d in dados_da_pasta(tmp_path)}
    assert registro[("valor_transacao", "linha 2")] == registro[("telefone", "linha 1")]


def test_armadilha_numero_do_item_no_comeco_da_linha(tmp_path):
    """"4. A linha (31) 97120-3344 ... foi ativada em nome de MARCOS ..." / "somente em 14/10/2025, após os fatos": o
    "4." numera o item, não termina frase; a data da ativação não vira fato do uso. Antes o "4." terminava a frase por
    acaso e a data ia para outro registro; agora a frase do item é um registro só (a carta que lista movimentações em
    itens numerados, `test_itens_numerados_da_carta_do_banco`) e a data tem o papel que a frase lhe dá."""
    (tmp_path / "relatorio.txt").write_text(
        "3. Registre-se a existência de homônimo do recebedor, sem qualquer relação com os fatos.\n"
        "4. A linha (31) 97120-3344, de onde partiu a ligação das 14h40, foi ativada em nome de MARCOS ANTONIO RIBEIRO\n"
        "somente em 14/10/2025, após os fatos, razão pela qual ele não foi indiciado.\n", encoding="utf-8")
    dados = {(d["campo"], d["linha_ou_celula"]): d["metadados"] for d in dados_da_pasta(tmp_path)}
    assert dados[("data_evento", "linha 3")]["papel"] == "ativacao_linha"


def test_linha_cujo_valor_e_da_frase_de_baixo(tmp_path):
    """"..., por meio de chave aleatória. Nove minutos depois, R$ 4.700,00 foram repassados por Pix" / "à conta do
    investigado ...": a frase de cima acaba no meio da linha, mas o valor é da de baixo; a linha vai com ela (antes o
    repasse ficava na frase da vítima, com o WhatsApp do golpista, e o telefone virava a chave Pix do repasse)."""
    (tmp_path / "relatorio.txt").write_text(
        "1. DOS FATOS. Em 18/09/2025, a vítima foi abordada pelo WhatsApp do número (31) 98412-5570, por pessoa que se\n"
        "passava por seu sobrinho, e transferiu R$ 4.800,00, às 14h22, à conta Nubank de JOÃO VITOR SANTOS DA SILVA,\n"
        "CPF 302.915.748-23, por meio de chave aleatória. Nove minutos depois, R$ 4.700,00 foram repassados por Pix\n"
        "à conta do investigado no Banco Inter (ag. 0001, conta 12345678-9).\n", encoding="utf-8")
    registro = {(d["campo"], d["dado"]): d["metadados"]["registro"] for d in dados_da_pasta(tmp_path)}
    assert registro[("valor_transacao", "R$ 4.700,00")] != registro[("telefone", "(31) 98412-5570")]
    assert registro[("valor_transacao", "R$ 4.800,00")] == registro[("telefone", "(31) 98412-5570")]


def test_hora_solta_depois_do_fim_da_frase_vai_com_a_frase_de_baixo(tmp_path):
    """"... pedindo dinheiro emprestado. Por volta das 10h30 a vítima realizou uma" / "transferência via Pix no valor de
    R$ 2.350,00 ...": a hora é da frase de baixo, que conta o Pix (antes a linha ficava inteira em cima, porque depois
    do ponto só havia a hora, que não é um achado, e o Pix ficava sem hora)."""
    (tmp_path / "relato.txt").write_text(
        "BOLETIM DE OCORRÊNCIA Nº 4521/2025\nA vítima relata que no dia 14/07/2025 recebeu mensagens de pessoa que se passava por seu sobrinho,\n"
        "pedindo dinheiro emprestado. Por volta das 10h30 a vítima realizou uma\n"
        "transferência via Pix no valor de R$ 2.350,00 para a chave do golpista.\n", encoding="utf-8")
    (valor,) = [d for d in dados_da_pasta(tmp_path) if d["campo"] == "valor_transacao"]
    assert valor["metadados"].get("hora") == "10h30"


def test_armadilha_hora_antes_do_fim_da_frase_fica_em_cima(tmp_path):
    (tmp_path / "relato.txt").write_text(
        "BOLETIM DE OCORRÊNCIA Nº 4521/2025\nA vítima relata que no dia 14/07/2025 transferiu R$ 2.350,00 às 10h30. Depois\n"
        "tentou contato sem sucesso e, no dia seguinte, pagou um boleto de R$ 80,00.\n", encoding="utf-8")
    horas = {d["dado"]: d["metadados"].get("hora") for d in dados_da_pasta(tmp_path) if d["campo"] == "valor_transacao"}
    assert horas["R$ 2.350,00"] == "10h30" and horas["R$ 80,00"] is None
