"""O texto de célula sem o `Text` do openpyxl (`leitura.openpyxl_textos`): o mesmo `.content` do `Text.from_tree` em
elementos gerados (texto simples, vazio, com espaços; texto rico, fonética, atributos, mais de um filho, outro
namespace), e a mesma leitura de uma planilha com textos em linha e compartilhados."""

from __future__ import annotations

import zipfile
from pathlib import Path
from xml.etree.ElementTree import Element, SubElement

import openpyxl
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl.cell.text import Text
from openpyxl.reader import strings
from openpyxl.worksheet import _reader
from openpyxl.xml.constants import SHEET_MAIN_NS

from perito.leitura import openpyxl_textos
from perito.leitura.planilha import ler_xlsx

_NS = f"{{{SHEET_MAIN_NS}}}"
_TEXTO = st.one_of(st.none(), st.text(alphabet="ab 1\tÇ_x005F_", max_size=12))
_FILHO = st.tuples(st.sampled_from((f"{_NS}t", "t", f"{_NS}r", f"{_NS}rPh", "{urn:outro}t", f"{_NS}phoneticPr")),
                   _TEXTO, st.booleans())
_ATRIBUTOS = st.sampled_from(({}, {"{http://www.w3.org/XML/1998/namespace}space": "preserve"}, {"count": "1"}))


def _elemento(filhos: list[tuple[str, str | None, bool]], atributos: dict[str, str]) -> Element:
    no = Element(f"{_NS}is", atributos)
    for tag, texto, com_neto in filhos:
        filho = SubElement(no, tag)
        filho.text = texto
        if com_neto:
            neto = SubElement(filho, f"{_NS}t")
            neto.text = "neto"
    return no


def _do_openpyxl(no: Element) -> tuple[str, str | None]:
    try:
        return "ok", Text.from_tree(no).content
    except Exception as erro:  # noqa: BLE001 - o erro também tem de ser o mesmo
        return type(erro).__name__, None


def _nosso(no: Element) -> tuple[str, str | None]:
    try:
        return "ok", openpyxl_textos.TextoRapido.from_tree(no).content
    except Exception as erro:  # noqa: BLE001
        return type(erro).__name__, None


@settings(max_examples=400, deadline=None)
@given(st.lists(_FILHO, max_size=3), _ATRIBUTOS)
def test_o_mesmo_conteudo_do_text_do_openpyxl(filhos: list[tuple[str, str | None, bool]],
                                              atributos: dict[str, str]) -> None:
    no = _elemento(filhos, atributos)
    assert _nosso(no) == _do_openpyxl(no)


def test_trocado_nos_dois_leitores_da_versao_fixada() -> None:
    assert openpyxl.__version__ == openpyxl_textos.VERSAO
    assert openpyxl_textos.APLICADO
    assert _reader.Text is openpyxl_textos.TextoRapido and strings.Text is openpyxl_textos.TextoRapido


def _planilha(caminho: Path) -> Path:
    """Textos em linha (o openpyxl 3.1.5 grava assim, como vários sistemas)."""
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.append(["Data/hora", "IP", "Observação"])
    for i in range(50):
        aba.append([f"01/03/2025 10:{i:02d}:00", f"177.1.0.{i}", "  com espaços  " if i % 2 else "_x005F_x000D_"])
    livro.save(caminho)
    return caminho


def _compartilhada(origem: Path, destino: Path) -> Path:
    """A mesma planilha com cada texto em linha trocado por um texto compartilhado (como o Excel grava)."""
    import re

    textos: list[bytes] = []

    def trocar(m: re.Match[bytes]) -> bytes:
        textos.append(m.group(3))
        return b'<c r="%s"%s t="s"><v>%d</v></c>' % (m.group(1), m.group(2), len(textos) - 1)

    with zipfile.ZipFile(origem) as zin, zipfile.ZipFile(destino, "w") as zout:
        for item in zin.infolist():
            dados = zin.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                dados = re.sub(rb'<c r="([A-Z]+\d+)"([^>]*?) t="inlineStr"><is>(.*?)</is></c>', trocar, dados)
            elif item.filename == "[Content_Types].xml":
                dados = dados.replace(b"</Types>", b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
                                      b'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>')
            zout.writestr(item, dados)
        zout.writestr("xl/sharedStrings.xml", b'<sst xmlns="%s">' % SHEET_MAIN_NS.encode()
                      + b"".join(b"<si>%s</si>" % t for t in textos) + b"</sst>")
    return destino


def test_a_mesma_leitura_da_planilha(tmp_path: Path, monkeypatch) -> None:
    em_linha = _planilha(tmp_path / "l.xlsx")
    compartilhada = _compartilhada(em_linha, tmp_path / "c.xlsx")
    assert b"inlineStr" in zipfile.ZipFile(em_linha).read("xl/worksheets/sheet1.xml")
    assert b'<v>0</v>' in zipfile.ZipFile(compartilhada).read("xl/worksheets/sheet1.xml")
    lidos = [ler_xlsx(p, p.name).trechos for p in (compartilhada, em_linha)]
    monkeypatch.setattr(_reader, "Text", Text)
    monkeypatch.setattr(strings, "Text", Text)
    antes = [ler_xlsx(p, p.name).trechos for p in (compartilhada, em_linha)]
    assert lidos == antes
    assert len(lidos[0]) == len(lidos[1]) == 153  # (os escapes _xHHHH_ o openpyxl trata diferente em cada um)
    assert any("com espaços" in t.texto for t in lidos[0])
