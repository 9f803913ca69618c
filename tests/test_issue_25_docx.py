"""O .docx que um inquérito aceita (issue 25, item 6): A4 com margens da ABNT, cabeçalho com caso e inquérito, faixa
SEGREDO DE JUSTIÇA, rodapé "Página X de Y" com campos, bloco de assinatura, tipos por extenso e hashes numa linha."""

from __future__ import annotations

from docx import Document

from perito.analise import Parametros, analisar
from perito.contratos.modelos import TIPOS_CONCLUSAO
from perito.saida import nomes
from tests.conftest import CASO_DEMO, DATA


def test_relatorio_docx_em_a4_com_cabecalho_rodape_paginado_assinatura_e_sigilo(tmp_path):
    saida = tmp_path / "saida"
    analisar(Parametros(CASO_DEMO, saida, data_analise=DATA, inquerito="IP 99/2025", analista="Ana Souza",
                        matricula="12.345-6", sigilo=True))
    documento = Document(str(saida / "relatorio.docx"))
    secao = documento.sections[0]
    assert abs(secao.page_width.mm - 210) < 0.1 and abs(secao.page_height.mm - 297) < 0.1
    assert [round(m.mm) for m in (secao.top_margin, secao.left_margin, secao.bottom_margin, secao.right_margin)] == [30, 30, 20, 20]
    cabecalho = "\n".join(p.text for p in secao.header.paragraphs)
    assert "SEGREDO DE JUSTIÇA" in cabecalho and "Caso caso_demo" in cabecalho and "Inquérito IP 99/2025" in cabecalho
    rodape = secao.footer._element.xml
    assert "Página" in rodape and " PAGE " in rodape and " NUMPAGES " in rodape and 'fldCharType="begin"' in rodape
    textos = [p.text for p in documento.paragraphs]
    assert "SEGREDO DE JUSTIÇA" in textos[:3]
    # assinatura: depois da cadeia de custódia, com nome, matrícula e a data da análise por extenso
    fim = textos.index("9. Cadeia de custódia")
    assinatura = textos[fim:]
    assert "Ana Souza" in assinatura and "Matrícula: 12.345-6" in assinatura
    assert any("20 de março de 2025" in t for t in assinatura)
    # tipos por extenso, nunca o código do contrato; locais com "célula"
    corpo = "\n".join(textos)
    assert "vínculo financeiro" in corpo and "convergência de IP" in corpo
    assert not any(codigo in corpo for codigo in ("(vinculo_financeiro", "(convergencia_ip", "(identificacao_titular"))
    assert "célula A7" in corpo and "celula A7" not in corpo
    # o SHA-256 de cada arquivo em Courier New 6,5 pt numa coluna de 9,2 cm (64 caracteres cabem numa linha)
    material = documento.tables[0]
    celula = material.rows[1].cells[1]
    assert len(celula.text) == 64 and celula.paragraphs[0].runs[0].font.name == "Courier New"
    assert celula.paragraphs[0].runs[0].font.size.pt == 6.5 and abs(celula.width.cm - 9.2) < 0.05


def test_sem_sigilo_nem_matricula_o_bloco_fica_para_preencher(analise_demo):
    resultado, _ = analise_demo
    documento = Document(str(resultado.saida / "relatorio.docx"))
    assert "SEGREDO DE JUSTIÇA" not in "\n".join(p.text for p in documento.sections[0].header.paragraphs)
    textos = [p.text for p in documento.paragraphs]
    assert "Matrícula: [matrícula]" in textos and "[nome do analista]" in textos


def test_todo_tipo_de_conclusao_tem_nome_por_extenso_e_plural_do_portugues():
    assert set(TIPOS_CONCLUSAO) <= set(nomes.TIPOS)
    assert all("_" not in nome for nome in nomes.TIPOS.values())
    assert nomes.plural(1, "conclusão", "conclusões") == "1 conclusão"
    assert nomes.plural(0, "conclusão", "conclusões") == "0 conclusões"
    assert nomes.plural(2, "família", "famílias") == "2 famílias"
    assert nomes.local("celula B7") == "célula B7" and nomes.local("linha 3") == "linha 3"


def test_referencias_viram_notas_de_fim_numeradas_que_o_anexo_repete(analise_demo):
    import re
    import zipfile

    resultado, _ = analise_demo
    caminho = resultado.saida / "relatorio.docx"
    with zipfile.ZipFile(caminho) as pacote:
        notas = pacote.read("word/endnotes.xml").decode("utf-8")
        corpo = pacote.read("word/document.xml").decode("utf-8")
        configuracoes = pacote.read("word/settings.xml").decode("utf-8")
        relacoes = pacote.read("word/_rels/document.xml.rels").decode("utf-8")
        tipos = pacote.read("[Content_Types].xml").decode("utf-8")
    assert "endnotes.xml" in relacoes and "wordprocessingml.endnotes+xml" in tipos
    ids = [int(i) for i in re.findall(r'<w:endnote [^>]*w:id="(-?\d+)"', notas)]
    referencias = [int(i) for i in re.findall(r'<w:endnoteReference w:id="(\d+)"', corpo)]
    assert ids[:2] == [-1, 0] and ids[2:] == referencias == list(range(1, len(referencias) + 1))
    total = sum(len(c["referencias"]) for c in resultado.finais["conclusoes"])
    assert len(referencias) == total  # toda conclusão do caso de exemplo é achado ou pendência: cada referência, uma nota
    assert '<w:numFmt w:val="decimal"/>' in configuracoes and '<w:numFmt w:val="decimal"/>' in corpo
    assert "resposta_dict_bacen.pdf, p. 1, linha 7" in notas and "validador VERIFICADO" in notas
    anexo = Document(str(caminho)).tables[-1]
    assert [linha.cells[0].text for linha in anexo.rows[1:4]] == ["1", "2", "3"]
