"""Gera o caso de demonstração `examples/caso_demo/` (dados 100% fictícios).

Uso: python examples/gerar_caso_demo.py [PASTA]   (padrão: caso_demo/ ao lado deste script)

O caso: JOSÉ CARLOS DA SILVA (vítima) recebe mensagens de WhatsApp do número
+55 11 98765-4321 e é induzido a enviar um PIX de R$ 3.500,00 a MARIA OLIVEIRA
LIMA em 15/03/2025 às 11:36 (BRT). A pasta contém só evidências:

- resposta_meta_whatsapp.pdf  resposta da Meta (inglês, horários em UTC)
- extrato_conta_corrente.pdf  extrato bancário da vítima (pt-BR, horários em BRT)
- log_internet_banking.csv    log de acesso do banco (cp1252, ';', CRLF, BRT)
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

Os PDFs são determinísticos (reportlab com invariant=1) e cada linha é desenhada
em x/y fixos para que pdfplumber (x_tolerance=3, y_tolerance=3) devolva exatamente
as linhas abaixo; o script confere isso ao final quando pdfplumber está instalado.
"""

import sys
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

NORMAL, NEGRITO = "Helvetica", "Helvetica-Bold"
TAMANHO = 9  # mesmo tamanho em toda a linha: pdfplumber agrupa linhas pelo topo
ENTRELINHA = 15  # bem acima de y_tolerance=3, então linhas nunca se fundem
Y_TOPO, Y_RODAPE = 800, 40


def linha(*celulas, fonte=NORMAL):
    """Uma linha do PDF: células (x, texto) no mesmo y, cada uma num drawString."""
    return (fonte, celulas)


# --- Resposta da Meta: rótulo/valor e tabela em colunas separadas ----------
X_ROTULO, X_VALOR = 50, 200
X_HORA, X_IP, X_PORTA = 50, 200, 330


def campo(rotulo, valor):
    return linha((X_ROTULO, rotulo), (X_VALOR, valor))


def acesso(hora, ip, porta):
    return linha((X_HORA, hora), (X_IP, ip), (X_PORTA, porta))


PAGINAS_META = [
    [
        linha((50, "Meta Platforms, Inc. - Law Enforcement Response"), fonte=NEGRITO),
        campo("Service", "WhatsApp"),
        campo("Internal Ticket Number", "2025031500123"),
        campo("Account Identifier", "+5511987654321"),
        campo("Account Type", "WhatsApp Messenger"),
        campo("Generated", "2025-03-16 10:00:00 UTC"),
        campo("Date Range", "2025-03-01 00:00:00 UTC to 2025-03-16 00:00:00 UTC"),
        linha((50, "Ip Addresses"), fonte=NEGRITO),
        linha((X_HORA, "Time"), (X_IP, "IP Address"), (X_PORTA, "Port"), fonte=NEGRITO),
        acesso("2025-03-14 22:05:41 UTC", "192.168.0.10", "49152"),
        acesso("2025-03-15 02:10:00 UTC", "177.20.30.40", "40001"),
        acesso("2025-03-15 14:32:17 UTC", "187.34.56.78", "51234"),
        acesso("2025-03-15 18:20:05 UTC", "2804:14c:65a1:4000::1b", "443"),
    ],
    [
        linha((50, "Device Info"), fonte=NEGRITO),
        campo("Device Model", "SM-A546E"),
        campo("OS Version", "Android 14"),
        campo("App Version", "2.25.5.74"),
        campo("Push Name", "Zé Carlos"),
        linha((50, "Connection Info"), fonte=NEGRITO),
        campo("Last Seen", "2025-03-15 19:02:11 UTC"),
    ],
]

# --- Extrato bancário: colunas Data / Hora / Histórico / Valor / Saldo ------
X_DATA, X_HR, X_HIST, X_VLR, X_SALDO = 40, 95, 165, 380, 450


def lancamento(data, hora, historico, valor=None, saldo=None):
    celulas = [(X_DATA, data), (X_HR, hora), (X_HIST, historico)]
    celulas += [(x, t) for x, t in ((X_VLR, valor), (X_SALDO, saldo)) if t]
    return linha(*celulas)


PAGINAS_EXTRATO = [
    [
        linha((40, "Banco Exemplo S.A. - Extrato de Conta Corrente"), fonte=NEGRITO),
        linha((40, "Cliente: JOSÉ CARLOS DA SILVA"), (300, "CPF: 529.982.247-25")),
        linha((40, "Agência: 1234"), (300, "Conta: 56789-0")),
        linha((40, "Período: 01/03/2025 a 15/03/2025")),
        linha((X_DATA, "Data"), (X_HR, "Hora"), (X_HIST, "Histórico"),
              (X_VLR, "Valor"), (X_SALDO, "Saldo"), fonte=NEGRITO),
        lancamento("14/03/2025", "18:02:10 BRT", "PIX RECEBIDO - ANA PAULA SOUZA",
                   "1.200,00", "4.750,00"),
        lancamento("15/03/2025", "11:36:40 BRT", "PIX ENVIADO - MARIA OLIVEIRA LIMA",
                   "-3.500,00", "1.250,00"),
        lancamento("15/03/2025", "11:36:41 BRT", "IP Origem: 187.34.56.78:51234"),
    ],
]

