"""Blocos chave-valor: registros segmentados pela repetição dos rótulos, em qualquer estilo e ordem de campos.

Armadilhas: o IP de um bloco nunca recebe a hora ou a porta do bloco vizinho (o bug de quando o registro era
cortado por posição: "Time / valor / IP Address / valor / Port / valor" deixava cada IP com a hora seguinte)."""

from __future__ import annotations

from pathlib import Path

import docx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from perito.extratores.registro import escolher
from perito.extratores.registros import blocos
from perito.leitura.docx import ler_docx
from perito.leitura.pagina_html import ler_html
from perito.leitura.pdf import ler_pdf
from perito.leitura.texto import ler_texto

_EVENTOS = [
    {"Time (UTC)": "2024-05-02 10:00:01", "IP Address": "187.34.56.78", "Port": "51234", "Event": "Login"},
    {"Time (UTC)": "2024-05-02 16:10:09", "IP Address": "187.34.56.79", "Port": "40001", "Event": "Logout"},
    {"Time (UTC)": "2024-05-03 08:20:30", "IP Address": "201.17.3.4", "Port": "62000", "Event": "Login"},
]
_PREAMBULO = ["Provedor Exemplo Inc. - Law Enforcement Response", "Account Identifier: fulano.123", ""]


def _linhas(estilo: str, ordem: list[str], eventos: list[dict] = _EVENTOS, brancos: bool = True) -> list[str]:
    linhas = list(_PREAMBULO)
    for evento in eventos:
        for rotulo in ordem:
            if rotulo not in evento:
                continue
            if estilo == "rotulo_dois_pontos":
                linhas.append(f"{rotulo}: {evento[rotulo]}")
            elif estilo == "rotulo_linha_valor":
                linhas += [rotulo, f"  {evento[rotulo]}"]
            else:
                linhas += [evento[rotulo], f"  ({rotulo})"]
        if brancos:
            linhas.append("")
    return linhas


def _dados_txt(pasta: Path, linhas: list[str]) -> list[dict]:
    caminho = pasta / "registros.txt"
    caminho.write_text("\n".join(linhas) + "\n", encoding="utf-8")
    documento = ler_texto(caminho, "registros.txt")
    return escolher(documento).extrair(documento).dados


def _ips(dados: list[dict]) -> dict[str, dict]:
    return {d["dado"]: d["metadados"] for d in dados if d["tipo_dado"] == "ip"}


def _confere(dados: list[dict], eventos: list[dict] = _EVENTOS) -> None:
    ips = _ips(dados)
    assert set(ips) == {e["IP Address"] for e in eventos}
    for evento in eventos:
        meta = ips[evento["IP Address"]]
        assert meta.get("data_hora") == evento["Time (UTC)"]
        assert meta.get("porta") == evento.get("Port")
        assert meta.get("fuso") == "UTC"


_ESTILOS = st.sampled_from(["rotulo_dois_pontos", "rotulo_linha_valor", "valor_linha_rotulo"])


@settings(max_examples=20, deadline=None)
@given(_ESTILOS, st.permutations(["Time (UTC)", "IP Address", "Port", "Event"]), st.booleans())
def test_txt_cada_ip_com_a_hora_e_a_porta_do_proprio_bloco(tmp_path_factory, estilo, ordem, brancos):
    _confere(_dados_txt(tmp_path_factory.mktemp("b"), _linhas(estilo, ordem, brancos=brancos)))


@settings(max_examples=20, deadline=None)
@given(_ESTILOS, st.permutations(["Time (UTC)", "IP Address", "Port", "Event"]), st.booleans())
def test_armadilha_bloco_sem_porta_nao_herda_a_do_vizinho(tmp_path_factory, estilo, ordem, brancos):
    """Também sem linha em branco entre os blocos (como num PDF) e com a porta como 1º campo dos outros."""
    eventos = [dict(_EVENTOS[0]), {k: v for k, v in _EVENTOS[1].items() if k != "Port"}, dict(_EVENTOS[2])]
    _confere(_dados_txt(tmp_path_factory.mktemp("b"), _linhas(estilo, ordem, eventos, brancos=brancos)), eventos)


def test_cada_campo_cita_a_linha_do_valor(tmp_path):
    linhas = _linhas("valor_linha_rotulo", ["IP Address", "Port", "Time (UTC)", "Event"])
    dados = _dados_txt(tmp_path, linhas)
    for dado in dados:
        numero = int(dado["linha_ou_celula"].split()[-1])
        assert linhas[numero - 1] == dado["texto_original"] and dado["dado"] in dado["texto_original"]
        for apoio in dado["metadados"].get("apoio", []):
            assert apoio["dado"] in linhas[int(apoio["linha_ou_celula"].split()[-1]) - 1]


