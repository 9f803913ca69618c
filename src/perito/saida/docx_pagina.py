"""A página do relatório .docx que vai ao inquérito: A4 com as margens da ABNT, cabeçalho com o caso e o inquérito
(e a faixa SEGREDO DE JUSTIÇA), rodapé "Página X de Y" com campos que o Word e o LibreOffice atualizam, bloco de
assinatura e tabelas de hashes em fonte monoespaçada pequena, numa linha só."""

from __future__ import annotations

import copy
import io
import re
import zipfile
from typing import Any, Callable
from weakref import WeakKeyDictionary

#: ABNT NBR 14724: superior e esquerda 3 cm, inferior e direita 2 cm
MARGENS_MM = {"top": 30, "left": 30, "bottom": 20, "right": 20}
FAIXA_SIGILO = "SEGREDO DE JUSTIÇA"
MESES = ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
         "novembro", "dezembro")


def pagina_a4(documento: Any) -> None:
    from docx.shared import Mm

    for secao in documento.sections:
        secao.page_width, secao.page_height = Mm(210), Mm(297)
        secao.top_margin, secao.left_margin = Mm(MARGENS_MM["top"]), Mm(MARGENS_MM["left"])
        secao.bottom_margin, secao.right_margin = Mm(MARGENS_MM["bottom"]), Mm(MARGENS_MM["right"])
        secao.header_distance = secao.footer_distance = Mm(12)


def _campo(paragrafo: Any, instrucao: str, provisorio: str) -> None:
    """Campo do Word (PAGE, NUMPAGES): começo, instrução, separador, valor provisório e fim."""
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    def fld(tipo: str) -> Any:
        elemento = OxmlElement("w:fldChar")
        elemento.set(qn("w:fldCharType"), tipo)
        return elemento

    paragrafo.add_run()._r.append(fld("begin"))
    instr = OxmlElement("w:instrText")
    instr.set(qn("xml:space"), "preserve")
    instr.text = f" {instrucao} "
    paragrafo.add_run()._r.append(instr)
    paragrafo.add_run()._r.append(fld("separate"))
    paragrafo.add_run(provisorio)
    paragrafo.add_run()._r.append(fld("end"))


def cabecalho_e_rodape(documento: Any, titulo: str, sigilo: bool) -> None:
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Pt, RGBColor

    for secao in documento.sections:
        cabecalho = secao.header.paragraphs[0]
        cabecalho.alignment = WD_ALIGN_PARAGRAPH.CENTER
        if sigilo:
            faixa = cabecalho.add_run(FAIXA_SIGILO + "\n")
            faixa.bold = True
            faixa.font.size = Pt(11)
            faixa.font.color.rgb = RGBColor(0xB0, 0x00, 0x00)
        texto = cabecalho.add_run(titulo or "Relatório de análise de provas")
        texto.font.size = Pt(8)
        rodape = secao.footer.paragraphs[0]
        rodape.alignment = WD_ALIGN_PARAGRAPH.CENTER
        rodape.add_run("Página ")
        _campo(rodape, "PAGE", "1")
        rodape.add_run(" de ")
        _campo(rodape, "NUMPAGES", "1")
        for corrida in rodape.runs:
            corrida.font.size = Pt(8)


def data_por_extenso(iso: str | None) -> str:
    if not iso:
        return "____ de ____________ de ______"
    ano, mes, dia = iso[:10].split("-")
    return f"{int(dia)} de {MESES[int(mes) - 1]} de {ano}"


def assinatura(documento: Any, identificacao: dict[str, Any]) -> None:
    """Encerramento, local e data, linha de assinatura, nome e matrícula (o que faltar fica para preencher)."""
    from docx.enum.text import WD_ALIGN_PARAGRAPH

    paragrafo(documento, "Nada mais havendo a relatar, encerra-se o presente relatório, gerado pelo perito e conferido "
                         "pelo analista abaixo identificado.")
    local = paragrafo(documento, f"________________________, {data_por_extenso(identificacao.get('data_analise'))}.")
    local.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    for linha in ("", "_____________________________________________",
                  str(identificacao.get("analista") or "[nome do analista]"),
                  f"Matrícula: {identificacao.get('matricula') or '[matrícula]'}", "[cargo e lotação]"):
        centrado = paragrafo(documento, linha)
        centrado.alignment = WD_ALIGN_PARAGRAPH.CENTER
        centrado.paragraph_format.space_after = 0


