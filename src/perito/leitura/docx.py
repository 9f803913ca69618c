"""Leitura de DOCX (python-docx): parágrafos e linhas de tabela, na ordem do corpo do documento.

- `paragrafo N`: N-ésimo parágrafo do corpo (1-based, contando os vazios), fora de tabelas;
- `tabela T linha R`: linha R (1-based) da tabela T do corpo; o texto são as células unidas
  por " | " e cada célula fica em `Trecho.celulas`.
O texto de um parágrafo é o dos runs dele, como o python-docx o dá (`w:t`, tabulação, quebra de linha), e também o dos
runs que ele deixa de fora: os campos de formulário (controles de conteúdo, `w:sdt`, dos modelos de ofício e de
requisição), o texto inserido com o controle de alterações ligado (`w:ins`; o excluído, `w:del`, fica de fora, como o
Word o mostra sem as marcas) e o de campos simples e marcas inteligentes. Um controle de conteúdo que envolve
parágrafos ou uma tabela inteira (`w:sdt` no corpo ou na célula) também é lido, na ordem do corpo.
Cabeçalhos, rodapés, caixas de texto e comentários não são lidos; só o cabeçalho das páginas
gera um alerta quando tem texto (rodapés, caixas de texto e comentários passam sem aviso).
"""

from __future__ import annotations

import unicodedata
from typing import Iterator

import docx
import docx.oxml.ns
import docx.table

from perito.leitura import localizacao, tetos
from perito.leitura.documento import Documento, Trecho
from perito.leitura.entrada import Entrada, abrir

METODO = "python-docx"
_qn = docx.oxml.ns.qn
_PARAGRAFO = _qn("w:p")
_TABELA = _qn("w:tbl")
_RUN = _qn("w:r")
#: o controle de conteúdo: o que ele mostra está em `w:sdtContent` (as propriedades, `w:sdtPr`, não são texto)
_CONTROLE, _CONTEUDO_DO_CONTROLE = _qn("w:sdt"), _qn("w:sdtContent")
#: o que, dentro de um parágrafo, guarda runs que o Word mostra (o `w:del` e o `w:moveFrom`, não)
_COM_RUNS = frozenset(_qn(f"w:{nome}") for nome in ("hyperlink", "ins", "moveTo", "smartTag", "customXml",
                                                     "fldSimple", "dir", "bdo"))


def _nfc(texto: str) -> str:
    return unicodedata.normalize("NFC", texto)


def ler_docx(entrada: Entrada, nome: str) -> Documento:
    doc = Documento(arquivo=nome, tipo="docx", metodo_extracao=METODO)
    tetos.conferir_zip(entrada)  # antes de qualquer XML ser descomprimido
    with abrir(entrada) as arquivo:
        try:
            documento = docx.Document(arquivo)
        except Exception as erro:
            doc.erro = f"documento DOCX corrompido ou ilegível ({type(erro).__name__}: {str(erro)[:100]})"
            return doc
    # na ordem do corpo: o parágrafo que diz o fuso ou o titular antes de uma tabela vem antes das linhas dela (sem
    # controles de conteúdo no corpo, a numeração é a de `documento.paragraphs` e `documento.tables`)
    numero = t = 0
    for filho in _blocos(documento.element.body):
        if filho.tag == _PARAGRAFO:
            numero += 1
            texto = _nfc(_texto(filho))
            if texto.strip():
                doc.trechos.append(Trecho(None, localizacao.paragrafo(numero), texto, METODO))
        else:
            t += 1
            for r, linha in enumerate(docx.table.Table(filho, documento._body).rows, start=1):
                celulas = tuple(_nfc(_texto_da_celula(c._tc)) for c in linha.cells)
                if any(c.strip() for c in celulas):
                    doc.trechos.append(
                        Trecho(None, localizacao.linha_de_tabela(t, r), " | ".join(celulas), METODO, celulas=celulas)
                    )
    if any(s.header.paragraphs and any(p.text.strip() for p in s.header.paragraphs) for s in documento.sections):
        doc.alertas.append(f"{nome}: o cabeçalho das páginas não é lido nesta versão")
    return doc


def _blocos(conteiner) -> Iterator:
    """Os parágrafos e tabelas de um contêiner (o corpo, uma célula), na ordem, também os de dentro de um controle de
    conteúdo."""
    for filho in conteiner.iterchildren():
        if filho.tag in (_PARAGRAFO, _TABELA):
            yield filho
        elif filho.tag == _CONTROLE:
            for conteudo in filho.iterchildren(_CONTEUDO_DO_CONTROLE):
                yield from _blocos(conteudo)


def _texto(elemento) -> str:
    """O texto que o Word mostra num parágrafo: o dos runs (`CT_R.text` do python-docx: `w:t`, tabulação, quebra), na
    ordem, também dentro de hiperlinks, inserções, campos e controles de conteúdo; nunca o das exclusões."""
    partes = []
    for filho in elemento.iterchildren():
        if filho.tag == _RUN:
            partes.append(filho.text)
        elif filho.tag in _COM_RUNS:
            partes.append(_texto(filho))
        elif filho.tag == _CONTROLE:
            partes.extend(_texto(conteudo) for conteudo in filho.iterchildren(_CONTEUDO_DO_CONTROLE))
    return "".join(partes)


def _texto_da_celula(celula) -> str:
    """Os parágrafos da célula unidos por quebra de linha, como o `cell.text` do python-docx (uma tabela dentro da
    célula fica de fora, como lá), também os de um controle de conteúdo."""
    return "\n".join(_texto(p) for p in _blocos(celula) if p.tag == _PARAGRAFO)
