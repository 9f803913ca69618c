"""DOCX: parágrafos e linhas de tabela localizados, lidos pelo pipeline e verificados pelo validador."""

from __future__ import annotations

import docx
import pytest

from perito.analise import Parametros, analisar
from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento
from perito.leitura.localizacao import interpretar
from perito.validador.agente import validar
from tests.conftest import DATA


@pytest.fixture
def oficio(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    documento = docx.Document()
    documento.add_paragraph("Ofício nº 12/2025 - Delegacia de Repressão a Fraudes")
    documento.add_paragraph("")
    documento.add_paragraph("Titular: MARIA OLIVEIRA LIMA, CPF 111.444.777-35, acesso em 15/03/2025 11:34:02 BRT")
    tabela = documento.add_table(rows=2, cols=2)
    tabela.cell(0, 0).text = "Linha"
    tabela.cell(0, 1).text = "IMEI"
    tabela.cell(1, 0).text = "+55 11 98765-4321"
    tabela.cell(1, 1).text = "490154203237518"
    documento.save(caso / "oficio.docx")
    return caso


def test_paragrafos_contam_os_vazios_e_tabelas_tem_linha(oficio):
    [arquivo] = listar(oficio)
    assert arquivo.tipo == "docx"
    doc = ler_documento(arquivo.caminho, arquivo.nome, arquivo.tipo)
    assert doc.trecho(None, "paragrafo 3").texto.startswith("Titular: MARIA OLIVEIRA LIMA")
    assert doc.trecho(None, "paragrafo 2") is None  # vazio, mas conta na numeração
    linha = doc.trecho(None, "tabela 1 linha 2")
    assert linha.celulas == ("+55 11 98765-4321", "490154203237518")
    assert interpretar("tabela 1 linha 2").texto == "tabela 1 linha 2"
    assert interpretar("parágrafo 3").texto == "paragrafo 3"


def test_docx_no_pipeline_e_verificado(oficio, tmp_path):
    resultado = analisar(Parametros(oficio, tmp_path / "saida", data_analise=DATA))
    dados = [d for lote in resultado.lotes for d in lote["dados_extraidos"]]
    locais = {(d["campo"], d["dado"]): d["linha_ou_celula"] for d in dados}
    assert locais[("cpf", "111.444.777-35")] == "paragrafo 3"
    assert locais[("imei", "490154203237518")] == "tabela 1 linha 2"
    assert locais[("telefone", "+55 11 98765-4321")] == "tabela 1 linha 2"
    referencias = [
        {"arquivo": "oficio.docx", "pagina": None, "linha_ou_celula": "paragrafo 3", "dado_citado": "111.444.777-35 15/03/2025 11:34:02 BRT", "extrator_id": "extrator_generico_01"},
        {"arquivo": "oficio.docx", "pagina": None, "linha_ou_celula": "tabela 1 linha 2", "dado_citado": "490154203237518", "extrator_id": "extrator_generico_01"},
    ]
    conclusoes = {
        "conclusoes": [{"id": 1, "tipo": "outro", "afirmacao": "t", "grau_confianca": "fraco", "referencias": referencias, "validacao": None}],
        "caso_id": "t", "data_analise": DATA,
    }
    detalhes = validar(conclusoes, oficio, DATA)["validacoes"][0]["detalhes"]
    assert [d["status"] for d in detalhes] == ["VERIFICADO", "VERIFICADO"]
    errada = dict(referencias[1], dado_citado="490154203237519")
    conclusoes["conclusoes"][0]["referencias"] = [errada]
    assert validar(conclusoes, oficio, DATA)["validacoes"][0]["detalhes"][0]["status"] == "CONTRADITO"