def _pdf(caminho: Path, paginas: list[list[str]]) -> None:
    folha = canvas.Canvas(str(caminho), pagesize=A4)
    for linhas in paginas:
        y = 800
        for linha in linhas:
            folha.drawString(50, y, linha)
            y -= 16
        folha.showPage()
    folha.save()


def test_pdf_rotulo_abaixo_do_valor_com_titulo_de_bloco_e_cabecalho_repetido(tmp_path):
    """Sem linhas em branco (PDF), o título do bloco e a troca de página separam os registros; o cabeçalho
    repetido na página 2 não vira dado de bloco nenhum."""
    cabecalho = ["Provedor Exemplo Inc. - Records", "Account Identifier: fulano.123"]
    paginas: list[list[str]] = []
    for n, evento in enumerate(_EVENTOS, start=1):
        linhas = [f"Registro {n}"]
        for rotulo in ("Port", "Event", "IP Address", "Time (UTC)"):
            linhas += [evento[rotulo], rotulo]
        if n == 1:
            paginas.append([*cabecalho, *linhas])
        elif n == 2:
            paginas[0] += linhas
        else:
            paginas.append([*cabecalho, *linhas])
    _pdf(tmp_path / "r.pdf", paginas)
    documento = ler_pdf(tmp_path / "r.pdf", "r.pdf", usar_ocr=False)
    dados = escolher(documento).extrair(documento).dados
    _confere(dados)
    registros = {d["metadados"]["registro"] for d in dados if d["tipo_dado"] == "ip"}
    assert len(registros) == 3
    cabecalho_p2 = [d for d in dados if d["pagina"] == 2 and d["linha_ou_celula"] in ("linha 1", "linha 2")]
    assert all(d["metadados"]["registro"] not in registros for d in cabecalho_p2)


def test_docx_paragrafos_rotulo_acima(tmp_path):
    documento_word = docx.Document()
    for linha in _linhas("rotulo_linha_valor", ["Event", "Port", "IP Address", "Time (UTC)"]):
        documento_word.add_paragraph(linha.strip())
    documento_word.save(tmp_path / "r.docx")
    documento = ler_docx(tmp_path / "r.docx", "r.docx")
    _confere(escolher(documento).extrair(documento).dados)


def test_dict_rotulo_abaixo_com_valor_que_parece_rotulo(tmp_path):
    """"CPF" como tipo da chave fica na posição de valor: é valor, não rótulo; a conta junta agência e conta."""
    blocos = [("52998224725", "CPF"), ("fulano@exemplo.com.br", "EMAIL"), ("+5511987654321", "PHONE")]
    linhas = ["BANCO CENTRAL DO BRASIL", "Resultado da consulta"]
    for n, (chave, tipo) in enumerate(blocos, start=1):
        linhas += [f"Chave {n}", chave, "Chave", tipo, "Tipo de chave", "FULANO DE TAL", "Nome",
                   "529.982.247-25", "CPF do titular", "0001", "Agência", "12345-6", "Conta"]
    _pdf(tmp_path / "d.pdf", [linhas])
    documento = ler_pdf(tmp_path / "d.pdf", "d.pdf", usar_ocr=False)
    dados = escolher(documento).extrair(documento).dados
    por_registro: dict[str, dict[str, str]] = {}
    for d in dados:
        por_registro.setdefault(d["metadados"]["registro"], {})[d["campo"]] = d["dado"]
    assert sorted(r["chave_pix"] for r in por_registro.values() if "chave_pix" in r) == [
        "+5511987654321", "52998224725", "fulano@exemplo.com.br"]
    for registro in por_registro.values():
        if "chave_pix" in registro:
            assert registro["nome_titular"] == "FULANO DE TAL" and registro["cpf"] == "529.982.247-25"
            assert registro["conta_bancaria"] == "12345-6"


def test_armadilha_linhas_de_rotulo_isoladas_nao_viram_formulario(tmp_path):
    linhas = ["Relatorio de atendimento", "Periodo: 01/05/2024 a 31/05/2024", "", "Cliente: FULANO DE TAL",
              "Observacao: nada consta"]
    dados = _dados_txt(tmp_path, linhas)
    assert {d["metadados"]["registro"] for d in dados} <= {"linha 1", "linha 2", "linha 4", "linha 5"}


