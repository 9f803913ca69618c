"""Exportações do gráfico de vínculos (issue 11, item 5): GraphML, CSVs para i2/Maltego e a visão por alvo."""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET

from perito.saida import exportacoes
from perito.saida.vinculos import Modelo

NS = {"g": "http://graphml.graphdrawing.org/xmlns"}


def _modelo() -> Modelo:
    modelo = Modelo()
    for id_, tipo, rotulo, conclusoes in (
        ("pessoa:maria lima", "pessoa", "MARIA LIMA", [1]),
        ("documento:11144477735", "documento", "11144477735", [1, 2]),
        ("conta:|1|123456", "conta", "Agência 0001 Conta 12345-6", [2]),
        ("ip:187.34.56.78", "ip", "187.34.56.78", [3]),
    ):
        modelo.nos[id_] = {"id": id_, "tipo": tipo, "rotulo": rotulo, "conclusoes": conclusoes}
    modelo.arestas = [
        {"origem": "documento:11144477735", "destino": "pessoa:maria lima", "conclusao_id": 1, "tipo": "convergencia_nome",
         "grau": "forte"},
        {"origem": "documento:11144477735", "destino": "conta:|1|123456", "conclusao_id": 2, "tipo": "vinculo_financeiro",
         "grau": "moderado"},
    ]
    return modelo


def test_graphml_relido_tem_nos_e_arestas_com_a_conclusao() -> None:
    raiz = ET.fromstring(exportacoes.graphml(_modelo()))
    nos = {n.get("id"): {d.get("key"): d.text for d in n.findall("g:data", NS)} for n in raiz.iterfind(".//g:node", NS)}
    assert nos["documento:11144477735"] == {"tipo": "CPF/CNPJ", "rotulo": "11144477735", "conclusoes": "1,2"}
    arestas = [{**a.attrib, **{d.get("key"): d.text for d in a.findall("g:data", NS)}} for a in raiz.iterfind(".//g:edge", NS)]
    assert arestas[1]["target"] == "conta:|1|123456" and arestas[1]["grau"] == "moderado" and arestas[1]["conclusao_id"] == "2"


def test_csvs_de_entidades_e_vinculos_para_i2_e_maltego() -> None:
    modelo = _modelo()
    entidades = list(csv.DictReader(io.StringIO(exportacoes.entidades_csv(modelo).lstrip("\ufeff")), delimiter=";"))
    vinculos = list(csv.DictReader(io.StringIO(exportacoes.vinculos_csv(modelo).lstrip("\ufeff")), delimiter=";"))
    assert {e["id"] for e in entidades} == set(modelo.nos)
    assert vinculos[0] == {"origem": "documento:11144477735", "destino": "pessoa:maria lima",
                           "tipo_conclusao": "convergencia_nome", "grau": "forte", "conclusao_id": "1"}


def test_visao_por_alvo_junta_o_que_liga_a_cada_pessoa_documento_e_conta() -> None:
    alvos = {a["id"]: a for a in exportacoes.alvos(_modelo())}
    cpf = alvos["documento:11144477735"]
    assert cpf["ligados"] == {"Conta": ["Agência 0001 Conta 12345-6"], "Pessoa": ["MARIA LIMA"]}
    assert cpf["conclusoes"] == [1, 2]
    assert "ip:187.34.56.78" not in alvos  # IP não é alvo, e este não se liga a nada


def test_texto_com_controle_ou_nul_fica_visivel_e_o_xml_valido() -> None:
    """Regressão: um nome de arquivo com \\x07 ou uma linha com NUL derrubava a análise ao gravar .docx/.xlsx/GraphML."""
    from perito.saida.texto_xml import limpar, seguro_xml

    assert seguro_xml("relat\x1b[31mório\x07.txt\x00") == "relat\\x1b[31mório\\x07.txt\\x00"
    assert seguro_xml("linha\tcom\ttab\n") == "linha\tcom\ttab\n"  # TAB e LF são XML válido
    assert limpar({"a\x01": ["b\x02", ("c\x03",)]}) == {"a\\x01": ["b\\x02", ("c\\x03",)]}
    modelo = _modelo()
    modelo.nos["pessoa:maria lima"]["rotulo"] = "MARIA\x07LIMA"
    ET.fromstring(exportacoes.graphml(modelo))  # relê sem erro