def tabela_de_hashes(documento: Any, cabecalho: list[str], linhas: list[list[str]], coluna_hash: int | None,
                     larguras_cm: list[float], corpo_pt: float | None = None) -> None:
    """Tabela com larguras que somam a largura útil do A4 (16 cm); o SHA-256 em Courier New 6,5 pt, para os 64
    caracteres caberem numa linha da coluna; `corpo_pt`: corpo das outras células (tabelas largas, como o anexo).

    Uma linha-modelo é montada pela API do python-docx (texto, fonte e largura de cada célula) e as outras são cópias
    dela com o texto trocado: célula a célula pela API, um anexo de 600 arquivos levava segundos (cada `add_row` e
    cada `cells` refaz a grade inteira)."""
    from docx.shared import Cm

    tabela = documento.add_table(rows=2 if linhas else 1, cols=len(cabecalho))
    tabela.style = "Table Grid"
    tabela.autofit = False
    for celula, texto in zip(tabela.rows[0].cells, cabecalho, strict=True):
        celula.text = texto
        celula.paragraphs[0].runs[0].bold = True
    if linhas:
        for indice, celula in enumerate(tabela.rows[1].cells):
            _preencher(celula, "-", indice, coluna_hash, corpo_pt)  # o texto de cada linha entra na cópia
    for coluna, largura in zip(tabela.columns, larguras_cm, strict=True):
        coluna.width = Cm(largura)  # a grade da tabela (o LibreOffice a segue)
        for celula in coluna.cells:
            celula.width = Cm(largura)  # e cada célula (o Word segue a célula)
    copiar_linhas(tabela, linhas, lambda celula, texto, indice: _preencher(celula, texto, indice, coluna_hash, corpo_pt))


def copiar_linhas(tabela: Any, linhas: list[list[str]], preencher: Callable[[Any, str, int], None]) -> None:
    """Preenche `linhas` a partir da última linha da tabela, a linha-modelo (já com fonte e largura de cada célula,
    e um texto qualquer): cada linha é uma cópia dela com o texto trocado, e a modelo sai no fim. Linhas com
    tabulação ou quebra de linha passam por `preencher` (a API as converte em <w:tab/> e <w:br/>).

    As linhas não ficam na árvore XML do documento: cada uma é serializada assim que pronta e sai dela, e um marcador
    fica no lugar de todas até `salvar` pôr os bytes delas no document.xml. A tabela de referências de um caso com
    milhares de referências, como árvore do lxml, eram centenas de MB (o pico de memória da análise); como bytes,
    poucos MB. O XML gravado é o mesmo (`tests/test_issue_27_docx.py`)."""
    from docx.oxml.ns import qn
    from docx.table import _Row
    from lxml import etree

    if not linhas:
        return
    modelo = tabela.rows[-1]._tr
    adiadas = _ADIADAS.setdefault(tabela.part, [])
    pedacos: list[bytes] = []
    for linha in linhas:
        copia = copy.deepcopy(modelo)
        modelo.addprevious(copia)
        if any(c in texto for texto in linha for c in "\t\n\r"):
            for indice, (celula, texto) in enumerate(zip(_Row(copia, tabela).cells, linha, strict=True)):
                preencher(celula, texto, indice)
        else:
            for tc, texto in zip(copia.iterchildren(qn("w:tc")), linha, strict=True):
                t = tc.find(f".//{qn('w:t')}")
                if not texto:
                    t.getparent().remove(t)  # como a API: corrida sem texto
                    continue
                t.text = texto
                if texto != texto.strip():
                    t.set(qn("xml:space"), "preserve")
        copia.getparent().remove(copia)
        pedacos.append(_sem_declaracoes(etree.tostring(copia, encoding="UTF-8", xml_declaration=False)))
    modelo.addprevious(etree.Comment(f"{_MARCA}{len(adiadas)}"))
    modelo.getparent().remove(modelo)
    adiadas.append(b"".join(pedacos))


#: as linhas de cada tabela serializadas por `copiar_linhas`, à espera de `salvar`, por documento
_ADIADAS: WeakKeyDictionary[Any, list[bytes]] = WeakKeyDictionary()
_MARCA = "perito-linhas-"
_DECLARACAO = re.compile(rb'\s+xmlns(?::[\w.-]+)?="[^"]*"')


def _sem_declaracoes(linha: bytes) -> bytes:
    """A linha serializada sozinha declara os espaços de nomes na primeira etiqueta; no documento eles vêm da raiz."""
    fim = linha.index(b">")
    return _DECLARACAO.sub(b"", linha[:fim]) + linha[fim:]


def salvar(documento: Any) -> bytes:
    """Os bytes do .docx, com as linhas adiadas de cada tabela (`copiar_linhas`) no lugar do seu marcador."""
    saida = io.BytesIO()
    documento.save(saida)
    adiadas = _ADIADAS.pop(documento.part, None)
    if not adiadas:
        return saida.getvalue()
    marcador = re.compile(rb"<!--" + _MARCA.encode() + rb"(\d+)-->")
    entrada = zipfile.ZipFile(saida)
    final = io.BytesIO()
    with zipfile.ZipFile(final, "w") as destino:
        for info in entrada.infolist():
            dados = entrada.read(info)
            if info.filename == "word/document.xml":
                dados = marcador.sub(lambda m: adiadas[int(m.group(1))], dados)
            destino.writestr(info, dados)  # o mesmo nome, a mesma data e a mesma compressão de cada parte
    return final.getvalue()