def test_docx_uma_tabela_de_duas_colunas_por_bloco(tmp_path):
    documento_word = docx.Document()
    documento_word.add_paragraph("Provedor Exemplo Inc. - Law Enforcement Response")
    for evento in _EVENTOS:
        tabela = documento_word.add_table(rows=0, cols=2)
        for rotulo in ("IP Address", "Event", "Time (UTC)", "Port"):
            celulas = tabela.add_row().cells
            celulas[0].text, celulas[1].text = rotulo, evento[rotulo]
    documento_word.save(tmp_path / "t.docx")
    documento = ler_docx(tmp_path / "t.docx", "t.docx")
    dados = escolher(documento).extrair(documento).dados
    _confere(dados)
    for dado in dados:  # o local é a linha da tabela em que o valor está
        assert dado["dado"] in dado["texto_original"] and dado["linha_ou_celula"].startswith("tabela ")


def test_html_tabelas_aninhadas_uma_por_bloco(tmp_path):
    blocos_html = "".join(
        "<table>" + "".join(f"<tr><th>{r}</th><td>{e[r]}</td></tr>" for r in ("Port", "Time (UTC)", "IP Address"))
        + "</table>" for e in _EVENTOS)
    html = f"<html><body><h1>Records</h1><table class='secao'><tr><th>Log</th><td>{blocos_html}</td></tr></table></body></html>"
    (tmp_path / "records.html").write_text(html, encoding="utf-8")
    documento = ler_html(tmp_path / "records.html", "records.html")
    _confere(escolher(documento).extrair(documento).dados)


def test_armadilha_tabela_de_dados_de_duas_colunas_nao_e_formulario(tmp_path):
    """"Data | Valor" com uma linha por lançamento: cada linha continua um registro."""
    documento_word = docx.Document()
    for _ in range(2):
        tabela = documento_word.add_table(rows=0, cols=2)
        for data, ip in (("2024-05-02 10:00:01", "187.34.56.78"), ("2024-05-02 16:10:09", "187.34.56.79")):
            celulas = tabela.add_row().cells
            celulas[0].text, celulas[1].text = data, ip
    documento_word.save(tmp_path / "d.docx")
    documento = ler_docx(tmp_path / "d.docx", "d.docx")
    ips = [d for d in escolher(documento).extrair(documento).dados if d["tipo_dado"] == "ip"]
    assert {(d["dado"], d["metadados"]["data_hora"]) for d in ips} == {
        ("187.34.56.78", "2024-05-02 10:00:01"), ("187.34.56.79", "2024-05-02 16:10:09")}


def test_armadilha_origem_e_destino_de_um_comprovante_sao_um_evento(tmp_path):
    """Dois blocos Nome/Instituição (DESTINO e ORIGEM) são as partes de uma transferência, não dois registros."""
    linhas = ["Comprovante de transferencia Pix", "Valor: R$ 2.365,00", "Data e hora: 08/01/2025 14:19:27", "DESTINO",
              "Nome: FULANO DE TAL", "Instituicao: BANCO UM S.A.", "Chave Pix: fulano@exemplo.com.br", "ORIGEM",
              "Nome: BELTRANO DA SILVA", "Instituicao: BANCO DOIS S.A.", "Agencia: 0312 Conta: 45120-8"]
    _pdf(tmp_path / "c.pdf", [linhas])
    documento = ler_pdf(tmp_path / "c.pdf", "c.pdf", usar_ocr=False)
    assert blocos.blocos(documento.trechos) == []  # fica com a leitura por linhas (a ficha de um relato é um bloco)


def test_formulario_com_rotulo_abreviado_continua_formulario(tmp_path):
    """Uma resposta do DICT em tabelas aninhadas, uma por chave, com a linha "Ag." (abreviatura com ponto): a tabela
    inteira segue um registro, e o titular de cada chave é lido (antes, o ponto final desfazia o formulário e o nome
    do titular sumia)."""
    chaves = [("ana.prado@exemplo.com.br", "ANA PRADO LIMA", "529.982.247-25"),
              ("+5511987650001", "BRUNO REIS COSTA", "111.444.777-35"),
              ("carla.dias@exemplo.com.br", "CARLA DIAS MELO", "390.533.447-05")]
    tabelas = "".join(
        f"<table><tr><th>Chave DICT</th><td>{chave}</td></tr><tr><th>Titular</th><td>{nome}</td></tr>"
        f"<tr><th>Documento do titular</th><td>{cpf}</td></tr><tr><th>Ag.</th><td>0411</td></tr>"
        f"<tr><th>Número da conta</th><td>1311918-8</td></tr></table>" for chave, nome, cpf in chaves)
    html = f"<html><body><h2>DICT - Consulta de chaves Pix</h2><table><tr><th>Chaves</th><td>{tabelas}</td></tr></table></body></html>"
    (tmp_path / "dict.html").write_text(html, encoding="utf-8")
    documento = ler_html(tmp_path / "dict.html", "dict.html")
    dados = escolher(documento).extrair(documento).dados
    nomes = {d["dado"]: d["metadados"]["registro"] for d in dados if d["campo"] == "nome_titular"}
    cpfs = {d["dado"]: d["metadados"]["registro"] for d in dados if d["campo"] == "cpf"}
    assert set(nomes) == {nome for _, nome, _ in chaves}
    for _, nome, cpf in chaves:
        assert nomes[nome] == cpfs[cpf]  # nome e CPF do mesmo registro (a mesma tabela)


