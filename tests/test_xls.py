"""Planilhas do Excel 97-2003 (.xls, BIFF num OLE2), como as operadoras e muitos bancos ainda respondem.

Antes o .xls era ignorado com "converta para .xlsx": o investigador tinha de converter à mão, e uma planilha salva com
outra extensão nem isso. Agora é lido pelo xlrd, célula a célula, com o texto que o Excel em pt-BR mostra e as
localizações do XLSX. As planilhas dos testes são gravadas pelo xlwt, o mesmo formato BIFF8 do Excel.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
import xlwt

from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento
from tests.conftest import analise_com_provedor, veredicto_com_a_afirmacao_trocada

IP = "177.45.10.2"


def _log_da_operadora(caminho: Path, oculta: bool = False) -> None:
    livro = xlwt.Workbook(encoding="utf-8")
    capa = livro.add_sheet("Capa")
    capa.write(0, 0, "CLARO S.A. - Resposta ao Ofício 123/2025")
    capa.write(1, 0, "Horários no fuso de Brasília")
    aba = livro.add_sheet("Acessos")
    for coluna, nome in enumerate(["Data", "Hora (BRT)", "IP", "Porta", "Linha", "Valor", "Ativa", "Erro", "Vazia"]):
        aba.write(0, coluna, nome)
    data, hora = xlwt.easyxf(num_format_str="DD/MM/YYYY"), xlwt.easyxf(num_format_str="hh:mm:ss")
    aba.write(1, 0, dt.datetime(2025, 3, 15), data)
    aba.write(1, 1, dt.time(11, 34, 2), hora)
    aba.write(1, 2, IP)
    aba.write(1, 3, 51234)
    aba.write(1, 4, 5511987654321)  # telefone gravado como número: nunca notação científica
    aba.write(1, 5, 3500.5, xlwt.easyxf(num_format_str="#,##0.00"))
    aba.write(1, 6, True)
    aba.row(1).set_cell_error(7, "#DIV/0!")
    aba.write(1, 8, "   ")
    aba.write(2, 0, dt.datetime(2025, 3, 4), xlwt.easyxf(num_format_str="M/D/YY"))  # o xlwt o grava como o id 14
    aba.write(2, 1, dt.time(9, 0, 0), hora)
    aba.write(2, 2, "177.1.2.3")
    if oculta:
        aba.visibility = 1
    livro.save(str(caminho))


def test_celulas_lidas_como_o_excel_em_portugues_mostra(tmp_path):
    _log_da_operadora(tmp_path / "log.xls")
    doc = ler_documento(tmp_path / "log.xls", "log.xls", "xls")
    assert doc.erro is None and doc.abas == ["Capa", "Acessos"]
    celulas = {t.localizacao: t for t in doc.trechos if t.aba == "Acessos"}
    textos = {local: t.texto for local, t in celulas.items()}
    assert textos["celula A2"] == "15/03/2025" and textos["celula B2"] == "11:34:02"
    assert textos["celula C2"] == IP and textos["celula D2"] == "51234"
    assert textos["celula E2"] == "5511987654321" and textos["celula F2"] == "3.500,50"
    assert textos["celula G2"] == "VERDADEIRO"
    assert textos["celula H2"] == "#DIV/0!" and celulas["celula H2"].erro_celula  # nenhum extrator a usa
    assert textos["celula A3"] == "04/03/2025"  # a data do sistema, como no Brasil (não 03/04/25)
    assert "celula I2" not in textos  # só espaços: vazia
    assert celulas["celula F2"].valor_bruto == "3500.5" and celulas["celula D2"].valor_bruto is None
    assert celulas["celula A2"].valor_bruto == "2025-03-15 00:00:00"
    assert doc.trecho(None, "celula A2", "Capa").texto == "Horários no fuso de Brasília"


def test_aba_oculta_lida_com_alerta(tmp_path):
    _log_da_operadora(tmp_path / "log.xls", oculta=True)
    doc = ler_documento(tmp_path / "log.xls", "log.xls", "xls")
    assert any("'Acessos' está oculta" in a for a in doc.alertas)
    assert doc.trecho(None, "celula C2", "Acessos").texto == IP


def _nao_planilha(conteudo: bytes) -> bytes:
    """O mesmo OLE2 com o fluxo renomeado ("Workbook" → "Notebook", o mesmo tamanho): um Office que não é planilha."""
    nome = "Workbook".encode("utf-16-le")
    assert conteudo.count(nome) == 1
    return conteudo.replace(nome, "Notebook".encode("utf-16-le"))


def test_inventario_pelo_conteudo_e_nao_pela_extensao(tmp_path):
    _log_da_operadora(tmp_path / "log.xls")
    bytes_xls = (tmp_path / "log.xls").read_bytes()
    (tmp_path / "resposta.dat").write_bytes(bytes_xls)  # planilha com outra extensão
    (tmp_path / "oficio.doc").write_bytes(_nao_planilha(bytes_xls))  # OLE2 que não é planilha
    (tmp_path / "truncada.xls").write_bytes(bytes_xls[: len(bytes_xls) // 3])
    (tmp_path / "truncada.bin").write_bytes(bytes_xls[: len(bytes_xls) // 3])
    arquivos = {a.nome: a for a in listar(tmp_path)}
    assert arquivos["log.xls"].tipo == "xls" and arquivos["log.xls"].alerta is None
    assert arquivos["resposta.dat"].tipo == "xls" and "XLS" in (arquivos["resposta.dat"].alerta or "")
    assert arquivos["oficio.doc"].tipo is None and ".docx" in (arquivos["oficio.doc"].motivo_ignorado or "")
    # corrompida: com a extensão .xls, vai à leitura, que diz o motivo (o arquivo fica em ERRO, sem exceção); sem ela,
    # ignorada como OLE2 corrompido, nunca como "não é planilha"
    truncada = arquivos["truncada.xls"]
    assert truncada.tipo == "xls"
    doc = ler_documento(truncada.caminho, truncada.nome, "xls")
    assert doc.erro and "planilha XLS corrompida" in doc.erro and not doc.trechos
    assert arquivos["truncada.bin"].tipo is None and "corrompido" in (arquivos["truncada.bin"].motivo_ignorado or "")


def _planilhas(caso: Path) -> None:
    _log_da_operadora(caso / "log_operadora.xls")
    (caso / "corrompida.xls").write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 600)


@pytest.fixture(scope="module")
def caso(tmp_path_factory) -> tuple[Path, dict]:
    return analise_com_provedor(tmp_path_factory.mktemp("xls"), _planilhas)


def test_ip_da_planilha_xls_converge_verificado(caso):
    _, conclusoes = caso
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert "15/03/2025 11:34:02 BRT" in ip["afirmacao"] and "distam 12s" in ip["afirmacao"]
    citadas = {(r.get("aba_planilha"), r["linha_ou_celula"]): r["dado_citado"]
               for r in ip["referencias"] if r["arquivo"] == "log_operadora.xls"}
    assert citadas[("Acessos", "celula C2")] == IP and citadas[("Acessos", "celula A2")] == "15/03/2025"
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_outra_hora_na_afirmacao_nao_e_verificada(caso):
    assert veredicto_com_a_afirmacao_trocada(*caso, "convergencia_ip", "11:34:02 BRT", "11:44:02 BRT") != "VERIFICADO"


def test_planilha_corrompida_nao_para_o_caso(caso):
    caso_dir, _ = caso
    manifesto = json.loads((caso_dir.parent / "saida" / "manifesto.json").read_text(encoding="utf-8"))
    situacoes = {a["arquivo"]: a["situacao"] for a in manifesto["arquivos"]}
    assert situacoes["log_operadora.xls"] == "lido"
    assert situacoes["corrompida.xls"] != "lido"
