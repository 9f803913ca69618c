"""Localização exata (página/linha, linha física, célula) em arquivos construídos aqui.

Cada arquivo é gerado em tmp_path com conteúdo conhecido, de modo que a
localização esperada sai da construção do arquivo e não da saída do leitor.
Contrato: README, seção "Localizações".
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
import zipfile
from pathlib import Path

import openpyxl
import pytest
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from perito.leitura.leitor import ler_documento
from perito.leitura.pdf import ler_pdf
from perito.leitura.planilha import ler_xlsx
from perito.leitura.tabela_csv import ler_csv
from perito.leitura.texto import ler_texto

# ---------------------------------------------------------------------------
# PDF
# ---------------------------------------------------------------------------

#: Conteúdo por página; "" é uma linha em branco (posição vertical sem texto),
#: que a reconstrução canônica descarta.
PAGINAS = [
    ["Relatório de acessos", "Usuário: joão.silva", "", "IP: 187.34.56.78"],
    [
        "Página dois",
        "Data: 15/03/2025 11:34:02 BRT",
        "IP Origem: 187.34.56.78:51234",
        "Valor: R$ 3.500,00",
    ],
    ["Terceira página: sem mais dados relevantes neste ofício"],
]


def gerar_pdf(destino: Path, paginas: list[list[str]], passo: float = 20.0) -> Path:
    """PDF determinístico (invariant=1); cada string numa altura própria.

    As linhas são desenhadas de baixo para cima, para que a ordem de desenho
    não coincida com a ordem de leitura esperada (de cima para baixo).
    """
    c = canvas.Canvas(str(destino), pagesize=A4, invariant=1)
    for linhas in paginas:
        c.setFont("Helvetica", 11)
        for i in reversed(range(len(linhas))):
            if linhas[i]:
                c.drawString(72, 800 - passo * i, linhas[i])
        c.showPage()
    c.save()
    return destino


def _esperado_por_pagina(paginas: list[list[str]]) -> dict[tuple[int, str], str]:
    esperado = {}
    for numero, linhas in enumerate(paginas, start=1):
        for indice, texto in enumerate([l for l in linhas if l], start=1):
            esperado[(numero, f"linha {indice}")] = texto
    return esperado


@pytest.fixture
def pdf_tres_paginas(tmp_path: Path) -> Path:
    return gerar_pdf(tmp_path / "relatorio.pdf", PAGINAS)


def test_pdf_pagina_2_linha_3(pdf_tres_paginas: Path) -> None:
    doc = ler_pdf(pdf_tres_paginas, "relatorio.pdf", usar_ocr=False)
    assert doc.erro is None
    assert doc.total_paginas == 3
    trecho = doc.trecho(2, "linha 3")
    assert trecho is not None
    assert trecho.texto == "IP Origem: 187.34.56.78:51234"
    assert trecho.pagina == 2
    assert trecho.metodo == "pypdfium2"


def test_pdf_todas_as_linhas_nas_localizacoes_esperadas(pdf_tres_paginas: Path) -> None:
    doc = ler_pdf(pdf_tres_paginas, "relatorio.pdf", usar_ocr=False)
    obtido = {(t.pagina, t.localizacao): t.texto for t in doc.trechos}
    assert obtido == _esperado_por_pagina(PAGINAS)


def test_pdf_linha_em_branco_nao_conta(pdf_tres_paginas: Path) -> None:
    # Página 1: a 3ª posição vertical está vazia; "IP: ..." é a 3ª linha canônica.
    doc = ler_pdf(pdf_tres_paginas, "relatorio.pdf", usar_ocr=False)
    assert doc.trecho(1, "linha 3").texto == "IP: 187.34.56.78"
    assert doc.trecho(1, "linha 4") is None


def test_pdf_paginas_sao_1_based(pdf_tres_paginas: Path) -> None:
    doc = ler_pdf(pdf_tres_paginas, "relatorio.pdf", usar_ocr=False)
    assert {t.pagina for t in doc.trechos} == {1, 2, 3}
    assert doc.trecho(0, "linha 1") is None
    assert doc.trecho(4, "linha 1") is None
    assert doc.trecho(1, "linha 1").texto == "Relatório de acessos"
    assert doc.trecho(3, "linha 1").texto == PAGINAS[2][0]
    assert [t.texto for t in doc.trechos_da_pagina(2)] == PAGINAS[1]


def test_pdf_texto_em_nfc(pdf_tres_paginas: Path) -> None:
    doc = ler_pdf(pdf_tres_paginas, "relatorio.pdf", usar_ocr=False)
    for trecho in doc.trechos:
        assert unicodedata.is_normalized("NFC", trecho.texto), trecho
    assert doc.trecho(1, "linha 2").texto == unicodedata.normalize("NFC", "Usuário: joão.silva")


def test_pdf_pagina_com_texto_nao_vai_para_ocr(pdf_tres_paginas: Path) -> None:
    # Com OCR habilitado (padrão), páginas nativas continuam lidas pela camada de texto do PDFium.
    doc = ler_documento(pdf_tres_paginas, "sub/relatorio.pdf", "pdf")
    assert doc.arquivo == "sub/relatorio.pdf"
    assert doc.metodo_extracao == "pypdfium2"
    assert doc.confianca_ocr == {}
    assert doc.trecho(2, "linha 3").texto == "IP Origem: 187.34.56.78:51234"


def test_pdf_fragmentos_na_mesma_altura_formam_uma_linha(tmp_path: Path) -> None:
    destino = tmp_path / "colunas.pdf"
    c = canvas.Canvas(str(destino), pagesize=A4, invariant=1)
    c.setFont("Helvetica", 11)
    c.drawString(72, 800, "Cabeçalho")
    c.drawString(300, 780, "187.34.56.78")  # desenhado antes, mais à direita
    c.drawString(72, 780, "IP:")
    c.drawString(72, 760, "Fim")
    c.showPage()
    c.save()
    doc = ler_pdf(destino, "colunas.pdf", usar_ocr=False)
    assert [t.texto for t in doc.trechos] == ["Cabeçalho", "IP: 187.34.56.78", "Fim"]
    assert doc.trecho(1, "linha 2").texto == "IP: 187.34.56.78"


def test_pdf_pagina_vazia_nao_desloca_a_numeracao(tmp_path: Path) -> None:
    destino = gerar_pdf(tmp_path / "vazia.pdf", [[], ["Primeira linha da página 2", "Segunda"]])
    doc = ler_pdf(destino, "vazia.pdf", usar_ocr=False)
    assert doc.total_paginas == 2
    assert doc.trechos_da_pagina(1) == []
    assert doc.trecho(2, "linha 1").texto == "Primeira linha da página 2"
    assert doc.trecho(2, "linha 2").texto == "Segunda"
    assert doc.trecho(1, "linha 1") is None


def test_pdf_mesma_entrada_mesma_saida(pdf_tres_paginas: Path) -> None:
    a = ler_pdf(pdf_tres_paginas, "relatorio.pdf", usar_ocr=False)
    b = ler_pdf(pdf_tres_paginas, "relatorio.pdf", usar_ocr=False)
    assert a.trechos == b.trechos


def test_pdf_ilegivel_vira_erro_sem_excecao(tmp_path: Path) -> None:
    lixo = tmp_path / "lixo.pdf"
    lixo.write_bytes(b"%PDF-1.4\n" + bytes(range(256)) * 4)
    doc = ler_documento(lixo, "lixo.pdf", "pdf")
    assert doc.trechos == []
    assert doc.erro or doc.paginas_com_falha


# ---------------------------------------------------------------------------
# TXT
# ---------------------------------------------------------------------------


def test_txt_linhas_fisicas_contam_as_vazias(tmp_path: Path) -> None:
    arq = tmp_path / "log.txt"
    arq.write_bytes(b"primeira\n\n\nquarta\r\nquinta\n   \n   recuada\nsem fim")
    doc = ler_texto(arq, "log.txt")
    assert doc.trecho(None, "linha 1").texto == "primeira"
    assert doc.trecho(None, "linha 2") is None  # vazia: contada, mas sem trecho
    assert doc.trecho(None, "linha 3") is None
    assert doc.trecho(None, "linha 4").texto == "quarta"  # depois de duas vazias
    assert doc.trecho(None, "linha 5").texto == "quinta"  # CRLF anterior contou uma vez só
    assert doc.trecho(None, "linha 6") is None  # só espaços
    assert doc.trecho(None, "linha 7").texto == "   recuada"  # texto literal, espaços preservados
    assert doc.trecho(None, "linha 8").texto == "sem fim"  # última linha sem terminador
    assert [t.localizacao for t in doc.trechos] == ["linha 1", "linha 4", "linha 5", "linha 7", "linha 8"]
    assert all(t.pagina is None and t.metodo == "texto" for t in doc.trechos)


def test_txt_terminador_cr_isolado(tmp_path: Path) -> None:
    arq = tmp_path / "mac.txt"
    arq.write_bytes(b"um\rdois\r\rquatro\r")
    doc = ler_texto(arq, "mac.txt")
    assert {t.localizacao: t.texto for t in doc.trechos} == {"linha 1": "um", "linha 2": "dois", "linha 4": "quatro"}


def test_txt_cp1252(tmp_path: Path) -> None:
    arq = tmp_path / "oficio.txt"
    arq.write_bytes("Ofício nº 123 – Delegacia de Repressão\n\nAtenção: dados sigilosos\n".encode("cp1252"))
    doc = ler_texto(arq, "oficio.txt")
    assert doc.codificacao == "cp1252"
    assert doc.trecho(None, "linha 1").texto == "Ofício nº 123 – Delegacia de Repressão"
    assert doc.trecho(None, "linha 3").texto == "Atenção: dados sigilosos"


def test_txt_utf8_decomposto_vira_nfc(tmp_path: Path) -> None:
    arq = tmp_path / "nfd.txt"
    arq.write_bytes(unicodedata.normalize("NFD", "João Conceição\n").encode("utf-8"))
    doc = ler_texto(arq, "nfd.txt")
    assert doc.trecho(None, "linha 1").texto == unicodedata.normalize("NFC", "João Conceição")


# ---------------------------------------------------------------------------
# CSV
# ---------------------------------------------------------------------------


def _csv(tmp_path: Path, nome: str, dados: bytes):
    arq = tmp_path / nome
    arq.write_bytes(dados)
    return ler_csv(arq, nome)


def test_csv_campo_com_quebra_de_linha_desloca_o_registro_seguinte(tmp_path: Path) -> None:
    dados = b'id;obs;ip\n1;"linha um\nlinha dois";187.34.56.78\n2;ok;10.0.0.1\n'
    doc = _csv(tmp_path, "acessos.csv", dados)
    assert doc.delimitador == ";"
    assert [t.localizacao for t in doc.trechos] == ["linha 1", "linha 2", "linha 4"]
    cabecalho, primeiro, segundo = doc.trechos
    assert cabecalho.celulas == ("id", "obs", "ip")
    assert primeiro.celulas == ("1", "linha um\nlinha dois", "187.34.56.78")
    # o texto é o das linhas físicas que o registro ocupa, sem o último terminador
    assert primeiro.texto == '1;"linha um\nlinha dois";187.34.56.78'
    assert doc.trecho(None, "linha 4").celulas == ("2", "ok", "10.0.0.1")
    assert doc.trecho(None, "linha 3") is None  # continuação do registro 1


def test_csv_crlf_com_quebra_crlf_entre_aspas_e_linha_vazia(tmp_path: Path) -> None:
    dados = b'a,b\r\n"x\r\ny\r\nz",1\r\n\r\n2,3\r\n'
    doc = _csv(tmp_path, "crlf.csv", dados)
    # linha 1 cabeçalho; registro "x..." ocupa 2-4; linha 5 vazia; "2,3" na linha 6
    assert [t.localizacao for t in doc.trechos] == ["linha 1", "linha 2", "linha 6"]
    assert doc.trecho(None, "linha 2").celulas == ("x\r\ny\r\nz", "1")
    assert doc.trecho(None, "linha 6").texto == "2,3"


def test_csv_cp1252_ponto_e_virgula_crlf(tmp_path: Path) -> None:
    texto = (
        "Data;Descrição;Valor\r\n"
        "15/03/2025;Transferência PIX;R$ 3.500,00\r\n"
        "16/03/2025;Saque – caixa eletrônico;-1.234,56\r\n"
    )
    doc = _csv(tmp_path, "extrato.csv", texto.encode("cp1252"))
    assert doc.codificacao == "cp1252"
    assert doc.delimitador == ";"
    assert doc.trecho(None, "linha 1").celulas == ("Data", "Descrição", "Valor")
    assert doc.trecho(None, "linha 2").celulas == ("15/03/2025", "Transferência PIX", "R$ 3.500,00")
    # 0x96 é travessão em cp1252 (em latin-1 seria um caractere de controle)
    assert doc.trecho(None, "linha 3").texto == "16/03/2025;Saque – caixa eletrônico;-1.234,56"
    assert doc.trecho(None, "linha 3").celulas[2] == "-1.234,56"


def test_csv_utf8_com_bom(tmp_path: Path) -> None:
    doc = _csv(tmp_path, "bom.csv", "\ufeffnome;cidade\nJoão;São Paulo\n".encode("utf-8"))
    assert doc.codificacao in {"utf-8-sig", "utf_8_sig"}
    cab = doc.trecho(None, "linha 1")
    assert cab.celulas == ("nome", "cidade")  # sem U+FEFF grudado no primeiro campo
    assert cab.texto == "nome;cidade"
    assert doc.trecho(None, "linha 2").celulas == ("João", "São Paulo")


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-be"])
def test_csv_utf16_com_bom(tmp_path: Path, codec: str) -> None:
    bruto = "nome;cidade\r\nJoão;São Paulo\r\nAçaí;Belém\r\n".encode(codec)
    if codec == "utf-16-be":
        bruto = b"\xfe\xff" + bruto
    doc = _csv(tmp_path, "u16.csv", bruto)
    assert doc.codificacao.replace("_", "-").startswith("utf-16")
    assert doc.delimitador == ";"
    assert doc.trecho(None, "linha 2").celulas == ("João", "São Paulo")
    assert doc.trecho(None, "linha 3").texto == "Açaí;Belém"


def test_csv_tabulacao(tmp_path: Path) -> None:
    dados = b"ip\tporta\tdata\n187.34.56.78\t51234\t2025-03-15\n10.0.0.1\t443\t2025-03-16\n"
    doc = _csv(tmp_path, "acessos.tsv", dados)
    assert doc.delimitador == "\t"
    assert doc.trecho(None, "linha 2").celulas == ("187.34.56.78", "51234", "2025-03-15")
    assert doc.trecho(None, "linha 3").texto == "10.0.0.1\t443\t2025-03-16"


def test_csv_virgula_com_campos_entre_aspas(tmp_path: Path) -> None:
    dados = 'nome,endereco,valor\n"Silva, João","Rua A, 10","3.500,00"\n'.encode()
    doc = _csv(tmp_path, "v.csv", dados)
    assert doc.delimitador == ","
    assert doc.trecho(None, "linha 2").celulas == ("Silva, João", "Rua A, 10", "3.500,00")


def test_csv_ponto_e_virgula_com_decimais_e_cabecalho(tmp_path: Path) -> None:
    dados = b"Data;Valor;Saldo\n15/03/2025;3.500,00;10.000,00\n16/03/2025;1.200,00;8.800,00\n"
    doc = _csv(tmp_path, "saldo.csv", dados)
    assert doc.delimitador == ";"
    assert doc.trecho(None, "linha 2").celulas == ("15/03/2025", "3.500,00", "10.000,00")


def test_csv_ponto_e_virgula_sem_cabecalho_com_decimais(tmp_path: Path) -> None:
    dados = b"15/03/2025;3.500,00;10.000,00\n16/03/2025;1.200,00;8.800,00\n17/03/2025;100,00;8.700,00\n"
    doc = _csv(tmp_path, "sem_cabecalho.csv", dados)
    assert doc.delimitador == ";"
    assert doc.trecho(None, "linha 1").celulas == ("15/03/2025", "3.500,00", "10.000,00")


def test_csv_aspas_sem_fechamento_gera_alerta(tmp_path: Path) -> None:
    doc = _csv(tmp_path, "quebrado.csv", b'a,b\n1,"abc\n2,3\n4,5\n')
    assert doc.alertas, "CSV malformado (aspas abertas até o fim) deveria gerar alerta"


def test_csv_vazio_nao_quebra(tmp_path: Path) -> None:
    doc = _csv(tmp_path, "vazio.csv", b"")
    assert doc.erro is None
    assert doc.trechos == []


def test_csv_linhas_em_branco_contam(tmp_path: Path) -> None:
    doc = _csv(tmp_path, "b.csv", b"a;b\n\n1;2\n\n\n3;4\n")
    assert {t.localizacao: t.celulas for t in doc.trechos} == {
        "linha 1": ("a", "b"),
        "linha 3": ("1", "2"),
        "linha 6": ("3", "4"),
    }


# ---------------------------------------------------------------------------
# XLSX
# ---------------------------------------------------------------------------


def _reescrever_xml(arquivo: Path, membro: str, trocar) -> None:
    """Reescreve um membro do ZIP (para injetar fórmulas com valor em cache)."""
    with zipfile.ZipFile(arquivo) as z:
        conteudo = {n: z.read(n) for n in z.namelist()}
    conteudo[membro] = trocar(conteudo[membro].decode("utf-8")).encode("utf-8")
    with zipfile.ZipFile(arquivo, "w", zipfile.ZIP_DEFLATED) as z:
        for nome, dados in conteudo.items():
            z.writestr(nome, dados)


@pytest.fixture
def planilha(tmp_path: Path) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Extrato"
    ws["A1"] = "Data"
    ws["B1"] = "Valor"
    ws["A2"] = dt.datetime(2025, 3, 15, 14, 32, 17)
    ws["B2"] = 3.0
    ws["A3"] = dt.date(2025, 3, 16)
    ws["B3"] = 3500.5
    ws["C3"] = "#DIV/0!"  # vira célula de erro (t="e"); a fórmula é injetada abaixo
    ws["D1"] = "ABC_x000D_\nDEF"  # como o Excel grava "ABC\r\nDEF"
    ws["E1"] = True
    ws["E2"] = "   "  # só espaços: não é dado
    ws["E3"] = 12345678909
    ws["E5"] = dt.timedelta(hours=30, minutes=5, seconds=7)
    ws["F2"] = 0  # recebe fórmula com valor em cache abaixo
    ws["B7"] = "PIX 187.34.56.78"
    ws2 = wb.create_sheet("Acessos")
    ws2["A1"] = -0.25
    ws2["B7"] = "2804:14c::1"
    destino = tmp_path / "planilha.xlsx"
    wb.save(destino)

    def injetar(xml: str) -> str:
        xml, n1 = re.subn(r'<c r="C3" t="e"><v>#DIV/0!</v></c>', '<c r="C3" t="e"><f>1/0</f><v>#DIV/0!</v></c>', xml)
        xml, n2 = re.subn(r'<c r="F2" t="n"><v>0</v></c>', '<c r="F2"><f>B2*2</f><v>6</v></c>', xml)
        # o openpyxl grava 3.0 como "3" (e relê int); o Excel pode gravar "3.0" ou notação
        # científica, que o openpyxl relê como float: é esse o caminho que interessa
        xml, n3 = re.subn(r'<c r="B2" t="n"><v>3</v></c>', '<c r="B2" t="n"><v>3.0</v></c>', xml)
        xml, n4 = re.subn(
            r'<c r="E3" t="n"><v>12345678909</v></c>', '<c r="E3" t="n"><v>1.2345678909E10</v></c>', xml
        )
        assert (n1, n2, n3, n4) == (1, 1, 1, 1), "o XML gerado pelo openpyxl mudou; ajuste o teste"
        return xml

    _reescrever_xml(destino, "xl/worksheets/sheet1.xml", injetar)
    return destino


def test_xlsx_celula_b7_com_aba(planilha: Path) -> None:
    doc = ler_xlsx(planilha, "planilha.xlsx")
    assert doc.erro is None
    assert doc.abas == ["Extrato", "Acessos"]
    b7 = doc.trecho(None, "celula B7", "Extrato")
    assert b7 is not None and b7.texto == "PIX 187.34.56.78"
    assert (b7.aba, b7.linha_tabela, b7.coluna, b7.pagina) == ("Extrato", 7, "B", None)
    assert doc.trecho(None, "celula B7", "Acessos").texto == "2804:14c::1"
    assert doc.trecho(None, "celula B7") is None  # sem aba a célula é ambígua


def test_xlsx_datas_formatadas(planilha: Path) -> None:
    doc = ler_xlsx(planilha, "planilha.xlsx")
    assert doc.trecho(None, "celula A2", "Extrato").texto == "2025-03-15 14:32:17"
    assert doc.trecho(None, "celula A3", "Extrato").texto == "2025-03-16"
    assert doc.trecho(None, "celula E5", "Extrato").texto == "30:05:07"


def test_xlsx_numeros(planilha: Path) -> None:
    bruto = openpyxl.load_workbook(planilha, data_only=True)["Extrato"]
    assert isinstance(bruto["B2"].value, float) and isinstance(bruto["E3"].value, float)
    doc = ler_xlsx(planilha, "planilha.xlsx")
    assert doc.trecho(None, "celula B2", "Extrato").texto == "3"  # 3.0 → "3"
    assert doc.trecho(None, "celula B3", "Extrato").texto == "3500,5"  # formato Geral, como o Excel em pt-BR
    assert doc.trecho(None, "celula E3", "Extrato").texto == "12345678909"
    assert doc.trecho(None, "celula A1", "Acessos").texto == "-0,25"
    assert doc.trecho(None, "celula E1", "Extrato").texto == "VERDADEIRO"


def test_xlsx_formula_usa_valor_em_cache(planilha: Path) -> None:
    doc = ler_xlsx(planilha, "planilha.xlsx")
    f2 = doc.trecho(None, "celula F2", "Extrato")
    assert f2.texto == "6"
    assert not f2.erro_celula


def test_xlsx_celula_de_erro_marcada(planilha: Path) -> None:
    doc = ler_xlsx(planilha, "planilha.xlsx")
    c3 = doc.trecho(None, "celula C3", "Extrato")
    assert c3.texto == "#DIV/0!"
    assert c3.erro_celula is True
    assert [t.localizacao for t in doc.trechos if t.erro_celula] == ["celula C3"]


def test_xlsx_escape_x000d_desfeito(planilha: Path) -> None:
    doc = ler_xlsx(planilha, "planilha.xlsx")
    assert doc.trecho(None, "celula D1", "Extrato").texto == "ABC\r\nDEF"


def test_xlsx_celula_so_com_espacos_nao_e_trecho(planilha: Path) -> None:
    doc = ler_xlsx(planilha, "planilha.xlsx")
    assert doc.trecho(None, "celula E2", "Extrato") is None
    assert doc.trecho(None, "celula A7", "Extrato") is None  # nunca escrita


def test_xlsx_corrompido_vira_erro(tmp_path: Path) -> None:
    arq = tmp_path / "ruim.xlsx"
    arq.write_bytes(b"PK\x03\x04" + b"\x00" * 200)
    doc = ler_documento(arq, "ruim.xlsx", "xlsx")
    assert doc.erro and "XLSX" in doc.erro
    assert doc.trechos == []
