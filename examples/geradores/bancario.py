"""Família bancária: extrato da conta recebedora (MARIA OLIVEIRA LIMA) e resposta do DICT (Bacen).

Padrão de conta laranja no extrato: conta aberta em 02/03/2025, vários PIX pequenos
de pagadores diferentes, cada um repassado em minutos a RICARDO PEREIRA SANTOS
(titular da linha +55 11 98765-4321 na operadora); o PIX da vítima (3.500,00 às
11:36:40 BRT) sai 28 minutos depois (-3.300,00) e o resto vai à empresa dele.
Bancos, ISPB e código COMPE são fictícios.
"""

from __future__ import annotations

from decimal import Decimal

from geradores.pdf_texto import NEGRITO, Coluna, DocumentoPDF, linha, tabela
from geradores.verdade import d

# --- Extrato da conta recebedora --------------------------------------------------

# (data, hora BRT ou "", histórico, documento, valor; contraparte nomeada no histórico)
LANCAMENTOS = [
    ("03/03/2025", "", "DEPÓSITO EM DINHEIRO", "000001", "50,00", None),
    ("08/03/2025", "14:02:11", "PIX RECEBIDO - ANTONIO MARCOS FERREIRA", "804211", "480,00", "ANTONIO MARCOS FERREIRA"),
    ("08/03/2025", "14:19:40", "PIX ENVIADO - RICARDO PEREIRA SANTOS", "804377", "-450,00", "RICARDO PEREIRA SANTOS"),
    ("12/03/2025", "09:40:05", "PIX RECEBIDO - LUCIANA DIAS COSTA", "812094", "750,00", "LUCIANA DIAS COSTA"),
    ("12/03/2025", "09:58:30", "PIX ENVIADO - RICARDO PEREIRA SANTOS", "812230", "-700,00", "RICARDO PEREIRA SANTOS"),
    ("15/03/2025", "11:36:40", "PIX RECEBIDO - JOSE CARLOS DA SILVA", "815366", "3.500,00", "JOSE CARLOS DA SILVA"),
    ("15/03/2025", "11:52:07", "PIX RECEBIDO - PEDRO HENRIQUE ALVES", "815521", "290,00", "PEDRO HENRIQUE ALVES"),
    ("15/03/2025", "12:04:55", "PIX ENVIADO - RICARDO PEREIRA SANTOS", "815649", "-3.300,00", "RICARDO PEREIRA SANTOS"),
    ("15/03/2025", "12:10:02", "PIX ENVIADO - RPS COMERCIO DIGITAL LTDA", "815702", "-500,00", "RPS COMERCIO DIGITAL LTDA"),
    ("16/03/2025", "", "TARIFA PACOTE DE SERVIÇOS", "000002", "-19,90", None),
    ("17/03/2025", "", "BLOQUEIO JUDICIAL - OFÍCIO 245/2025", "000003", "-100,10", None),
]


def _centavos(texto: str) -> Decimal:
    return Decimal(texto.replace(".", "").replace(",", "."))


def _brl(valor: Decimal) -> str:
    return f"{valor:,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")


def _extrato_linhas():
    colunas = [Coluna("Data"), Coluna("Hora"), Coluna("Histórico"), Coluna("Documento"),
               Coluna("Valor", direita=True), Coluna("Saldo", direita=True)]
    saldo = Decimal("0.00")
    registros = [("02/03/2025", "", "SALDO ANTERIOR", "", "", _brl(saldo))]
    dados = [(d("data_evento", "02/03/2025"),)]
    for data, hora, historico, documento, valor, contraparte in LANCAMENTOS:
        saldo += _centavos(valor)
        registros.append((data, f"{hora} BRT" if hora else "", historico, documento, valor, _brl(saldo)))
        anotados = [d("data_evento", f"{data} {hora}" if hora else data)]
        if contraparte:
            anotados.append(d("nome_titular", contraparte))
        anotados.append(d("valor_transacao", valor))
        dados.append(tuple(anotados))
    assert saldo == 0, saldo  # o bloqueio judicial zera a conta
    return tabela(40, colunas, registros, 9, espaco=12, dados=dados)


