"""Variantes de contexto e de registro (FORMATOS.md §1, §3, §4 e §6), escritas antes das regras.

O caso (fictício): ANA PAULA RIBEIRO paga R$ 1.890,00 por Pix em 10/02/2025 a BRUNO COSTA
LIMA, que acessa o provedor e o banco pelo mesmo IP. Cada arquivo diz o contexto de um
jeito que o caso de demonstração não diz:

- resposta_provedor_preambulo.pdf: "Times are shown in UTC." só no preâmbulo; tabela
  Time / IP Address / Port sem fuso nas linhas; um bloco chave-valor (Time, IP Address,
  Port em linhas seguidas) para um acesso IPv6.
- log_acessos_titulo.csv: o fuso só no título (linha 1, "horário de Brasília"), data e
  hora em colunas separadas, porta na coluna "Porta (origem)".
- extrato_continuacao.pdf: titular só no cabeçalho da página; a hora do Pix e a
  contraparte na linha de baixo do valor; a data só no cabeçalho do dia, por extenso.
- termo_prosa.txt: relato em prosa; a data numa linha e o valor na seguinte.
- extrato_dia_mes.pdf: lançamentos com "DD/MM" sem ano, o ano no período do cabeçalho (virada de ano),
  contraparte sem hífen depois de "PIX RECEBIDO", débito com o sinal depois do valor ("2.270,00-").
- boletim_conta.txt: boletim em prosa que conta a transferência para agência e conta (sem chave Pix);
  o crédito está no conjunto SIMBA IPL-0457-2025 (variantes_simba), em centavos e sem fuso.
"""

from __future__ import annotations

from pathlib import Path

from geradores import pdf_texto
from geradores.existentes import gabarito_linhas
from geradores.pdf_texto import NEGRITO, DocumentoPDF, linha, rodape_ingles
from geradores.verdade import d

PROVEDOR = "resposta_provedor_preambulo.pdf"
LOG = "log_acessos_titulo.csv"
EXTRATO = "extrato_continuacao.pdf"
TERMO = "termo_prosa.txt"
BOLETIM = "boletim_conta.txt"


def _provedor() -> DocumentoPDF:
    paginas = [[
        linha((40, "Response to Legal Process"), fonte=NEGRITO),
        linha((40, "Service: ExampleChat"), dados=()),
        linha((40, "Account Identifier: +5521998765432"), dados=(d("telefone", "+5521998765432"),)),
        linha((40, "Times are shown in UTC."), dados=()),
        linha((40, "IP Activity"), fonte=NEGRITO),
        linha((40, "Time"), (160, "IP Address"), (280, "Port"), fonte=NEGRITO),
        linha((40, "2025-02-10 13:22:05"), (160, "189.45.12.100"), (280, "51234"),
              dados=(d("data_evento", "2025-02-10 13:22:05"), d("ip_acesso", "189.45.12.100"))),
        linha((40, "2025-02-10 18:40:11"), (160, "189.45.12.100"), (280, "50022"),
              dados=(d("data_evento", "2025-02-10 18:40:11"), d("ip_acesso", "189.45.12.100"))),
        linha((40, "Session Detail"), fonte=NEGRITO),
        linha((40, "Time: 2025-02-11 09:14:40"), dados=(d("data_evento", "2025-02-11 09:14:40"),)),
        linha((40, "IP Address: 2804:14d:5c21:8a00::1f"), dados=(d("ip_acesso", "2804:14d:5c21:8a00::1f"),)),
        linha((40, "Port: 44321")),
    ]]
    return DocumentoPDF(PROVEDOR, paginas, rodape=rodape_ingles)


LOG_LINHAS = [
    ("Registro de acessos ao internet banking - horários em horário de Brasília", []),
    ("Data;Hora;Endereço IP;Porta (origem);Operação", []),
    ("10/02/2025;10:22:31;189.45.12.100;51234;LOGIN",
     [d("data_evento", "10/02/2025;10:22:31"), d("ip_acesso", "189.45.12.100")]),
    ("10/02/2025;15:02:10;177.8.90.14;40110;LOGIN",
     [d("data_evento", "10/02/2025;15:02:10"), d("ip_acesso", "177.8.90.14")]),
    ("11/02/2025;06:15:54;2804:14d:5c21:8a00::1f;44321;LOGIN",
     [d("data_evento", "11/02/2025;06:15:54"), d("ip_acesso", "2804:14d:5c21:8a00::1f")]),
]


def _extrato() -> DocumentoPDF:
    cabecalho = [
        linha((40, "BANCO FICTICIO S.A. - EXTRATO DE CONTA CORRENTE"), fonte=NEGRITO),
        linha((40, "Titular: BRUNO COSTA LIMA - CPF 987.654.321-00"),
              dados=(d("nome_titular", "BRUNO COSTA LIMA"), d("cpf", "987.654.321-00"))),
        linha((40, "Agência 0421 Conta 55012-3"), dados=(d("conta_bancaria", "Agência 0421 Conta 55012-3"),)),
        linha((40, "Horários em horário de Brasília")),
        linha((40, "Histórico"), (300, "Valor"), (420, "Saldo"), fonte=NEGRITO),
    ]
    paginas = [cabecalho + [
        linha((40, "10 de fevereiro de 2025 - segunda-feira")),
        linha((40, "PIX RECEBIDO"), (300, "1.890,00"), (420, "2.340,00"), dados=(d("valor_transacao", "1.890,00"),)),
        linha((40, "às 10:24:05 - ANA PAULA RIBEIRO CPF ***.456.789-**"), dados=(d("nome_titular", "ANA PAULA RIBEIRO"),)),
        linha((40, "PIX ENVIADO"), (300, "-1.800,00"), (420, "540,00"), dados=(d("valor_transacao", "-1.800,00"),)),
        linha((40, "às 10:31:47 - CARLOS EDUARDO MOTA CPF ***.852.963-**"), dados=(d("nome_titular", "CARLOS EDUARDO MOTA"),)),
        linha((40, "11 de fevereiro de 2025 - terça-feira")),
        linha((40, "PIX RECEBIDO"), (300, "1.890,00"), (420, "2.430,00"), dados=(d("valor_transacao", "1.890,00"),)),
        linha((40, "às 09:02:13 - MARCOS VINICIUS SOUZA CPF ***.123.789-**"),
              dados=(d("nome_titular", "MARCOS VINICIUS SOUZA"),)),
    ]]
    return DocumentoPDF(EXTRATO, paginas)


