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


def _copiar_linhas_na_arvore(tabela, linhas, preencher):
    """A regra como era (o oráculo): cada linha copiada fica na árvore XML do documento."""
    import copy as copia_

    from docx.oxml.ns import qn
    from docx.table import _Row

    if not linhas:
        return
    modelo = tabela.rows[-1]._tr
    for linha in linhas:
        copia = copia_.deepcopy(modelo)
        modelo.addprevious(copia)
        if any(c in texto for texto in linha for c in "\t\n\r"):
            for indice, (celula, texto) in enumerate(zip(_Row(copia, tabela).cells, linha, strict=True)):
                preencher(celula, texto, indice)
            continue
        for tc, texto in zip(copia.iterchildren(qn("w:tc")), linha, strict=True):
            t = tc.find(f".//{qn('w:t')}")
            if not texto:
                t.getparent().remove(t)
                continue
            t.text = texto
            if texto != texto.strip():
                t.set(qn("xml:space"), "preserve")
    modelo.getparent().remove(modelo)


def test_linhas_de_tabela_fora_da_arvore_gravam_o_mesmo_document_xml(monkeypatch):
    """As linhas das tabelas serializadas uma a uma e postas no document.xml só ao gravar (o pico de memória de um
    caso com milhares de referências era a árvore delas) dão o mesmo XML que as linhas na árvore."""
    linhas = [["1", "12", "resposta.pdf, p. 3, linha 14", "200.1.1.1 porta 443", "VERIFICADO", "-"],
              ["2", "12", "  com espaços  ", "A & B <c> \"d\" 'e'", "AMBIGUO", ""],
              ["3", "13", "com\ttabulação", "duas\nlinhas", "CONTRADITO", "rejeitado (ana: ver)"],
              ["4", "14", "acentuação ção ÃÉ", "emoji \U0001F4DE e ½", "VERIFICADO", "-"]] * 30
    hashes = [[f"lotes/extrator_{i}.json", f"{i:064x}"] for i in range(12)]

    def montar(copiar) -> bytes:
        monkeypatch.setattr(docx_pagina, "copiar_linhas", copiar)
        documento = docx.Document()
        docx_pagina.paragrafo(documento, "antes")
        docx_pagina.tabela_de_hashes(documento, ["Saída", "SHA-256"], hashes, coluna_hash=1, larguras_cm=[6.8, 9.2])
        docx_pagina.paragrafo(documento, "entre")
        docx_pagina.tabela_de_hashes(documento, ["Nota", "Conclusão", "Local", "Dado citado", "Validador", "Revisão"],
                                     linhas, coluna_hash=None, larguras_cm=[1.1, 1.6, 4.4, 4.3, 2.6, 2.0], corpo_pt=8)
        docx_pagina.tabela_de_hashes(documento, ["Vazia"], [], coluna_hash=None, larguras_cm=[16])
        docx_pagina.paragrafo(documento, "depois")
        with zipfile.ZipFile(io.BytesIO(docx_pagina.salvar(documento))) as pacote:
            return pacote.read("word/document.xml")

    original = docx_pagina.copiar_linhas
    adiadas, na_arvore = montar(original), montar(_copiar_linhas_na_arvore)
    assert adiadas == na_arvore
    assert b"perito-linhas" not in adiadas and adiadas.count(b"<w:tr>") + adiadas.count(b"<w:tr ") == 2 + 12 + 1 + 120
    assert "emoji \U0001F4DE".encode() in adiadas and b"A &amp; B &lt;c&gt;" in adiadas


def _corridas_e_recuos(documento, corrida, recuado) -> bytes:
    for texto in ("simples", " com espaço nas pontas ", "tab\tno meio", "quebra\nde linha", "retorno\r", "ç é 😀", "x"):
        p = docx_pagina.paragrafo(documento)
        corrida(p, texto).bold = True
        corrida(p, texto)
        corrida(p, ",").font.superscript = True
    for n in range(5):
        recuado(documento, f"detalhe {n}", 18)
        recuado(documento, f" recuo maior {n}", 36)
        recuado(documento, "com\ttab", 18)
    saida = io.BytesIO()
    documento.save(saida)
    with zipfile.ZipFile(saida) as pacote:
        return pacote.read("word/document.xml")


def _corrida_do_python_docx(paragrafo, texto):
    return paragrafo.add_run(texto)


def _recuado_do_python_docx(documento, texto, pontos):
    novo = documento.add_paragraph(texto)
    novo.paragraph_format.left_indent = Pt(pontos)
    return novo


def test_corrida_e_recuo_gravam_o_mesmo_xml_que_a_api_do_python_docx():
    """`corrida` põe o `w:t` direto (sem passar o texto caractere a caractere) e `recuado` copia as propriedades do
    primeiro parágrafo recuado: o XML tem de ser o da API, com tabulação, quebra, espaço nas pontas, dois recuos e
    dois documentos (o modelo de um não vale no outro)."""
    deles = _corridas_e_recuos(docx.Document(), _corrida_do_python_docx, _recuado_do_python_docx)
    for _ in range(2):
        assert _corridas_e_recuos(docx.Document(), docx_pagina.corrida, docx_pagina.recuado) == deles
    assert b'xml:space="preserve"> com espa' in deles and b"<w:tab/>" in deles and b'w:left="720"' in deles
