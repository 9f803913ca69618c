"""DOCX com campos de formulário (controles de conteúdo) e com o controle de alterações ligado.

Os modelos de ofício e de requisição dos órgãos públicos têm os campos como controles de conteúdo (`w:sdt`), e um
relatório revisado tem o texto inserido dentro de `w:ins`. O python-docx só dá os runs diretos do parágrafo: antes, "IP
de acesso: " saía sem o IP, a data-hora inserida na revisão sumia, e o parágrafo inteiro dentro de um controle (o
titular com o CPF) nem existia. O texto excluído na revisão (`w:del`) continua de fora, como o Word o mostra.
"""

from __future__ import annotations

from pathlib import Path

import docx
import pytest
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls

from perito.leitura.leitor import ler_documento
from tests.conftest import analise_com_provedor

W = nsdecls("w")


def _relatorio(caminho: Path) -> None:
    d = docx.Document()
    d.add_paragraph("RELATÓRIO DE INVESTIGAÇÃO")
    p = d.add_paragraph("O investigado acessou a conta do IP ")
    p._p.append(parse_xml(f'<w:sdt {W}><w:sdtPr><w:alias w:val="IP"/></w:sdtPr><w:sdtContent><w:r><w:t>177.45.10.2'
                          "</w:t></w:r></w:sdtContent></w:sdt>"))
    p.add_run(" em ")
    p._p.append(parse_xml(f'<w:del {W} w:id="1" w:author="revisor" w:date="2025-03-16T00:00:00Z"><w:r><w:delText>'
                          "14/03/2025 09:00:00</w:delText></w:r></w:del>"))
    p._p.append(parse_xml(f'<w:ins {W} w:id="2" w:author="revisor" w:date="2025-03-16T00:00:00Z"><w:r><w:t>15/03/2025 '
                          "11:34:02 (horário de Brasília)</w:t></w:r></w:ins>"))
    corpo = d.element.body
    corpo.insert(len(corpo) - 1, parse_xml(
        f'<w:sdt {W}><w:sdtPr><w:alias w:val="Titular"/></w:sdtPr><w:sdtContent><w:p><w:r><w:t>Titular: MARIA '
        "OLIVEIRA LIMA, CPF 111.444.777-35</w:t></w:r></w:p></w:sdtContent></w:sdt>"))
    tabela = d.add_table(rows=1, cols=2)
    tabela.rows[0].cells[0].text = "Telefone"
    celula = tabela.rows[0].cells[1]._tc
    celula.remove(celula.p_lst[0])
    celula.append(parse_xml(f'<w:sdt {W}><w:sdtContent><w:p><w:r><w:t>(11) 98765-4321</w:t></w:r></w:p>'
                            "</w:sdtContent></w:sdt>"))
    d.add_paragraph("Delegado de Polícia")
    d.save(caminho)


def test_controles_de_conteudo_e_insercoes_lidos_exclusoes_nao(tmp_path):
    _relatorio(tmp_path / "relatorio.docx")
    doc = ler_documento(tmp_path / "relatorio.docx", "relatorio.docx", "docx")
    textos = {t.localizacao: t.texto for t in doc.trechos}
    # o IP do campo de formulário e a data-hora inserida na revisão, sem a excluída
    assert textos["paragrafo 2"] == ("O investigado acessou a conta do IP 177.45.10.2 em 15/03/2025 11:34:02 (horário "
                                     "de Brasília)")
    assert textos["paragrafo 3"] == "Titular: MARIA OLIVEIRA LIMA, CPF 111.444.777-35"
    assert doc.trecho(None, "tabela 1 linha 1").celulas == ("Telefone", "(11) 98765-4321")
    assert textos["paragrafo 4"] == "Delegado de Polícia"


@pytest.fixture(scope="module")
def conclusoes(tmp_path_factory) -> dict:
    return analise_com_provedor(tmp_path_factory.mktemp("docx_sdt"), lambda caso: _relatorio(caso / "relatorio.docx"))[1]


def test_ip_do_campo_de_formulario_converge_verificado(conclusoes):
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert ip["grau_confianca"] == "moderado" and "distam 12s" in ip["afirmacao"]
    assert {r["linha_ou_celula"] for r in ip["referencias"] if r["arquivo"] == "relatorio.docx"} >= {"paragrafo 2"}
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"
