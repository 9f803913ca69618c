"""Velocidade e memória do `analisar` contra o piso das bibliotecas cruas, medidos na mesma execução.

Uso: python scripts/benchmark_caso.py [--tamanhos p,m,g] [--pasta DIR] [--repeticoes N]

Para cada tamanho, gera um caso com os leiautes reais das famílias (extratos em PDF com
titular no cabeçalho, respostas de provedor com o fuso no preâmbulo, páginas escaneadas,
log de acesso em CSV, planilha XLSX) e mede, em sequência:
- o piso: numa só execução, o texto de toda página pelo pypdfium2, o tesseract nas
  páginas escaneadas, o csv e o openpyxl (somente leitura) sobre toda linha;
- o `analisar` de ponta a ponta num processo à parte: tempo de parede, CPU (processo e
  descendentes, lida do /proc), pico de memória (RSS somado da árvore de processos, lido do
  /proc a cada 50 ms), páginas por segundo e segundos por etapa (os do manifesto, `etapas`).
Imprime uma linha por tamanho com `analisar/piso`. Nada aqui é teste: as máquinas são
compartilhadas e ruidosas; só as razões medidas na mesma execução dizem algo.

`--incremental` (issue 28) mede também a segunda execução sobre a mesma pasta de saída depois de o caso ganhar um
arquivo (um extrato de conta de passagem que a primeira não tinha): a primeira execução, a incremental (o armazém do
caso reaproveita leituras e validações) e uma completa do caso crescido (`--reler-tudo`, sobre uma cópia da pasta da
primeira: a mesma história, logo o mesmo diferencas.json), e confere que a incremental gravou o mesmo que a completa
(`perito.saida.volateis`).

`--dask 1,2` mede o `analisar` com a leitura num LocalCluster do Dask de 1 e de 2 trabalhadores (`--executor`).

`--repeticoes N` alterna piso e `analisar` N vezes e compara o menor tempo de cada um (como o
timeit: o ruído de uma máquina compartilhada só soma tempo); imprime também a faixa das razões de
cada par. O pico de memória é o maior das N execuções.

Tamanhos: p ≈ 10 páginas; m ≈ 80 páginas + 20 mil linhas de CSV + 5 mil de XLSX;
g ≈ 750 páginas (5 escaneadas) + 200 mil de CSV + 50 mil de XLSX; gm: os mesmos arquivos do g com quatro vezes
as convergências e as contas de passagem (~950 conclusões); gv: o g com 160 mil linhas de CSV e 200 mil de XLSX;
gj: o g com as respostas de provedor também em JSON (100 mil logins, como o Google as manda) e em HTML (100 mil
acessos, como a Meta), com os IPs plantados no meio; gl: o g com o log largo do caso real da issue 27 (~135 bytes
por linha: e-mail do login, ID da sessão, User-Agent); gb: o g com o lado do banco de um caso real grande (o extrato
em PDF só com o dia, no cabeçalho de cada dia, e uma quebra de sigilo pelo SIMBA com 50 mil linhas de EXTRATO).
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
#: gm: os arquivos do g com quatro vezes as convergências e as contas de passagem (~950 conclusões, ~7.600
#: referências): o que a validação e os relatórios custam quando as conclusões crescem e os arquivos não
#: gv: o g noutras proporções, as que passavam de 1 GB até a sétima sessão da issue 27 sem o benchmark ver: o log
#: com 160 mil linhas (7,6 MB, logo abaixo do antigo limiar da leitura em partes) e a planilha com 200 mil
TAMANHOS = {"p": (10, 1, 500, 200), "m": (80, 1, 20_000, 5_000), "g": (750, 5, 200_000, 50_000),
            "gm": (750, 5, 200_000, 50_000), "gv": (750, 5, 160_000, 200_000), "gj": (750, 5, 200_000, 50_000),
            "gl": (750, 5, 200_000, 50_000), "gb": (750, 5, 200_000, 50_000)}
#: gl: o g com o log largo, como o do caso real medido na issue 27 (200 mil linhas em 22 MB, ~110 bytes por linha;
#: o do g tem ~47): mais o e-mail do login, o ID da sessão em hexadecimal e o User-Agent do aplicativo ou do navegador
#: (o do Chrome com a versão reduzida "120.0.0.0", que não pode virar IP)
LOG_LARGO = frozenset({"gl"})
_AGENTES = ("BancoApp/8.14.2 (Android 13; SM-A536E)", "BancoApp/8.14.2 (iOS 17.1)", "okhttp/4.9.2",
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36")
#: gj: registros das respostas em JSON e em HTML (o leiaute que levava o principal a 1.400 MiB na oitava sessão da
#: issue 27 sem o benchmark ver: o parser precisa do arquivo inteiro, e os dados e a releitura iam inteiros a ele)
JSON_E_HTML = {"gj": (100_000, 100_000)}
#: gb: o g com o lado do banco de um caso real grande: o extrato em PDF só com o dia (escrito uma vez, no cabeçalho de
#: cada dia, como a maioria dos extratos; a regra do repasse segue então a ordem de escrita, que até a décima segunda
#: sessão da issue 27 varria o extrato inteiro a cada crédito: 385 s num extrato de 100 mil lançamentos) e uma quebra
#: de sigilo pelo SIMBA (linhas do EXTRATO, metade com a ORIGEM_DESTINO, CONTAS e TITULARES)
SO_O_DIA = frozenset({"gb"})
SIMBA = {"gb": 50_000}
#: IPs plantados em mais de uma fonte (resposta do provedor em UTC, log do banco em BRT e planilha em UTC-03:00, o
#: mesmo instante e a mesma porta): cada um dá uma convergência de IP e, com as repetições, um padrão temporal — as
#: conclusões e as referências de um caso real, espalhadas por todos os arquivos grandes (issue 27)
PLANTADOS = {"p": 5, "m": 40, "g": 200, "gm": 800, "gv": 200, "gj": 200, "gl": 200, "gb": 200}
REPETICOES_PLANTADAS = 4
#: contas de passagem: um extrato em PDF por conta, com créditos de pagadores distintos repassados minutos depois a
#: um de poucos recebedores (os saltos do dinheiro e os indícios de conta de passagem de um caso real, com as
#: referências em muitos arquivos pequenos além dos grandes)
CONTAS_DE_PASSAGEM = {"p": 2, "m": 8, "g": 40, "gm": 150, "gv": 40, "gj": 40, "gl": 40, "gb": 40}
CICLOS_POR_CONTA = 6
PRIMEIROS = ("ANA", "BRUNO", "CARLA", "DANIEL", "ELISA", "FABIO", "GISELE", "HUGO", "IARA", "JOAO", "KARINA", "LEANDRO")
SOBRENOMES = ("ALMEIDA", "BARBOSA", "CARDOSO", "DIAS", "ESTEVES", "FARIAS", "GOMES", "HENRIQUES", "ITO", "JARDIM",
              "LOPES", "MOREIRA", "NUNES", "PEIXOTO", "QUEIROZ")
RECEBEDORES = ("RPS COMERCIO DIGITAL LTDA", "NOVA ONDA SERVICOS LTDA", "ALFA PAGAMENTOS ME", "RICARDO PEREIRA SANTOS")


def plantado(j: int, r: int) -> tuple[str, int, int, int, int, int]:
    """(IP, porta, dia, hora UTC, minuto, segundo) da repetição `r` do IP plantado `j`."""
    ip = f"200.{20 + j // 250}.{j % 250}.10"
    return ip, 20000 + j, 1 + (j + r) % 27, 6 + (j * 5 + r) % 15, (j * 7 + r * 3) % 60, (j * 11) % 60
NOMES = ("MARIA OLIVEIRA LIMA", "JOSE CARLOS DA SILVA", "ANA PAULA RIBEIRO", "BRUNO COSTA LIMA", "LUCAS ROSA")


def _cpf(base: int) -> str:
    """CPF válido (dígitos verificadores calculados) a partir de 9 dígitos."""
    digitos = [int(c) for c in f"{base:09d}"]
    for tamanho in (9, 10):
        soma = sum(d * peso for d, peso in zip(digitos[:tamanho], range(tamanho + 1, 1, -1), strict=True))
        digitos.append(0 if soma % 11 < 2 else 11 - soma % 11)
    texto = "".join(map(str, digitos))
    return f"{texto[:3]}.{texto[3:6]}.{texto[6:9]}-{texto[9:]}"


def _contas_de_passagem(pasta: Path, contas: int) -> None:
    """Um extrato por conta: a cada ciclo, um crédito de um pagador distinto e, 7 a 25 minutos depois, o repasse de
    85 a 95% dele a um dos recebedores."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    for k in range(contas):
        titular = f"{PRIMEIROS[k % 12]} {SOBRENOMES[(k * 2) % 15]} {SOBRENOMES[(k * 5 + 3) % 15]}"
        c = canvas.Canvas(str(pasta / f"extrato_conta_{k + 1:03d}.pdf"), pagesize=A4, invariant=1)
        c.setFont("Helvetica", 9)
        y = 800
        linhas = ["EXTRATO DE CONTA CORRENTE", f"Cliente: {titular} CPF {_cpf(300_000_000 + k * 7919)}",
                  f"Agência {1000 + k % 90:04d} Conta {40000 + k}-{k % 10}", "Data Hora Histórico Valor Saldo"]
        saldo = 0
        for ciclo in range(CICLOS_POR_CONTA):
            pagador = (f"{PRIMEIROS[(k + ciclo * 5) % 12]} {SOBRENOMES[(k * 3 + ciclo) % 15]} "
                       f"{SOBRENOMES[(k + ciclo * 4 + 7) % 15]}")
            credito = 40_000 + ((k * 131 + ciclo * 977) % 500) * 100  # centavos
            repasse = credito * (85 + (k + ciclo) % 11) // 100
            dia, hora, minuto = 3 + (k + ciclo * 3) % 24, 8 + (ciclo * 2 + k) % 12, (k * 7 + ciclo * 11) % 30
            saldo += credito
            linhas.append(f"{dia:02d}/03/2025 {hora:02d}:{minuto:02d}:10 PIX RECEBIDO - {pagador} "
                          f"{_reais(credito)} {_reais(saldo)}")
            saldo -= repasse
            linhas.append(f"{dia:02d}/03/2025 {hora:02d}:{minuto + 7 + (k + ciclo) % 19:02d}:40 PIX ENVIADO - "
                          f"{RECEBEDORES[(k + ciclo) % len(RECEBEDORES)]} -{_reais(repasse)} {_reais(saldo)}")
        for texto in linhas:
            c.drawString(40, y, texto)
            y -= 14
        c.showPage()
        c.save()


