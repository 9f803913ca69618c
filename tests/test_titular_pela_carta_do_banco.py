"""O titular de um extrato exportado sem cabeçalho vem da resposta do banco que o encaminha.

Achado por sondas: o CSV do Nubank (`NU_91823_extrato_jul2025.csv`) mandado com a carta "o CPF ... corresponde ao
cliente RAFAEL ..., titular da conta 91823-4, agência 0001. Segue em anexo o extrato", e o e-mail do banco com o
extrato anexo ("encaminhamos em anexo o extrato da conta corrente nº 7712345-0, agência 0001, de titularidade de
RAFAEL ..."). A conta de passagem era dita "de titular não declarado". Agora o extrato leva o titular da carta
quando o nome do arquivo traz a conta, quando o cabeçalho do extrato diz a mesma conta, ou quando ele é anexo do
e-mail cujo corpo é a carta; a conclusão cita a conta, o nome e o CPF na carta.
"""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

from tests.conftest import conclusoes_do_caso

_BO = """BOLETIM DE OCORRÊNCIA Nº 4512/2025
Vítima: ANA BEATRIZ MOREIRA, CPF 318.274.519-04.
Histórico: em 14/07/2025 a vítima transferiu R$ 2.350,00 via Pix após receber mensagens de falso atendente.
"""
_EXTRATO = """Data,Valor,Identificador,Descrição
14/07/2025,2350.00,64b1a7d9,Transferência recebida pelo Pix - ANA BEATRIZ MOREIRA - •••.274.519-•• - BCO BRADESCO S.A. (0237) Agência: 2291 Conta: 778812-3
14/07/2025,-2300.00,64b1b3e4,Transferência enviada pelo Pix - LUCIANA FERREIRA DIAS - •••.123.789-•• - CAIXA ECONOMICA FEDERAL (0104) Agência: 4120 Conta: 1288-4
"""
_CARTA = """NU PAGAMENTOS S.A. - INSTITUIÇÃO DE PAGAMENTO
Ref.: Ofício nº 331/2025 - 14º DP
Em atenção ao ofício, informamos que o CPF 083.271.946-31 corresponde ao cliente RAFAEL SOUZA PINTO, titular da {conta}, aberta em 02/03/2024. Segue em anexo o extrato do período solicitado.
"""
_UMA_CONTA = "conta 91823-4, agência 0001"


def _laranja(caso: Path) -> dict:
    (caso / "bo.txt").write_text(_BO, encoding="utf-8")
    (laranja,) = [c for c in conclusoes_do_caso(caso) if c["tipo"] == "identificacao_laranja"]
    assert laranja["validacao"]["veredicto_geral"] == "VERIFICADO"
    return laranja


def _caso(tmp_path: Path, extrato: str, carta: str, conteudo: str = _EXTRATO) -> Path:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / extrato).write_text(conteudo, encoding="utf-8")
    (caso / "oficio_nubank.txt").write_text(carta, encoding="utf-8")
    return caso


def test_o_nome_do_arquivo_traz_a_conta_da_carta(tmp_path: Path) -> None:
    laranja = _laranja(_caso(tmp_path, "NU_91823_extrato_jul2025.csv", _CARTA.format(conta=_UMA_CONTA)))
    assert laranja["afirmacao"].startswith(
        "A conta de RAFAEL SOUZA PINTO CPF/CNPJ 08327194631 (NU_91823_extrato_jul2025.csv; titular e conta declarados "
        "em oficio_nubank.txt, linha 3 (conta 91823-4, agência 0001), conta que o nome do arquivo do extrato traz)")
    (carta,) = [r["dado_citado"] for r in laranja["referencias"] if r["arquivo"] == "oficio_nubank.txt"]
    assert all(dado in carta for dado in ("conta 91823-4, agência 0001", "RAFAEL SOUZA PINTO", "083.271.946-31"))


