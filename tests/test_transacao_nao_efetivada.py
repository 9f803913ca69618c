"""A transação que o banco não executou (sondas da vigésima segunda sessão).

O extrato de uma instituição de pagamento lista também as tentativas: "Recusada", "Cancelada", "FAILED", "PENDING", o
"LANCAMENTO_FUTURO" do Open Finance, "NÃO EFETIVADO" no histórico, "houve tentativa ..., recusada" na carta. Antes,
o Pix recusado era o repasse da conta de passagem ("saem -2.300,00 ... até 15:38:40, 17min33s depois"): o dinheiro
não tinha saído ali. A tentativa fica nos dados (`operacao: nao_efetivada`), mas nenhum fluxo de dinheiro a conta.

Armadilhas: o estorno de uma compra cancelada voltou o dinheiro (devolução); o "PIX AGENDADO" do histórico, com a
situação efetivada, foi executado; "foi concluída, mas o pedido de devolução foi recusado" é uma transferência feita.
"""

from __future__ import annotations

import openpyxl

from tests.conftest import conclusoes_do_caso, dados_da_pasta

_BOLETIM = ("BOLETIM DE OCORRÊNCIA 4471/2025 - 3º DP\n"
            "Vítima: ANA BEATRIZ MOREIRA, CPF 526.018.159-06.\n"
            "No dia 14/07/2025, por volta das 15h20, a vítima transferiu R$ 2.350,00 via Pix para RAFAEL SOUZA PINTO.\n")


def _laranja(conclusoes: list[dict]) -> dict:
    return next(c for c in conclusoes if c["tipo"] == "identificacao_laranja")


def _operacoes(dados: list[dict]) -> dict[str, str | None]:
    """valor (como escrito) → operação, dos lançamentos extraídos."""
    return {d["texto_original"]: d["metadados"].get("operacao") for d in dados if d["campo"] == "valor_transacao"}


def test_pix_recusado_na_coluna_de_situacao_nao_e_o_repasse(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "bo.txt").write_text(_BOLETIM, encoding="utf-8")
    (caso / "extrato_ip.csv").write_text(
        "Instituição: MANDACARU PAGAMENTOS S.A.\n"
        "Titular: RAFAEL SOUZA PINTO;CPF: 083.016.613-05\n"
        "Data/hora;Tipo;Contraparte;Documento contraparte;Valor;Status\n"
        "14/07/2025 15:21:07;Pix recebido;ANA BEATRIZ MOREIRA;526.018.159-06;2.350,00;Concluída\n"
        "14/07/2025 15:38:40;Pix enviado;JORGE ALVES NUNES;311.402.118-30;-2.300,00;Recusada\n"
        "14/07/2025 15:40:52;Pix enviado;LUCIANA FERREIRA DIAS;215.607.334-91;-2.300,00;Concluída\n"
        "14/07/2025 16:02:11;Pix enviado;MARCOS TEIXEIRA LIMA;402.118.706-55;-40,00;Cancelada\n",
        encoding="utf-8")
    laranja = _laranja(conclusoes_do_caso(caso))
    assert "até 14/07/2025 15:40:52, 19min45s depois" in laranja["afirmacao"]
    assert "15:38:40" not in laranja["afirmacao"]
    assert laranja["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_planilha_em_ingles_com_failed_e_pending(tmp_path):
    """A exportação em inglês: "Account holder | NOME | Tax ID | CPF" em cima, "Date | Time (BRT)" em colunas (a
    coluna "Time" só com a hora é a da hora), "Counterparty" e "Status"."""
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "bo.txt").write_text(_BOLETIM, encoding="utf-8")
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.title = "Transactions"
    aba.append(["Account holder", "RAFAEL SOUZA PINTO", "Tax ID", "083.016.613-05"])
    aba.append([])
    aba.append(["Date", "Time (BRT)", "Type", "Counterparty", "Counterparty ID", "Amount (BRL)", "Status"])
    for linha in (("2025-07-14", "15:21:07", "PIX IN", "ANA BEATRIZ MOREIRA", "526.018.159-06", 2350.0, "COMPLETED"),
                  ("2025-07-14", "15:38:40", "PIX OUT", "JORGE ALVES NUNES", "", -2300.0, "FAILED"),
                  ("2025-07-14", "15:40:52", "PIX OUT", "LUCIANA FERREIRA DIAS", "", -2300.0, "COMPLETED"),
                  ("2025-07-14", "15:45:00", "PIX OUT", "MARCOS TEIXEIRA LIMA", "", -50.0, "PENDING")):
        aba.append(list(linha))
    livro.save(caso / "transactions_export.xlsx")
    conclusoes = conclusoes_do_caso(caso)
    laranja = _laranja(conclusoes)
    assert laranja["afirmacao"].startswith("A conta de RAFAEL SOUZA PINTO CPF/CNPJ 08301661305")
    assert "até 2025-07-14 15:40:52 BRT, 19min45s depois" in laranja["afirmacao"]
    assert laranja["validacao"]["veredicto_geral"] == "VERIFICADO"
    materialidade = next(c for c in conclusoes if c["tipo"] == "materialidade")
    assert "contraparte ANA BEATRIZ MOREIRA" in materialidade["afirmacao"]
    operacoes = {d["linha_ou_celula"]: d["metadados"].get("operacao") for d in dados_da_pasta(caso)
                 if d["campo"] == "valor_transacao" and d["arquivo_fonte"] == "transactions_export.xlsx"}
    assert operacoes == {"celula F4": None, "celula F5": "nao_efetivada", "celula F6": None,
                         "celula F7": "nao_efetivada"}