CSV_LINHAS = [
    "Data;Hora;Fuso;IP;Porta;Dispositivo;Operação",
    "14/03/2025;19:07:12;BRT;192.168.0.10;50022;Android SM-A546E;Login",
    "15/03/2025;09:45:10;BRT;177.20.30.40;38000;Android SM-A546E;Consulta de saldo",
    "15/03/2025;11:34:02;BRT;187.34.56.78;51234;Android SM-A546E;Login",
    "15/03/2025;11:36:40;BRT;187.34.56.78;51234;Android SM-A546E;Transferência PIX R$ 3.500,00",
]

# Cada dado (telefone, CPF, valor, data) fica inteiro numa linha só.
BOLETIM_LINHAS = [
    "SECRETARIA DA SEGURANÇA PÚBLICA DO ESTADO DE SÃO PAULO",
    "Boletim de Ocorrência nº 1234/2025 - 1º DP São Paulo",
    "Registrado em 16/03/2025 09:15",
    "Natureza: Estelionato mediante fraude eletrônica (art. 171, § 2º-A, do Código Penal)",
    "Vítima: JOSÉ CARLOS DA SILVA, CPF 529.982.247-25",
    "Telefone da vítima: (11) 93456-7890",
    "E-mail da vítima: jose.silva@example.com.br",
    "Histórico:",
    "Em 15/03/2025, pouco antes das 11:36, a vítima recebeu mensagens pelo WhatsApp",
    "do número +55 11 98765-4321, cujo interlocutor se passava por um parente seu",
    "e pedia ajuda urgente para pagar uma dívida.",
    "Induzida pelas mensagens, a vítima enviou um PIX de R$ 3.500,00 às 11:36 de 15/03/2025",
    "para MARIA OLIVEIRA LIMA, CPF 111.444.777-35, a partir de sua conta no Banco Exemplo S.A.",
    "Ao telefonar depois ao parente, a vítima descobriu que ele não havia enviado as mensagens.",
    "A vítima apresentou o extrato da conta e se dispôs a colaborar com a investigação.",
]


def gerar_pdf(caminho, paginas):
    """Desenha cada linha num y fixo, com rodapé 'Page/Página N ...' como última linha."""
    ingles = caminho.name.startswith("resposta_meta")
    # invariant=1 fixa data de criação e ID do documento: bytes idênticos a cada execução
    c = canvas.Canvas(str(caminho), pagesize=A4, invariant=1)
    total = len(paginas)
    for n, linhas in enumerate(paginas, start=1):
        for i, (fonte, celulas) in enumerate(linhas):
            c.setFont(fonte, TAMANHO)
            for x, texto in celulas:
                c.drawString(x, Y_TOPO - i * ENTRELINHA, texto)
        c.setFont(NORMAL, TAMANHO)
        rodape = f"Page {n} of {total}" if ingles else f"Página {n} de {total}"
        c.drawString(260, Y_RODAPE, rodape)
        c.showPage()
    c.save()


def linhas_esperadas(caminho, paginas):
    """Texto que pdfplumber deve devolver: células unidas por um espaço, mais o rodapé."""
    ingles = caminho.name.startswith("resposta_meta")
    total = len(paginas)
    esperadas = []
    for n, linhas in enumerate(paginas, start=1):
        texto = [" ".join(t for _, t in celulas) for _, celulas in linhas]
        texto.append(f"Page {n} of {total}" if ingles else f"Página {n} de {total}")
        esperadas.append(texto)
    return esperadas


def conferir_pdf(caminho, paginas):
    """Garante que a extração do pdfplumber bate linha a linha com o pretendido."""
    try:
        import pdfplumber
    except ImportError:
        return None  # sem pdfplumber não há como conferir; a geração continua válida
    with pdfplumber.open(caminho) as pdf:
        extraidas = [p.extract_text(x_tolerance=3, y_tolerance=3).split("\n") for p in pdf.pages]
    esperadas = linhas_esperadas(caminho, paginas)
    assert extraidas == esperadas, f"{caminho.name}: extração difere\n{extraidas}\n!=\n{esperadas}"
    return extraidas


def main(argv):
    pasta = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent / "caso_demo"
    pasta.mkdir(parents=True, exist_ok=True)

    pdfs = {
        "resposta_meta_whatsapp.pdf": PAGINAS_META,
        "extrato_conta_corrente.pdf": PAGINAS_EXTRATO,
    }
    for nome, paginas in pdfs.items():
        gerar_pdf(pasta / nome, paginas)
    # write_bytes evita conversão de fim de linha pelo sistema operacional
    (pasta / "log_internet_banking.csv").write_bytes(
        "".join(l + "\r\n" for l in CSV_LINHAS).encode("cp1252"))
    (pasta / "boletim_ocorrencia.txt").write_bytes(
        "".join(l + "\n" for l in BOLETIM_LINHAS).encode("utf-8"))

    for nome, paginas in pdfs.items():
        extraidas = conferir_pdf(pasta / nome, paginas)
        for n, linhas in enumerate(extraidas or [], start=1):
            print(f"== {nome} p.{n}")
            print("\n".join(linhas))
    print(f"Caso de demonstração gerado em {pasta}")


if __name__ == "__main__":
    main(sys.argv)