def test_anexo_do_email_cujo_corpo_e_a_carta(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    mensagem = EmailMessage()
    mensagem["From"] = "oficios@bancointer.com.br"
    mensagem["Subject"] = "RES: Ofício 118/2025"
    mensagem.set_content("Prezados,\nEm atenção ao Ofício nº 118/2025, encaminhamos em anexo o extrato da conta corrente "
                         "nº 7712345-0, agência 0001,\nde titularidade de RAFAEL SOUZA PINTO, CPF 083.271.946-31.\n")
    mensagem.add_attachment(_EXTRATO.encode("utf-8"), maintype="text", subtype="csv", filename="extrato.csv")
    (caso / "resposta.eml").write_bytes(bytes(mensagem))
    laranja = _laranja(caso)
    assert "A conta de RAFAEL SOUZA PINTO CPF/CNPJ 08327194631 (resposta.eml!/extrato.csv; titular e conta" in laranja["afirmacao"]
    assert "no corpo do e-mail de que o extrato é anexo" in laranja["afirmacao"]


def test_armadilha_o_arquivo_sem_a_conta_fica_sem_titular(tmp_path: Path) -> None:
    laranja = _laranja(_caso(tmp_path, "extrato_jul2025.csv", _CARTA.format(conta=_UMA_CONTA)))
    assert "titular não declarado" in laranja["afirmacao"]
    assert not any(r["arquivo"] == "oficio_nubank.txt" for r in laranja["referencias"])


def test_armadilha_carta_com_duas_contas_nao_escolhe(tmp_path: Path) -> None:
    duas = "conta 91823-4, agência 0001, e da conta 55123-9, agência 0001"
    laranja = _laranja(_caso(tmp_path, "NU_91823_extrato_jul2025.csv", _CARTA.format(conta=duas)))
    assert "titular não declarado" in laranja["afirmacao"]


def test_armadilha_o_extrato_que_diz_outra_conta(tmp_path: Path) -> None:
    """O cabeçalho do extrato diz a conta 55123-9: a carta da 91823-4 não é dele, mesmo com 91823 no nome."""
    conteudo = "Agência: 0001 Conta: 55123-9\n" + _EXTRATO
    laranja = _laranja(_caso(tmp_path, "NU_91823_extrato.csv", _CARTA.format(conta=_UMA_CONTA), conteudo))
    assert "RAFAEL" not in laranja["afirmacao"].split(" tem ")[0]


def test_armadilha_o_extrato_que_declara_o_titular(tmp_path: Path) -> None:
    conteudo = "Titular: JULIANA COSTA RAMOS - CPF 271.946.083-40\n" + _EXTRATO
    laranja = _laranja(_caso(tmp_path, "NU_91823_extrato.csv", _CARTA.format(conta=_UMA_CONTA), conteudo))
    assert laranja["afirmacao"].startswith("A conta de JULIANA COSTA RAMOS")
    assert "declarados em oficio_nubank.txt" not in laranja["afirmacao"]


_OFX = """OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX>
<BANKMSGSRSV1><STMTTRNRS><STMTRS>
<CURDEF>BRL
<BANKACCTFROM>
<BANKID>0077
<BRANCHID>0001
<ACCTID>7712345-0
</BANKACCTFROM>
<BANKTRANLIST>
<STMTTRN>
<TRNTYPE>CREDIT
<DTPOSTED>20250714152107[-3:BRT]
<TRNAMT>2350.00
<MEMO>PIX RECEBIDO - ANA BEATRIZ MOREIRA
</STMTTRN>
<STMTTRN>
<TRNTYPE>DEBIT
<DTPOSTED>20250714153840[-3:BRT]
<TRNAMT>-2300.00
<MEMO>PIX ENVIADO - LUCIANA FERREIRA DIAS
</STMTTRN>
</BANKTRANLIST>
</STMTRS></STMTTRNRS></BANKMSGSRSV1>
</OFX>
"""


def test_o_ofx_diz_a_conta_da_carta(tmp_path: Path) -> None:
    """O OFX não tem o nome do titular, só a agência e a conta (`BRANCHID`, `ACCTID`): a carta da mesma conta o dá."""
    carta = ("BANCO INTER S.A.\nEncaminhamos o extrato em formato OFX da conta corrente 7712345-0, agência 0001, de "
             "titularidade de RAFAEL SOUZA PINTO, CPF 083.271.946-31.\n")
    laranja = _laranja(_caso(tmp_path, "extrato.ofx", carta, _OFX))
    assert laranja["afirmacao"].startswith(
        "A conta de RAFAEL SOUZA PINTO CPF/CNPJ 08327194631 (extrato.ofx; titular e conta declarados em "
        "oficio_nubank.txt, linha 2 (conta corrente 7712345-0, agência 0001), a mesma conta que o cabeçalho do extrato "
        "diz)")


# A carta escreve o nome do arquivo que encaminha ("Segue em anexo o extrato da conta (arquivo nubank_extrato.csv)"):
# achado por sonda (resposta do Nubank com a carta à parte e o CSV sem cabeçalho nem a conta no nome).
_CARTA_QUE_NOMEIA = """NU PAGAMENTOS S.A. - INSTITUIÇÃO DE PAGAMENTO
Cliente: RAFAEL SOUZA PINTO - CPF 083.271.946-31
Agência 0001 Conta 91823-4
Segue em anexo o extrato da conta (arquivo {arquivo}), período 01/07/2025 a 31/07/2025.
"""


def test_a_carta_nomeia_o_arquivo_do_extrato(tmp_path: Path) -> None:
    laranja = _laranja(_caso(tmp_path, "extrato_jul2025.csv", _CARTA_QUE_NOMEIA.format(arquivo="Extrato_Jul2025.csv")))
    assert laranja["afirmacao"].startswith(
        "A conta de RAFAEL SOUZA PINTO CPF/CNPJ 08327194631 (extrato_jul2025.csv; titular e conta declarados em "
        "oficio_nubank.txt, linha 3 (Agência 0001 Conta 91823-4), extrato que a carta nomeia ('Extrato_Jul2025.csv', "
        "oficio_nubank.txt, linha 4))")
    # a linha que nomeia o arquivo é citada com o titular, e o validador a relê
    (nomeado,) = [r for r in laranja["referencias"] if r["dado_citado"] == "Extrato_Jul2025.csv"]
    assert (nomeado["arquivo"], nomeado["linha_ou_celula"]) == ("oficio_nubank.txt", "linha 4")


def test_armadilha_a_carta_nomeia_outro_arquivo(tmp_path: Path) -> None:
    carta = _CARTA_QUE_NOMEIA.format(arquivo="extrato_ago2025.csv")
    laranja = _laranja(_caso(tmp_path, "extrato_jul2025.csv", carta))
    assert "titular não declarado" in laranja["afirmacao"]


def test_armadilha_o_nome_fora_de_frase_de_anexo(tmp_path: Path) -> None:
    """"extrato_jul2025.csv" numa linha que não fala do anexo (a lista de arquivos recebidos do sistema) não liga."""
    carta = _CARTA_QUE_NOMEIA.replace("Segue em anexo o extrato da conta (arquivo {arquivo})", "Gerado por {arquivo}")
    laranja = _laranja(_caso(tmp_path, "extrato_jul2025.csv", carta.format(arquivo="extrato_jul2025.csv")))
    assert "titular não declarado" in laranja["afirmacao"]


def test_armadilha_a_carta_de_outra_conta_que_nomeia_o_arquivo(tmp_path: Path) -> None:
    """O extrato diz a sua conta (55123-9): a carta da 91823-4 que o nomeia não é dele."""
    conteudo = "Agência: 0001 Conta: 55123-9\n" + _EXTRATO
    laranja = _laranja(_caso(tmp_path, "extrato_jul2025.csv", _CARTA_QUE_NOMEIA.format(arquivo="extrato_jul2025.csv"),
                             conteudo))
    assert "RAFAEL" not in laranja["afirmacao"].split(" tem ")[0]


def test_a_carta_que_nomeia_o_arquivo_e_diz_o_fuso_dele(tmp_path: Path) -> None:
    """A mesma linha da carta nomeia o arquivo e diz o fuso ("Segue em anexo o extrato (arquivo account_statement_mp.csv), com
    horários em horário de Brasília"): a referência da linha cita o nome e o fuso juntos, e o validador aceita o fuso
    para os horários do arquivo (antes, a referência que não era só de fuso deixava a conta de passagem AMBIGUO)."""
    extrato = ("RELEASE_DATE,TRANSACTION_TYPE,TRANSACTION_NET_AMOUNT,COUNTERPART_NAME\n"
               "14-07-2025 15:21:07,Transferência Pix recebida,2350.00,ANA BEATRIZ MOREIRA\n"
               "14-07-2025 15:38:40,Transferência Pix enviada,-2300.00,LUCIANA FERREIRA DIAS\n")
    carta = ("MERCADO PAGO INSTITUIÇÃO DE PAGAMENTO LTDA.\n"
             "Titular da conta: RAFAEL SOUZA PINTO, CPF 083.271.946-31, conta 0001/883012244-1.\n"
             "Segue em anexo o extrato da conta (arquivo account_statement_mp.csv), com horários em horário de Brasília.\n")
    laranja = _laranja(_caso(tmp_path, "account_statement_mp.csv", carta, extrato))
    assert "extrato que a carta nomeia ('account_statement_mp.csv', oficio_nubank.txt, linha 3)" in laranja["afirmacao"]
    assert "14-07-2025 15:21:07 horário de Brasília" in laranja["afirmacao"]


def test_armadilha_a_citacao_de_um_nome_e_do_fuso_nao_e_so_fuso() -> None:
    """A citação que junta o nome do arquivo (ou de alguém) e o fuso da carta ("extrato.csv | horário de Brasília") não é
    um fuso só: o validador lia a citação inteira como fuso (sem algarismos, com "Brasília"), e o nome não era
    procurado no texto relido."""
    from perito.chaves.valores import decompor

    assert [(v.tipo, v.texto) for v in decompor("ANA | horário de Brasília")] == [
        ("palavra", "ANA"), ("fuso", "horário de Brasília")]
    assert [v.tipo for v in decompor("extrato.csv | horário de Brasília")] == ["palavra", "palavra", "fuso"]
    assert [v.tipo for v in decompor("horário de Brasília")] == ["fuso"]  # o fuso sozinho continua fuso
