"""Família de respostas que nenhum exemplo tinha (sondas da quarta rodada), pelo que o documento diz.

- corretora de criptoativos (carta em PDF e planilha em inglês com uma aba por assunto): banco;
- marketplace e registrador de domínio (WHOIS do Registro.br): provedor;
- carta de operadora em prosa, no feminino ("modalidade pré-paga"): operadora;
- consulta a base policial (INFOSEG) e relatório de inteligência financeira (RIF do COAF): desconhecida, com o motivo
  — repetem dados de outras fontes e nunca contam como família independente.

Armadilha: "Dados cadastrais" no título de qualquer resposta a ofício não faz operadora.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from perito.extratores.familias import classificar
from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento
from tests.conftest import conclusoes_do_caso, dados_da_pasta, pdf_de_linhas


def _classificar(caminho: Path):
    arquivo = next(a for a in listar(caminho.parent) if a.nome == caminho.name)
    return classificar(ler_documento(arquivo.caminho, arquivo.nome, arquivo.tipo))


def _planilha(caminho: Path, abas: dict[str, list[list[object]]]) -> Path:
    livro = openpyxl.Workbook()
    livro.remove(livro.active)
    for nome, linhas in abas.items():
        aba = livro.create_sheet(nome)
        for linha in linhas:
            aba.append(linha)
    livro.save(caminho)
    return caminho


CORRETORA = [
    "CRIPTOBR SERVIÇOS DIGITAIS LTDA - CNPJ 33.512.776/0001-08",
    "Ao Ilmo. Sr. Delegado de Polícia do 4º DP Guarulhos",
    "Em atendimento ao ofício, informamos os dados cadastrais, os registros de acesso e as movimentações da conta.",
    "1. Dados cadastrais (KYC)",
    "Nome completo RAFAEL AUGUSTO NUNES",
    "CPF 452.901.738-97",
    "Telefone +55 (11) 95123-4477",
    "2. Registros de acesso (horário de Brasília, UTC-3)",
    "Data/Hora Endereço IP Porta Evento",
    "20/05/2025 09:41:07 177.92.33.140 52881 LOGIN",
    "3. Depósitos em reais via Pix",
    "Data/Hora Valor Pagador CPF do pagador",
    "20/05/2025 09:50:00 R$ 3.150,00 MARCOS ANTONIO PEREIRA 604.183.927-22",
    "4. Saques de criptoativos",
    "20/05/2025 10:05:12 USDT 548,91",
]


def test_carta_de_corretora_de_criptoativos_e_banco_apesar_de_dados_cadastrais(tmp_path):
    pdf_de_linhas(tmp_path / "resposta.pdf", CORRETORA)
    assert _classificar(tmp_path / "resposta.pdf").familia == "banco"


def test_planilha_em_ingles_de_corretora_e_banco_pelos_nomes_das_abas(tmp_path):
    caminho = _planilha(tmp_path / "response.xlsx", {
        "Basic Info": [["Field", "Value"], ["Name", "RAFAEL AUGUSTO NUNES"], ["Mobile", "+55 11951234477"]],
        "Access Logs": [["Operation", "Real IP", "Timestamp (UTC)"], ["login", "189.6.214.77", "2025-06-10 17:24:58"]],
        "Fiat Deposit History": [["Create Time (UTC)", "Method", "Amount", "Payer Name"],
                                 ["2025-06-10 17:31:05", "PIX", "3150,00", "MARCOS ANTONIO PEREIRA"]],
        "Withdrawal History": [["Apply Time (UTC)", "Coin", "Amount"], ["2025-06-10 17:36:12", "USDT", "548,91"]],
    })
    assert _classificar(caminho).familia == "banco"


def test_marketplace_com_vendedor_anuncios_e_logins_e_provedor(tmp_path):
    caminho = _planilha(tmp_path / "resposta.xlsx", {
        "Usuário": [["Campo", "Valor"], ["Apelido", "BIKESPORTSOROCABA"], ["Nome", "RAFAEL AUGUSTO NUNES"]],
        "Anúncios": [["ID do anúncio", "Título", "Preço (R$)", "IP de criação"],
                     ["MLB5512093847", "Bicicleta aro 29", "1.800,00", "191.243.77.58"]],
        "Logins": [["Data (GMT-3)", "IP", "Porta"], ["05/08/2025 16:31:00", "191.243.77.58", "38114"]],
        "Conta para recebimento": [["Banco", "Agência", "Conta"], ["077 - Banco Inter S.A.", "0001", "2207781-4"]],
    })
    assert _classificar(caminho).familia == "provedor"


WHOIS = """NIC.br - Núcleo de Informação e Coordenação do Ponto BR
Em atenção ao ofício em referência, o Registro.br encaminha os dados cadastrais
constantes de sua base relativos ao domínio solicitado.
% Copyright (c) Nic.br
domain: lojapremiumofertas.com.br
owner: RAFAEL AUGUSTO MENDES
ownerid: 318.274.659-64
created: 20250303 #28841907
"""

CARTA_TIM = """TIM S.A.
CNPJ 02.421.421/0001-11
Senhor Delegado,
Em atenção ao ofício em epígrafe, a TIM S.A. informa que a linha (21) 98877-6655 encontra-se
ativa na modalidade pré-paga desde 20/02/2025, cadastrada em nome de RAFAEL AUGUSTO MENDES,
CPF 318.274.659-64.
"""

RIF = """MINISTÉRIO DA FAZENDA
CONSELHO DE CONTROLE DE ATIVIDADES FINANCEIRAS - COAF
RELATÓRIO DE INTELIGÊNCIA FINANCEIRA Nº 112233.4.5566.7788
INFORMAÇÃO SIGILOSA. O RIF não constitui prova e não substitui a quebra de sigilo bancário.
Comunicante: BANCO HORIZONTE S.A. - Valor total: R$ 186.450,00
Nome;CPF/CNPJ;Tipo de envolvimento;Agência;Conta
CARLOS EDUARDO NUNES;418.327.956-91;Titular;0347;22841-7
"""


@pytest.mark.parametrize(("texto", "familia"), [(WHOIS, "provedor"), (CARTA_TIM, "operadora"), (RIF, "desconhecida")])
def test_registrador_carta_de_operadora_e_rif(tmp_path, texto, familia):
    (tmp_path / "resposta.txt").write_text(texto, encoding="utf-8")
    classificacao = _classificar(tmp_path / "resposta.txt")
    assert classificacao.familia == familia
    if familia == "desconhecida":
        assert "relatório de inteligência" in classificacao.motivo


def test_pesquisa_por_terminal_no_infoseg_nao_identifica_assinante_na_operadora(tmp_path):
    """A pesquisa da polícia dá duas pessoas para o mesmo número; nenhuma vira 'assinante na operadora'."""
    caso = tmp_path / "caso"
    caso.mkdir()
    caminho = _planilha(caso / "infoseg.xlsx", {"Pesquisa": [
        ["SINESP INFOSEG - Pesquisa por terminal"], ["Nome", "CPF", "Telefone"],
        ["JOAO VITOR RAMOS", "730.194.582-50", "(21) 98811-2233"],
        ["CARLOS EDUARDO NUNES", "418.327.956-91", "(21) 98811-2233"]]})
    classificacao = _classificar(caminho)
    assert classificacao.familia == "desconhecida" and "infoseg" in classificacao.motivo
    (caso / "dict.csv").write_text(
        "Chave DICT;Tipo da chave;Titular;Documento do titular;Instituição;Agência;Conta\n"
        "+5521988112233;CELULAR;JOAO VITOR RAMOS;730.194.582-50;12345678;1;12345-6\n", encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso)
    assert conclusoes  # o DICT e a pesquisa dizem o mesmo nome: alguma conclusão sai, mas nenhuma na operadora
    assert not any("operadora" in c["afirmacao"] for c in conclusoes)


def test_cartao_cnpj_razao_social_e_capital():
    """O cartão do CNPJ e a ficha da Junta: "NOME EMPRESARIAL ..." e "RAZÃO SOCIAL: ..." dão a razão social (antes
    "EMPRESARIAL NUNES ..." ou nada); "Capital: R$ 50.000,00" é qualidade da empresa, não lançamento. Armadilha: o
    resgate de capitalização de um extrato continua lançamento."""
    from perito.extratores.reconhecedores import reconhecer

    def campos(texto):
        return [(a.campo, a.dado) for a in reconhecer(texto) if a.campo in ("nome_titular", "valor_transacao")]

    assert campos("NOME EMPRESARIAL NUNES & ROCHA COMERCIO LTDA") == [("nome_titular", "NUNES & ROCHA COMERCIO LTDA")]
    assert campos("RAZÃO SOCIAL: NUNES & ROCHA COMERCIO LTDA") == [("nome_titular", "NUNES & ROCHA COMERCIO LTDA")]
    assert campos("Capital: R$ 50.000,00") == []
    assert campos("RESGATE CAPITALIZACAO 1.000,00") == [("valor_transacao", "1.000,00")]


def test_quantidade_de_criptoativo_nao_e_valor_em_reais(tmp_path):
    """A aba de saques da corretora: "Amount 548,91" com "Coin USDT" é quantidade de cripto; o depósito em "BRL" na
    outra aba continua valor. O mesmo num CSV com a coluna "Moeda"."""
    from perito.extratores.registro import escolher

    _planilha(tmp_path / "response.xlsx", {
        "Fiat Deposit History": [["Create Time (UTC)", "Currency", "Amount"], ["2025-06-10 17:31:05", "BRL", "3150,00"]],
        "Withdrawal History": [["Apply Time (UTC)", "Coin", "Amount"], ["2025-06-10 17:36:12", "USDT", "548,91"]],
    })
    (tmp_path / "saques.csv").write_text("Data;Moeda;Valor\n10/06/2025 17:36:12;BTC;1.250,00\n10/06/2025;R$;980,00\n",
                                         encoding="utf-8")
    valores = set()
    for arquivo in listar(tmp_path):
        documento = ler_documento(arquivo.caminho, arquivo.nome, arquivo.tipo)
        valores |= {d["dado"] for d in escolher(documento).extrair(documento).dados if d["campo"] == "valor_transacao"}
    assert "3150,00" in valores and "980,00" in valores
    assert "548,91" not in valores and "1.250,00" not in valores


CARTA_OI = """Oi S.A. - Em Recuperação Judicial
Gerência de Atendimento a Órgãos Públicos
Ref.: Ofício nº 1733/2025 – Registro de Ocorrência 052-04418/2025
Senhor Delegado,
Informamos que a linha (21) 98811-2233, modalidade pré-paga, está cadastrada em nome de CLAUDIA REGINA MOTTA,
CPF 318.264.570-62, com troca de chip (SIM) registrada em 02/09/2025 às 10:14.
IMEI em uso após a troca: 864342055566773
"""


def test_carta_que_cita_o_registro_de_ocorrencia_na_referencia_e_da_operadora(tmp_path):
    """A resposta da operadora cita o RO na linha "Ref.:"; antes o título citado fazia dela um relato policial."""
    (tmp_path / "resposta.txt").write_text(CARTA_OI, encoding="utf-8")
    assert _classificar(tmp_path / "resposta.txt").familia == "operadora"
    (tmp_path / "ro.txt").write_text("REGISTRO DE OCORRÊNCIA 052-04418/2025\nRef.: fraude\nVítima: CLAUDIA REGINA MOTTA\n",
                                     encoding="utf-8")
    assert _classificar(tmp_path / "ro.txt").familia == "relato"  # o título no topo continua relato


def test_preco_do_anuncio_nao_e_pagamento(tmp_path):
    """O marketplace lista os anúncios com "Preço (R$)": o preço é quanto a bicicleta custa, não um pagamento (antes
    virava valor de transação com o instante da criação do anúncio). Armadilha: a coluna "Valor (R$)" de uma venda
    continua valor."""

    _planilha(tmp_path / "resposta.xlsx", {
        "Anúncios": [["ID do anúncio", "Título", "Preço (R$)", "Data de criação (GMT-3)"],
                     ["MLB5512093847", "Bicicleta aro 29", "1.800,00", "02/08/2025 10:15:09"]],
        "Vendas": [["Data (GMT-3)", "Comprador", "Valor (R$)"], ["05/08/2025 16:40:00", "CLAUDIA REGINA PAIVA", "1.800,00"]],
    })
    valores = [(d["aba_planilha"], d["dado"]) for d in dados_da_pasta(tmp_path)
               if d["campo"] == "valor_transacao"]
    assert valores == [("Vendas", "1.800,00")]


CARTA_DO_BANCO_CENTRAL = (
    "BANCO CENTRAL DO BRASIL\n\nOfício nº 4567/2025\n\nSenhor Delegado,\n\n"
    "Em atenção ao Ofício nº 123/2025, informamos que a chave Pix (11) 91234-0000, do tipo celular, está vinculada à "
    "conta corrente nº 12345-6, agência 0001, do Banco Exemplo S.A. (ISPB 12345678), de titularidade de MARIA OLIVEIRA "
    "LIMA, CPF 111.444.777-35, desde 01/02/2024.\n\nAtenciosamente,\n")


def test_carta_do_banco_central_sobre_uma_chave_e_cadastro_pix(tmp_path):
    """Achado por sonda: a resposta do Banco Central em carta, sem tabela nem a sigla DICT, era de família desconhecida
    (a conta e a agência davam tantos pontos a banco quanto o Banco Central e o ISPB a cadastro Pix), e a identificação
    da titular pelo CPF da operadora e do cadastro Pix ficava fraca."""
    (tmp_path / "resposta.txt").write_text(CARTA_DO_BANCO_CENTRAL, encoding="utf-8")
    assert _classificar(tmp_path / "resposta.txt").familia == "registro"


def test_extrato_com_chave_pix_no_historico_continua_banco(tmp_path):
    # a armadilha: "chave Pix" no histórico de um extrato não faz cadastro Pix
    (tmp_path / "extrato.txt").write_text(
        "BANCO EXEMPLO S.A. - EXTRATO DE CONTA CORRENTE\nAgência 0001 Conta 12345-6\nSaldo anterior 100,00\n"
        "15/03/2025 PIX RECEBIDO CHAVE PIX (11) 91234-0000 JOSE PEREIRA 2.500,00 C\n"
        "15/03/2025 PIX ENVIADO CHAVE PIX carlos@exemplo.com 2.400,00 D\n", encoding="utf-8")
    assert _classificar(tmp_path / "extrato.txt").familia == "banco"


def test_planilha_de_logins_sem_palavra_de_provedor_e_provedor(tmp_path):
    """Achado por sonda: a resposta de uma loja em planilha (aba "Dados da Conta" com nome, CPF e telefone; aba
    "Logins" com data e hora, IP e porta lógica) não tinha uma palavra do vocabulário de nenhuma família e ficava
    desconhecida: a convergência do IP com o log do banco não passava de moderado. Quem guarda o IP e a porta de cada
    acesso e não fala de conta, saldo, chave nem linha é o provedor da aplicação."""
    import datetime as dt

    caminho = _planilha(tmp_path / "resposta.xlsx", {
        "Dados da Conta": [["Nome", "MARIA OLIVEIRA LIMA"], ["CPF", "111.444.777-35"], ["Telefone", "+55 11 91234-0000"]],
        "Logins": [["Todos os horários em UTC"], ["Data e hora", "Endereço IP", "Porta lógica"],
                   [dt.datetime(2025, 3, 15, 14, 33, 50), "177.45.10.2", 51234]],
    })
    assert _classificar(caminho).familia == "provedor"


@pytest.mark.parametrize("linhas, familia", [
    # o log do banco diz de quem é: o canal de cada acesso, uma operação de banco
    (["Data;Hora;IP;Porta;Canal", "15/03/2025;11:34:02;177.45.10.2;51234;APP"], "banco"),
    (["Data;Hora;IP;Porta;Evento", "15/03/2025;11:34:02;177.45.10.2;51234;PIX ENVIADO"], "banco"),
    # sem porta, uma lista de IPs não diz quem a guardou
    (["Data;Hora;IP", "15/03/2025;11:34:02;177.45.10.2"], "desconhecida"),
])
def test_log_de_ip_que_diz_de_quem_e_ou_nao_diz(tmp_path, linhas, familia):
    (tmp_path / "log.csv").write_text("\n".join(linhas) + "\n", encoding="utf-8")
    assert _classificar(tmp_path / "log.csv").familia == familia


def test_carta_de_banco_sobre_a_chave_e_o_credito_continua_banco(tmp_path):
    # a armadilha da carta do Banco Central: a carta de um banco diz o mesmo da chave ("vinculada à conta") e conta o
    # crédito que a conta recebeu, com a quantia; é do banco (`test_carta_do_banco.py` tira a materialidade dela)
    (tmp_path / "resposta.txt").write_text(
        "BANCO XPTO S.A.\nEm atenção ao ofício, informamos que a chave Pix do tipo celular +55 11 98765-4321 está "
        "vinculada à conta corrente nº 0012345-6, agência 0001, de titularidade de MARIA DA SILVA SOUZA. A referida "
        "conta recebeu, em 02/08/2025, transferência Pix no valor de R$ 1.250,90, oriunda de JOSÉ PEREIRA LIMA.\n",
        encoding="utf-8")
    assert _classificar(tmp_path / "resposta.txt").familia == "banco"


#: a carta de uma operadora que nenhuma lista conhece, com o cadastro da linha em prosa (PDF com camada de texto)
CARTA_OPERADORA_DESCONHECIDA = [
    "TELEFONIA BRASIL S.A.", "Rio de Janeiro, 25 de abril de 2025", "Ao Delegado de Polícia",
    "Em resposta ao ofício 455/2025, informamos que a linha (21) 98123-4567 está habilitada em nome de",
    "MARCOS VINICIUS ALVES, CPF 036.426.212-52, desde 15/08/2023, na modalidade pré-paga.",
]


def test_carta_de_operadora_sem_nome_conhecido_identifica_o_titular(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    pdf_de_linhas(caso / "resposta.pdf", CARTA_OPERADORA_DESCONHECIDA)
    assert _classificar(caso / "resposta.pdf").familia == "operadora"
    (caso / "provedor.csv").write_text("Account: +55 21 98123-4567\nTimestamp (UTC),Source IP,Source Port,Event\n"
                                       "2025-04-10 10:15:07,187.64.22.9,50321,login\n", encoding="utf-8")
    [titular] = [c for c in conclusoes_do_caso(caso) if c["tipo"] == "identificacao_titular"]
    assert "MARCOS VINICIUS ALVES" in titular["afirmacao"] and titular["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_armadilha_o_relato_que_fala_da_linha_habilitada_continua_relato(tmp_path):
    (tmp_path / "bo.txt").write_text(
        "BOLETIM DE OCORRÊNCIA Nº 5567/2025\nVítima: JOÃO PEDRO FARIAS.\nRelata que a linha (11) 97766-5544, "
        "habilitada em nome de terceiro na modalidade pré-paga, enviou as mensagens.\n", encoding="utf-8")
    assert _classificar(tmp_path / "bo.txt").familia == "relato"


def _pdf_em_colunas(caminho: Path, titulo: list[str], linhas: list[list[str]]) -> None:
    """Um PDF com as linhas do título e uma tabela sem réguas, cada coluna na sua posição (como um relatório)."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    tela, y = canvas.Canvas(str(caminho), pagesize=A4), 800
    for texto in titulo:
        tela.drawString(40, y, texto)
        y -= 14
    for linha in linhas:
        for x, texto in zip((40, 120, 200, 320, 380), linha):
            tela.drawString(x, y, texto)
        y -= 13
    tela.save()


