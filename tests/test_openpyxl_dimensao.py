"""A busca da dimensão de uma aba (`leitura.openpyxl_dimensao`): o mesmo resultado do openpyxl, sem ler a aba inteira."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import openpyxl
import pytest
from openpyxl.worksheet._read_only import ReadOnlyWorksheet
from openpyxl.worksheet._reader import WorkSheetParser

from perito.leitura import openpyxl_dimensao
from perito.leitura.planilha import ler_xlsx


def _normal(caminho: Path) -> Path:
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.title = "Acessos"
    aba.append(["Data/hora", "IP", "Porta"])
    for i in range(300):
        aba.append([f"01/03/2025 10:{i % 60:02d}:00", f"177.1.{i % 250}.{1 + i % 200}", 30000 + i])
    livro.create_sheet("Vazia")
    so_b2 = livro.create_sheet("So B2")
    so_b2["B2"] = "único"
    livro.save(caminho)
    return caminho


def _sem_dimensao(caminho: Path, linhas: int = 300) -> Path:
    """Gravada em modo write_only: o openpyxl não escreve <dimension>."""
    livro = openpyxl.Workbook(write_only=True)
    aba = livro.create_sheet("Log")
    aba.append(["Data/hora (UTC-03:00)", "IP", "Porta"])
    for i in range(linhas):
        aba.append([f"01/03/2025 03:{i % 60:02d}:00", f"179.{i % 250}.0.{1 + i % 199}", 30000 + i % 30000])
    livro.create_sheet("Vazia")
    livro.save(caminho)
    return caminho


def _abas_xml(caminho: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(caminho) as z:
        return {n: z.read(n) for n in z.namelist() if n.startswith("xl/worksheets/sheet")}


def _reescrever(caminho: Path, destino: Path, trocar) -> Path:
    with zipfile.ZipFile(caminho) as origem, zipfile.ZipFile(destino, "w", zipfile.ZIP_DEFLATED) as novo:
        for info in origem.infolist():
            conteudo = origem.read(info.filename)
            novo.writestr(info, trocar(info.filename, conteudo))
    return destino


def _do_openpyxl(xml: bytes):
    return WorkSheetParser(io.BytesIO(xml), []).parse_dimensions()


def test_aplicado_na_versao_fixada():
    assert openpyxl.__version__ == openpyxl_dimensao.VERSAO
    assert openpyxl_dimensao.APLICADO
    assert ReadOnlyWorksheet._get_size is openpyxl_dimensao._tamanho


@pytest.mark.parametrize("fabricar", [_normal, _sem_dimensao])
def test_mesmos_limites_que_o_openpyxl(tmp_path, fabricar):
    caminho = fabricar(tmp_path / "p.xlsx")
    xmls = _abas_xml(caminho)
    assert xmls
    for xml in xmls.values():
        assert openpyxl_dimensao.limites(io.BytesIO(xml)) == _do_openpyxl(xml)
    # e a aba aberta fica com os mesmos atributos que o método do openpyxl daria
    livro = openpyxl.load_workbook(caminho, read_only=True)
    try:
        for aba in livro.worksheets:
            trocado = (aba._min_column, aba._min_row, aba._max_column, aba._max_row)
            openpyxl_dimensao.ORIGINAL(aba)
            assert (aba._min_column, aba._min_row, aba._max_column, aba._max_row) == trocado
            assert aba.max_row == aba._max_row
    finally:
        livro.close()


def test_as_duas_formas_de_planilha_existem(tmp_path):
    """O teste acima cobre a aba com dimensão e a sem ela (senão ele não compararia nada de interessante)."""
    com = [_do_openpyxl(x) for x in _abas_xml(_normal(tmp_path / "c.xlsx")).values()]
    sem = [_do_openpyxl(x) for x in _abas_xml(_sem_dimensao(tmp_path / "s.xlsx")).values()]
    assert (1, 1, 3, 301) in com and (2, 2, 2, 2) in com
    assert sem == [None, None]


class _Contando(io.BytesIO):
    lidos = 0

    def read(self, n=-1):
        parte = super().read(n)
        self.lidos += len(parte)
        return parte


def test_aba_sem_dimensao_nao_e_lida_inteira(tmp_path):
    xml = _abas_xml(_sem_dimensao(tmp_path / "g.xlsx", linhas=20_000))["xl/worksheets/sheet1.xml"]
    assert len(xml) > 1_000_000
    fonte = _Contando(xml)
    assert openpyxl_dimensao.limites(fonte) is None
    assert fonte.lidos < len(xml) // 10
    # o do openpyxl lê tudo para dizer o mesmo
    fonte = _Contando(xml)
    assert WorkSheetParser(fonte, []).parse_dimensions() is None
    assert fonte.lidos == len(xml)


def test_mesma_leitura_da_planilha(tmp_path, monkeypatch):
    for caminho in (_normal(tmp_path / "n.xlsx"), _sem_dimensao(tmp_path / "s.xlsx")):
        trocado = ler_xlsx(caminho, caminho.name)
        monkeypatch.setattr(ReadOnlyWorksheet, "_get_size", openpyxl_dimensao.ORIGINAL)
        original = ler_xlsx(caminho, caminho.name)
        monkeypatch.undo()
        assert [(t.texto, t.localizacao, t.celulas) for t in trocado.trechos] == \
               [(t.texto, t.localizacao, t.celulas) for t in original.trechos]
        assert trocado.trechos and not trocado.erro and not trocado.parcial


def test_bomba_de_entidades_na_aba_recusada_ao_abrir(tmp_path):
    entidades = '<!DOCTYPE worksheet [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>'

    def trocar(nome, conteudo):
        if nome == "xl/worksheets/sheet1.xml":
            return conteudo.replace(b"<worksheet", entidades.encode() + b"<worksheet", 1)
        return conteudo

    caminho = _reescrever(_sem_dimensao(tmp_path / "o.xlsx"), tmp_path / "bomba.xlsx", trocar)
    documento = ler_xlsx(caminho, "bomba.xlsx")
    assert documento.erro and "bomba de entidades" in documento.erro
    assert not documento.trechos


def test_xml_quebrado_no_meio_da_aba_deixa_a_aba_parcial(tmp_path):
    """Sem a passada inteira ao abrir, o erro aparece ao ler a aba: as linhas de antes ficam, a aba fica parcial."""

    def trocar(nome, conteudo):
        if nome == "xl/worksheets/sheet1.xml":
            return conteudo.replace(b'<row r="200">', b'<row r="200"><quebrado>', 1)
        return conteudo

    caminho = _reescrever(_sem_dimensao(tmp_path / "o.xlsx"), tmp_path / "quebrado.xlsx", trocar)
    documento = ler_xlsx(caminho, "quebrado.xlsx")
    assert not documento.erro
    assert documento.parcial and "aba 'Log' não pôde ser lida por inteiro" in documento.parcial
    linhas = {t.linha_tabela for t in documento.trechos}
    assert 1 in linhas and 150 in linhas and 250 not in linhas