def test_campo_de_hora_com_o_fuso_escrito_junto(tmp_path):
    """Semente 84: "Hora: 23:14:08 UTC+00:00" num bloco (a data noutro campo) não dava hora nenhuma, e o IP saía
    `fraco`, "sem data-hora"."""
    linhas = ["Registros de conexão (IP)"]
    for porta, dia, ip, hora in (("46537", "02/11/2016", "138.129.192.109", "23:14:08"),
                                 ("7248", "03/11/2016", "186.148.232.123", "16:19:00"),
                                 ("52505", "04/11/2016", "177.21.26.62", "17:25:39")):
        linhas += [f"Porta: {porta}", f"Dt. Evento: {dia}", f"Endereco IP: {ip}", f"Hora: {hora} UTC+00:00",
                   "Tipo de acesso: Sessão iniciada"]
    ips = _ips(_dados_txt(tmp_path, linhas))
    assert ips["177.21.26.62"]["instante_utc"] == "2016-11-04T17:25:39Z" and ips["177.21.26.62"]["porta"] == "52505"
    assert ips["138.129.192.109"]["fuso"] == "UTC+00:00"


def test_rotulo_entre_parenteses_abaixo_do_valor_com_parenteses_dentro(tmp_path):
    """Variantes (semente 217): "(Tax ID (CPF))" e "(timestamp_unix)" abaixo do valor. Os parênteses dentro do
    rótulo desfaziam o campo (o CPF do assinante se perdia e o homônimo virava convergência de nome); o rótulo
    de tempo Unix entre parênteses não era achado para citar, e o IP ficava sem instante."""
    linhas = ["OPERADORA EXEMPLO S.A. - Response to court order", ""]
    for numero, (linha, nome, cpf, unix, ip) in enumerate([
            ("+55 44 96611-5208", "RENAN MONTEIRO CARDOSO", "93036768076", "1643485190", "191.247.91.145"),
            ("+55 44 98040-4225", "JÉSSICA MOREIRA SEIXAS", "52998224725", "1643485290", "191.247.91.146"),
            ("+55 44 98154-7688", "JEFERSON BEZERRA ZANETTI", "11144477735", "1643485390", "191.247.91.147")], start=1):
        linhas += [f"Registro {numero}", linha, "  (Line)", nome, "  (Subscriber Name)", cpf, "  (Tax ID (CPF))",
                   unix, "  (timestamp_unix)", ip, "  (IP)", ""]
    dados = _dados_txt(tmp_path, linhas)
    por_registro: dict[str, dict[str, dict]] = {}
    for d in dados:
        por_registro.setdefault(d["metadados"]["registro"], {})[d["campo"]] = d
    renan = next(r for r in por_registro.values() if r.get("nome_titular", {}).get("dado") == "RENAN MONTEIRO CARDOSO")
    assert renan["cpf"]["dado"] == "93036768076"
    assert renan["ip_acesso"]["metadados"]["instante_utc"] == "2022-01-29T19:39:50Z"
    assert renan["data_evento"]["metadados"]["contexto_tempo_unix"]["texto"].strip() == "(timestamp_unix)"


def test_data_e_hora_em_campos_separados_sob_rotulo_de_tempo(tmp_path):
    """Variantes (sementes 228 e 233): "Date: 11/01/2018" e "Time: 12:35:43" em linhas separadas do bloco; o rótulo
    "Time" diz data-hora, mas o valor é só a hora, e o instante não se compunha (IP `fraco`, "sem data-hora"). O
    fuso do rodapé vale para o instante composto; a hora do bloco vizinho nunca."""
    linhas = ["Provedor Exemplo Inc. - Law Enforcement Response", ""]
    for numero, (data, hora, ip, porta) in enumerate([("11/01/2018", "12:35:43", "177.215.61.240", "24767"),
                                                        ("09/01/2018", "19:32:35", "189.36.200.130", "52974"),
                                                        ("12/01/2018", "08:01:02", "201.17.3.4", "40001")], start=1):
        linhas += [f"Record {numero}", f"Date: {data}", f"Time: {hora}", f"IP: {ip}", f"src_port: {porta}", ""]
    linhas += ["* Time zone: UTC"]
    ips = _ips(_dados_txt(tmp_path, linhas))
    assert {ip: (m.get("instante_utc"), m.get("porta")) for ip, m in ips.items()} == {
        "177.215.61.240": ("2018-01-11T12:35:43Z", "24767"),
        "189.36.200.130": ("2018-01-09T19:32:35Z", "52974"),
        "201.17.3.4": ("2018-01-12T08:01:02Z", "40001"),
    }