def _extrato_dia_mes() -> DocumentoPDF:
    paginas = [[
        linha((40, "BANCO EXEMPLO DO SUL S.A. - EXTRATO MENSAL"), fonte=NEGRITO),
        linha((40, "Cliente: HELENA DUARTE PRADO CPF 456.123.789-55"),
              dados=(d("nome_titular", "HELENA DUARTE PRADO"), d("cpf", "456.123.789-55"))),
        linha((40, "Agência 0088 Conta 77120-4"), (200, "Período: 01/12/2024 a 31/01/2025"),
              dados=(d("conta_bancaria", "Agência 0088 Conta 77120-4"), d("data_evento", "01/12/2024"),
                     d("data_evento", "31/01/2025"))),
        linha((40, "Data"), (90, "Histórico"), (330, "Valor"), (420, "Saldo"), fonte=NEGRITO),
        linha((40, "28/12"), (90, "PIX RECEBIDO MARCOS VIEIRA"), (330, "780,00"), (420, "800,00"),
              dados=(d("data_evento", "28/12"), d("nome_titular", "MARCOS VIEIRA"), d("valor_transacao", "780,00"))),
        linha((40, "03/01"), (90, "PIX ENVIADO RENATA LOPES"), (330, "750,00-"), (420, "50,00"),
              dados=(d("data_evento", "03/01"), d("nome_titular", "RENATA LOPES"), d("valor_transacao", "750,00"))),
    ]]
    return DocumentoPDF("extrato_dia_mes.pdf", paginas)


TERMO_LINHAS = [
    ("TERMO DE DECLARAÇÕES", []),
    ("Declarante: ANA PAULA RIBEIRO, CPF 123.456.789-09, telefone (21) 97654-3210.",
     [d("nome_titular", "ANA PAULA RIBEIRO"), d("cpf", "123.456.789-09"), d("telefone", "(21) 97654-3210")]),
    ("Que no dia 10/02/2025, por volta das 10h20, após negociar pelo aplicativo a compra", [d("data_evento", "10/02/2025")]),
    ("de um celular, efetuou uma transferência Pix de R$ 1.890,00 para a chave telefone",
     [d("valor_transacao", "R$ 1.890,00")]),
    ("(21) 99876-5432, indicada pelo vendedor; Que o aplicativo do banco mostrou como", [d("telefone", "(21) 99876-5432")]),
    ("recebedor o nome de BRUNO COSTA LIMA.", [d("nome_titular", "BRUNO COSTA LIMA")]),
    ("", []),
    ("Que nada mais disse.", []),
]


BOLETIM_LINHAS = [
    ("BOLETIM DE OCORRÊNCIA Nº 1187/2025 - DELEGACIA DE DEFRAUDAÇÕES", []),
    ("Vítima: ANTONIO MARCOS FERREIRA, CPF 615.204.837-08.",
     [d("nome_titular", "ANTONIO MARCOS FERREIRA"), d("cpf", "615.204.837-08")]),
    ("Relata a vítima que no dia 08/01/2025, por volta das 9h05, após negociar a compra de", [d("data_evento", "08/01/2025")]),
    ("um veículo anunciado na internet, transferiu R$ 1.250,90 por Pix", [d("valor_transacao", "R$ 1.250,90")]),
    ("para a agência 1207, conta 30418-6, indicada pelo suposto vendedor, e depois não conseguiu",
     [d("conta_bancaria", "agência 1207, conta 30418-6")]),
    ("mais contato com ele.", []),
]


def gerar(pasta: Path) -> dict[str, list[dict]]:
    gabaritos: dict[str, list[dict]] = {}
    for doc in (_provedor(), _extrato(), _extrato_dia_mes()):
        pdf_texto.gerar(pasta / doc.nome, doc)
        pdf_texto.conferir(pasta / doc.nome, doc)
        gabaritos[doc.nome] = pdf_texto.gabarito(doc)
    (pasta / LOG).write_bytes("".join(t + "\r\n" for t, _ in LOG_LINHAS).encode("cp1252"))
    gabaritos[LOG] = gabarito_linhas(LOG, LOG_LINHAS)
    (pasta / TERMO).write_bytes("".join(t + "\n" for t, _ in TERMO_LINHAS).encode("utf-8"))
    gabaritos[TERMO] = gabarito_linhas(TERMO, TERMO_LINHAS)
    (pasta / BOLETIM).write_bytes("".join(t + "\n" for t, _ in BOLETIM_LINHAS).encode("utf-8"))
    gabaritos[BOLETIM] = gabarito_linhas(BOLETIM, BOLETIM_LINHAS)
    return gabaritos
