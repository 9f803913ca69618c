"""Issue 27, item 3: a tabela de hashes do .docx sem a API célula a célula do python-docx (um anexo de 600 arquivos
levava segundos); o XML tem de ser o mesmo que a API monta, inclusive com tabulação, espaço nas pontas e célula vazia."""

from __future__ import annotations

import io
import zipfile

from docx import Document
from docx.shared import Cm, Pt

from perito.saida.docx_pagina import salvar, tabela_de_hashes


def _pela_api(documento, cabecalho, linhas, coluna_hash, larguras_cm, corpo_pt=None):
    """O oráculo: a tabela montada célula a célula pela API (o caminho de antes)."""
    tabela = documento.add_table(rows=1, cols=len(cabecalho))
    tabela.style = "Table Grid"
    tabela.autofit = False
    for celula, texto in zip(tabela.rows[0].cells, cabecalho, strict=True):
        celula.text = texto
        celula.paragraphs[0].runs[0].bold = True
    for linha in linhas:
        for indice, (celula, texto) in enumerate(zip(tabela.add_row().cells, linha, strict=True)):
            celula.text = texto
            for corrida in celula.paragraphs[0].runs:
                if indice == coluna_hash:
                    corrida.font.name = "Courier New"
                    corrida.font.size = Pt(6.5)
                elif corpo_pt:
                    corrida.font.size = Pt(corpo_pt)
    for coluna, largura in zip(tabela.columns, larguras_cm, strict=True):
        coluna.width = Cm(largura)
        for celula in coluna.cells:
            celula.width = Cm(largura)


def _xml(montar, *argumentos) -> bytes:
    """O corpo do document.xml gravado (as linhas das tabelas só entram nele ao gravar: `docx_pagina.salvar`)."""
    documento = Document()
    montar(documento, *argumentos)
    with zipfile.ZipFile(io.BytesIO(salvar(documento))) as pacote:
        xml = pacote.read("word/document.xml")
    return xml[xml.index(b"<w:body"):]


def test_tabela_de_hashes_igual_a_da_api_celula_a_celula():
    linhas = [[f"lotes/arquivo_{i}.json", f"{i:064x}", f"{i} bytes", ""] for i in range(40)]
    linhas += [["com\ttabulação", "f" * 64, "x", "quebra\nde linha"], [" espaço nas pontas ", "e" * 64, "", "y"],
               ["", "", "", ""]]
    argumentos = (["arquivo", "SHA-256", "tamanho", "observação"], linhas, 1, [6, 5.5, 2.5, 2], 8)
    assert _xml(tabela_de_hashes, *argumentos) == _xml(_pela_api, *argumentos)
    sem_linhas = (["arquivo", "SHA-256"], [], 1, [8, 8])
    assert _xml(tabela_de_hashes, *sem_linhas) == _xml(_pela_api, *sem_linhas)


def _simples_pela_api(documento, cabecalho, linhas):
    tabela = documento.add_table(rows=1, cols=len(cabecalho))
    tabela.style = "Table Grid"
    for celula, texto in zip(tabela.rows[0].cells, cabecalho, strict=True):
        celula.text = texto
        celula.paragraphs[0].runs[0].bold = True
    for linha in linhas:
        for celula, texto in zip(tabela.add_row().cells, linha, strict=True):
            celula.text = texto


def test_tabela_simples_do_relatorio_igual_a_da_api():
    from perito.saida.relatorio_docx import _tabela

    linhas = [[f"187.34.56.{i}", f"AS{i}", "OPERADORA S.A.", "", "2026-06-17"] for i in range(30)]
    linhas += [["a\tb", " c ", "", "d\ne", "f"]]
    argumentos = (["IP", "AS", "Organização", "Classes", "Base de"], linhas)
    assert _xml(_tabela, *argumentos) == _xml(_simples_pela_api, *argumentos)
    assert _xml(_tabela, ["IP"], []) == _xml(_simples_pela_api, ["IP"], [])