def test_modelo_com_numero_no_bloco_nao_e_titulo_de_bloco(tmp_path):
    """Variantes (semente 129): "Apple iPhone 14" (duas palavras e um número) parecia o título de um bloco
    ("Registro 4"); cortava o registro ao meio, e o IP ficava sem o momento escrito acima dele (`fraco`)."""
    linhas = ["BANCO EXEMPLO S.A. — Registros de acesso", ""]
    for numero, (momento, ip) in enumerate([("2023-04-14T20:51:49.345Z", "186.16.36.46"),
                                            ("2023-04-15T18:00:46.000Z", "186.16.36.47"),
                                            ("2023-04-16T09:10:11.000Z", "186.16.36.48")], start=1):
        linhas += [f"Registro {numero}", momento, "  (Momento)", "Apple iPhone 14", "  (Dispositivo)", ip, "  (IP)",
                   "LOGIN", "  (Evento)", ""]
    ips = _ips(_dados_txt(tmp_path, linhas))
    assert {ip: m.get("instante_utc") for ip, m in ips.items()} == {
        "186.16.36.46": "2023-04-14T20:51:49Z", "186.16.36.47": "2023-04-15T18:00:46Z",
        "186.16.36.48": "2023-04-16T09:10:11Z"}


def test_rotulos_que_se_repetem_e_secao_que_troca_a_paridade(tmp_path):
    """Variantes (semente 107): rótulo numa linha e valor na de baixo, com metade dos rótulos fora do vocabulário
    ("Versão do app", "Registro", "Tipo de acesso") e o título "Registros de conexão (IP)" depois da lista de
    aparelhos, que troca a paridade dos rótulos. O rótulo que volta a cada bloco é rótulo; a lista de baixo também é
    formulário; cada IP com a porta e a hora do seu bloco."""
    linhas = ["CofreNuvem Serviços Digitais Ltda. — Resposta a requisição judicial", "(horários em GMT)",
              "Aparelhos associados", "Aparelho", "Realme realme C53", "Modelo", "RMX3834", "IMEI do aparelho",
              "35-298160-025476-2", "Registros de conexão (IP)"]
    acessos = [("18.28.59", "49527", "186.98.33.189", "238570", "24 de agosto de 2016, 1h57min47s", "Login"),
               ("20.12.76", "34451", "179.69.221.206", "238571", "23 de agosto de 2016, 9h01min02s", "Login"),
               ("11.29.37", "2615", "143.96.38.96", "400530", "16 de agosto de 2016, 18h34min34s", "Mensagem enviada")]
    for versao, porta, ip, registro, momento, tipo in acessos:
        linhas += ["Versão do app", versao, "Porta", porta, "IP de origem", ip, "Registro", registro, "Data Hora",
                   momento, "Tipo de acesso", tipo]
    ips = _ips(_dados_txt(tmp_path, linhas))
    assert {ip: (m.get("porta"), m.get("instante_utc")) for ip, m in ips.items()} == {
        "186.98.33.189": ("49527", "2016-08-24T01:57:47Z"), "179.69.221.206": ("34451", "2016-08-23T09:01:02Z"),
        "143.96.38.96": ("2615", "2016-08-16T18:34:34Z")}


def test_primeiro_bloco_comeca_antes_do_primeiro_par_de_rotulos_conhecidos(tmp_path):
    """Variantes (semente 345): "Sender Ip / valor / Type / valor / Session ID / valor / Date/Time / valor / Port /
    valor", rótulo acima do valor, um bloco sem porta. O trecho alternado começava no primeiro par de rótulos de
    coluna conhecida (Date/Time e Port), os blocos abriam em "Date/Time", e cada IP ia com a hora e a porta do
    bloco de cima. Armadilha: o bloco sem porta não leva a porta de ninguém."""
    eventos = [("2804:8fb6:e1ba:88c0::e2d6:6419", "Sign-in", "16 de dezembro de 2016, 12h43min18s", "46309"),
               ("138.77.109.147", "Login", "24 de dezembro de 2016, 23h07min13s", None),
               ("170.113.97.64", "Message sent", "29 de dezembro de 2016, 20h26min04s", "39176"),
               ("191.159.36.61", "Login", "30 de dezembro de 2016, 22h24min55s", "38511")]
    linhas = ["Telegrafo Messenger FZ-LLC - Law Enforcement Response", "Times in UTC", "IP Addresses / Connection Log"]
    for n, (ip, tipo, quando, porta) in enumerate(eventos):
        linhas += ["Sender Ip", ip, "Type", tipo, "Session ID", f"fc3b34fb7{n}", "Date/Time", quando]
        linhas += ["Port", porta] if porta else []
    ips = _ips(_dados_txt(tmp_path, linhas))
    assert {ip: (m.get("data_hora"), m.get("porta")) for ip, m in ips.items()} == {
        ip: (quando, porta) for ip, _, quando, porta in eventos}


