"""Resposta completa da Meta (WhatsApp) para a conta +5511987654321, em inglês, horários em UTC.

A ordem judicial pediu os registros de 15/03/2025 das 00:00 às 15:00 (horário de
Brasília); a Meta respondeu em UTC (Date Range 03:00:00 a 18:00:00 UTC). Por isso
as armadilhas da resposta curta (192.168.0.10 em 14/03, 177.20.30.40 às 02:10 UTC,
2804:14c:65a1:4000::1b às 18:20 UTC) ficam fora do período e não reaparecem aqui.

Pessoas (todas fictícias): alvo +5511987654321 (linha de RICARDO PEREIRA SANTOS),
vítima +5511934567890 (JOSÉ CARLOS DA SILVA), MARIA OLIVEIRA LIMA +5511912340000
(conta recebedora) e um terceiro contato +5521987001122.

Os acessos por 187.34.56.78:51234 ficam a mais de 105 s dos instantes do banco
(14:34:02, 14:36:40 e 14:36:41 UTC), exceto o de 14:32:17 UTC, o mesmo da resposta
curta: o par plantado (resposta curta x log do banco, 1min45s) continua o melhor.
"""

from __future__ import annotations

import hashlib

from geradores.pdf_texto import NEGRITO, Coluna, DocumentoPDF, linha, rodape_ingles, tabela
from geradores.verdade import d

ALVO = "+5511987654321"
VITIMA = "+5511934567890"
MARIA = "+5511912340000"
TERCEIRO = "+5521987001122"
DIA = "2025-03-15"
TAMANHO = 8
X_ROTULO, X_VALOR = 40, 170

# (hora UTC, IP como a Meta escreve: IPv4:porta, IPv6 sem porta)
ACESSOS = [
    ("03:12:45", "201.17.88.9:60119"),
    ("03:40:09", "201.17.88.9:60119"),
    ("09:55:31", "201.17.88.9:61542"),
    ("11:20:14", "2804:7f0:b2c1:11::2a"),
    ("11:47:02", "2804:7f0:b2c1:11::2a"),
    ("13:58:44", "187.34.56.78:51234"),
    ("14:32:17", "187.34.56.78:51234"),
    ("14:52:03", "187.34.56.78:51234"),
    ("15:03:27", "187.34.56.78:51234"),
    ("16:10:33", "201.17.88.9:60874"),
    ("16:55:12", "189.62.114.7:33018"),
    ("17:41:50", "189.62.114.7:33018"),
]

# IP e porta de origem do alvo em cada momento (a Meta só informa o IP de quem é o alvo)
_REDE = {
    "madrugada": ("201.17.88.9", "60119"),
    "manha": ("201.17.88.9", "61542"),
    "ipv6": ("2804:7f0:b2c1:11::2a", "52111"),
    "movel": ("187.34.56.78", "51234"),
    "tarde": ("201.17.88.9", "60874"),
    "noite": ("189.62.114.7", "33018"),
}

