"""Os quatro arquivos originais do caso (os testes dependem deles byte a byte).

- resposta_meta_whatsapp.pdf  resposta curta da Meta (inglês, horários em UTC)
- extrato_conta_corrente.pdf  extrato da vítima (pt-BR, horários em BRT)
- log_internet_banking.csv    log de acesso do banco da vítima (cp1252, ';', CRLF, BRT)
- boletim_ocorrencia.txt      boletim de ocorrência (UTF-8, LF)

Convergência verdadeira (plantada):
- 187.34.56.78 porta 51234 em 2025-03-15 14:32:17 UTC (Meta) e em
  15/03/2025 11:34:02 BRT (= 14:34:02 UTC, log do banco): 1min45s de diferença;
  o mesmo IP:porta aparece no extrato no PIX de 11:36:40 / 11:36:41 BRT.

Armadilhas (não devem virar convergência forte):
- IP privado 192.168.0.10 na Meta e no log do banco: nunca deve convergir.
- IPv4 público 177.20.30.40 na Meta (02:10:00 UTC, porta 40001) e no log do
  banco (09:45:10 BRT = 12:45:10 UTC, porta 38000): horas de distância e portas
  diferentes.
- IPv6 2804:14c:65a1:4000::1b só aparece na Meta (sem par).

Não mude nada aqui sem necessidade: conteúdo, geometria e ordem de desenho fixam os bytes.
"""

from __future__ import annotations

from pathlib import Path

from geradores.pdf_texto import NEGRITO, DocumentoPDF, linha, rodape_ingles, rodape_portugues
from geradores.verdade import conferir_na_linha, d, registro

# --- Resposta da Meta: rótulo/valor e tabela em colunas separadas ----------
X_ROTULO, X_VALOR = 50, 200
X_HORA, X_IP, X_PORTA = 50, 200, 330


def campo(rotulo, valor, dados=()):
    return linha((X_ROTULO, rotulo), (X_VALOR, valor), dados=dados)


def acesso(hora, ip, porta):
    data_hora = hora.removesuffix(" UTC")
    return linha((X_HORA, hora), (X_IP, ip), (X_PORTA, porta),
                 dados=[d("data_evento", data_hora), d("ip_acesso", ip)])


META = DocumentoPDF("resposta_meta_whatsapp.pdf", [
    [
        linha((50, "Meta Platforms, Inc. - Law Enforcement Response"), fonte=NEGRITO),
        campo("Service", "WhatsApp"),
        campo("Internal Ticket Number", "2025031500123"),
        campo("Account Identifier", "+5511987654321", [d("telefone", "+5511987654321")]),
        campo("Account Type", "WhatsApp Messenger"),
        campo("Generated", "2025-03-16 10:00:00 UTC", [d("data_evento", "2025-03-16 10:00:00")]),
        campo("Date Range", "2025-03-01 00:00:00 UTC to 2025-03-16 00:00:00 UTC",
              [d("data_evento", "2025-03-01 00:00:00"), d("data_evento", "2025-03-16 00:00:00")]),
        linha((50, "Ip Addresses"), fonte=NEGRITO),
        linha((X_HORA, "Time"), (X_IP, "IP Address"), (X_PORTA, "Port"), fonte=NEGRITO),
        acesso("2025-03-14 22:05:41 UTC", "192.168.0.10", "49152"),
        acesso("2025-03-15 02:10:00 UTC", "177.20.30.40", "40001"),
        acesso("2025-03-15 14:32:17 UTC", "187.34.56.78", "51234"),
        acesso("2025-03-15 18:20:05 UTC", "2804:14c:65a1:4000::1b", "443"),
    ],
    [
        linha((50, "Device Info"), fonte=NEGRITO),
        campo("Device Model", "SM-A546E", [d("modelo_dispositivo", "SM-A546E")]),
        campo("OS Version", "Android 14", [d("outro", "Android 14")]),
        campo("App Version", "2.25.5.74", [d("outro", "2.25.5.74")]),
        campo("Push Name", "Zé Carlos", [d("outro", "Zé Carlos")]),
        linha((50, "Connection Info"), fonte=NEGRITO),
        campo("Last Seen", "2025-03-15 19:02:11 UTC", [d("data_evento", "2025-03-15 19:02:11")]),
    ],
], rodape=rodape_ingles)

# --- Extrato bancário: colunas Data / Hora / Histórico / Valor / Saldo ------
X_DATA, X_HR, X_HIST, X_VLR, X_SALDO = 40, 95, 165, 380, 450


def lancamento(data, hora, historico, valor=None, saldo=None, dados=()):
    celulas = [(X_DATA, data), (X_HR, hora), (X_HIST, historico)]
    celulas += [(x, t) for x, t in ((X_VLR, valor), (X_SALDO, saldo)) if t]
    return linha(*celulas, dados=[d("data_evento", f"{data} {hora.removesuffix(' BRT')}"), *dados])