def test_historico_carta_e_open_finance(tmp_path):
    pasta = tmp_path / "docs"
    pasta.mkdir()
    (pasta / "extrato.txt").write_text(
        "BANCO HORIZONTE S.A.                                          EXTRATO DE CONTA CORRENTE\n"
        "Cliente: RAFAEL SOUZA PINTO                                   CPF: 083.016.613-05\n\n"
        "DATA        HORA      HISTÓRICO                                         VALOR (R$)\n"
        "14/07/2025  15:21:07  PIX RECEBIDO ANA BEATRIZ MOREIRA                    2.350,00 C\n"
        "14/07/2025  15:38:40  PIX ENVIADO JORGE ALVES NUNES - NAO EFETIVADO       2.300,00 D\n"
        "14/07/2025  15:40:52  PIX AGENDADO LUCIANA FERREIRA DIAS                  2.300,00 D\n"
        "15/07/2025  09:10:00  ESTORNO COMPRA CANCELADA LOJA AZUL                     80,00 C\n",
        encoding="utf-8")
    (pasta / "oficio.txt").write_text(
        "BANCO HORIZONTE S.A. - Departamento Jurídico\n"
        "Em 14/07/2025, às 15:21:07, a conta recebeu um Pix de R$ 2.350,00 enviado por ANA BEATRIZ MOREIRA.\n"
        "Às 15:38:40 do mesmo dia, houve tentativa de transferência Pix de R$ 2.200,00 para JORGE ALVES NUNES, "
        "recusada pelo sistema antifraude.\n"
        "A transferência de R$ 2.100,00 foi concluída, mas o pedido de devolução foi recusado.\n",
        encoding="utf-8")
    (pasta / "openfinance.json").write_text(
        '{"data": {"transactions": ['
        '{"completedAuthorisedPaymentType": "TRANSACAO_EFETIVADA", "creditDebitType": "DEBITO", "type": "PIX",'
        ' "transactionAmount": {"amount": "1900.00"}, "transactionDateTime": "2025-07-14T18:40:52.000Z"},'
        '{"completedAuthorisedPaymentType": "LANCAMENTO_FUTURO", "creditDebitType": "DEBITO", "type": "PIX",'
        ' "transactionAmount": {"amount": "1800.00"}, "transactionDateTime": "2025-07-15T18:40:52.000Z"}]}}',
        encoding="utf-8")
    operacoes = {d["dado"]: d["metadados"].get("operacao") for d in dados_da_pasta(pasta)
                 if d["campo"] == "valor_transacao"}
    assert operacoes["2.300,00"] is None  # o agendado executado (a linha de 15:40:52; a de 15:38:40 vem antes)
    assert operacoes["80,00"] == "devolucao"  # o estorno voltou o dinheiro
    assert operacoes["R$ 2.350,00"] is None
    assert operacoes["R$ 2.200,00"] == "nao_efetivada"
    assert operacoes["R$ 2.100,00"] is None  # a recusa é da devolução, não da transferência
    assert operacoes["1900.00"] is None and operacoes["1800.00"] == "nao_efetivada"
    nao_efetivado = [d for d in dados_da_pasta(pasta) if d["campo"] == "valor_transacao"
                     and "NAO EFETIVADO" in d["texto_original"]]
    assert [d["metadados"].get("operacao") for d in nao_efetivado] == ["nao_efetivada"]