def test_rotulo_do_numero_do_registro_nao_corta_o_bloco(tmp_path):
    """Variantes (semente 406): blocos "Timestamp (Unix) (ms): ... / Sender Port / IMEI / #: 397379 / Source IP /
    ...". O "#" não era rótulo: a linha "#: 397379" cortava o bloco ao meio, e o IP ia com a hora e a porta do
    bloco de baixo (a convergência saía `fraco`, 29 horas de diferença). Também "Nº: 12"."""
    eventos = [("1452965889368", "14493", "187.211.189.35"), ("1452966100539", "43342", "152.105.21.10"),
               ("1453071423979", "27153", "170.154.17.36")]
    linhas = ["BANCO PITANGA S.A. - Access log", "Account holder: LIVIA CAVALCANTI DE SANTANA"]
    for n, (quando, porta, ip) in enumerate(eventos):
        numero = f"#: {397379 + n}" if n % 2 == 0 else f"Nº: {n}"
        linhas += [f"Timestamp (Unix) (ms): {quando}", f"Sender Port: {porta}", "IMEI: 35391208833181", numero,
                   f"Source IP: {ip}", "Result: SUCCESS", "Device: Xiaomi Redmi Note 11", "Event: LOGIN"]
    ips = _ips(_dados_txt(tmp_path, linhas))
    assert {ip: (m.get("data_hora"), m.get("porta")) for ip, m in ips.items()} == {
        ip: (quando, porta) for quando, porta, ip in eventos}


def test_rotulos_desconhecidos_contam_a_repeticao_no_documento_inteiro(tmp_path):
    """Variantes (semente 436): blocos separados por linha em branco, rótulo acima do valor, três rótulos sem papel
    conhecido ("Client Version", "Result", "Id") entre quatro conhecidos. A repetição que faz de uma linha um rótulo
    era contada só dentro do bloco (uma vez cada): o bloco não alternava, e o IP ficava sem porta e sem instante."""
    eventos = [("43729", "192.168.94.116", "1666989796"), ("12420", "179.235.20.99", "1667916405"),
               ("20532", "200.11.16.231", "1667153500")]
    linhas = ["Recado Technologies Inc. - Law Enforcement Response", "", "IP Addresses / Connection Log",
              "-----------------------------"]
    for n, (porta, ip, quando) in enumerate(eventos):
        linhas += ["src_port", f"  {porta}", "Event", "  Login", "Source IP", f"  {ip}", "Client Version",
                   f"  {n + 5}.14.60", "Result", "  SUCCESS", "Id", f"  77103{n}", "timestamp_unix", f"  {quando}", ""]
    ips = _ips(_dados_txt(tmp_path, linhas))
    assert {ip: (m.get("porta"), m.get("data_hora")) for ip, m in ips.items()} == {
        ip: (porta, quando) for porta, ip, quando in eventos}