def _reais(centavos: int) -> str:
    return f"{centavos // 100:,}".replace(",", ".") + f",{centavos % 100:02d}"


def gerar(pasta: Path, paginas: int, escaneadas: int, linhas_csv: int, linhas_xlsx: int, plantados: int = 0,
          contas: int = 0, json_e_html: tuple[int, int] = (0, 0), log_largo: bool = False, so_o_dia: bool = False,
          simba: int = 0) -> None:
    from openpyxl import Workbook
    from PIL import Image, ImageDraw
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    aleatorio = random.Random(7)
    anterior = 0  # o crédito da linha anterior do extrato, em centavos
    so_o_dia_estado = {"saldo": 0, "credito": 0, "dia": 0}  # o saldo, o último crédito e o dia, entre as páginas
    pasta.mkdir(parents=True, exist_ok=True)
    for nome, provedor in (("extrato.pdf", False), ("resposta_provedor.pdf", True)):
        c = canvas.Canvas(str(pasta / nome), pagesize=A4, invariant=1)
        for n in range(paginas // 2):
            c.setFont("Helvetica", 8)
            y = 800
            cabecalho = (["Response to Legal Process", "Times are shown in UTC.", "Time IP Address Port"] if provedor else
                         ["EXTRATO DE CONTA CORRENTE", "Cliente: MARIA OLIVEIRA LIMA CPF 111.444.777-35",
                          "Agência 0001 Conta 12345-6", "Data Hora Histórico Valor Saldo"])
            for texto in cabecalho:
                c.drawString(40, y, texto)
                y -= 12
            for i in range(50):
                dia, hora = 1 + (n + i) % 28, f"{i % 24:02d}:{(n * 7) % 60:02d}:{i % 60:02d}"
                if so_o_dia and not provedor:
                    y = _linha_so_com_o_dia(c, y, n, i, aleatorio, so_o_dia_estado)
                    continue
                if provedor and (alvo := _plantado_na_linha(n, i, paginas // 2, plantados)) is not None:
                    ip, porta, dia, h, m, s = plantado(*alvo)
                    texto = f"2025-03-{dia:02d} {h:02d}:{m:02d}:{s:02d} {ip} {porta}"
                elif provedor:
                    texto = f"2025-03-{dia:02d} {hora} 187.{n % 250}.{i % 250}.{(n + i) % 250} {40000 + i}"
                else:
                    reais, centavos = aleatorio.randint(10, 9999), aleatorio.randint(0, 99)
                    texto = f"{dia:02d}/03/2025 {hora} PIX RECEBIDO - {NOMES[i % len(NOMES)]} {reais},{centavos:02d} 1.000,00"
                    if n % 8 == 0 and i % 10 == 9:  # repasse de 90% do crédito anterior, no mesmo minuto
                        repasse = anterior * 9 // 10
                        texto = (f"{1 + (n + i - 1) % 28:02d}/03/2025 {(i - 1) % 24:02d}:{(n * 7) % 60:02d}:59 PIX ENVIADO - "
                                 f"{RECEBEDORES[n % len(RECEBEDORES)]} -{_reais(repasse)} 1.000,00")
                    anterior = reais * 100 + centavos
                c.drawString(40, y, texto)
                y -= 14
            c.showPage()
        c.save()
    imagens = []
    for n in range(escaneadas):
        imagem = Image.new("L", (1654, 2339), 255)  # A4 a 200 dpi
        desenho = ImageDraw.Draw(imagem)
        for i in range(30):
            desenho.text((100, 100 + i * 60), f"Ofício {n + 1}: a vítima transferiu R$ {100 + i},00 em 15/03/2025", fill=0)
        imagens.append(imagem.convert("RGB"))
    if imagens:
        imagens[0].save(pasta / "oficio_escaneado.pdf", save_all=True, append_images=imagens[1:], resolution=200)
    with (pasta / "log_acessos.csv").open("w", encoding="utf-8", newline="") as f:
        escritor = csv.writer(f, delimiter=";")
        largo = ["Login", "ID da sessão", "User-Agent"] if log_largo else []
        escritor.writerow(["Data", "Hora (BRT)", "Endereço IP", "Porta (origem)", "Operação", *largo])

        def mais(i: int) -> list[str]:
            if not log_largo:
                return []
            return [f"cliente{i % 500}@exemplo.com.br", f"{aleatorio.getrandbits(128):032x}", _AGENTES[i % len(_AGENTES)]]
        for i in range(linhas_csv):
            if i % 97 == 0 and (i // 97) < plantados * REPETICOES_PLANTADAS:  # o mesmo acesso, em BRT, 40 s depois
                ip, porta, brt = _local(plantado((i // 97) % plantados, (i // 97) // plantados), 40)
                escritor.writerow([brt.strftime("%d/%m/%Y"), brt.strftime("%H:%M:%S"), ip, porta, "LOGIN", *mais(i)])
                continue
            escritor.writerow([f"{1 + i % 28:02d}/03/2025", f"{i % 24:02d}:{i % 60:02d}:{(i * 7) % 60:02d}",
                               f"177.{i % 250}.{(i // 250) % 250}.{i % 199}", 30000 + i % 30000, "LOGIN", *mais(i)])
    livro = Workbook(write_only=True)
    aba = livro.create_sheet("Acessos")
    aba.append(["Data/hora (UTC-03:00)", "IP", "Porta"])
    for i in range(linhas_xlsx):
        if i % 89 == 0 and (i // 89) < plantados:  # a primeira repetição de cada IP plantado, em UTC-03:00
            ip, porta, local = _local(plantado(i // 89, 0), 0)
            aba.append([local.strftime("%d/%m/%Y %H:%M:%S"), ip, porta])
            continue
        quando = f"{1 + i % 28:02d}/03/2025 {i % 24:02d}:{i % 60:02d}:00"
        aba.append([quando, f"189.{i % 250}.{(i // 250) % 250}.7", 50000 + i % 9999])
    livro.save(pasta / "site_acessos.xlsx")
    _contas_de_passagem(pasta, contas)
    _json_e_html(pasta, *json_e_html, plantados)
    if simba:
        _simba(pasta, simba)


def _linha_so_com_o_dia(c, y: int, pagina: int, i: int, aleatorio: random.Random, estado: dict[str, int]) -> int:
    """Uma linha do extrato que dá só o dia: o cabeçalho "Dia DD/MM/AAAA" a cada dez linhas, o saldo do dia antes do
    seguinte; entre eles, créditos de muitos pagadores e, numa página de cada cinco, a quinta linha de cada dia é o
    repasse de 90% do crédito logo acima. `estado`: o saldo, o último crédito e o dia (as páginas saem em ordem)."""
    if i % 10 == 0:
        estado["dia"] += 1
        texto = f"Dia {1 + estado['dia'] % 28:02d}/{1 + (estado['dia'] // 28) % 12:02d}/2025"
    elif i % 10 == 9:
        texto = f"SALDO DO DIA {_reais(estado['saldo'])}"
    elif i % 10 == 4 and (pagina + i) % 5 == 0:
        repasse = estado["credito"] * 9 // 10
        estado["saldo"] -= repasse
        texto = f"PIX ENVIADO - {RECEBEDORES[pagina % len(RECEBEDORES)]} -{_reais(repasse)}"
    else:
        estado["credito"] = aleatorio.randint(1_000, 999_999)
        estado["saldo"] += estado["credito"]
        texto = f"PIX RECEBIDO - {NOMES[(pagina + i) % len(NOMES)]} {_reais(estado['credito'])}"
    c.drawString(40, y, texto)
    return y - 14


def _simba(pasta: Path, linhas: int) -> None:
    """Uma quebra de sigilo bancário como o SIMBA a entrega: um .txt por tabela, separado por tabulação, em cp1252 com
    CRLF; valores em centavos, datas DDMMAAAA, a hora (quando há) dentro da descrição; metade das linhas do EXTRATO
    com a ORIGEM_DESTINO de quem pagou ou recebeu (pagadores com CPF)."""
    aleatorio = random.Random(11)
    prefixo = "IPL-0999-2025"
    titulares = [("1", "341", "1207", "304186", _cpf(7000), "FULANA DE TAL SOUZA"),
                 ("2", "341", "1207", "551122", _cpf(7001), "BELTRANO DA SILVA")]

    def tabela(nome: str, cabecalho: str, linhas_da_tabela: list[list[object]]) -> None:
        with (pasta / f"{prefixo}_{nome}.txt").open("w", encoding="cp1252", newline="") as f:
            f.write(cabecalho.replace(" ", "\t") + "\r\n")
            f.writelines("\t".join(map(str, linha)) + "\r\n" for linha in linhas_da_tabela)

    tabela("CONTAS", "CODIGO_CHAVE_CONTA NUMERO_BANCO NUMERO_AGENCIA NUMERO_CONTA TIPO_CONTA DATA_ABERTURA "
           "DATA_ENCERRAMENTO TIPO_PESSOA_TITULAR CPF_CNPJ_TITULAR NOME_TITULAR_CONTA",
           [[c, b, a, n, 1, "01012020", "", 1, cpf, nome] for c, b, a, n, cpf, nome in titulares])
    tabela("TITULARES", "CODIGO_CHAVE_TITULAR NUMERO_BANCO NUMERO_AGENCIA NUMERO_CONTA TIPO_CONTA TIPO_RELACIONAMENTO "
           "TIPO_PESSOA CPF_CNPJ NOME_TITULAR",
           [[c, b, a, n, 1, "T", 1, cpf, nome] for c, b, a, n, cpf, nome in titulares])
    pagadores = [(_cpf(8000 + k), f"{PRIMEIROS[k % len(PRIMEIROS)]} {SOBRENOMES[k % len(SOBRENOMES)]} "
                  f"{SOBRENOMES[(k // len(SOBRENOMES)) % len(SOBRENOMES)]}") for k in range(3_000)]
    extrato, origem_destino, saldo = [], [], 0
    for i in range(linhas):
        _, banco, agencia, numero, _, _ = titulares[i % 2]
        credito = (i // 2) % 3 != 2
        valor = aleatorio.randint(1_000, 900_000)
        saldo += valor if credito else -valor
        dia = f"{1 + (i // 200) % 28:02d}{1 + (i // 5_600) % 12:02d}2025"
        hora = f" HR {8 + (i % 200) // 20:02d}:{(i * 3) % 60:02d}:{(i * 7) % 60:02d}" if i % 10 < 7 else ""
        extrato.append([100 + i, banco, agencia, numero, 1, dia, f"{i:06d}",
                        ("PIX RECEBIDO" if credito else "PIX ENVIADO") + hora, 223 if credito else 120, valor,
                        "C" if credito else "D", abs(saldo), "C" if saldo >= 0 else "D", f"AG {agencia}"])
        if i % 2 == 0:
            cpf, nome = pagadores[aleatorio.randrange(len(pagadores))]
            origem_destino.append([500_000 + i, 100 + i, valor, f"{i:06d}", "001", "0457",
                                   f"{aleatorio.randint(10_000, 99_999)}-{aleatorio.randint(0, 9)}", 1, 1,
                                   cpf.replace(".", "").replace("-", ""), nome])
    tabela("EXTRATO", "CODIGO_CHAVE_EXTRATO NUMERO_BANCO NUMERO_AGENCIA NUMERO_CONTA TIPO_CONTA DATA_LANCAMENTO "
           "NUMERO_DOCUMENTO DESCRICAO_LANCAMENTO TIPO_LANCAMENTO VALOR_LANCAMENTO NATUREZA_LANCAMENTO VALOR_SALDO "
           "NATUREZA_SALDO LOCAL_TRANSACAO", extrato)
    tabela("ORIGEM_DESTINO", "CODIGO_CHAVE_OD CODIGO_CHAVE_EXTRATO VALOR_TRANSACAO NUMERO_DOCUMENTO_TRANSACAO "
           "NUMERO_BANCO_OD NUMERO_AGENCIA_OD NUMERO_CONTA_OD TIPO_CONTA_OD TIPO_PESSOA_OD CPF_CNPJ_OD NOME_PESSOA_OD",
           origem_destino)


def _json_e_html(pasta: Path, registros_json: int, linhas_html: int, plantados: int) -> None:
    """Os logins da conta em JSON (um objeto por login, em várias linhas) e os acessos em HTML (uma tabela), em UTC,
    com a segunda repetição de cada IP plantado espalhada pelo meio (as outras fontes têm a mesma hora e porta)."""
    if registros_json:
        logins = []
        for i in range(registros_json):
            if i % 83 == 41 and (i // 83) < plantados:
                ip, porta, dia, h, m, s = plantado(i // 83, 1)
                logins.append({"timestamp": f"2025-03-{dia:02d}T{h:02d}:{m:02d}:{s:02d}Z", "ip": ip, "port": porta,
                               "activity": "LOGIN"})
                continue
            logins.append({"timestamp": f"2025-03-{1 + i % 28:02d}T{i % 24:02d}:{i % 60:02d}:{(i * 7) % 60:02d}Z",
                           "ip": f"191.{i % 250}.{(i // 250) % 250}.{1 + i % 199}", "port": 10000 + i % 50000,
                           "activity": "LOGIN"})
        (pasta / "logins_google.json").write_text(
            json.dumps({"account": "conta.alvo@gmail.com", "phone": "+5511987654321", "logins": logins}, indent=1),
            encoding="utf-8")
    if linhas_html:
        corpo = ["<html><head><meta charset=\"utf-8\"><title>Records</title></head><body>",
                 "<h1>Response to Legal Process</h1><p>Account: 1234567890 (WhatsApp +55 11 98765-4321)</p>",
                 "<h2>IP Addresses</h2><table><tr><th>Time (UTC)</th><th>IP Address</th><th>Port</th></tr>"]
        for i in range(linhas_html):
            if i % 89 == 44 and (i // 89) < plantados:
                ip, porta, dia, h, m, s = plantado(i // 89, 2)
                quando = f"2025-03-{dia:02d} {h:02d}:{m:02d}:{s:02d}"
            else:
                ip, porta = f"179.{i % 250}.{(i // 250) % 250}.{1 + i % 199}", 30000 + i % 30000
                quando = f"2025-03-{1 + i % 28:02d} {i % 24:02d}:{i % 60:02d}:{(i * 7) % 60:02d}"
            corpo.append(f"<tr><td>{quando} UTC</td><td>{ip}</td><td>{porta}</td></tr>")
        corpo.append("</table></body></html>")
        (pasta / "registros_meta.html").write_text("\n".join(corpo), encoding="utf-8")


def _local(plantio: tuple[str, int, int, int, int, int], atraso: int) -> tuple[str, int, dt.datetime]:
    """(IP, porta, hora de Brasília) do acesso plantado, `atraso` segundos depois do registro do provedor."""
    ip, porta, dia, h, m, s = plantio
    return ip, porta, dt.datetime(2025, 3, dia, h, m, s) + dt.timedelta(seconds=atraso) - dt.timedelta(hours=3)


def _plantado_na_linha(pagina: int, linha: int, paginas: int, plantados: int) -> tuple[int, int] | None:
    """(IP plantado, repetição) que ocupa esta linha da resposta do provedor, espalhados por todas as páginas."""
    if linha % 5 != 4:
        return None
    vaga = (linha // 5) * max(paginas, 1) + pagina  # percorre as páginas antes de descer para a próxima vaga
    if vaga >= plantados * REPETICOES_PLANTADAS:
        return None
    return vaga % plantados, vaga // plantados


def piso(pasta: Path) -> float:
    """O mínimo que as bibliotecas fazem com os mesmos arquivos, num processo só."""
    import pypdfium2
    import pytesseract
    from openpyxl import load_workbook

    # o Tesseract com uma thread, como o perito o chama (leitura/ocr.py): com OpenMP solto numa máquina
    # de 2 núcleos ele fica mais lento, e o piso pareceria mais alto do que é
    os.environ["OMP_THREAD_LIMIT"] = "1"
    inicio = time.perf_counter()
    for pdf in sorted(pasta.glob("*.pdf")):
        documento = pypdfium2.PdfDocument(str(pdf))
        for pagina in documento:
            texto = pagina.get_textpage().get_text_range()
            if not texto.strip():  # página escaneada: OCR a 200 dpi, como o perito
                pytesseract.image_to_string(pagina.render(scale=200 / 72).to_pil(), lang="por+eng")
        documento.close()
    with (pasta / "log_acessos.csv").open(encoding="utf-8", newline="") as f:
        for _ in csv.reader(f, delimiter=";"):
            pass
    livro = load_workbook(pasta / "site_acessos.xlsx", read_only=True)
    for aba in livro.worksheets:
        for _ in aba.iter_rows(values_only=True):
            pass
    livro.close()
    for arquivo in pasta.glob("*_*.txt"):  # as tabelas do SIMBA: o csv da biblioteca padrão, linha a linha
        with arquivo.open(encoding="cp1252", newline="") as f:
            for _ in csv.reader(f, delimiter="\t"):
                pass
    for arquivo in pasta.glob("*.json"):  # o parser da biblioteca padrão, o arquivo inteiro
        json.loads(arquivo.read_text(encoding="utf-8"))
    for arquivo in pasta.glob("*.html"):
        from html.parser import HTMLParser

        HTMLParser().feed(arquivo.read_text(encoding="utf-8"))
    return time.perf_counter() - inicio


_MEDIR = """
import json, sys, time
from pathlib import Path
from perito.analise import Parametros, analisar
etapas, atual = {}, [None, time.perf_counter()]
memoria = {}
def progresso(etapa, feitos, total, arquivo):
    agora = time.perf_counter()
    if etapa not in memoria:  # RSS do principal quando a etapa começa (MiB)
        with open("/proc/self/statm") as f:
            memoria[etapa] = int(f.read().split()[1]) * 4096 // 2**20
        marca = Path(sys.argv[3])  # quem mede atribui o pico da árvore a esta etapa (trocada de uma vez: nunca lida vazia)
        marca.with_suffix(".tmp").write_text(etapa, encoding="utf-8")
        marca.with_suffix(".tmp").replace(marca)
    if etapa != atual[0]:
        if atual[0] is not None:
            etapas[atual[0]] = etapas.get(atual[0], 0) + agora - atual[1]
        atual[0], atual[1] = etapa, agora
inicio = time.perf_counter()
extras = dict(a.split("=", 1) for a in sys.argv[4:])
analisar(Parametros(Path(sys.argv[1]), Path(sys.argv[2]), data_analise="2025-03-20",
                   reaproveitar=extras.get("reler-tudo") != "sim", executor=extras.get("executor", "local")), progresso)
fim = time.perf_counter()
etapas[f"{atual[0]} e saídas"] = fim - atual[1]  # a última etapa vai até o fim (saídas e relatórios)
print(json.dumps({"etapas": etapas, "parede": fim - inicio, "memoria": memoria}))
"""


def _arvore(pid: int) -> tuple[int, dict[int, float], int]:
    """(RSS somado em bytes, {pid: segundos de CPU}, RSS do próprio processo) do processo e dos descendentes, pelo /proc.

    Os auxiliares nascem de um forkserver, e o tempo deles não chega ao `os.times()` de quem mede:
    a CPU também é lida da árvore, processo a processo.
    """
    filhos: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    cpu: dict[int, float] = {}
    tique = os.sysconf("SC_CLK_TCK")
    for entrada in os.listdir("/proc"):
        if not entrada.isdigit():
            continue
        try:
            with open(f"/proc/{entrada}/stat") as f:
                campos = f.read().rsplit(")", 1)[1].split()
            filhos.setdefault(int(campos[1]), []).append(int(entrada))
            rss[int(entrada)] = int(campos[21]) * os.sysconf("SC_PAGE_SIZE")
            cpu[int(entrada)] = (int(campos[11]) + int(campos[12])) / tique
        except (OSError, IndexError, ValueError):
            continue
    total, tempos, pendentes = 0, {}, [pid]
    while pendentes:
        atual = pendentes.pop()
        total += rss.get(atual, 0)
        tempos[atual] = cpu.get(atual, 0.0)
        pendentes += filhos.get(atual, [])
    return total, tempos, rss.get(pid, 0)


def medir_analisar(pasta: Path, saida: Path, reler_tudo: bool = False, executor: str = "local") -> dict:
    marca = saida.with_name(saida.name + ".etapa")  # a etapa em curso, escrita pelo processo medido
    processo = subprocess.Popen([sys.executable, "-c", _MEDIR, str(pasta), str(saida), str(marca),
                                 *(["reler-tudo=sim"] if reler_tudo else []), f"executor={executor}"],
                                stdout=subprocess.PIPE, text=True)
    pico = pico_principal = 0
    cpu: dict[int, float] = {}
    picos: dict[str, int] = {}  # pico da árvore por etapa (a etapa lida da marca a cada amostra)
    while processo.poll() is None:
        rss, tempos, principal = _arvore(processo.pid)
        pico, pico_principal = max(pico, rss), max(pico_principal, principal)
        try:
            etapa = marca.read_text(encoding="utf-8") or "inventário"
        except OSError:
            etapa = "inventário"
        picos[etapa] = max(picos.get(etapa, 0), rss)
        for pid, segundos in tempos.items():
            cpu[pid] = max(cpu.get(pid, 0.0), segundos)
        time.sleep(0.05)
    medida = json.loads(processo.stdout.read().strip().splitlines()[-1])
    medida["cpu"] = sum(cpu.values())  # amostrada a cada 50 ms: um auxiliar que some entre amostras perde o resto
    medida["pico_rss"], medida["pico_principal"], medida["picos"] = pico, pico_principal, picos
    marca.unlink(missing_ok=True)
    manifesto = json.loads((saida / "manifesto.json").read_text(encoding="utf-8"))
    medida["etapas_manifesto"] = manifesto.get("etapas", {})
    medida["saida"] = saida
    medida["memoria_manifesto"] = manifesto.get("memoria_etapas", {})
    return medida


def medir_incremental(caso: Path, base: Path, tamanho: str) -> None:
    """Primeira execução sem um arquivo, a segunda com ele na mesma pasta, e a completa do caso crescido (relendo tudo,
    numa cópia da pasta da primeira posta no mesmo caminho: os caminhos escritos nos relatórios são os mesmos)."""
    import shutil

    sys.path.insert(0, str(RAIZ / "src"))
    from perito.saida.volateis import diferencas_de_conteudo

    copia, saida = base / f"caso_{tamanho}_incremental", base / f"saida_{tamanho}_incremental"
    guardada, historia = saida.with_name(saida.name + "_guardada"), saida.with_name(saida.name + "_historia")
    for pasta in (copia, saida, guardada, historia):
        shutil.rmtree(pasta, ignore_errors=True)
    shutil.copytree(caso, copia, copy_function=os.link)  # ligações: nada de centenas de MB copiados
    novo = sorted(copia.glob("extrato_conta_*.pdf"))[-1]
    guardado = base / novo.name
    novo.replace(guardado)
    primeira = medir_analisar(copia, saida)
    guardado.replace(novo)
    shutil.copytree(saida, historia)
    incremental = medir_analisar(copia, saida)
    saida.rename(guardada)
    historia.rename(saida)
    completa = medir_analisar(copia, saida, reler_tudo=True)
    diferentes = diferencas_de_conteudo(guardada, saida)
    print(f"{tamanho} incremental: primeira execução (sem {novo.name}) {primeira['parede']:.1f} s | com ele, na mesma "
          f"pasta {incremental['parede']:.1f} s | completa do caso crescido (--reler-tudo) {completa['parede']:.1f} s | "
          f"incremental/"
          f"completa = {incremental['parede'] / completa['parede']:.2f} | pico {incremental['pico_rss'] / 2**20:.0f} MiB "
          f"| saídas {'idênticas' if not diferentes else 'DIFERENTES: ' + ', '.join(diferentes[:5])}")
    print("   incremental por etapa: " + ", ".join(f"{nome} {segundos:.1f} s"
                                                   for nome, segundos in incremental["etapas_manifesto"].items()))
    print("   completa por etapa: " + ", ".join(f"{nome} {segundos:.1f} s"
                                                for nome, segundos in completa["etapas_manifesto"].items()))


def medir_dask(caso: Path, base: Path, tamanho: str, trabalhadores: list[int]) -> None:
    """O `analisar` com a leitura num LocalCluster do Dask de N trabalhadores (um núcleo cada), na mesma máquina.

    A memória medida é a da árvore do `analisar` (o principal e o cliente); a dos trabalhadores, processos do cluster,
    fica de fora."""
    import dask
    from distributed import LocalCluster

    for n in trabalhadores:
        with dask.config.set({"distributed.worker.daemon": False}), \
                LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
            endereco = "dask://" + cluster.scheduler_address.removeprefix("tcp://")
            medida = medir_analisar(caso, base / f"saida_{tamanho}_dask{n}_{int(time.time())}", executor=endereco)
        etapas = ", ".join(f"{nome} {segundos:.1f} s" for nome, segundos in medida["etapas_manifesto"].items())
        print(f"{tamanho} dask, {n} {'trabalhador' if n == 1 else 'trabalhadores'}: analisar {medida['parede']:.1f} s "
              f"(pico do principal {medida['pico_principal'] / 2**20:.0f} MiB) | {etapas}")


def main() -> int:
    argumentos = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    argumentos.add_argument("--tamanhos", default="p,m")
    argumentos.add_argument("--pasta", type=Path)
    argumentos.add_argument("--repeticoes", type=int, default=1)
    argumentos.add_argument("--incremental", action="store_true")
    argumentos.add_argument("--so-incremental", action="store_true", help="só a medida incremental (sem o piso)")
    argumentos.add_argument("--dask", default="", help="trabalhadores do LocalCluster a medir, como 1,2 (perito[cluster])")
    opcoes = argumentos.parse_args()
    base = opcoes.pasta or Path(tempfile.mkdtemp(prefix="perito-benchmark-"))
    for tamanho in opcoes.tamanhos.split(","):
        paginas, escaneadas, linhas_csv, linhas_xlsx = TAMANHOS[tamanho]
        caso = base / f"caso_{tamanho}"
        if not caso.exists():
            gerar(caso, paginas, escaneadas, linhas_csv, linhas_xlsx, PLANTADOS[tamanho], CONTAS_DE_PASSAGEM[tamanho],
                  JSON_E_HTML.get(tamanho, (0, 0)), tamanho in LOG_LARGO, tamanho in SO_O_DIA, SIMBA.get(tamanho, 0))
        if opcoes.so_incremental:
            medir_incremental(caso, base, tamanho)
            continue
        pares = []  # (piso, medida do analisar), alternados
        for repeticao in range(max(1, opcoes.repeticoes)):
            t_piso = piso(caso)
            pares.append((t_piso, medir_analisar(caso, base / f"saida_{tamanho}_{int(time.time())}_{repeticao}")))
        t_piso = min(t for t, _ in pares)
        medida = min((m for _, m in pares), key=lambda m: m["parede"])
        razoes = sorted(m["parede"] / t for t, m in pares)
        faixa = f" (pares: {razoes[0]:.1f}–{razoes[-1]:.1f}×)" if len(pares) > 1 else ""
        pico = max(m["pico_rss"] for _, m in pares)
        pico_principal = max(m["pico_principal"] for _, m in pares)
        total_paginas = paginas + escaneadas + CONTAS_DE_PASSAGEM[tamanho]  # um extrato de uma página por conta
        etapas = ", ".join(f"{nome} {segundos:.1f} s" for nome, segundos in
                           (medida["etapas_manifesto"] or medida["etapas"]).items())
        print(f"{tamanho}: {total_paginas} páginas, {linhas_csv} linhas CSV, {linhas_xlsx} linhas XLSX | piso {t_piso:.1f} s | "
              f"analisar {medida['parede']:.1f} s (CPU {medida['cpu']:.1f} s, pico {pico / 2**20:.0f} MiB "
              f"(principal {pico_principal / 2**20:.0f} MiB), "
              f"{total_paginas / medida['parede']:.1f} páginas/s) | analisar/piso = {medida['parede'] / t_piso:.1f}×{faixa} | "
              f"{etapas}")
        segundos_etapas = medida["etapas_manifesto"] or {}
        conclusoes = json.loads((medida["saida"] / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
        # as metas da issue 27: validação e relatórios até 15% da execução cada, com centenas de conclusões
        print(f"   {len(conclusoes)} conclusões, {sum(len(c['referencias']) for c in conclusoes)} referências | "
              f"validação {segundos_etapas.get('validacao', 0) / medida['parede']:.0%} e relatórios "
              f"{segundos_etapas.get('relatorios', 0) / medida['parede']:.0%} da execução")
        print("   RSS do principal no início de cada etapa (MiB): "
              + ", ".join(f"{etapa} {mib}" for etapa, mib in medida["memoria"].items()))
        print("   pico da árvore de processos por etapa (MiB): "
              + ", ".join(f"{etapa} {rss / 2**20:.0f}" for etapa, rss in medida["picos"].items()))
        print("   no manifesto, pico do principal até o fim da etapa / do maior auxiliar (MiB): "
              + ", ".join(f"{etapa} {m['principal_ate_aqui_mib']}/{m.get('maior_auxiliar_mib', '-')}"
                          for etapa, m in medida["memoria_manifesto"].items()))
        if opcoes.incremental:
            # depois das medidas comuns: a comparação das saídas incha este processo, e o pico (ru_maxrss) de quem
            # mede passa aos processos medidos que ele criar depois
            medir_incremental(caso, base, tamanho)
        if opcoes.dask:  # também depois: o agendador roda neste processo
            medir_dask(caso, base, tamanho, [int(n) for n in opcoes.dask.split(",")])
    return 0


if __name__ == "__main__":
    sys.exit(main())