# (hora UTC, remetente, destinatário, rede do alvo quando ele envia, tipo)
MENSAGENS = [
    ("03:15:02", ALVO, MARIA, "madrugada", "text"),
    ("03:16:40", MARIA, ALVO, None, "text"),
    ("09:57:10", ALVO, TERCEIRO, "manha", "text"),
    ("10:03:25", TERCEIRO, ALVO, None, "text"),
    ("11:22:08", ALVO, MARIA, "ipv6", "text"),
    ("11:23:51", MARIA, ALVO, None, "text"),
    ("11:48:30", ALVO, MARIA, "ipv6", "audio"),
    ("14:00:15", ALVO, VITIMA, "movel", "text"),
    ("14:01:02", ALVO, VITIMA, "movel", "text"),
    ("14:03:47", VITIMA, ALVO, None, "text"),
    ("14:05:20", ALVO, VITIMA, "movel", "text"),
    ("14:08:11", VITIMA, ALVO, None, "text"),
    ("14:09:36", ALVO, VITIMA, "movel", "image"),
    ("14:12:58", ALVO, VITIMA, "movel", "text"),
    ("14:16:40", VITIMA, ALVO, None, "text"),
    ("14:20:05", ALVO, VITIMA, "movel", "text"),
    ("14:24:48", ALVO, VITIMA, "movel", "text"),
    ("14:26:31", VITIMA, ALVO, None, "text"),
    ("14:31:50", ALVO, VITIMA, "movel", "text"),
    ("14:37:30", VITIMA, ALVO, None, "image"),
    ("14:41:09", ALVO, VITIMA, "movel", "text"),
    ("14:43:15", ALVO, MARIA, "movel", "text"),
    ("14:58:02", MARIA, ALVO, None, "text"),
    ("15:05:40", MARIA, ALVO, None, "image"),
    ("15:06:55", ALVO, MARIA, "movel", "text"),
    ("16:12:20", ALVO, TERCEIRO, "tarde", "text"),
    ("16:15:45", TERCEIRO, ALVO, None, "text"),
    ("16:57:33", ALVO, TERCEIRO, "noite", "text"),
    ("17:42:10", ALVO, MARIA, "noite", "text"),
]
MENSAGENS_NA_PAGINA_2 = 19

CHAMADAS = [
    ("11:50:12", ALVO, MARIA, "ipv6", "voice"),
    ("14:15:02", ALVO, VITIMA, "movel", "voice"),
    ("14:44:02", ALVO, MARIA, "movel", "voice"),
    ("15:08:30", MARIA, ALVO, None, "voice"),
    ("16:22:40", ALVO, TERCEIRO, "tarde", "video"),
    ("17:31:05", TERCEIRO, ALVO, None, "voice"),
]


def _id(prefixo: str, *partes: str, tamanho: int = 16) -> str:
    """Identificador hexadecimal estável (mesmo texto, mesmo id)."""
    return prefixo + hashlib.sha256("|".join(partes).encode()).hexdigest()[:tamanho].upper()


def _campo(rotulo, valor, dados=()):
    return linha((X_ROTULO, rotulo), (X_VALOR, valor), dados=dados)


def _linhas_acessos():
    colunas = [Coluna("Time"), Coluna("IP Address")]
    registros, dados = [], []
    for hora, endereco in ACESSOS:
        ip = endereco.rsplit(":", 1)[0] if endereco.count(":") == 1 else endereco
        registros.append((f"{DIA} {hora} UTC", endereco))
        dados.append((d("data_evento", f"{DIA} {hora}"), d("ip_acesso", ip)))
    return tabela(X_ROTULO, colunas, registros, TAMANHO, dados=dados)


def _registros_mensagens():
    registros, dados = [], []
    for hora, de, para, rede, tipo in MENSAGENS:
        ip, porta = _REDE[rede] if rede else ("-", "-")
        registros.append((f"{DIA} {hora} UTC", _id("3EB0", hora, de, para), de, para, ip, porta, tipo))
        anotados = [d("data_evento", f"{DIA} {hora}"), d("telefone", de), d("telefone", para)]
        if rede:
            anotados.append(d("ip_acesso", ip))
        dados.append(tuple(anotados))
    return registros, dados


COLUNAS_MENSAGENS = [Coluna("Timestamp"), Coluna("Message Id"), Coluna("Sender"), Coluna("Recipients"),
                     Coluna("Sender Ip"), Coluna("Sender Port"), Coluna("Type")]
COLUNAS_CHAMADAS = [Coluna("Call Id"), Coluna("Timestamp"), Coluna("From"), Coluna("To"),
                    Coluna("From Ip"), Coluna("From Port"), Coluna("Type")]


def _tabela_mensagens(inicio: int, fim: int):
    registros, dados = _registros_mensagens()
    # colunas calculadas sobre todos os registros: as duas páginas ficam alinhadas igual
    todas = tabela(X_ROTULO, COLUNAS_MENSAGENS, registros, TAMANHO, espaco=8, dados=dados)
    return [todas[0]] + todas[1 + inicio : 1 + fim]


