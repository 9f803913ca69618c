"""Planilha XML 2003 do Excel (SpreadsheetML), como o Excel e muitos sistemas a gravam: uma `<Cell>` por linha do
arquivo, muitas vezes com a extensão `.xls`.

Antes: lida como texto ("a extensão é .xls, mas o conteúdo não é uma planilha"), e cada célula era uma linha física: o
IP de uma célula sem a data e a hora das células ao lado, convergência fraca.
"""

from __future__ import annotations

import pytest

from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento
from tests.conftest import analise_com_provedor, veredicto_com_a_afirmacao_trocada

PLANILHA = """<?xml version="1.0"?>
<?mso-application progid="Excel.Sheet"?>
<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"
 xmlns:o="urn:schemas-microsoft-com:office:office"
 xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">
 <Styles>
  <Style ss:ID="Default" ss:Name="Normal"><Alignment ss:Vertical="Bottom"/></Style>
  <Style ss:ID="s21"><NumberFormat ss:Format="Short Date"/></Style>
  <Style ss:ID="s22"><NumberFormat ss:Format="Long Time"/></Style>
  <Style ss:ID="s23"><NumberFormat ss:Format="Standard"/></Style>
 </Styles>
 <Worksheet ss:Name="Acessos">
  <Table>
   <Row>
    <Cell ss:MergeAcross="3"><Data ss:Type="String">Registros de acesso (horário de Brasília)</Data></Cell>
   </Row>
   <Row ss:Index="3">
    <Cell><Data ss:Type="String">Data</Data></Cell>
    <Cell><Data ss:Type="String">Hora</Data></Cell>
    <Cell><Data ss:Type="String">IP</Data></Cell>
    <Cell><Data ss:Type="String">Porta</Data></Cell>
    <Cell ss:Index="6"><Data ss:Type="String">Valor</Data></Cell>
   </Row>
   <Row>
    <Cell ss:StyleID="s21"><Data ss:Type="DateTime">2025-03-15T00:00:00.000</Data></Cell>
    <Cell ss:StyleID="s22"><Data ss:Type="DateTime">1899-12-31T11:34:02.000</Data></Cell>
    <Cell><Data ss:Type="String">177.45.10.2</Data></Cell>
    <Cell><Data ss:Type="Number">51234</Data></Cell>
    <Cell ss:Index="6" ss:StyleID="s23"><Data ss:Type="Number">3500.5</Data></Cell>
   </Row>
  </Table>
 </Worksheet>
</Workbook>
"""


def test_celulas_com_a_localizacao_e_o_texto_do_excel(tmp_path):
    (tmp_path / "log.xls").write_text(PLANILHA, encoding="utf-8")
    (item,) = listar(tmp_path)
    assert item.tipo == "xml2003" and "planilha XML 2003" in (item.alerta or "")
    doc = ler_documento(item.caminho, item.nome, item.tipo)
    celulas = {t.localizacao: t for t in doc.trechos}
    assert doc.abas == ["Acessos"] and celulas["celula A1"].texto.startswith("Registros de acesso")
    assert "celula B1" not in celulas  # a célula mesclada ocupa só a primeira coluna, como no Excel
    assert [celulas[f"celula {c}3"].texto for c in "ABCDF"] == ["Data", "Hora", "IP", "Porta", "Valor"]
    assert [celulas[f"celula {c}4"].texto for c in "ABCDF"] == ["15/03/2025", "11:34:02", "177.45.10.2", "51234",
                                                                 "3.500,50"]
    assert celulas["celula F4"].valor_bruto == "3500.5"


@pytest.mark.parametrize("conteudo", [
    PLANILHA.replace('<Row ss:Index="3">', '<Row ss:Index="1">'),  # índice para trás
    PLANILHA.replace("</Table>", ""),  # XML quebrado
])
def test_planilha_xml_invalida_da_erro_com_motivo(tmp_path, conteudo):
    (tmp_path / "log.xml").write_text(conteudo, encoding="utf-8")
    doc = ler_documento(tmp_path / "log.xml", "log.xml", "xml2003")
    assert doc.erro and doc.erro.startswith("planilha XML 2003") and not doc.trechos


@pytest.fixture(scope="module")
def caso(tmp_path_factory):
    return analise_com_provedor(tmp_path_factory.mktemp("xml2003"),
                                lambda caso: (caso / "log_banco.xls").write_text(PLANILHA, encoding="utf-8"), porta=True)


def test_ip_da_planilha_xml_converge_verificado(caso):
    _, conclusoes = caso
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert "15/03/2025 11:34:02 horário de Brasília, porta 51234" in ip["afirmacao"] and "distam 12s" in ip["afirmacao"]
    citadas = {(r.get("aba_planilha"), r["linha_ou_celula"]) for r in ip["referencias"] if r["arquivo"] == "log_banco.xls"}
    assert {("Acessos", "celula C4"), ("Acessos", "celula A4"), ("Acessos", "celula B4")} <= citadas
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_outra_hora_nao_e_verificada(caso):
    assert veredicto_com_a_afirmacao_trocada(*caso, "convergencia_ip", "11:34:02", "11:44:02") != "VERIFICADO"