def test_registros_de_acesso_sem_palavra_de_banco_sao_do_provedor(tmp_path):
    # "Registros de acesso" é o título do log de um banco e do de um provedor; sem mais nada de banco, a tabela de IP,
    # porta e hora é do provedor (sonda: a resposta de um serviço de fotos em PDF ficava desconhecida)
    _pdf_em_colunas(tmp_path / "resposta.pdf", [
        "NUVEM FOTOS LTDA - Registros de acesso da conta paulo.hd@exemplo.com",
        "Telefone de recuperação: (11) 97766-5544"],
        [["Data", "Hora (UTC)", "Endereço IP", "Porta"], ["20/05/2025", "13:02:09", "189.40.77.201", "61022"],
         ["21/05/2025", "01:15:44", "177.10.9.88", "40211"]])
    assert _classificar(tmp_path / "resposta.pdf").familia == "provedor"
    # armadilha: o mesmo título com a agência e a conta do cliente, e o canal de cada acesso, é do banco
    _pdf_em_colunas(tmp_path / "banco.pdf", [
        "BANCO HORIZONTE - Registros de acesso - Cliente LUANA MARTINS COSTA Agência 0042 Conta 55123-4"],
        [["Data", "Hora", "Endereço IP", "Porta", "Canal"], ["20/05/2025", "10:02:11", "189.40.77.201", "61022", "APP"],
         ["22/05/2025", "16:44:03", "177.10.9.88", "40211", "WEB"]])
    assert _classificar(tmp_path / "banco.pdf").familia == "banco"


