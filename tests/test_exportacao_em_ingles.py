"""Respostas exportadas em inglês e de aplicativos sem vocabulário de provedor (sondas da vigésima segunda sessão).

- "Amount: 2,350.00 BRL": o código da moeda depois do número não era lido (só antes: "BRL 2,350.00").
- "Account holder | RAFAEL ... | Tax ID | 083..." no topo da planilha: o titular não era declarado, e o validador lia
  "Tax ID" como o nome de uma segunda pessoa da linha (e contradizia o CPF do titular).
- A coluna "Counterparty" não era coluna de nome.
- O JSON minificado (todos os objetos numa linha): o texto de cada registro era a linha inteira, e o
  "LANCAMENTO_FUTURO" ou o "CREDITO" de um objeto valia para todos.
- A resposta de um aplicativo de transporte ("rider_phone", "trip_uuid") era de família desconhecida: o telefone
  do passageiro não convergia com o do boletim.
"""

from __future__ import annotations

from tests.conftest import conclusoes_dos_textos, dados_da_pasta, valores_reconhecidos


def test_codigo_da_moeda_depois_do_numero():
    assert valores_reconhecidos("Amount: 2,350.00 BRL") == ["2350.00"]
    assert valores_reconhecidos("Amount: -2300.00 BRL") == ["-2300.00"]
    assert valores_reconhecidos("price 12.50 USD") == []  # outra moeda
    assert valores_reconhecidos("Amount: 2,350.00 BRLX") == []  # não é o código


def test_rotulos_do_titular_em_ingles():
    from perito.extratores.reconhecedores import reconhecer

    for texto in ("Account holder: RAFAEL SOUZA PINTO", "Holder Name: RAFAEL SOUZA PINTO",
                  "Account owner: RAFAEL SOUZA PINTO", "Customer: RAFAEL SOUZA PINTO"):
        nomes = [a for a in reconhecer(texto) if a.campo == "nome_titular"]
        assert [a.dado for a in nomes] == ["RAFAEL SOUZA PINTO"], texto
        assert nomes[0].metadados["papel"] in ("titular", "cliente")
    assert not [a for a in reconhecer("Stakeholder: RAFAEL SOUZA PINTO") if a.campo == "nome_titular"]


def _lancamentos_pela_analise(caminho) -> dict[str, dict]:
    """dado → metadados dos valores, pela extração da análise (a do JSON em rodadas, `json_aos_poucos`)."""
    from perito.extratores.lotes import extrair_documento
    from perito.leitura.inventario import listar
    from perito.leitura.leitor import ler_documento

    [arquivo] = [a for a in listar(caminho.parent) if a.nome == caminho.name]
    documento = ler_documento(arquivo.caminho, arquivo.nome, arquivo.tipo or "")
    return {d["dado"]: d["metadados"] for d in extrair_documento(documento).todos() if d["campo"] == "valor_transacao"}


def test_json_minificado_cada_objeto_com_o_seu_texto(tmp_path):
    pasta = tmp_path / "docs"
    pasta.mkdir()
    (pasta / "transacoes.json").write_text(
        '{"data": {"transactions": ['
        '{"completedAuthorisedPaymentType": "TRANSACAO_EFETIVADA", "creditDebitType": "DEBITO", "type": "PIX",'
        ' "transactionAmount": {"amount": "1900.00"}, "transactionDateTime": "2025-07-14T18:40:52.000Z"},'
        '{"completedAuthorisedPaymentType": "LANCAMENTO_FUTURO", "creditDebitType": "CREDITO", "type": "PIX",'
        ' "transactionAmount": {"amount": "1800.00"}, "transactionDateTime": "2025-07-15T18:40:52.000Z"}]}}',
        encoding="utf-8")
    for valores in ({d["dado"]: d["metadados"] for d in dados_da_pasta(pasta) if d["campo"] == "valor_transacao"},
                    _lancamentos_pela_analise(pasta / "transacoes.json")):
        assert valores["1900.00"].get("operacao") is None and valores["1900.00"]["direcao"] == "debito"
        assert valores["1800.00"]["operacao"] == "nao_efetivada" and valores["1800.00"]["direcao"] == "credito"


def test_json_com_o_inteiro_redondo_do_javascript(tmp_path):
    """"amount": 2350.5 num objeto e "amount": -2300 no outro (o JavaScript grava o número redondo sem casas): o
    inteiro do mesmo campo é de reais. Sem nenhum valor com casas no campo, o inteiro fica sem leitura (pode ser de
    centavos); o campo em centavos ("amount_cents") continua em centavos."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    caminho = tmp_path / "a" / "api.json"
    caminho.write_text(
        '{"transactions": [{"type": "PIX_IN", "amount": 2350.5, "created_at": "2025-07-14T18:21:07Z"},'
        ' {"type": "PIX_OUT", "amount": -2300, "created_at": "2025-07-14T18:40:52Z"},'
        ' {"type": "PIX_OUT", "amount_cents": 5000, "created_at": "2025-07-14T18:45:00Z"}]}', encoding="utf-8")
    valores = _lancamentos_pela_analise(caminho)
    assert {dado: meta["valor"] for dado, meta in valores.items()} == {"2350.5": "2350.50", "2300": "-2300.00",
                                                                        "5000": "50.00"}
    so_inteiros = tmp_path / "b" / "so_inteiros.json"
    so_inteiros.write_text('[{"type": "PIX_OUT", "amount": -2300, "created_at": "2025-07-14T18:40:52Z"}]',
                           encoding="utf-8")
    assert _lancamentos_pela_analise(so_inteiros) == {}


def test_aplicativo_de_transporte_e_provedor(tmp_path):
    conclusoes = conclusoes_dos_textos(tmp_path, {
        "bo.txt": "BOLETIM DE OCORRÊNCIA 4471/2025 - 3º DP\nVítima: ANA BEATRIZ MOREIRA, CPF 526.018.159-06.\n"
                  "No dia 14/07/2025 a vítima recebeu mensagens do número (11) 98765-4321 e transferiu R$ 2.350,00.\n",
        "trips.csv": "rider_uuid,rider_name,rider_phone,rider_email,trip_uuid,request_timestamp_utc,status\n"
                     "a81f-22c1,Rafael Souza Pinto,+5511987654321,rafael.sp@gmail.com,t-99182,2025-07-14 17:02:11,"
                     "completed\n",
    })
    vinculo = next(c for c in conclusoes if c["tipo"] == "vinculo_telefone")
    assert "provedor" in vinculo["afirmacao"] and "trips.csv" in vinculo["afirmacao"]
    assert vinculo["validacao"]["veredicto_geral"] == "VERIFICADO"
