"""Respostas em XML (um sistema, uma operadora ou um banco que exporta XML), lidas como os objetos de um JSON.

Antes: o XML era lido linha a linha com "extensão .xml desconhecida". O IP e a data-hora se juntavam pela vizinhança
das linhas, mas `<porta>51234</porta>` ficava sem papel (o IP sem a porta), o `<cpf>11144477735</cpf>` sem rótulo não
era CPF, e o fuso dito uma vez como elemento (`<fusoHorario>`), como a chave `fuso_horario` de um JSON, não valia para
os registros de baixo.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from perito.leitura.leitor import ler_documento
from perito.leitura.xml_registros import parece_xml
from tests.conftest import analise_com_provedor

XML = """<?xml version="1.0" encoding="UTF-8"?>
<!-- exportado pelo sistema -->
<r:respostaOficio xmlns:r="urn:banco:resposta" numero="245/2025">
  <r:instituicao>BANCO EXEMPLO S.A.</r:instituicao>
  <r:fusoHorario>America/Sao_Paulo</r:fusoHorario>
  <r:cliente>
    <r:nome>MARIA OLIVEIRA LIMA</r:nome>
    <r:cpf>11144477735</r:cpf>
    <r:apelido>Maria &amp; Cia</r:apelido>
  </r:cliente>
  <r:acessos>
    <r:acesso>
      <r:enderecoIp>177.45.10.2</r:enderecoIp>
      <r:porta>51234</r:porta>
      <r:dataHora>2025-03-15T11:34:02</r:dataHora>
    </r:acesso>
    <r:acesso><r:enderecoIp>177.1.2.3</r:enderecoIp><r:porta>40000</r:porta><r:dataHora>2025-03-16T09:00:00</r:dataHora></r:acesso>
  </r:acessos>
</r:respostaOficio>
"""


def test_elementos_com_valores_sao_registros(tmp_path):
    (tmp_path / "resposta.xml").write_text(XML, encoding="utf-8")
    doc = ler_documento(tmp_path / "resposta.xml", "resposta.xml", "txt")
    por_identidade = {r.identidade: {c.rotulo: (c.valor, c.trecho.localizacao) for c in r.campos} for r in doc.registros}
    assert por_identidade["linha 3"] == {"numero": ("245/2025", "linha 3"),
                                         "instituicao": ("BANCO EXEMPLO S.A.", "linha 4"),
                                         "fusoHorario": ("America/Sao_Paulo", "linha 5")}
    # o valor com entidade não é o texto da linha: fica de fora do registro (a linha segue lida como texto)
    assert por_identidade["linha 6"] == {"nome": ("MARIA OLIVEIRA LIMA", "linha 7"), "cpf": ("11144477735", "linha 8")}
    assert por_identidade["linha 12"]["porta"] == ("51234", "linha 14")
    assert por_identidade["linha 17"]["dataHora"] == ("2025-03-16T09:00:00", "linha 17")  # um acesso numa linha só
    for registro in doc.registros:
        for campo in registro.campos:
            assert campo.trecho.texto[campo.inicio:campo.inicio + len(campo.valor)] == campo.valor


def test_xml_malformado_fica_lido_por_linhas(tmp_path):
    (tmp_path / "quebrado.xml").write_text("<resposta>\n<ip>177.45.10.2</ip>\n<porta>51234\n", encoding="utf-8")
    doc = ler_documento(tmp_path / "quebrado.xml", "quebrado.xml", "txt")
    assert doc.erro is None and doc.registros == [] and len(doc.trechos) == 3


@pytest.mark.parametrize(("texto", "xml"), [
    ("<?xml version='1.0'?><a/>", True), ("<!-- c -->\n<acessos>", True), ("<!DOCTYPE html><html>", False),
    ("<html><body>", False), ("Resposta: <ip>", False),
])
def test_parece_xml(texto, xml):
    assert parece_xml(texto) is xml


def _caso(pasta: Path, nome: str, conteudo: str) -> dict:
    return analise_com_provedor(pasta, lambda caso: (caso / nome).write_text(conteudo, encoding="utf-8"), porta=True)[1]


def test_ip_do_xml_com_a_porta_e_o_fuso_dito_uma_vez_verificado(tmp_path):
    conclusoes = _caso(tmp_path, "resposta.xml", XML)
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert "11:34:02 America/Sao_Paulo, porta 51234" in ip["afirmacao"] and "distam 12s" in ip["afirmacao"]
    citadas = {r["linha_ou_celula"]: r["dado_citado"] for r in ip["referencias"] if r["arquivo"] == "resposta.xml"}
    assert citadas["linha 14"] == "51234" and citadas["linha 5"] == "America/Sao_Paulo"
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"


@pytest.mark.parametrize("chave", ["fusoHorario", "fuso_horario", "time_zone"])
def test_fuso_em_camel_case_ou_sublinhado_declara_o_fuso_do_json(tmp_path, chave):
    conteudo = json.dumps({"instituicao": "BANCO EXEMPLO S.A.", chave: "America/Sao_Paulo", "acessos": [
        {"enderecoIp": "177.45.10.2", "porta": 51234, "dataHora": "2025-03-15T11:34:02"}]}, indent=2)
    conclusoes = _caso(tmp_path, "acessos.json", conteudo)
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert "distam 12s" in ip["afirmacao"] and ip["validacao"]["veredicto_geral"] == "VERIFICADO"