EXTRATO = DocumentoPDF("extrato_conta_corrente.pdf", [
    [
        linha((40, "Banco Exemplo S.A. - Extrato de Conta Corrente"), fonte=NEGRITO),
        linha((40, "Cliente: JOSÉ CARLOS DA SILVA"), (300, "CPF: 529.982.247-25"),
              dados=[d("nome_titular", "JOSÉ CARLOS DA SILVA"), d("cpf", "529.982.247-25")]),
        linha((40, "Agência: 1234"), (300, "Conta: 56789-0"),
              dados=[d("conta_bancaria", "Agência: 1234 Conta: 56789-0")]),
        linha((40, "Período: 01/03/2025 a 15/03/2025"),
              dados=[d("data_evento", "01/03/2025"), d("data_evento", "15/03/2025")]),
        linha((X_DATA, "Data"), (X_HR, "Hora"), (X_HIST, "Histórico"),
              (X_VLR, "Valor"), (X_SALDO, "Saldo"), fonte=NEGRITO),
        lancamento("14/03/2025", "18:02:10 BRT", "PIX RECEBIDO - ANA PAULA SOUZA", "1.200,00", "4.750,00",
                   dados=[d("nome_titular", "ANA PAULA SOUZA"), d("valor_transacao", "1.200,00")]),
        lancamento("15/03/2025", "11:36:40 BRT", "PIX ENVIADO - MARIA OLIVEIRA LIMA", "-3.500,00", "1.250,00",
                   dados=[d("nome_titular", "MARIA OLIVEIRA LIMA"), d("valor_transacao", "-3.500,00")]),
        lancamento("15/03/2025", "11:36:41 BRT", "IP Origem: 187.34.56.78:51234",
                   dados=[d("ip_transacao", "187.34.56.78")]),
    ],
], rodape=rodape_portugues)

_MODELO = d("modelo_dispositivo", "SM-A546E")
CSV_LINHAS = [
    ("Data;Hora;Fuso;IP;Porta;Dispositivo;Operação", []),
    ("14/03/2025;19:07:12;BRT;192.168.0.10;50022;Android SM-A546E;Login",
     [d("data_evento", "14/03/2025;19:07:12"), d("ip_acesso", "192.168.0.10"), _MODELO]),
    ("15/03/2025;09:45:10;BRT;177.20.30.40;38000;Android SM-A546E;Consulta de saldo",
     [d("data_evento", "15/03/2025;09:45:10"), d("ip_acesso", "177.20.30.40"), _MODELO]),
    ("15/03/2025;11:34:02;BRT;187.34.56.78;51234;Android SM-A546E;Login",
     [d("data_evento", "15/03/2025;11:34:02"), d("ip_acesso", "187.34.56.78"), _MODELO]),
    ("15/03/2025;11:36:40;BRT;187.34.56.78;51234;Android SM-A546E;Transferência PIX R$ 3.500,00",
     [d("data_evento", "15/03/2025;11:36:40"), d("ip_transacao", "187.34.56.78"), _MODELO,
      d("valor_transacao", "R$ 3.500,00")]),
]

# Cada dado (telefone, CPF, valor, data) fica inteiro numa linha só.
BOLETIM_LINHAS = [
    ("SECRETARIA DA SEGURANÇA PÚBLICA DO ESTADO DE SÃO PAULO", []),
    ("Boletim de Ocorrência nº 1234/2025 - 1º DP São Paulo", []),
    ("Registrado em 16/03/2025 09:15", [d("data_evento", "16/03/2025 09:15")]),
    ("Natureza: Estelionato mediante fraude eletrônica (art. 171, § 2º-A, do Código Penal)", []),
    ("Vítima: JOSÉ CARLOS DA SILVA, CPF 529.982.247-25",
     [d("nome_titular", "JOSÉ CARLOS DA SILVA"), d("cpf", "529.982.247-25")]),
    ("Telefone da vítima: (11) 93456-7890", [d("telefone", "(11) 93456-7890")]),
    ("E-mail da vítima: jose.silva@example.com.br", [d("email", "jose.silva@example.com.br")]),
    ("Histórico:", []),
    ("Em 15/03/2025, pouco antes das 11:36, a vítima recebeu mensagens pelo WhatsApp",
     [d("data_evento", "15/03/2025")]),
    ("do número +55 11 98765-4321, cujo interlocutor se passava por um parente seu",
     [d("telefone", "+55 11 98765-4321")]),
    ("e pedia ajuda urgente para pagar uma dívida.", []),
    ("Induzida pelas mensagens, a vítima enviou um PIX de R$ 3.500,00 às 11:36 de 15/03/2025",
     [d("valor_transacao", "R$ 3.500,00"), d("data_evento", "11:36 de 15/03/2025")]),
    ("para MARIA OLIVEIRA LIMA, CPF 111.444.777-35, a partir de sua conta no Banco Exemplo S.A.",
     [d("nome_titular", "MARIA OLIVEIRA LIMA"), d("cpf", "111.444.777-35")]),
    ("Ao telefonar depois ao parente, a vítima descobriu que ele não havia enviado as mensagens.", []),
    ("A vítima apresentou o extrato da conta e se dispôs a colaborar com a investigação.", []),
]


def gabarito_linhas(nome: str, linhas) -> list[dict]:
    """CSV e TXT: `linha N` é a linha física (1-based; aqui nenhum campo tem quebra de linha)."""
    itens = []
    for n, (texto, dados) in enumerate(linhas, start=1):
        conferir_na_linha(nome, f"linha {n}", texto, dados)
        itens += [registro(dado, None, f"linha {n}") for dado in dados]
    return itens


def gerar_texto(pasta: Path) -> dict[str, list[dict]]:
    """Grava o CSV e o TXT originais; devolve o gabarito de cada um."""
    # write_bytes evita conversão de fim de linha pelo sistema operacional
    (pasta / "log_internet_banking.csv").write_bytes(
        "".join(t + "\r\n" for t, _ in CSV_LINHAS).encode("cp1252"))
    (pasta / "boletim_ocorrencia.txt").write_bytes(
        "".join(t + "\n" for t, _ in BOLETIM_LINHAS).encode("utf-8"))
    return {
        "log_internet_banking.csv": gabarito_linhas("log_internet_banking.csv", CSV_LINHAS),
        "boletim_ocorrencia.txt": gabarito_linhas("boletim_ocorrencia.txt", BOLETIM_LINHAS),
    }
