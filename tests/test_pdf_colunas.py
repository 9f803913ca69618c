"""PDF sem réguas: as colunas pelos pedaços de texto que o PDFium mede (cada célula desenhada à parte).

Variantes (sementes 224 e 242): a resposta da operadora em PDF sem grade (Courier) escrevia "83968130360 LIVIA
MIRANDA PEIXOTO MEDEIROS 76323951134 Rua Padre Anchieta, ..." numa linha; o CPF sem pontos e o nome em maiúsculas
não se separavam pelo texto, e a identificação do titular da linha pela operadora não saía.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import A4, landscape
from reportlab.pdfgen import canvas

from perito.extratores.registro import escolher
from perito.leitura.pdf import ler_pdf
from perito.validador.agente import validar

CABECALHO = ["Phone Number", "Subscriber", "Tax ID (CPF)", "Billing Address", "Activation Date"]
X = [40, 107, 260, 336, 580]
LINHAS = [
    ["83995620501", "MATEUS IGOR FALCAO LIMA", "22574941136", "Avenida Brasil, 999 - Campina Grande/PB", "09/04/2017"],
    ["83968130360", "LIVIA MIRANDA PEIXOTO MEDEIROS", "76323951134", "Rua Padre Anchieta, 1333 - Campina Grande/PB",
     "15/01/2021"],
    ["83961716422", "NÃO INFORMADO", "000.000.000-00", "NAO INFORMADO", "29/08/2022"],
]


def _pdf(caminho: Path, prosa: bool = False) -> None:
    folha = canvas.Canvas(str(caminho), pagesize=landscape(A4))
    folha.setFont("Courier", 8)
    y = 560
    folha.drawString(40, y, "OPERADORA EXEMPLO S.A. - Response to court order 5257/2022")
    y -= 20
    for celulas in [CABECALHO, *LINHAS]:
        for x, texto in zip(X, celulas, strict=True):
            folha.drawString(x, y, texto)
        y -= 12
    if prosa:  # a armadilha: frases de um relato, uma linha de texto cada, nunca uma tabela
        for frase in ("Relata a vítima que no dia 15/01/2021 recebeu ligação do número 83968130360,",
                      "e que a pessoa se apresentou como funcionária do banco e pediu o código de 6 dígitos.",
                      "Informa ainda que transferiu R$ 1.500,00 às 14:32 para a conta indicada."):
            y -= 12
            folha.drawString(40, y, frase)
    folha.save()


def test_colunas_pelos_pedacos_dao_o_cpf_e_o_nome_do_assinante(tmp_path: Path) -> None:
    _pdf(tmp_path / "operadora.pdf", prosa=True)
    documento = ler_pdf(tmp_path / "operadora.pdf", "operadora.pdf")
    com_celulas = [t for t in documento.trechos if t.celulas]
    assert [t.celulas for t in com_celulas] == [tuple(CABECALHO), *(tuple(linha) for linha in LINHAS)]
    assert all(t.localizacao.startswith("linha ") for t in com_celulas)  # as linhas da camada de texto não mudam
    assert not any(t.celulas for t in documento.trechos if "Relata" in t.texto or "Informa" in t.texto)
    dados = escolher(documento).extrair(documento).dados
    livia = [d for d in dados if d["linha_ou_celula"] == com_celulas[2].localizacao]
    assert {(d["campo"], d["dado"]) for d in livia} >= {("nome_titular", "LIVIA MIRANDA PEIXOTO MEDEIROS"),
                                                         ("cpf", "76323951134")}
    referencia = {"arquivo": "operadora.pdf", "pagina": 1, "linha_ou_celula": com_celulas[2].localizacao,
                  "dado_citado": "83968130360 | LIVIA MIRANDA PEIXOTO MEDEIROS | 76323951134", "extrator_id": "teste"}
    assert _veredicto(tmp_path, referencia) == "VERIFICADO"
    # o CPF da linha de cima, citado nesta, não se confirma
    assert _veredicto(tmp_path, {**referencia, "dado_citado": "LIVIA MIRANDA PEIXOTO MEDEIROS | 22574941136"}) \
        != "VERIFICADO"


def _veredicto(caso: Path, referencia: dict) -> str:
    conclusao = {"id": 1, "tipo": "outro", "afirmacao": "assinante da linha", "grau_confianca": "fraco",
                 "referencias": [referencia], "validacao": None}
    resultado = validar({"conclusoes": [conclusao], "caso_id": "t", "data_analise": "2025-03-20"}, caso, "2025-03-20")
    return resultado["validacoes"][0]["detalhes"][0]["status"]


def test_valor_alinhado_a_direita_cai_na_coluna_dele_e_linha_de_um_pedaco_nao_encerra() -> None:
    from perito.leitura.pdf_colunas import Pedaco, _tabelas

    def linha(topo: float, *pedacos: tuple[float, float, str]) -> list[Pedaco]:
        return [Pedaco(e, d, topo, t) for e, d, t in pedacos]

    cabecalho = linha(500, (40, 70, "Data"), (100, 160, "Histórico"), (300, 330, "Valor"), (380, 410, "Saldo"))
    linhas = [cabecalho,
              linha(488, (40, 80, "02/06/25"), (100, 190, "PIX RECEBIDO"), (290, 330, "1.845,00"), (370, 410, "2.112,90")),
              linha(476, (40, 200, "03 de junho de 2025")),  # cabeçalho do dia: a tabela continua
              linha(464, (40, 80, "03/06/25"), (100, 180, "PIX ENVIADO"), (295, 330, "-730,00"), (370, 410, "1.382,90")),
              linha(452, (40, 80, "03/06/25"), (100, 180, "TARIFA"), (300, 330, "-2,50"), (370, 410, "1.380,40")),
              linha(440, (40, 90, "Histórico"), (100, 150, "Documento"), (300, 330, "Agência"))]  # outra tabela
    [(_, registros)] = _tabelas(linhas)
    assert [celulas for _, celulas in registros] == [["02/06/25", "PIX RECEBIDO", "1.845,00", "2.112,90"],
                                                     ["03/06/25", "PIX ENVIADO", "-730,00", "1.382,90"],
                                                     ["03/06/25", "TARIFA", "-2,50", "1.380,40"]]


def test_armadilha_registro_em_duas_linhas_fica_na_leitura_por_linhas(tmp_path: Path) -> None:
    """Variantes (semente 279): cada acesso em duas linhas, a 2ª com "IP Address: ... Port: ..." num pedaço só. As
    células partiriam o registro (a hora numa tabela, o IP no texto, e o IP sem hora): a tabela fica como texto."""
    folha = canvas.Canvas(str(tmp_path / "provedor.pdf"), pagesize=landscape(A4))
    folha.setFont("Helvetica", 8)
    y = 560
    for x, texto in zip((40, 160, 260), ("event_time", "Event", "Client Version"), strict=True):
        folha.drawString(x, y, texto)
    for hora, ip, porta in (("2016-01-14T22:30:12+00:00", "138.68.239.252", "41236"),
                            ("2016-01-15T10:01:02+00:00", "177.99.87.224", "6204"),
                            ("2016-01-16T08:00:00+00:00", "189.239.254.94", "4607")):
        y -= 12
        for x, texto in zip((40, 160, 260), (hora, "Send message", "10.21.80"), strict=True):
            folha.drawString(x, y, texto)
        y -= 12
        folha.drawString(50, y, f"IP Address: {ip} Port: {porta}")
    folha.save()
    documento = ler_pdf(tmp_path / "provedor.pdf", "provedor.pdf")
    assert not any(t.celulas for t in documento.trechos)
    ips = {d["dado"]: d["metadados"] for d in escolher(documento).extrair(documento).dados if d["campo"] == "ip_acesso"}
    assert (ips["138.68.239.252"].get("instante_utc"), ips["138.68.239.252"].get("porta")) == ("2016-01-14T22:30:12Z", "41236")


def test_data_sem_ano_na_tabela_leva_o_ano_do_periodo(tmp_path: Path) -> None:
    """O período do preâmbulo dá o ano às datas "DD/MM" das linhas também quando elas viram células (antes, só a
    leitura por linhas de texto o fazia; `examples/variantes/extrato_dia_mes.pdf`)."""
    folha = canvas.Canvas(str(tmp_path / "extrato.pdf"), pagesize=A4)
    folha.setFont("Helvetica", 9)
    folha.drawString(40, 800, "BANCO EXEMPLO DO SUL S.A. - EXTRATO MENSAL")
    folha.drawString(40, 786, "Agência 0088 Conta 77120-4 Período: 01/12/2024 a 31/01/2025")
    for y, celulas in ((760, ("Data", "Histórico", "Valor", "Saldo")),
                       (748, ("28/12", "PIX RECEBIDO MARCOS VIEIRA", "780,00", "800,00")),
                       (736, ("03/01", "PIX ENVIADO RENATA LOPES", "750,00-", "50,00"))):
        for x, texto in zip((40, 100, 300, 380), celulas, strict=True):
            folha.drawString(x, y, texto)
    folha.save()
    documento = ler_pdf(tmp_path / "extrato.pdf", "extrato.pdf")
    assert sum(1 for t in documento.trechos if t.celulas) == 3
    datas = [d["metadados"]["data"] for d in escolher(documento).extrair(documento).dados if d["campo"] == "data_evento"
             and d.get("metadados", {}).get("data_escrita")]
    assert datas == ["28/12/2024", "03/01/2025"]


def test_validador_le_a_linha_da_tabela_celula_por_celula(tmp_path: Path) -> None:
    """Variantes (semente 93): "35-467112-935632-5 17519" (o IMEI com hífens e a porta da coluna ao lado, separados
    por um espaço na camada de texto) viravam um número só, e a convergência de IMEI saía CONTRADITO."""
    folha = canvas.Canvas(str(tmp_path / "acessos.pdf"), pagesize=landscape(A4))
    folha.setFont("Helvetica", 8)
    linhas = [("Registro", "IP de origem", "Identificador do aparelho (IMEI)", "Porta", "Evento"),
              ("439408", "::ffff:10.64.190.155", "35-467112-935632-5", "17519", "Acesso ao app"),
              ("870787", "::ffff:170.118.94.63", "35-467112-935632-5", "2823", "VINCULO_DISPOSITIVO")]
    for y, celulas in zip((560, 548, 536), linhas, strict=True):
        for x, texto in zip((40, 100, 200, 340, 390), celulas, strict=True):
            folha.drawString(x, y, texto)
    folha.save()
    documento = ler_pdf(tmp_path / "acessos.pdf", "acessos.pdf")
    linha = next(t for t in documento.trechos if t.celulas and t.celulas[0] == "439408")
    referencia = {"arquivo": "acessos.pdf", "pagina": 1, "linha_ou_celula": linha.localizacao,
                  "dado_citado": "35-467112-935632-5", "extrator_id": "teste"}
    assert _veredicto(tmp_path, referencia) == "VERIFICADO"
    assert _veredicto(tmp_path, {**referencia, "dado_citado": "35-467112-935633-3"}) != "VERIFICADO"


def test_validador_acha_o_numero_citado_atravessando_duas_celulas(tmp_path: Path) -> None:
    """Variantes (semente 155): o DICT em PDF sem réguas com agência e conta em colunas; o principal cita a conta
    como a linha a escreve ("464 38765757"). Lida célula por célula, ela não estava em célula nenhuma, e a
    materialidade e o vínculo saíam CONTRADITO. Armadilha: outra conta continua não VERIFICADO."""
    folha = canvas.Canvas(str(tmp_path / "dict.pdf"), pagesize=landscape(A4))
    folha.setFont("Helvetica", 8)
    linhas = [("Chave", "Tipo da chave", "Nome do titular", "CPF/CNPJ do titular", "Agencia", "Número da conta"),
              ("+5586970856011", "CELULAR", "Rodrigo Marques Soares da Castro", "562.267.819-63", "464", "38765757"),
              ("00.894.686/0001-01", "CNPJ", "Neves Intermediacoes Ltda", "00.894.686/0001-01", "1", "74009429")]
    for y, celulas in zip((560, 548, 536), linhas, strict=True):
        for x, texto in zip((40, 120, 200, 340, 440, 500), celulas, strict=True):
            folha.drawString(x, y, texto)
    folha.save()
    documento = ler_pdf(tmp_path / "dict.pdf", "dict.pdf")
    linha = next(t for t in documento.trechos if t.celulas and t.celulas[0] == "+5586970856011")
    referencia = {"arquivo": "dict.pdf", "pagina": 1, "linha_ou_celula": linha.localizacao,
                  "dado_citado": "+5586970856011 | 464 38765757 | 562.267.819-63", "extrator_id": "teste"}
    assert _veredicto(tmp_path, referencia) == "VERIFICADO"
    errada = {**referencia, "dado_citado": "+5586970856011 | 464 38765758 | 562.267.819-63"}
    assert _veredicto(tmp_path, errada) != "VERIFICADO"


def test_porta_na_linha_de_baixo_do_registro_da_tabela(tmp_path: Path) -> None:
    """Variantes (semente 324): "Sesión Evento IP epoch (ms)" em colunas, e "Puerto: 11769" sozinho na linha de
    baixo de cada registro de IPv4 (o de IPv6 não tem). A porta não chegava ao IP: convergência `moderado`, "sem
    porta de origem". Armadilha: o registro sem linha de porta não herda a do vizinho."""
    caminho = tmp_path / "provedor.pdf"
    folha = canvas.Canvas(str(caminho), pagesize=A4)
    folha.setFont("Helvetica", 9)
    y = 800
    folha.drawString(40, y, "Registros de conexión (IP) - horarios en UTC")
    linhas = [("Sesión", "Evento", "IP", "epoch (ms)"),
              ("50bb807a08", "Inicio de sesión", "179.54.52.204", "1713886764216"), "Puerto: 11769",
              ("2e63369f90", "Mensaje enviado", "2804:2c30:f0cc:78e3::5877:7cad", "1713743674133"),
              ("a3533ca6f6", "Inicio de sesión", "152.51.254.207", "1713919375084"), "Puerto: 4021"]
    for linha in linhas:
        y -= 14
        if isinstance(linha, str):
            folha.drawString(40, y, linha)
            continue
        for x, texto in zip((40, 120, 220, 420), linha, strict=True):
            folha.drawString(x, y, texto)
    folha.save()
    documento = ler_pdf(caminho, "provedor.pdf")
    ips = {d["dado"]: d["metadados"] for d in escolher(documento).extrair(documento).dados if d["tipo_dado"] == "ip"}
    assert {ip: m.get("porta") for ip, m in ips.items()} == {
        "179.54.52.204": "11769", "2804:2c30:f0cc:78e3::5877:7cad": None, "152.51.254.207": "4021"}
    [apoio] = [a for a in ips["179.54.52.204"]["apoio"] if a["papel"] == "porta"]
    assert (apoio["linha_ou_celula"], apoio["dado"]) == ("linha 4", "11769")


