"""Resposta de operadora em PDF sem réguas: cadastro com endereço que quebra em linhas e bilhetagem com IMEISV
numa coluna "Device IMEI"; e log de provedor em duas páginas com o fuso dito uma vez, no preâmbulo.

Antes (variantes, semente 54): o nome e o CPF do assinante sumiam (o resto do endereço, "Tavares, 524 - Caxias",
tem dígitos e não era tomado como continuação da célula); a linha de cabeçalho "Subscriber Document Billing
Address ..." virava o nome do assinante; o IMEISV de 16 dígitos sem rótulo na linha não era lido; na página 2 o
fuso do preâmbulo (dito depois da data de criação da conta) não valia, e o dia de "8 de maio" virava a porta.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Table, TableStyle

from perito.extratores.registro import escolher
from perito.leitura.leitor import ler_documento

_ASSINANTES = [
    ["+5521987650011", "MARINA COUTO REIS", "52998224725", "Rua Doutor Satamini Pereira, 118 - Rio de Janeiro/RJ",
     "12/01/2021", "CONTROLE"],
    ["+5521976540022", "OTAVIO LINS PORTO", "11144477735", "Avenida Atlântica, 2040 - Rio de Janeiro/RJ",
     "03/07/2022", "PÓS-PAGO"],
]
_CHAMADAS = [
    ["02/03/24 10:11:12", "VOZ-O", "+5521987650011", "+5521976540022", "120", "724-05-1001-2001", "3569360902112301"],
    ["02/03/24 11:12:13", "SMS-O", "+5521987650011", "+5521976540022", "0", "724-05-1001-2002", "3569360902112301"],
    ["03/03/24 09:01:02", "VOZ-T", "+5521976540022", "+5521987650011", "45", "724-05-1001-2003", "3569360902112301"],
]


def _operadora(caminho: Path) -> None:
    estilo = getSampleStyleSheet()["BodyText"]
    documento = SimpleDocTemplate(str(caminho), pagesize=landscape(A4))
    cadastro = Table([["Line", "Subscriber", "Document", "Billing Address", "Activation Date", "Plan Type"]]
                     + [[c if i != 3 else Paragraph(c, estilo) for i, c in enumerate(linha)] for linha in _ASSINANTES],
                     colWidths=[110, 170, 90, 120, 90, 80])
    cadastro.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")]))
    chamadas = Table([["Time", "Service", "Calling Number", "Called Number", "Duration", "Cell ID", "Device IMEI"]]
                     + _CHAMADAS, colWidths=[100, 50, 100, 100, 50, 110, 120])
    documento.build([Paragraph("OPERADORA EXEMPLO S.A. — Response to court order 1234/2024", estilo),
                     Paragraph("Subscribers", estilo), cadastro, Paragraph("Call detail records", estilo), chamadas,
                     Paragraph("* Times expressed in UTC-03:00", estilo)])


def _dados(caminho: Path) -> list[dict]:
    documento = ler_documento(caminho, caminho.name, "pdf")
    return escolher(documento).extrair(documento).dados


def test_assinante_com_endereco_quebrado_e_imeisv_na_coluna(tmp_path):
    _operadora(tmp_path / "operadora.pdf")
    dados = _dados(tmp_path / "operadora.pdf")
    nomes = {d["dado"]: d for d in dados if d["campo"] == "nome_titular"}
    assert set(nomes) == {"MARINA COUTO REIS", "OTAVIO LINS PORTO"}  # e nunca "Document Billing Address ..."
    cpfs = {d["metadados"]["digitos"]: d for d in dados if d["campo"] == "cpf"}
    # a mesma linha aparece também na bilhetagem: o que conta é que uma das ocorrências é do registro do assinante
    registros_da_linha: dict[str, set[str]] = {}
    for d in dados:
        if d["campo"] == "telefone":
            registros_da_linha.setdefault(d["metadados"]["e164"], set()).add(d["metadados"]["registro"])
    for telefone, nome, cpf, *_ in _ASSINANTES:  # linha, assinante e CPF no mesmo registro
        assert cpfs[cpf]["metadados"]["registro"] == nomes[nome]["metadados"]["registro"]
        assert nomes[nome]["metadados"]["registro"] in registros_da_linha[telefone]
    imeis = [d for d in dados if d["campo"] == "imei"]
    assert len(imeis) == len(_CHAMADAS)
    assert {d["metadados"]["imei_corpo"] for d in imeis} == {"35693609021123"}


def test_armadilha_numero_longo_sem_cabecalho_de_imei_nao_e_imei(tmp_path):
    """O mesmo número de 16 dígitos numa tabela cuja coluna não é de IMEI (um protocolo) fica de fora."""
    estilo = getSampleStyleSheet()["BodyText"]
    documento = SimpleDocTemplate(str(tmp_path / "p.pdf"), pagesize=landscape(A4))
    tabela = Table([["Time", "Service", "Calling Number", "Protocol"]]
                   + [[a, b, c, g] for a, b, c, _, _, _, g in _CHAMADAS], colWidths=[100, 60, 120, 140])
    documento.build([Paragraph("Protocolos de atendimento", estilo), tabela])
    assert [d for d in _dados(tmp_path / "p.pdf") if d["campo"] == "imei"] == []


def test_fuso_do_preambulo_vale_na_pagina_seguinte_e_o_dia_nao_e_porta(tmp_path):
    estilo = getSampleStyleSheet()["BodyText"]
    caminho = tmp_path / "provedor.pdf"
    documento = SimpleDocTemplate(str(caminho), pagesize=landscape(A4))
    cabecalho = ["src_ip", "Time", "Client Port", "Event"]
    pagina1 = Table([cabecalho, ["::ffff:187.10.20.30", "16 de maio de 2024, 14h08min57s", "33290", "Connection"],
                     ["::ffff:187.10.20.31", "15 de maio de 2024, 10h00min01s", "41001", "Sign-in"]],
                    colWidths=[160, 200, 80, 100])
    pagina2 = Table([cabecalho, ["::ffff:179.71.222.2", "8 de maio de 2024, 12h57min32s", "60275", "Sign-in"],
                     ["::ffff:177.93.164.16", "6 de maio de 2024, 21h28min38s", "23997", "Sign-in"]],
                    colWidths=[160, 200, 80, 100])
    documento.build([Paragraph("Provedor Exemplo Inc. — Law Enforcement Response", estilo),
                     Paragraph("Registered: 2024-01-31T22:28:25Z", estilo),
                     Paragraph("All times are shown in BRT.", estilo), pagina1, PageBreak(),
                     Paragraph("Provedor Exemplo Inc. (continuação)", estilo), pagina2])
    ips = {d["dado"]: d["metadados"] for d in _dados(caminho) if d["tipo_dado"] == "ip"}
    assert ips["179.71.222.2"]["porta"] == "60275" and ips["187.10.20.30"]["porta"] == "33290"
    assert ips["179.71.222.2"]["fuso"] == "BRT" and ips["179.71.222.2"]["instante_utc"] == "2024-05-08T15:57:32Z"


def test_armadilha_coluna_imei_acaba_no_cabecalho_da_tabela_seguinte(tmp_path):
    """Depois da bilhetagem com "Device IMEI", uma tabela de protocolos de atendimento com números de 16 dígitos:
    o cabeçalho novo encerra a coluna IMEI, e os protocolos não viram aparelhos."""
    from perito.leitura.texto import ler_texto

    linhas = ["Call detail records", "Time Service Calling Number Called Number Device IMEI",
              "02/03/24 10:11:12 VOZ-O +5521987650011 +5521976540022 3569360902112301",
              "Atendimentos", "Data Canal Telefone Protocolo",
              "05/03/24 CHAT +5521987650011 2024030512345678", "06/03/24 VOZ +5521987650011 2024030612345679"]
    (tmp_path / "operadora.txt").write_text("\n".join(linhas) + "\n", encoding="utf-8")
    documento = ler_texto(tmp_path / "operadora.txt", "operadora.txt")
    imeis = [d["dado"] for d in escolher(documento).extrair(documento).dados if d["campo"] == "imei"]
    assert imeis == ["3569360902112301"]