def test_campo_opcional_que_abre_o_bloco_fica_no_bloco_dele(tmp_path):
    """Variantes (semente 440): "Porta origem / Aparelho / Ação / IP Origem / IMEI / Resultado / Data/Hora", a porta
    ausente nos acessos por IPv6. O bloco de IPv6 levava a porta do bloco de baixo e ficava com os sete campos; esses
    blocos "completos" abriam em "Aparelho", e cada IPv6 saía com a porta do acesso seguinte. Cada página começa num
    bloco: o rótulo que abre os blocos depois das bordas abre todos. Armadilha: o IPv6 fica sem porta."""
    eventos = []
    for n in range(16):  # porta, IPv6, porta, IPv6...: o IPv6 seguido de um acesso com porta, oito por página
        if n % 2:
            eventos.append((None, f"2804:2b74:d7ce:795f::f930:{3950 + n}", f"{10 + n:02d}/03/2022 09:16:10"))
        else:
            eventos.append((str(19500 + n), f"138.193.119.{90 + n}", f"{10 + n:02d}/03/2022 15:15:03"))
    paginas = []
    for metade in (eventos[:8], eventos[8:]):
        linhas = ["BANCO SABIA S.A. - Registros de acesso (horarios em -03:00)"]
        for porta, ip, quando in metade:
            linhas += [f"Porta origem: {porta}"] if porta else []
            linhas += ["Aparelho: Apple iPhone 14", "Ação: Acesso ao app", f"IP Origem: {ip}",
                       "IMEI do aparelho: 3529816045002901", "Resultado: SUCESSO", f"Data/Hora: {quando}"]
        paginas.append(linhas)
    _pdf(tmp_path / "acessos.pdf", paginas)
    documento = ler_pdf(tmp_path / "acessos.pdf", "acessos.pdf", usar_ocr=False)
    ips = {m["ip_canonico"]: m for m in _ips(escolher(documento).extrair(documento).dados).values()}
    for porta, ip, quando in eventos:
        assert (ips[ip].get("porta"), ips[ip].get("data_hora")) == (porta, quando), ip


def test_rotulos_sem_papel_no_comeco_do_bloco_voltam_pela_repeticao(tmp_path):
    """Variantes (semente 489): "Registro N" de título, e em cada bloco "Data Hora / valor / Registro / valor /
    Situação / valor / IP Origem / valor / Porta / valor / Ação / valor". O trecho alternado começava no primeiro
    par de rótulos conhecidos (IP Origem e Porta): "Data Hora" ficava fora e o IP ficava sem instante. "Registro" e
    "Situação" não têm papel, mas voltam a cada bloco como rótulos voltam."""
    eventos = [("27 de julho de 2024, 15h30min41s", "2804:be21:80c8:6a22::68fa:a7aa", None),
               ("9 de agosto de 2024, 10h29min32s", "187.245.169.72", "19596"),
               ("10 de agosto de 2024, 11h02min10s", "187.245.169.73", "20211")]
    linhas = ["Pombo Online Inc. - Resposta a requisição judicial", "Horários expressos em -03:00",
              "Registros de conexão (IP)"]
    for n, (quando, ip, porta) in enumerate(eventos, start=1):
        linhas += [f"Registro {n}", "Data Hora", quando, "Registro", f"61000{n}", "Situação", "SUCESSO",
                   "IP Origem", ip]
        linhas += ["Porta", porta] if porta else []
        linhas += ["Ação", "Acesso ao app"]
    ips = {m["ip_canonico"]: m for m in _ips(_dados_txt(tmp_path, linhas)).values()}
    assert {ip: (m.get("data_hora"), m.get("porta")) for ip, m in ips.items()} == {
        ip: (quando, porta) for quando, ip, porta in eventos}


def _dados_do_docx(tmp_path, linhas: list[tuple[str, str]]) -> list[dict]:
    documento_word = docx.Document()
    documento_word.add_paragraph("Resposta da operadora - dados cadastrais")
    tabela = documento_word.add_table(rows=0, cols=2)
    for rotulo, valor in linhas:
        celulas = tabela.add_row().cells
        celulas[0].text, celulas[1].text = rotulo, valor
    documento_word.save(tmp_path / "cadastro.docx")
    documento = ler_docx(tmp_path / "cadastro.docx", "cadastro.docx")
    return escolher(documento).extrair(documento).dados


def test_docx_uma_tabela_so_de_rotulo_e_valor_e_um_registro(tmp_path):
    """O cadastro de um assinante numa tabela só (sem outra igual no documento): cada valor com o papel do seu rótulo e
    todos no mesmo registro. Lida como tabela de dados, a primeira linha virava cabeçalho, "CPF" virava o valor de
    uma coluna de nomes e o CPF de 11 dígitos sem rótulo, um número qualquer."""
    dados = _dados_do_docx(tmp_path, [("Nome do assinante", "JOAO DA SILVA"), ("CPF", "52998224725"),
                                      ("Linha", "(11) 98765-4321"), ("IMEI", "35 332811 452907 4")])
    por_campo = {d["campo"]: d for d in dados}
    assert {c: por_campo[c]["dado"] for c in ("nome_titular", "cpf", "telefone", "imei")} == {
        "nome_titular": "JOAO DA SILVA", "cpf": "52998224725", "telefone": "(11) 98765-4321", "imei": "35 332811 452907 4"}
    assert len({d["metadados"]["registro"] for d in dados}) == 1