def test_grade_com_texto_passando_da_borda_cede_as_colunas(tmp_path: Path) -> None:
    """Variantes (semente 472): extrato com grade cujo identificador (um UUID) passa da borda da última célula. A
    grade recusava essas linhas (texto corrido por cima das bordas) e só as de compra, de identificador curto,
    ganhavam células: os créditos em centavos não viravam valor (sem materialidade, vínculo nem conta de passagem).
    As colunas pelos pedaços leem todas as linhas, e leem as que a grade leu: valem elas."""
    cabecalho = ("Data", "Lançamento", "Favorecido/Pagador", "Valor (centavos)", "Natureza", "Saldo", "Nº documento")
    linhas = [("30/08/22", "Pix recebido - 15:35:21", "Larissa Rocha Serafim", "18000", "C", "18000",
               "aca75a63-17ca-4210-b505-cd6fc3dad2cf"),
              ("07/09/22", "Pix recebido - 18:13:43", "Rodrigo Emerson Medeiros", "157990", "C", "175990",
               "d73dfba8-ac9f-43ee-abca-4d81c1c76bec"),
              ("08/09/22", "COMPRA DEBITO", "LOJA ELETRO CENTER", "14124", "D", "161866", "5597CDCF61C4"),
              ("10/09/22", "Pix enviado - 15:26:10", "Valter Dias Paiva", "121000", "D", "40866",
               "9e9d6826-0638-498b-aca9-f0609aaad892")]
    x = [40, 90, 190, 300, 380, 430, 480, 560]
    folha = canvas.Canvas(str(tmp_path / "extrato.pdf"), pagesize=A4)
    folha.setFont("Helvetica", 8)
    folha.drawString(40, 800, "BANCO EXEMPLO S.A. - Extrato da conta - Período: 30/08/2022 a 23/09/2022")
    topo = 780
    for i, celulas in enumerate([cabecalho, *linhas]):
        y = topo - 16 * i
        for xi, texto in zip(x, celulas, strict=False):
            folha.drawString(xi + 2, y - 11, texto)
    for i in range(len(linhas) + 2):
        folha.line(x[0], topo - 16 * i, x[-1], topo - 16 * i)
    for xi in x:
        folha.line(xi, topo, xi, topo - 16 * (len(linhas) + 1))
    folha.save()
    documento = ler_pdf(tmp_path / "extrato.pdf", "extrato.pdf")
    assert sum(1 for t in documento.trechos if t.celulas) == len(linhas) + 1
    valores = {d["dado"]: d["metadados"]["valor"] for d in escolher(documento).extrair(documento).dados
               if d["campo"] == "valor_transacao"}
    assert valores == {"18000": "180.00", "157990": "1579.90", "14124": "-141.24", "121000": "-1210.00"}


