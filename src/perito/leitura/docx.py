"""Leitura de DOCX (python-docx): parágrafos e linhas de tabela, na ordem do corpo do documento.

- `paragrafo N`: N-ésimo parágrafo do corpo (1-based, contando os vazios), fora de tabelas;
- `tabela T linha R`: linha R (1-based) da tabela T do corpo; o texto são as células unidas
  por " | " e cada célula fica em `Trecho.celulas`.
Cabeçalhos, rodapés, caixas de texto e comentários não são lidos; só o cabeçalho das páginas
gera um alerta quando tem texto (rodapés, caixas de texto e comentários passam sem aviso).
"""

from __future__ import annotations

import unicodedata

import docx
import docx.oxml.ns

from perito.leitura import localizacao, tetos
from perito.leitura.documento import Documento, Trecho
from perito.leitura.entrada import Entrada, abrir

METODO = "python-docx"
_PARAGRAFO = docx.oxml.ns.qn("w:p")
_TABELA = docx.oxml.ns.qn("w:tbl")


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
    # na ordem do corpo: o parágrafo que diz o fuso ou o titular antes de uma tabela vem antes das linhas dela (a
    # numeração continua a de `documento.paragraphs` e `documento.tables`: o validador relê pelos mesmos números)
    paragrafos = iter(documento.paragraphs)
    tabelas = iter(documento.tables)
    numero = t = 0
    for filho in documento.element.body.iterchildren():
        if filho.tag == _PARAGRAFO:
            numero += 1
            texto = _nfc(next(paragrafos).text)
            if texto.strip():
                doc.trechos.append(Trecho(None, localizacao.paragrafo(numero), texto, METODO))
        elif filho.tag == _TABELA:
            t += 1
            for r, linha in enumerate(next(tabelas).rows, start=1):
                celulas = tuple(_nfc(c.text) for c in linha.cells)
                if any(c.strip() for c in celulas):
                    doc.trechos.append(
                        Trecho(None, localizacao.linha_de_tabela(t, r), " | ".join(celulas), METODO, celulas=celulas)
                    )
    if any(s.header.paragraphs and any(p.text.strip() for p in s.header.paragraphs) for s in documento.sections):
        doc.alertas.append(f"{nome}: o cabeçalho das páginas não é lido nesta versão")
    return doc
