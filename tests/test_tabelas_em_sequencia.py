"""Tabelas de texto que o leitor não via: a coluna de tempo Unix de uma tabela de PDF (o cabeçalho numa linha) e
um CSV com duas tabelas, uma embaixo da outra.

Antes (variantes, sementes 13 e 14): "Activity unix_time (ms)" declarava os números de baixo, mas só o CSV lia
colunas de tempo Unix: os IPs do PDF saíam sem data-hora; e no CSV com a tabela de aparelhos em cima, o cabeçalho
"Timestamp (GMT);Type;Client IP;Port" do log de baixo era lido como dado, e o fuso GMT se perdia. Nos dois, a
convergência de IP ficava `fraco`.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from perito.extratores.registro import escolher
from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento
from perito.validador.agente import validar

DATA = "2025-03-20"


def _ler(pasta: Path, nome: str):
    (item,) = [a for a in listar(pasta) if a.nome == nome]
    documento = ler_documento(item.caminho, item.nome, item.tipo)
    return documento, escolher(documento).extrair(documento).dados


def _pdf(caminho: Path) -> None:
    c = canvas.Canvas(str(caminho), pagesize=A4, invariant=1)
    y = 800
    for linha in ("Lumen Internet Services LLC - Law Enforcement Response", "IP Addresses / Connection Log",
                  "Activity unix_time (ms)", "LOGIN 1713985817105", "IP Address: ::ffff:200.230.75.92 Sender Port: 22029",
                  "Connection 1714169929763", "IP Address: 2804:8694:60D3:7B3E:0:0:1F9F:CC34"):
        c.drawString(40, y, linha)
        y -= 14
    c.save()


def test_coluna_de_tempo_unix_de_tabela_de_pdf_da_o_instante_do_ip_do_registro(tmp_path):
    _pdf(tmp_path / "provedor.pdf")
    _, dados = _ler(tmp_path, "provedor.pdf")
    ips = {d["dado"]: d["metadados"] for d in dados if d["tipo_dado"] == "ip"}
    assert ips["200.230.75.92"]["instante_utc"] == "2024-04-24T19:10:17Z" and ips["200.230.75.92"]["porta"] == "22029"
    assert ips["2804:8694:60D3:7B3E:0:0:1F9F:CC34"]["instante_utc"] == "2024-04-26T22:18:49Z"
    assert ips["200.230.75.92"]["contexto_tempo_unix"]["linha_ou_celula"] == "linha 3"
    # o validador relê o cabeçalho e aceita o instante convertido do número que está abaixo dele
    refs = [{"arquivo": "provedor.pdf", "pagina": 1, "linha_ou_celula": local, "dado_citado": dado, "extrator_id": "t"}
            for local, dado in (("linha 5", "200.230.75.92"), ("linha 4", "1713985817105"), ("linha 3", "unix_time (ms)"))]
    conclusao = {"id": 1, "tipo": "outro", "grau_confianca": "fraco", "validacao": None, "referencias": refs,
                 "afirmacao": "O IP 200.230.75.92 acessou em 24/04/2024 19:10:17 UTC."}
    validacao = validar({"conclusoes": [conclusao], "caso_id": "t", "data_analise": DATA}, tmp_path, DATA)["validacoes"][0]
    assert validacao["veredicto_geral"] == "VERIFICADO", [d["observacao"] for d in validacao["detalhes"]]


def test_armadilha_numero_sem_cabecalho_de_tempo_unix_nao_e_instante(tmp_path):
    c = canvas.Canvas(str(tmp_path / "provedor.pdf"), pagesize=A4, invariant=1)
    for i, linha in enumerate(("Activity Protocol", "LOGIN 1713985817105", "IP Address: ::ffff:200.230.75.92")):
        c.drawString(40, 800 - 14 * i, linha)
    c.save()
    _, dados = _ler(tmp_path, "provedor.pdf")
    assert not [d for d in dados if d["campo"] == "data_evento"]


def test_csv_com_duas_tabelas_cada_uma_com_o_seu_cabecalho(tmp_path):
    (tmp_path / "resposta.csv").write_text(
        "Vitrine Social Networks Inc. — Law Enforcement Response\nAccount: oficial.nelson66\n\nDevices\n"
        "Sender Device;Model;Device IMEI\nXiaomi Redmi Note 11;2201117TL;86 804705 448028 2\n\n"
        "IP Addresses / Connection Log\nTimestamp (GMT);Type;Client IP;Port\n"
        "10-Dec-2015 19:02:31;Sign-in;::ffff:201.143.42.25;21567\n13-Dec-2015 23:44:08;Login;2804:235D:0:9BA0:0:0:4D:B655;57956\n",
        encoding="utf-8")
    _, dados = _ler(tmp_path, "resposta.csv")
    ips = {d["dado"]: d for d in dados if d["tipo_dado"] == "ip"}
    assert ips["201.143.42.25"]["metadados"]["porta"] == "21567"
    datas = {d["metadados"]["registro"]: d for d in dados if d["campo"] == "data_evento"}
    data_do_ip = datas[ips["201.143.42.25"]["metadados"]["registro"]]
    assert data_do_ip["fuso_horario_original"] == "GMT" and data_do_ip["metadados"]["instante_utc"] == "2015-12-10T19:02:31Z"
    assert not [d for d in dados if d["campo"] == "nome_titular" and d["dado"].startswith("Timestamp")]


def test_tempo_unix_numa_linha_de_formulario_docx(tmp_path):
    """Variantes (semente 30): a resposta do provedor em DOCX, uma tabela rótulo | valor por acesso, com
    "unix_time (ms) | 1654538507793": o IP da tabela leva o instante, e o validador o relê na própria linha."""
    import docx

    documento = docx.Document()
    documento.add_paragraph("Telegrafo Messenger — Resposta a requisição judicial")
    for porta, ip, unix in (("36726", "170.129.212.179", "1654476630729"), ("41039", "200.95.233.149", "1654538507793"),
                            ("51961", "201.134.175.143", "1654600000000")):  # um formulário: os rótulos se repetem
        tabela = documento.add_table(rows=0, cols=2)
        for rotulo, valor in (("Porta de origem", porta), ("IP", ip), ("unix_time (ms)", unix),
                              ("Localização aproximada", "BR-PR"), ("Operação", "Login"), ("Nº", "941512")):
            celulas = tabela.add_row().cells
            celulas[0].text, celulas[1].text = rotulo, valor
        documento.add_paragraph("")
    documento.save(tmp_path / "provedor.docx")
    _, dados = _ler(tmp_path, "provedor.docx")
    ips = {d["dado"]: d["metadados"] for d in dados if d["tipo_dado"] == "ip"}
    assert ips["200.95.233.149"]["instante_utc"] == "2022-06-06T18:01:47Z" and ips["200.95.233.149"]["porta"] == "41039"
    assert ips["170.129.212.179"]["instante_utc"] == "2022-06-06T00:50:30Z"
