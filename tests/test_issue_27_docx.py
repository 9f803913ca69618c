"""Issue 27: o parágrafo do .docx entra em tempo constante, com o mesmo XML do `add_paragraph` do python-docx.

O python-docx insere cada parágrafo antes do `w:sectPr` procurando-o entre todos os filhos do corpo: com ~20 mil
parágrafos (um caso com 950 conclusões e o plano de diligências) eram ~5 s só nisso. `docx_pagina.paragrafo` acha o
`w:sectPr` uma vez; o documento gravado tem de ser o mesmo, na mesma ordem, com tabelas no meio.
"""

from __future__ import annotations

import io
import zipfile

import docx
from docx.shared import Pt

from perito.saida import docx_pagina


def _montar(documento, paragrafo) -> bytes:
    paragrafo(documento, "Relatório", "Title")
    paragrafo(documento, "texto com\ttabulação e\nquebra de linha")
    paragrafo(documento)
    vazio = paragrafo(documento, "")
    vazio.add_run("negrito").bold = True
    paragrafo(documento, "item", "List Bullet")
    documento.add_table(rows=1, cols=2).cell(0, 0).text = "célula"
    recuado = paragrafo(documento, "depois da tabela")
    recuado.paragraph_format.left_indent = Pt(18)
    for n in range(50):
        paragrafo(documento, f"linha {n}", "Heading 2" if n % 10 == 0 else None)
    saida = io.BytesIO()
    documento.save(saida)
    with zipfile.ZipFile(saida) as pacote:
        return pacote.read("word/document.xml")


def _do_python_docx(documento, texto="", estilo=None):
    return documento.add_paragraph(texto, style=estilo)


def test_paragrafo_em_tempo_constante_grava_o_mesmo_xml_que_o_add_paragraph():
    nosso = _montar(docx.Document(), docx_pagina.paragrafo)
    deles = _montar(docx.Document(), _do_python_docx)
    assert nosso == deles
    assert nosso.index(b"depois da tabela") > nosso.index(b"</w:tbl>")  # a ordem: tabela no meio, fim antes do sectPr
    assert nosso.rindex(b"linha 49") < nosso.index(b"<w:sectPr")


def test_corpo_sem_secao_e_corpo_mexido_por_fora_seguem_o_caminho_do_python_docx():
    documento = docx.Document()
    corpo = documento.element.body
    corpo.remove(corpo.sectPr)  # um modelo sem w:sectPr
    docx_pagina.paragrafo(documento, "sem seção")
    assert corpo[-1].tag.endswith("}p")

    documento = docx.Document()
    docx_pagina.paragrafo(documento, "primeiro")
    corpo = documento.element.body
    fim = corpo.sectPr
    corpo.remove(fim)
    corpo.append(fim)
    extra = corpo._new_p()
    corpo.append(extra)  # algo depois do sectPr: o próximo parágrafo procura o fim de novo
    docx_pagina.paragrafo(documento, "segundo")
    textos = [p.text for p in documento.paragraphs]
    assert textos.index("segundo") == textos.index("primeiro") + 1


def test_limpar_sem_nada_a_escapar_devolve_o_proprio_objeto_e_com_algo_copia_sem_mudar_o_original():
    from perito.saida.texto_xml import limpar

    limpo = {"conclusoes": [{"id": 1, "afirmacao": "IP 200.1.1.1", "refs": ("a", "b")}], "plano": {"passos": []}}
    assert limpar(limpo) is limpo  # um caso grande não é copiado inteiro para o .docx

    sujo = {"conclusoes": [{"id": 1, "afirmacao": "nome\x07com sino"}, {"id": 2, "afirmacao": "ok"}],
            "plano": {"passos": []}, "refs": ("a", "NUL\x00", "c"), "chave\x01": 3}
    original = repr(sujo)
    saida = limpar(sujo)
    assert repr(sujo) == original  # o recebido não muda
    assert saida["conclusoes"][0]["afirmacao"] == "nome\\x07com sino"
    assert saida["conclusoes"][1] is sujo["conclusoes"][1] and saida["plano"] is sujo["plano"]  # só o caminho é copiado
    assert saida["refs"] == ("a", "NUL\\x00", "c") and isinstance(saida["refs"], tuple)
    assert "chave\\x01" in saida and list(saida) == ["conclusoes", "plano", "refs", "chave\\x01"]  # a ordem fica