def extrato() -> DocumentoPDF:
    return DocumentoPDF("extrato_maria_oliveira.pdf", [[
        linha((40, "Banco Destino S.A. - Extrato de Conta Corrente"), fonte=NEGRITO),
        linha((40, "Cliente: MARIA OLIVEIRA LIMA"), (300, "CPF: 111.444.777-35"),
              dados=[d("nome_titular", "MARIA OLIVEIRA LIMA"), d("cpf", "111.444.777-35")]),
        linha((40, "Banco: 989"), (150, "Agência: 0001"), (300, "Conta: 12345-6"),
              dados=[d("conta_bancaria", "Banco: 989 Agência: 0001 Conta: 12345-6")]),
        linha((40, "Data de abertura da conta: 02/03/2025"), dados=[d("data_evento", "02/03/2025")]),
        linha((40, "Período: 02/03/2025 a 17/03/2025"),
              dados=[d("data_evento", "02/03/2025"), d("data_evento", "17/03/2025")]),
        *_extrato_linhas(),
        linha((40, "Lançamentos a débito com sinal negativo. Horários em BRT (horário de Brasília).")),
    ]])


# --- Resposta do DICT -----------------------------------------------------------------

X_ROTULO, X_VALOR = 50, 210


def _campo(rotulo, valor, *dados):
    return linha((X_ROTULO, rotulo), (X_VALOR, valor), dados=dados)


def _registro(n, chave, tipo, nome, documento, doc_campo, ispb, banco, agencia, conta, tipo_conta,
              abertura, criacao, pessoa):
    dados_conta = f"ISPB {ispb} ({banco}) Agência {agencia} Conta {conta}"
    return [
        linha((X_ROTULO, f"Registro {n} de 3"), fonte=NEGRITO),
        _campo("Chave", chave, d("chave_pix", chave)),
        _campo("Tipo de chave", tipo),
        _campo("Situação da chave", "ATIVA"),
        _campo("Nome do titular", nome, d("nome_titular", nome)),
        _campo("CPF/CNPJ", documento, d(doc_campo, documento)),
        _campo("Tipo de pessoa", pessoa),
        _campo("Dados da conta", dados_conta, d("conta_bancaria", dados_conta)),
        _campo("Tipo de conta", tipo_conta),
        _campo("Data de abertura da conta", abertura, d("data_evento", abertura)),
        _campo("Data de criação da chave", f"{criacao} BRT", d("data_evento", criacao)),
        _campo("Data de posse da chave", f"{criacao} BRT", d("data_evento", criacao)),
    ]


def dict_bacen() -> DocumentoPDF:
    pagina1 = [
        linha((X_ROTULO, "BANCO CENTRAL DO BRASIL"), fonte=NEGRITO),
        linha((X_ROTULO, "Diretório de Identificadores de Contas Transacionais (DICT) - Consulta de chaves Pix")),
        linha((X_ROTULO, "Resposta ao Ofício nº 246/2025 - 1º DP São Paulo - Inquérito Policial nº 1234/2025")),
        _campo("Data da consulta", "18/03/2025 16:05:33 BRT", d("data_evento", "18/03/2025 16:05:33")),
        _campo("Chaves consultadas", "3"),
        *_registro(1, "+5511912340000", "TELEFONE", "MARIA OLIVEIRA LIMA", "111.444.777-35", "cpf",
                   "48756102", "BANCO DESTINO S.A.", "0001", "12345-6", "CONTA CORRENTE",
                   "02/03/2025", "03/03/2025 09:14:52", "FÍSICA"),
        *_registro(2, "ricardo.santos.rps@example.com", "E-MAIL", "RICARDO PEREIRA SANTOS", "347.821.560-90", "cpf",
                   "37529104", "BANCO FINAL S.A.", "0456", "98765-4", "CONTA DE PAGAMENTO",
                   "10/01/2025", "11/01/2025 20:41:07", "FÍSICA"),
    ]
    pagina2 = [
        *_registro(3, "7d3f9c2e-4b1a-4e8f-9a6d-2c5b8e1f0a37", "ALEATÓRIA (EVP)", "RPS COMERCIO DIGITAL LTDA",
                   "45.612.378/0001-84", "outro", "37529104", "BANCO FINAL S.A.", "0456", "11223-3",
                   "CONTA CORRENTE", "20/02/2025", "20/02/2025 15:02:44", "JURÍDICA"),
        linha((X_ROTULO, "Informações conforme os registros do DICT na data e hora da consulta.")),
        linha((X_ROTULO, "Horários em BRT (horário de Brasília).")),
    ]
    return DocumentoPDF("resposta_dict_bacen.pdf", [pagina1, pagina2])
