"""Formatos novos de leitura: HTML, imagens (OCR), pacotes ZIP, Office 97-2003 e o PDF de reserva.

Cada teste escreve os próprios arquivos em tmp_path; os hostis (HTML de 200 MB, PNG de
30.000 x 30.000, bomba TIFF, bombas ZIP) passam pelo leitor isolado com memória limitada
e têm de terminar com um motivo claro, nunca com a morte do processo.
"""

from __future__ import annotations

import hashlib
import io
import struct
import sys
import zipfile
import zlib
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont

from perito.leitura.html_lxml import linhas_lxml
from perito.leitura.inventario import listar
from perito.leitura.isolamento import Limites, Tarefa, ler_isolados
from perito.leitura.leitor import ler_documento
from perito.leitura.pagina_html import ler_html, linhas_html
from perito.validador.agente import validar

DATA = "2025-03-20"
FONTE = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
LIMITES = Limites(segundos_por_arquivo=120, memoria_bytes=768 << 20, processos=1)

RECORDS = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>Records</title>
<style>td { color: red }</style><script>var x = "<p>187.0.0.1</p>";</script></head>
<body>
<div>Service<div>WhatsApp</div></div>
<p>Date Range 2024-07-01 00:00:00&nbsp;UTC to 2024-08-31 23:59:59 UTC</p>
<table><tr><th>Time</th><th>IP Address</th></tr>
<tr><td>2024-08-02 13:38:51 UTC</td><td>177.22.145.9:40022</td></tr>
<tr><td>2024-08-02 13:41:07 UTC</td><td>[2804:14c:65a1:4d01::1b]:51876</td></tr></table>
<p>Cafe\u0301 &amp; <b>Device</b><br>SM-G991B</p>
</body></html>"""


def _ler(caminho: Path, nome: str | None = None):
    (item,) = [a for a in listar(caminho.parent) if a.nome == (nome or caminho.name)]
    return ler_documento(item.caminho, item.nome, item.tipo, item.membro)


def _png_com_texto(linhas: list[str], formato: str = "PNG") -> bytes:
    if not FONTE.is_file():
        pytest.skip("fonte DejaVu Sans ausente")
    fonte = ImageFont.truetype(str(FONTE), 44)
    imagem = Image.new("L", (1400, 140 + 80 * len(linhas)), 255)
    desenho = ImageDraw.Draw(imagem)
    for i, linha in enumerate(linhas):
        desenho.text((80, 80 + 80 * i), linha, font=fonte, fill=0)
    saida = io.BytesIO()
    imagem.save(saida, format=formato)
    return saida.getvalue()


def _validar(caso: Path, ref: dict, hashes: dict | None = None) -> dict:
    conclusoes = {
        "conclusoes": [{"id": 1, "tipo": "outro", "afirmacao": "teste", "grau_confianca": "fraco",
                        "referencias": [{"extrator_id": "teste", **ref}], "validacao": None}],
        "caso_id": "t", "data_analise": DATA,
    }
    return validar(conclusoes, caso, DATA, hashes)["validacoes"][0]["detalhes"][0]


# -- HTML ----------------------------------------------------------------------------------


def test_html_linhas_canonicas_e_localizacao(tmp_path):
    (tmp_path / "records.html").write_text(RECORDS, encoding="utf-8")
    doc = _ler(tmp_path / "records.html")
    assert doc.erro is None and doc.tipo == "html"
    textos = [(t.localizacao, t.texto) for t in doc.trechos]
    assert textos == [
        ("linha 1", "Records"),
        ("linha 2", "Service"),
        ("linha 3", "WhatsApp"),
        ("linha 4", "Date Range 2024-07-01 00:00:00 UTC to 2024-08-31 23:59:59 UTC"),
        ("linha 5", "Time | IP Address"),
        ("linha 6", "2024-08-02 13:38:51 UTC | 177.22.145.9:40022"),
        ("linha 7", "2024-08-02 13:41:07 UTC | [2804:14c:65a1:4d01::1b]:51876"),
        ("linha 8", "Café & Device"),  # NFC, entidade convertida, inline não quebra
        ("linha 9", "SM-G991B"),  # <br> quebra
    ]
    linha = doc.trecho(None, "linha 6")
    assert linha.celulas == ("2024-08-02 13:38:51 UTC", "177.22.145.9:40022") and linha.tabela == "tabela 1"
    assert doc.trecho(None, "linha 4").celulas is None
    assert "187.0.0.1" not in doc.texto_completo  # script não tem texto


def test_html_segundo_parser_da_as_mesmas_linhas(tmp_path):
    bruto = RECORDS.encode("utf-8")
    principal, _ = linhas_html(bruto)
    assert linhas_lxml(bruto) == principal


@pytest.mark.parametrize(("html", "textos"), [
    # o rótulo e o valor de um modelo, colados (o CSS os afasta no navegador): um espaço entre eles
    (b"<div><span class='r'>CPF</span><span class='v'>52998224725</span></div>", ["CPF 52998224725"]),
    (b"<p><label>Nome</label><b>JOAO DA SILVA</b></p>", ["Nome JOAO DA SILVA"]),
    (b"<td><span>IP</span><span>177.45.10.2</span></td>", ["IP 177.45.10.2"]),
    # texto colado a um elemento continua junto; espaço que o documento já tem não se duplica
    (b"<p><b>J</b>OAO e <i>MARIA</i> <span>SILVA</span></p>", ["JOAO e MARIA SILVA"]),
    (b"<p><span>a</span><br><span>b</span></p>", ["a", "b"]),
])
def test_html_elementos_de_linha_colados_nao_grudam_rotulo_e_valor(html, textos):
    linhas, _ = linhas_html(html)
    assert [linha.texto for linha in linhas] == textos
    assert linhas_lxml(html) == linhas  # o validador relê do mesmo jeito


def test_html_tabela_dentro_de_celula_e_tabelas_numeradas():
    bruto = b"""<table><tr><th>Ip Addresses</th><td><table><tr><td>Time</td><td>IP</td></tr>
    <tr><td>2024-01-05 10:00:00 UTC</td><td>1.2.3.4:5</td></tr></table></td></tr>
    <tr><th>Device</th><td>SM-A546E</td></tr></table>"""
    linhas, _ = linhas_html(bruto)
    assert [(l.texto, l.tabela) for l in linhas] == [
        ("Ip Addresses", 1), ("Time | IP", 2), ("2024-01-05 10:00:00 UTC | 1.2.3.4:5", 2), ("Device | SM-A546E", 1),
    ]
    assert linhas_lxml(bruto) == linhas


def test_html_charset_declarado(tmp_path):
    (tmp_path / "resposta.htm").write_bytes("<html><meta charset='windows-1252'><p>JOSÉ</p></html>".encode("cp1252"))
    doc = _ler(tmp_path / "resposta.htm")
    assert doc.trecho(None, "linha 1").texto == "JOSÉ" and doc.codificacao == "cp1252"


def test_html_linha_de_5000_colunas(tmp_path):
    celulas = "".join(f"<td>{i}</td>" for i in range(5000))
    (tmp_path / "largo.html").write_text(f"<table><tr>{celulas}</tr></table>", encoding="utf-8")
    doc = _ler(tmp_path / "largo.html")
    assert len(doc.trechos) == 1 and len(doc.trechos[0].celulas) == 5000 and doc.trechos[0].celulas[-1] == "4999"


def test_html_de_200_mb_tem_desfecho_claro_com_memoria_limitada(tmp_path):
    caminho = tmp_path / "enorme.html"
    linha = b"<tr><td>2024-08-02 13:38:51 UTC</td><td>177.22.145.9:40022</td></tr>\n" * 16384
    with caminho.open("wb") as f:
        f.write(b"<!DOCTYPE html><html><body><table>\n")
        while f.tell() < 200 * (1 << 20):
            f.write(linha)
        f.write(b"</table></body></html>\n")
    (item,) = listar(tmp_path)
    assert item.tipo == "html"
    (doc,) = ler_isolados([Tarefa(item.caminho, item.nome, item.tipo)], LIMITES)
    assert doc.erro is not None and doc.erro.startswith("HTML de 20") and "excede o teto de 64 MiB" in doc.erro, doc.erro


# -- imagens -------------------------------------------------------------------------------


def test_png_lido_por_ocr_com_pagina_e_linha(tmp_path):
    (tmp_path / "print.png").write_bytes(_png_com_texto(["Chave Pix: carlos@example.com", "Valor: R$ 1.250,90"]))
    doc = _ler(tmp_path / "print.png")
    assert doc.erro is None and doc.tipo == "imagem" and doc.total_paginas == 1
    valor = next(t for t in doc.trechos if "1.250,90" in t.texto)
    assert (valor.pagina, valor.localizacao, valor.metodo) == (1, "linha 2", "ocr-tesseract")
    assert doc.confianca_ocr[1] > 50
    assert any("lida por OCR (confiança média" in a for a in doc.alertas)


def test_tiff_de_varias_paginas_cada_quadro_e_uma_pagina(tmp_path):
    quadros = [Image.open(io.BytesIO(_png_com_texto([texto]))) for texto in ("Primeira folha", "IP 187.34.56.78")]
    quadros[0].save(tmp_path / "fax.tif", save_all=True, append_images=quadros[1:], compression="tiff_deflate")
    doc = _ler(tmp_path / "fax.tif")
    assert doc.total_paginas == 2
    assert [t.texto for t in doc.trechos if t.pagina == 2] == ["IP 187.34.56.78"]
    assert doc.trecho(2, "linha 1").texto == "IP 187.34.56.78"


def _png_forjado(largura: int, altura: int) -> bytes:
    """Cabeçalho PNG válido declarando largura x altura, com um IDAT mínimo: nada de 900 Mpx no disco."""
    def bloco(tipo: bytes, dados: bytes) -> bytes:
        return struct.pack(">I", len(dados)) + tipo + dados + struct.pack(">I", zlib.crc32(tipo + dados))

    ihdr = struct.pack(">IIBBBBB", largura, altura, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + bloco(b"IHDR", ihdr) + bloco(b"IDAT", zlib.compress(b"\x00" * 64)) + bloco(b"IEND", b"")


def _tiff_forjado(largura: int, altura: int) -> bytes:
    """TIFF de uma faixa descomprimida que declara largura x altura (a bomba: o decodificador alocaria tudo)."""
    entradas = [(256, 4, largura), (257, 4, altura), (258, 3, 8), (259, 3, 1), (262, 3, 1),
                (273, 4, 8 + 2 + 12 * 9 + 4), (277, 3, 1), (278, 4, altura), (279, 4, 16)]
    ifd = struct.pack("<H", len(entradas)) + b"".join(
        struct.pack("<HHII", tag, tipo, 1, valor) if tipo == 4 else struct.pack("<HHIHH", tag, tipo, 1, valor, 0)
        for tag, tipo, valor in entradas
    ) + struct.pack("<I", 0)
    return b"II*\x00" + struct.pack("<I", 8) + ifd + b"\x00" * 16


@pytest.mark.parametrize("nome,conteudo", [
    ("gigante.png", _png_forjado(30_000, 30_000)),
    ("bomba.tif", _tiff_forjado(100_000, 100_000)),
    ("alto_demais.tif", _tiff_forjado(8_000, 6_000)),  # 48 Mpx: abaixo do limite do Pillow, acima do nosso
])
def test_imagem_gigante_nao_e_decodificada(tmp_path, nome, conteudo):
    (tmp_path / nome).write_bytes(conteudo)
    (item,) = listar(tmp_path)
    assert item.tipo == "imagem"
    (doc,) = ler_isolados([Tarefa(item.caminho, item.nome, item.tipo)], LIMITES)
    assert doc.erro is not None, doc
    assert "grande demais para OCR" in doc.erro or "excede o teto de 40.000.000 pixels" in doc.erro, doc.erro
    assert "sinal" not in doc.erro and "memória" not in doc.erro


# -- pacotes ZIP ---------------------------------------------------------------------------


def _pacote(destino: Path, membros: dict[str, bytes]) -> None:
    with zipfile.ZipFile(destino, "w", zipfile.ZIP_DEFLATED) as z:
        for nome, dados in membros.items():
            z.writestr(zipfile.ZipInfo(nome, date_time=(2024, 3, 2, 0, 0, 0)), dados, compress_type=zipfile.ZIP_DEFLATED)


def _zip_em_memoria(membros: dict[str, bytes]) -> bytes:
    saida = io.BytesIO()
    with zipfile.ZipFile(saida, "w", zipfile.ZIP_DEFLATED) as z:
        for nome, dados in membros.items():
            z.writestr(nome, dados)
    return saida.getvalue()


@pytest.fixture
def caso_pacote(tmp_path) -> Path:
    caso = tmp_path / "caso"
    caso.mkdir()
    interno = _zip_em_memoria({"mais_fundo.zip": _zip_em_memoria({"x.txt": b"IP 10.0.0.1\n"}), "log.txt": b"IP 189.40.88.201\n"})
    _pacote(caso / "pacote.zip", {
        "records.html": RECORDS.encode("utf-8"),
        "linked_media/print.png": _png_com_texto(["Valor: R$ 1.250,90"]),
        "linked_media/video.bin": bytes(range(256)) * 8,
        "antigo.doc": b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600,
        "bomba.txt": b"\x00" * (24 << 20),
        "export/interno.zip": interno,
    })
    return caso


def test_pacote_lista_membros_sem_extrair(caso_pacote):
    antes = sorted(p.name for p in caso_pacote.rglob("*"))
    itens = {a.nome: a for a in listar(caso_pacote)}
    assert sorted(p.name for p in caso_pacote.rglob("*")) == antes  # nada extraído para o disco
    assert itens["pacote.zip"].membros == 6 and itens["pacote.zip"].tipo is None
    assert itens["pacote.zip!/records.html"].tipo == "html"
    assert itens["pacote.zip!/linked_media/print.png"].tipo == "imagem"
    assert "binário de formato não reconhecido" in itens["pacote.zip!/linked_media/video.bin"].motivo_ignorado
    assert "Word 97-2003" in itens["pacote.zip!/antigo.doc"].motivo_ignorado
    assert "possível bomba ZIP" in itens["pacote.zip!/bomba.txt"].motivo_ignorado
    # um nível de pacote dentro do pacote é aberto; o seguinte não
    assert itens["pacote.zip!/export/interno.zip"].membros == 2
    assert itens["pacote.zip!/export/interno.zip!/log.txt"].tipo == "txt"
    assert "além de 2 níveis" in itens["pacote.zip!/export/interno.zip!/mais_fundo.zip"].motivo_ignorado
    membro = itens["pacote.zip!/records.html"]
    with zipfile.ZipFile(caso_pacote / "pacote.zip") as z:
        assert membro.sha256 == hashlib.sha256(z.read("records.html")).hexdigest()


def test_membros_lidos_com_localizacao_do_pacote(caso_pacote):
    itens = {a.nome: a for a in listar(caso_pacote)}
    html = ler_documento(caso_pacote / "pacote.zip", "pacote.zip!/records.html", "html", ("records.html",))
    assert html.arquivo == "pacote.zip!/records.html" and html.trecho(None, "linha 6").texto.endswith("177.22.145.9:40022")
    imagem = ler_documento(caso_pacote / "pacote.zip", "pacote.zip!/linked_media/print.png", "imagem",
                           itens["pacote.zip!/linked_media/print.png"].membro)
    assert any("1.250,90" in t.texto and t.pagina == 1 for t in imagem.trechos)
    fundo = itens["pacote.zip!/export/interno.zip!/log.txt"]
    doc = ler_documento(fundo.caminho, fundo.nome, fundo.tipo, fundo.membro)
    assert doc.trecho(None, "linha 1").texto == "IP 189.40.88.201"


def test_pacote_bomba_de_entradas_e_ignorado_inteiro(tmp_path):
    with zipfile.ZipFile(tmp_path / "muitos.zip", "w") as z:
        for i in range(10_001):
            z.writestr(f"f{i}.txt", b"")
    (item,) = listar(tmp_path)
    assert item.tipo is None and "10001 entradas" in item.motivo_ignorado and "bomba ZIP" in item.motivo_ignorado


def test_membro_ausente_ou_pacote_corrompido_da_motivo(caso_pacote):
    doc = ler_documento(caso_pacote / "pacote.zip", "pacote.zip!/nao_existe.html", "html", ("nao_existe.html",))
    assert doc.erro == "o membro 'nao_existe.html' não existe no pacote"


# -- validador: membro de pacote, HTML e imagem ---------------------------------------------


def _hashes(caso: Path) -> dict[str, str]:
    return {a.nome: a.sha256 for a in listar(caso) if a.sha256}


def test_validador_reabre_membro_de_pacote_e_linha_de_html(caso_pacote):
    ref = {"arquivo": "pacote.zip!/records.html", "pagina": None, "linha_ou_celula": "linha 6",
           "dado_citado": "177.22.145.9:40022 2024-08-02 13:38:51 UTC"}
    detalhe = _validar(caso_pacote, ref, _hashes(caso_pacote))
    assert detalhe["status"] == "VERIFICADO", detalhe
    assert detalhe["metodo_extracao"] == "html.parser+lxml"
    errado = _validar(caso_pacote, {**ref, "dado_citado": "177.22.145.99:40022"}, _hashes(caso_pacote))
    assert errado["status"] == "CONTRADITO"


def test_validador_membro_com_sha256_diferente_falha(caso_pacote):
    ref = {"arquivo": "pacote.zip!/records.html", "pagina": None, "linha_ou_celula": "linha 6",
           "dado_citado": "177.22.145.9:40022"}
    hashes = _hashes(caso_pacote)
    membro = _validar(caso_pacote, ref, {**hashes, "pacote.zip!/records.html": "0" * 64})
    assert membro["status"] == "EXTRACAO_FALHOU" and "o membro mudou desde a análise" in membro["observacao"]
    pacote = _validar(caso_pacote, ref, {**hashes, "pacote.zip": "0" * 64})
    assert pacote["status"] == "EXTRACAO_FALHOU" and "mudou desde a análise" in pacote["observacao"]


def test_validador_membro_imagem_por_pagina(caso_pacote):
    ref = {"arquivo": "pacote.zip!/linked_media/print.png", "pagina": 1, "linha_ou_celula": "linha 1",
           "dado_citado": "R$ 1.250,90"}
    detalhe = _validar(caso_pacote, ref, _hashes(caso_pacote))
    assert detalhe["status"] == "VERIFICADO", detalhe
    sem_pagina = _validar(caso_pacote, {**ref, "pagina": None}, _hashes(caso_pacote))
    assert sem_pagina["status"] == "EXTRACAO_FALHOU"


def test_validador_html_solto_com_sha256_diferente_falha(tmp_path):
    (tmp_path / "records.html").write_text(RECORDS, encoding="utf-8")
    ref = {"arquivo": "records.html", "pagina": None, "linha_ou_celula": "linha 7",
           "dado_citado": "[2804:14c:65a1:4d01::1b]:51876 2024-08-02 13:41:07 UTC"}
    assert _validar(tmp_path, ref, _hashes(tmp_path))["status"] == "VERIFICADO"
    assert _validar(tmp_path, ref, {"records.html": "f" * 64})["status"] == "EXTRACAO_FALHOU"


# -- Office 97-2003 e PDF de reserva -------------------------------------------------------


@pytest.mark.parametrize("nome,trecho", [
    ("peticao.doc", "documento do Word 97-2003 (.doc): converta para .docx ou PDF"),
    ("sem_extensao", "Office 97-2003"),
])  # a .xls é lida (tests/test_xls.py); corrompida, a leitura diz o motivo
def test_office_legado_diz_o_que_fazer(tmp_path, nome, trecho):
    (tmp_path / nome).write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 4096)
    (item,) = listar(tmp_path)
    assert item.tipo is None and trecho in item.motivo_ignorado
    assert "binário" not in item.motivo_ignorado


def _pdf_texto(texto: str = "Access IP: 187.34.56.78 at 2025-03-15 14:32:17 UTC") -> bytes:
    from reportlab.pdfgen import canvas

    saida = io.BytesIO()
    c = canvas.Canvas(saida, invariant=1)
    c.drawString(72, 700, texto)
    c.showPage()
    c.save()
    return saida.getvalue()


def _pdf_que_o_pdfminer_recusa() -> bytes:
    """Trailer com /Encrypt para um objeto que não existe: o pdfminer desiste, o PDFium ignora a entrada."""
    return _pdf_texto().replace(b"trailer\n<<", b"trailer\n<< /Encrypt 77 0 R", 1)


def test_pdf_que_so_o_pdfium_abre_e_lido_e_validado_sem_segunda_leitura(tmp_path):
    """O PDFium (leitura canônica) lê o que o pdfminer recusa; o validador diz que não houve segunda leitura."""
    (tmp_path / "danificado.pdf").write_bytes(_pdf_que_o_pdfminer_recusa())
    doc = _ler(tmp_path / "danificado.pdf")
    assert doc.erro is None and doc.metodo_extracao == "pypdfium2" and doc.alertas == []
    assert doc.trecho(1, "linha 1").texto == "Access IP: 187.34.56.78 at 2025-03-15 14:32:17 UTC"
    ref = {"arquivo": "danificado.pdf", "pagina": 1, "linha_ou_celula": "linha 1", "dado_citado": "187.34.56.78 14:32:17 UTC"}
    detalhe = _validar(tmp_path, ref, _hashes(tmp_path))
    assert (detalhe["status"], detalhe["metodo_extracao"]) == ("VERIFICADO", "pypdfium2"), detalhe
    assert "sem segunda leitura do PDF: pdfplumber não leu o arquivo" in detalhe["observacao"]


def test_pdf_que_so_o_pdfplumber_abre_e_lido_pela_reserva(tmp_path):
    """Sem a linha de cabeçalho %PDF- o PDFium recusa o arquivo (erro de formato); o pdfminer lê pelo xref."""
    from perito.leitura.pdf import ler_pdf

    inteiro = _pdf_texto()
    sem_cabecalho = inteiro[inteiro.index(b"\n") + 1 :]
    doc = ler_pdf(sem_cabecalho, "sem_cabecalho.pdf")
    assert doc.erro is None and doc.metodo_extracao == "pdfplumber" and doc.total_paginas == 1
    assert doc.trecho(1, "linha 1") == doc.trechos[0]
    assert (doc.trechos[0].texto, doc.trechos[0].metodo) == ("Access IP: 187.34.56.78 at 2025-03-15 14:32:17 UTC", "pdfplumber")
    assert doc.alertas == [
        "sem_cabecalho.pdf: o PDFium não abriu o PDF (estrutura que ele recusa); lido pelo leitor de reserva pdfplumber, "
        "com a reconstrução de linhas do pdfplumber"
    ]


def test_pdf_que_nenhum_leitor_abre_da_o_motivo_em_portugues():
    from perito.leitura.pdf import ler_pdf

    doc = ler_pdf(b"%PDF-1.4\n" + b"lixo sem objeto algum\n" * 20, "lixo.pdf")
    assert doc.erro == "o arquivo não é um PDF válido (sem objeto /Root)"
    assert doc.trechos == [] and doc.alertas == []


# -- variantes de leitura: a leitura dá o texto de cada linha da verdade --------------------


def test_variantes_de_leitura_cada_dado_esta_na_linha_lida(tmp_path):
    raiz = Path(__file__).resolve().parents[1] / "examples"
    sys.path.insert(0, str(raiz))
    try:
        from geradores import variantes_leitura
    finally:
        sys.path.remove(str(raiz))
    gabaritos = variantes_leitura.gerar(tmp_path)
    documentos = {a.nome: ler_documento(a.caminho, a.nome, a.tipo, a.membro) for a in listar(tmp_path) if a.tipo}
    faltas = []
    for arquivo, itens in gabaritos.items():
        for item in itens:
            nome = f"{arquivo}!/{item['membro']}" if item.get("membro") else arquivo
            doc = documentos[nome]
            if item["linha_ou_celula"]:
                trecho = doc.trecho(item["pagina"], item["linha_ou_celula"])
                achou = trecho is not None and item["dado"] in trecho.texto
            else:  # OCR: só a página é fixa
                achou = any(item["dado"] in t.texto for t in doc.trechos_da_pagina(item["pagina"]))
            if not achou:
                faltas.append((nome, item))
    assert not faltas


def test_html_lido_direto_pelo_leitor(tmp_path):
    doc = ler_html(RECORDS.encode("utf-8"), "x.html")
    assert doc.metodo_extracao == "html.parser" and len(doc.trechos) == 9


# -- mídias e pacotes comprimidos: o que são e o que fazer, em vez de "binário não reconhecido" --------------------


@pytest.mark.parametrize(("nome", "inicio", "trecho"), [
    ("IMG_0001.HEIC", b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic", "foto HEIC/HEIF"),
    ("video.mp4", b"\x00\x00\x00\x20ftypisom\x00\x00\x02\x00isomiso2", "vídeo MP4"),
    ("PTT-20250315-WA0001.opus", b"OggS\x00\x02" + b"\x00" * 20, "mensagem de voz do WhatsApp"),
    ("audio.mp3", b"ID3\x03\x00\x00\x00\x00\x0f\x76", "áudio MP3"),
    ("sticker.webp", b"RIFF\x24\x00\x00\x00WEBPVP8 ", "imagem WebP"),
    ("resposta.rar", b"Rar!\x1a\x07\x01\x00", "pacote RAR"),
    ("resposta.7z", b"7z\xbc\xaf\x27\x1c\x00\x04", "pacote 7-Zip"),
    ("acessos.csv.gz", b"\x1f\x8b\x08\x00\x00\x00\x00\x00", "gzip"),
])
def test_midia_e_pacote_comprimido_dizem_o_que_sao(tmp_path, nome, inicio, trecho):
    (tmp_path / nome).write_bytes(inicio + bytes(range(256)) * 4)
    (item,) = listar(tmp_path)
    assert item.tipo is None and trecho in item.motivo_ignorado and "não reconhecido" not in item.motivo_ignorado


def test_csv_cuja_primeira_coluna_e_id3_continua_csv(tmp_path):
    (tmp_path / "tabela.csv").write_text("ID3;Nome\n1;Ana\n", encoding="utf-8")
    (item,) = listar(tmp_path)
    assert item.tipo == "csv"