def _preencher(celula: Any, texto: str, indice: int, coluna_hash: int | None, corpo_pt: float | None) -> None:
    from docx.shared import Pt

    celula.text = texto
    for corrida in celula.paragraphs[0].runs:
        if indice == coluna_hash:
            corrida.font.name = "Courier New"
            corrida.font.size = Pt(6.5)
        elif corpo_pt:
            corrida.font.size = Pt(corpo_pt)


def paragrafo(documento: Any, texto: str = "", estilo: str | None = None) -> Any:
    """`documento.add_paragraph(texto, style=estilo)`, em tempo constante e com o id do estilo procurado uma vez por
    documento. O python-docx insere cada parágrafo antes do `w:sectPr` do corpo procurando-o entre todos os filhos
    (um parágrafo a mais custa o documento inteiro: ~5 s só nisso num caso com 950 conclusões) e procura o estilo pelo
    nome varrendo todos os estilos (~3 ms por parágrafo). Aqui o `w:sectPr` é achado uma vez por documento e cada
    parágrafo entra logo antes dele, no mesmo lugar; o XML é o mesmo (`tests/test_issue_27_docx.py`)."""
    from docx.text.paragraph import Paragraph

    fim = _fim_do_corpo(documento)
    if fim is None:
        novo = documento.add_paragraph(texto)
    else:
        elemento = documento.element.body._new_p()
        fim.addprevious(elemento)
        novo = Paragraph(elemento, documento._body)
        if texto:
            corrida(novo, texto)
    if estilo is not None:
        novo._p.style = _id_do_estilo(documento, estilo)
    return novo


def corrida(paragrafo: Any, texto: str) -> Any:
    """`paragrafo.add_run(texto)`, com o mesmo XML. O python-docx passa o texto caractere a caractere (uma tabulação
    vira `w:tab`, uma quebra, `w:br`) e antes limpa a corrida recém-criada com uma consulta XPath: no relatório de um
    caso com 950 conclusões, um terço do tempo do .docx. Texto sem tabulação nem quebra é um `w:t` só, que aqui
    entra direto (`CT_R.add_t`, o mesmo que o python-docx chama no fim); o resto vai pela API."""
    if not texto or any(c in texto for c in "\t\r\n"):
        return paragrafo.add_run(texto)
    from docx.text.run import Run

    elemento = paragrafo._p.add_r()
    elemento.add_t(texto)
    return Run(elemento, paragrafo)


def recuado(documento: Any, texto: str, pontos: float) -> Any:
    """`paragrafo(documento, texto)` com recuo à esquerda de `pontos` (`paragraph_format.left_indent = Pt(pontos)`), com
    o mesmo XML: as propriedades (`w:pPr` só com o `w:ind`) são montadas pela API uma vez por documento e recuo, e
    copiadas nos seguintes (as linhas de detalhe do plano de diligências são milhares num caso grande)."""
    novo = paragrafo(documento, texto)
    modelos = _RECUOS.setdefault(documento.part, {})
    modelo = modelos.get(pontos)
    if modelo is None:
        from docx.shared import Pt

        novo.paragraph_format.left_indent = Pt(pontos)
        modelos[pontos] = copy.deepcopy(novo._p.pPr)
    else:
        novo._p.insert(0, copy.deepcopy(modelo))
    return novo


#: o `w:pPr` de um parágrafo recuado, por documento e recuo: `recuado`
_RECUOS: WeakKeyDictionary[Any, dict[float, Any]] = WeakKeyDictionary()


_FINS: WeakKeyDictionary[Any, Any] = WeakKeyDictionary()


def _fim_do_corpo(documento: Any) -> Any:
    """O `w:sectPr` que fecha o corpo (o último filho), achado uma vez por documento; None se o corpo não tem."""
    if documento.part not in _FINS:
        _FINS[documento.part] = documento.element.body.sectPr
    fim = _FINS[documento.part]
    if fim is not None and fim.getnext() is not None:  # alguém pôs algo depois dele por fora: procurado de novo
        _FINS[documento.part] = fim = documento.element.body.sectPr
    return fim


def titulo(documento: Any, texto: str, nivel: int) -> Any:
    """`documento.add_heading(texto, nivel)` pelo mesmo caminho de `paragrafo`."""
    return paragrafo(documento, texto, "Title" if nivel == 0 else f"Heading {nivel}")


_IDS_DE_ESTILO: WeakKeyDictionary[Any, dict[str, str | None]] = WeakKeyDictionary()


def _id_do_estilo(documento: Any, nome: str) -> str | None:
    from docx.enum.style import WD_STYLE_TYPE

    ids = _IDS_DE_ESTILO.setdefault(documento.part, {})
    if nome not in ids:
        ids[nome] = documento.part.get_style_id(nome, WD_STYLE_TYPE.PARAGRAPH)
    return ids[nome]
