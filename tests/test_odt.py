"""Documentos OpenDocument (`.odt` e `.ods`, do LibreOffice que delegacias e promotorias usam): parágrafos e tabelas
na ordem do corpo, com as localizações do DOCX; células com as do XLSX. Até 6/12 um `.odt` era um "pacote ZIP": o `content.xml` virava uma linha
de XML e a miniatura da primeira página ia ao OCR (o mesmo dado em dois "arquivos" do caso). Os arquivos dos testes são
montados como o LibreOffice os grava (o `mimetype` primeiro, sem compressão; o corpo em `content.xml`).
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from perito.leitura.inventario import listar
from perito.leitura.odt import ler_odt
from tests.conftest import conclusoes_do_caso, dados_da_pasta

_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
       'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
       'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"')


def _odt(caminho: Path, corpo: str, tipo: str = "application/vnd.oasis.opendocument.text", raiz: str = "text") -> None:
    conteudo = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {_NS} office:version="1.3">'
                f"<office:body><office:{raiz}>{corpo}</office:{raiz}></office:body></office:document-content>")
    miniatura = io.BytesIO()
    Image.new("RGB", (60, 80), "white").save(miniatura, "PNG")
    with zipfile.ZipFile(caminho, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype"), tipo)  # sem compressão, o primeiro membro
        z.writestr("content.xml", conteudo, compress_type=zipfile.ZIP_DEFLATED)
        z.writestr("meta.xml", "<office:document-meta/>")
        z.writestr("Thumbnails/thumbnail.png", miniatura.getvalue())


BOLETIM = (
    "<text:h>BOLETIM DE OCORRÊNCIA Nº 4471/2025</text:h>"
    "<text:p>Data do registro: 04/08/2025 às 10:20</text:p>"
    "<text:p/>"
    "<table:table><table:table-row><table:table-cell><text:p>Nome</text:p></table:table-cell>"
    "<table:table-cell><text:p>JOAO DA SILVA</text:p></table:table-cell></table:table-row>"
    "<table:table-row><table:table-cell><text:p>CPF</text:p></table:table-cell>"
    "<table:table-cell><text:p>529.982.247-25</text:p></table:table-cell></table:table-row>"
    "<table:table-row><table:table-cell><text:p>Telefone</text:p></table:table-cell>"
    "<table:table-cell><text:p>(11) 98765-4321</text:p></table:table-cell>"
    '<table:table-cell table:number-columns-repeated="1020"/></table:table-row>'
    '<table:table-row table:number-rows-repeated="1048570"><table:table-cell/></table:table-row>'
    "</table:table>"
    "<text:list><text:list-item><text:p>Relata a vítima que transferiu<text:s text:c=\"2\"/>R$ 1.500,00 via Pix"
    "<text:note><text:note-body><text:p>nota 999.999.999-99</text:p></text:note-body></text:note>"
    " para o golpista<text:line-break/>que usava o telefone (11) 91234-5678.</text:p></text:list-item></text:list>"
)


#: uma planilha como o LibreOffice Calc a grava: o texto exibido em text:p, o valor ao lado, as células e as linhas
#: vazias repetidas até a borda da folha
ACESSOS = (
    '<table:table table:name="Acessos">'
    "<table:table-row><table:table-cell office:value-type=\"string\"><text:p>Data/Hora (UTC)</text:p></table:table-cell>"
    "<table:table-cell><text:p>IP</text:p></table:table-cell><table:table-cell><text:p>Porta</text:p></table:table-cell>"
    '<table:table-cell table:number-columns-repeated="1021"/></table:table-row>'
    '<table:table-row><table:table-cell office:value-type="date" office:date-value="2025-08-02T13:10:44">'
    "<text:p>02/08/2025 13:10:44</text:p></table:table-cell><table:table-cell><text:p>177.45.10.2</text:p>"
    '</table:table-cell><table:table-cell office:value-type="float" office:value="51234"><text:p>51234</text:p>'
    '</table:table-cell><table:table-cell table:number-columns-repeated="1021"/></table:table-row>'
    '<table:table-row table:number-rows-repeated="2"><table:table-cell table:number-columns-repeated="1024"/>'
    "</table:table-row>"
    '<table:table-row><table:table-cell table:number-columns-repeated="2"/>'
    '<table:table-cell office:value-type="currency" office:value="1500"><text:p>R$ 1.500,00</text:p></table:table-cell>'
    "</table:table-row>"
    '<table:table-row table:number-rows-repeated="1048570"><table:table-cell table:number-columns-repeated="1024"/>'
    "</table:table-row></table:table>"
    '<table:table table:name="Notas"><table:table-row><table:table-cell><text:p>Fim</text:p></table:table-cell>'
    "</table:table-row></table:table>"
)


def test_ods_uma_celula_por_trecho_com_o_texto_exibido(tmp_path):
    from perito.leitura.ods import ler_ods

    _odt(tmp_path / "p.ods", ACESSOS, tipo="application/vnd.oasis.opendocument.spreadsheet", raiz="spreadsheet")
    documento = ler_ods(tmp_path / "p.ods", "p.ods")
    assert documento.erro is None and documento.abas == ["Acessos", "Notas"]
    assert [(t.aba, t.localizacao, t.texto, t.valor_bruto) for t in documento.trechos] == [
        ("Acessos", "celula A1", "Data/Hora (UTC)", None), ("Acessos", "celula B1", "IP", None),
        ("Acessos", "celula C1", "Porta", None),
        ("Acessos", "celula A2", "02/08/2025 13:10:44", "2025-08-02T13:10:44"),  # o exibido; o gravado ao lado
        ("Acessos", "celula B2", "177.45.10.2", None), ("Acessos", "celula C2", "51234", None),
        ("Acessos", "celula C5", "R$ 1.500,00", "1500"),  # depois de duas linhas vazias repetidas e duas células
        ("Notas", "celula A1", "Fim", None),
    ]


def test_ods_da_o_instante_do_acesso_e_a_convergencia_e_verificada(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    _odt(caso / "acessos.ods", ACESSOS, tipo="application/vnd.oasis.opendocument.spreadsheet", raiz="spreadsheet")
    (caso / "operadora.csv").write_text("IP;PORTA;DATA;HORA;FUSO\n177.45.10.2;51234;02/08/2025;10:12:30;BRT\n",
                                        encoding="utf-8")
    [ip] = [c for c in conclusoes_do_caso(caso) if c["tipo"] == "convergencia_ip"]
    assert "distam 1min46s" in ip["afirmacao"]
    assert any(r["arquivo"] == "acessos.ods" and r["linha_ou_celula"] == "celula B2" for r in ip["referencias"])
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_paragrafos_e_tabela_na_ordem_do_corpo(tmp_path):
    _odt(tmp_path / "bo.odt", BOLETIM)
    documento = ler_odt(tmp_path / "bo.odt", "bo.odt")
    assert documento.erro is None
    assert [(t.localizacao, t.texto) for t in documento.trechos] == [
        ("paragrafo 1", "BOLETIM DE OCORRÊNCIA Nº 4471/2025"),
        ("paragrafo 2", "Data do registro: 04/08/2025 às 10:20"),  # o parágrafo vazio conta, não vira trecho
        ("tabela 1 linha 1", "Nome | JOAO DA SILVA"),
        ("tabela 1 linha 2", "CPF | 529.982.247-25"),
        ("tabela 1 linha 3", "Telefone | (11) 98765-4321"),  # as 1020 colunas vazias repetidas não entram
        # o parágrafo da lista, com os espaços de text:s e a quebra de linha; a nota de rodapé fica de fora
        ("paragrafo 4", "Relata a vítima que transferiu  R$ 1.500,00 via Pix para o golpista que usava o telefone "
                        "(11) 91234-5678."),
    ]
    assert documento.trechos[3].celulas == ("CPF", "529.982.247-25")


def test_inventario_le_odt_e_ods_como_documentos_e_nao_como_pacotes(tmp_path):
    _odt(tmp_path / "bo.odt", BOLETIM)
    _odt(tmp_path / "planilha.ods", ACESSOS, tipo="application/vnd.oasis.opendocument.spreadsheet", raiz="spreadsheet")
    _odt(tmp_path / "slides.odp", "", tipo="application/vnd.oasis.opendocument.presentation", raiz="presentation")
    arquivos = {a.nome: a for a in listar(tmp_path)}
    assert arquivos["bo.odt"].tipo == "odt" and arquivos["bo.odt"].membros is None
    assert arquivos["planilha.ods"].tipo == "ods"
    assert not any("!/" in nome for nome in arquivos)  # nem content.xml nem a miniatura viram membros
    assert arquivos["slides.odp"].tipo is None and "converta" in arquivos["slides.odp"].motivo_ignorado


def test_tabela_de_formulario_do_boletim_e_um_registro(tmp_path):
    _odt(tmp_path / "bo.odt", BOLETIM)
    dados = [d for d in dados_da_pasta(tmp_path) if d["arquivo_fonte"] == "bo.odt"]
    da_tabela = {d["campo"]: d for d in dados if d["linha_ou_celula"].startswith("tabela 1")}
    assert {c: d["dado"] for c, d in da_tabela.items()} == {
        "nome_titular": "JOAO DA SILVA", "cpf": "529.982.247-25", "telefone": "(11) 98765-4321"}
    assert len({d["metadados"]["registro"] for d in da_tabela.values()}) == 1
    assert not [d for d in dados if "999.999.999" in d["dado"]]  # a nota de rodapé não é lida


@pytest.mark.parametrize("conteudo", [b"nao e zip", b"PK\x03\x04quebrado"])
def test_odt_corrompido_tem_motivo(tmp_path, conteudo):
    (tmp_path / "x.odt").write_bytes(conteudo)
    from perito.leitura.leitor import ler_documento

    documento = ler_documento(tmp_path / "x.odt", "x.odt", "odt")
    assert documento.erro and "Traceback" not in documento.erro


def test_convergencia_com_o_boletim_em_odt_e_verificada(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    _odt(caso / "boletim.odt", BOLETIM)
    (caso / "meta.txt").write_text("Meta Platforms, Inc.\nRecords\nService WhatsApp\nAccount Identifier +5511912345678\n",
                                   encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso)
    [telefone] = [c for c in conclusoes if c["tipo"] == "vinculo_telefone"]
    assert any(r["arquivo"] == "boletim.odt" and r["linha_ou_celula"] == "paragrafo 4" for r in telefone["referencias"])
    assert telefone["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_odt_hostil_nao_pede_um_gigabyte_de_espacos(tmp_path):
    """`text:s text:c="999999999"` (ou um número inválido) não vira um gigabyte de espaços nem derruba a leitura."""
    _odt(tmp_path / "h.odt", '<text:p>A<text:s text:c="999999999"/>B<text:s text:c="x"/>C</text:p>'
         '<table:table><table:table-row table:number-rows-repeated="-3"><table:table-cell><text:p>D</text:p>'
         "</table:table-cell></table:table-row></table:table>")
    documento = ler_odt(tmp_path / "h.odt", "h.odt")
    assert documento.erro is None
    assert [len(t.texto) for t in documento.trechos] == [1 + 1000 + 1 + 1 + 1, 1]  # A, mil espaços, B, um, C


def test_comentario_de_celula_e_nota_de_rodape_nao_sao_o_texto_da_celula(tmp_path):
    """O comentário (`office:annotation`) de uma célula do Calc e a nota de rodapé numa célula de tabela do Writer
    ficam fora do texto da célula, como ficam fora do texto de um parágrafo."""
    from perito.leitura.ods import ler_ods

    comentario = "<office:annotation><text:p>conferir CPF 111.444.777-35</text:p></office:annotation>"
    _odt(tmp_path / "p.ods", f'<table:table table:name="A"><table:table-row><table:table-cell>{comentario}'
         "<text:p>177.45.10.2</text:p></table:table-cell></table:table-row></table:table>",
         tipo="application/vnd.oasis.opendocument.spreadsheet", raiz="spreadsheet")
    assert [t.texto for t in ler_ods(tmp_path / "p.ods", "p.ods").trechos] == ["177.45.10.2"]
    nota = "<text:note><text:note-body><text:p>CPF 111.444.777-35</text:p></text:note-body></text:note>"
    _odt(tmp_path / "t.odt", "<table:table><table:table-row><table:table-cell><text:p>CPF</text:p></table:table-cell>"
         f"<table:table-cell><text:p>529.982.247-25{nota}</text:p></table:table-cell></table:table-row></table:table>")
    assert [t.texto for t in ler_odt(tmp_path / "t.odt", "t.odt").trechos] == ["CPF | 529.982.247-25"]