def test_hora_da_coluna_compoe_o_instante_com_o_dia_do_cabecalho(tmp_path: Path) -> None:
    """Variantes (semente 453): a página 2 do extrato, em colunas ("Hora Descrição Nome ... Valor (R$) Saldo"), sob
    o cabeçalho do dia da página 1. O dia chegava às linhas, a hora da coluna "Hora" não: o repasse ficava sem
    instante, e o vínculo financeiro não dizia para onde o dinheiro foi."""
    folha = canvas.Canvas(str(tmp_path / "extrato.pdf"), pagesize=A4)
    folha.setFont("Helvetica", 9)
    folha.drawString(40, 800, "BANCO EXEMPLO S.A. - Extrato")
    folha.drawString(40, 784, "26 de novembro de 2016 - sábado")
    for y, celulas in ((768, ("Hora", "Descrição", "Nome", "Valor (R$)", "Saldo (R$)")),
                       (756, ("10:06:26", "PIX RECEBIDO", "LUCIA RAQUEL WERNECK", "1.919,90", "4.114,80")),
                       (744, ("10:14:48", "Pix enviado", "BARBOSA SERVICOS LTDA", "(1.750,00)", "2.364,80"))):
        for x, texto in zip((40, 100, 200, 360, 440), celulas, strict=True):
            folha.drawString(x, y, texto)
    folha.save()
    documento = ler_pdf(tmp_path / "extrato.pdf", "extrato.pdf")
    assert sum(1 for t in documento.trechos if t.celulas) == 3
    valores = [(d["metadados"].get("data"), d["metadados"].get("hora"))
               for d in escolher(documento).extrair(documento).dados if d["campo"] == "valor_transacao"]
    assert valores == [("26 de novembro de 2016", "10:06:26"), ("26 de novembro de 2016", "10:14:48")]