def test_html_tabelas_de_aparelho_que_se_repetem_so_duas_vezes(tmp_path):
    """Duas tabelas "Modelo | ...; IMEI del equipo | ..." (a semente 63 das variações): cada uma é o seu aparelho,
    e o rótulo nunca vira modelo."""
    tabelas = "".join(f"<table><tr><th>Modelo</th><td>Apple iPhone 13</td></tr><tr><th>Modelo</th><td>A2633</td></tr>"
                      f"<tr><th>IMEI del equipo</th><td>{imei}</td></tr></table>"
                      for imei in ("86 437905 117031 7", "86 153304 590167 3"))
    (tmp_path / "r.html").write_text(f"<html><body><h1>Dispositivos</h1>{tabelas}</body></html>", encoding="utf-8")
    documento = ler_html(tmp_path / "r.html", "r.html")
    dados = escolher(documento).extrair(documento).dados
    assert [d["dado"] for d in dados if d["campo"] == "imei"] == ["86 437905 117031 7", "86 153304 590167 3"]
    assert not [d for d in dados if d["campo"] == "modelo_dispositivo" and "IMEI" in d["dado"]]
    imeis = {d["metadados"]["registro"] for d in dados if d["campo"] == "imei"}
    assert len(imeis) == 2


def test_armadilha_tabela_so_com_cabecalho_de_duas_colunas_continua_tabela(tmp_path):
    """"Tipo de chave | Chave" em cima: a primeira linha é o cabeçalho e cada chave é um registro da tabela."""
    dados = _dados_do_docx(tmp_path, [("Tipo de chave", "Chave"), ("Celular", "+5511987654321"),
                                      ("E-mail", "fulano@exemplo.com.br")])
    registros = {d["metadados"]["registro"] for d in dados if d["dado"] in ("+5511987654321", "fulano@exemplo.com.br")}
    assert len(registros) == 2


def test_cadastro_numa_tabela_so_identifica_o_titular_e_e_verificado(tmp_path):
    from tests.conftest import conclusoes_do_caso

    caso = tmp_path / "caso"
    caso.mkdir()
    _dados_do_docx(tmp_path, [("Nome do assinante", "JOAO DA SILVA"), ("CPF", "52998224725"),
                              ("Linha", "(11) 98765-4321"), ("IMEI", "35 332811 452907 4")])
    (tmp_path / "cadastro.docx").rename(caso / "operadora_cadastro.docx")
    (caso / "meta.txt").write_text("Meta Platforms, Inc.\nRecords\nService WhatsApp\nAccount Identifier +5511987654321\n",
                                   encoding="utf-8")
    (caso / "bo.txt").write_text("Boletim de ocorrência. O golpista usou o telefone (11) 98765-4321.\n", encoding="utf-8")
    [titular] = [c for c in conclusoes_do_caso(caso) if c["tipo"] == "identificacao_titular"]
    assert "JOAO DA SILVA" in titular["afirmacao"] and "52998224725" in titular["afirmacao"]
    assert titular["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_relatorio_de_sistema_com_pontilhado_entre_rotulo_e_valor(tmp_path):
    """"CPF.............: 52998224725" e "Nome . . . . : ...": o pontilhado que alinha os valores não é parte do rótulo.
    Sem isto o CPF de 11 dígitos, a conta e a chave Pix do relatório se perdiam (o rótulo terminava em ponto)."""
    (tmp_path / "cadastro.txt").write_text(
        "RELATORIO DE DADOS CADASTRAIS\nNome do assinante.......: JOAO DA SILVA\nCPF.....................: 52998224725\n"
        "Linha...................: (11) 98765-4321\nAgência.................: 1234  Conta......: 56789-0\n"
        "Chave Pix . . . . . . . : 11222333000181\n", encoding="utf-8")
    documento = ler_texto(tmp_path / "cadastro.txt", "cadastro.txt")
    dados = {d["campo"]: d for d in escolher(documento).extrair(documento).dados}
    assert dados["cpf"]["dado"] == "52998224725" and dados["nome_titular"]["dado"] == "JOAO DA SILVA"
    assert dados["conta_bancaria"]["dado"] == "Agência.................: 1234  Conta......: 56789-0"  # como escrito
    assert dados["conta_bancaria"]["metadados"]["conta"] == "567890"
    assert dados["chave_pix"]["dado"] == "11222333000181"


@pytest.mark.parametrize("linha", ["Nome . . . . . . : MARIA OLIVEIRA LIMA", "Nome do cliente......: MARIA OLIVEIRA LIMA"])
def test_nome_depois_do_pontilhado(linha):
    from perito.extratores.reconhecedores import reconhecer

    assert [(a.campo, a.dado) for a in reconhecer(linha)] == [("nome_titular", "MARIA OLIVEIRA LIMA")]