def _tabela_chamadas():
    registros, dados = [], []
    for hora, de, para, rede, tipo in CHAMADAS:
        ip, porta = _REDE[rede] if rede else ("-", "-")
        registros.append((_id("", "call", hora, de, para), f"{DIA} {hora} UTC", de, para, ip, porta, tipo))
        anotados = [d("data_evento", f"{DIA} {hora}"), d("telefone", de), d("telefone", para)]
        if rede:
            anotados.append(d("ip_acesso", ip))
        dados.append(tuple(anotados))
    return tabela(X_ROTULO, COLUNAS_CHAMADAS, registros, TAMANHO, espaco=8, dados=dados)


def documento() -> DocumentoPDF:
    titulo = linha((X_ROTULO, "Meta Platforms, Inc. - Law Enforcement Response"), fonte=NEGRITO)
    pagina1 = [
        titulo,
        linha((X_ROTULO, "WhatsApp Records")),
        _campo("Service", "WhatsApp"),
        _campo("Internal Ticket Number", "2025032100789"),
        _campo("Account Identifier", ALVO, [d("telefone", ALVO)]),
        _campo("Account Type", "WhatsApp Messenger"),
        _campo("Generated", "2025-03-21 13:45:09 UTC", [d("data_evento", "2025-03-21 13:45:09")]),
        _campo("Date Range", "2025-03-15 03:00:00 UTC to 2025-03-15 18:00:00 UTC",
               [d("data_evento", "2025-03-15 03:00:00"), d("data_evento", "2025-03-15 18:00:00")]),
        linha((X_ROTULO, "Ip Addresses"), fonte=NEGRITO),
        linha((X_ROTULO, "Definition: IP addresses and source ports used by the account to connect, times in UTC.")),
        *_linhas_acessos(),
    ]
    pagina2 = [
        titulo,
        linha((X_ROTULO, "Connection Info"), fonte=NEGRITO),
        _campo("Service Start", "2025-02-20 10:31:44 UTC", [d("data_evento", "2025-02-20 10:31:44")]),
        _campo("Device Model", "SM-A546E", [d("modelo_dispositivo", "SM-A546E")]),
        _campo("OS Version", "Android 14", [d("outro", "Android 14")]),
        _campo("App Version", "2.25.5.74", [d("outro", "2.25.5.74")]),
        _campo("Push Name", "Zé Carlos", [d("outro", "Zé Carlos")]),
        _campo("Last Seen", "2025-03-20 23:14:08 UTC", [d("data_evento", "2025-03-20 23:14:08")]),
        _campo("Last IP", "189.62.114.7:35502", [d("ip_acesso", "189.62.114.7")]),
        linha((X_ROTULO, "Message Log"), fonte=NEGRITO),
        linha((X_ROTULO, "Definition: messages sent or received by the account; "
                         "Sender Ip and Sender Port only for the account.")),
        *_tabela_mensagens(0, MENSAGENS_NA_PAGINA_2),
    ]
    pagina3 = [
        titulo,
        linha((X_ROTULO, "Message Log (continued)"), fonte=NEGRITO),
        *_tabela_mensagens(MENSAGENS_NA_PAGINA_2, len(MENSAGENS)),
    ]
    pagina4 = [
        titulo,
        linha((X_ROTULO, "Call Logs"), fonte=NEGRITO),
        linha((X_ROTULO, "Definition: calls made or received by the account; From Ip and From Port only for the account.")),
        *_tabela_chamadas(),
        linha((X_ROTULO, "End of Records")),
    ]
    return DocumentoPDF("resposta_meta_whatsapp_completa.pdf", [pagina1, pagina2, pagina3, pagina4],
                        rodape=rodape_ingles, tamanho=TAMANHO, entrelinha=13, x_rodape=270)