BET = """SORTEBET APOSTAS LTDA. - CNPJ 45.123.987/0001-10
Resposta ao Ofício nº 212/2025 - Delegacia de Crimes Cibernéticos
Dados cadastrais do usuário
Nome: JULIANA COSTA RAMOS
Depósitos (horário de Brasília)
Data/Hora            Valor        Meio   Pagador
14/07/2025 15:45:12  R$ 2.300,00  Pix    LUCIANA FERREIRA DIAS
Acessos (horário de Brasília)
14/07/2025 15:44:01  IP 189.40.77.212  porta 51990
"""
#: a armadilha: o extrato do banco com o Pix para a casa de apostas (o nome dela no histórico, não no timbre)
EXTRATO_COM_APOSTA = """BANCO EXEMPLO S.A.
Extrato de conta corrente
Titular: LUCIANA FERREIRA DIAS
Data        Histórico                                   Valor
14/07/2025  PIX ENVIADO SORTEBET APOSTAS LTDA            -2.300,00
"""


@pytest.mark.parametrize(("texto", "familia"), [(BET, "provedor"), (EXTRATO_COM_APOSTA, "banco")])
def test_operador_de_apostas_e_provedor_pelo_timbre(tmp_path, texto, familia):
    # sonda da 23ª sessão: a resposta do operador de apostas (cadastro, depósitos por Pix e acessos) ficava de família
    # desconhecida (banco 3, provedor 2) e não contava como fonte independente
    (tmp_path / "resposta.txt").write_text(texto, encoding="utf-8")
    assert _classificar(tmp_path / "resposta.txt").familia == familia


@pytest.mark.parametrize(("conteudo", "familia"), [
    # o log de logins de um aplicativo, sem porta (sonda da 23ª sessão: ficava desconhecida, e a convergência de IP
    # com o banco, no máximo moderada)
    ("uid,login_time,login_ip,device_model,region\n7312345678901234567,1752517142000,189.40.77.212,SM-A536E,BR\n",
     "provedor"),
    ("user_id;data_hora;ip\n4471;14/07/2025 15:19:40;189.40.77.212\n", "provedor"),
    # as armadilhas: o IP e a data sem usuário nem porta não dizem de quem é o log; o do banco diz o canal
    ("data;ip\n14/07/2025 15:19:40;189.40.77.212\n", "desconhecida"),
    ("Data;Hora;IP;Canal;Usuário\n14/07/2025;15:19:40;189.40.77.212;APP;RAFAEL\n", "banco"),
])
def test_log_de_logins_da_aplicacao(tmp_path, conteudo, familia):
    (tmp_path / "log.csv").write_text(conteudo, encoding="utf-8")
    assert _classificar(tmp_path / "log.csv").familia == familia
