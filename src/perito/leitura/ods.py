"""Leitura de ODS (OpenDocument Planilha, do LibreOffice Calc): um trecho por célula não vazia, como o XLSX.

O texto de cada célula é o que o LibreOffice mostra: o ODS grava o texto exibido (`text:p` da célula) ao lado do valor
(`office:value`, `office:date-value`...), e é o exibido que se lê e se cita; o valor gravado, quando difere, fica em
`Trecho.valor_bruto`. A localização é a do XLSX (`celula B7`, a aba pelo nome). Uma célula repetida
(`table:number-columns-repeated`) ocupa as colunas que cobre e a linha repetida (`table:number-rows-repeated`) as
linhas; as vazias repetidas até a borda da folha (o LibreOffice as grava aos milhares) não viram trecho. O
`content.xml` é lido pelo lxml em fluxo (`iterparse`, sem rede nem entidades), aba por aba, depois dos tetos do ZIP.
"""

from __future__ import annotations

import unicodedata
import zipfile

import lxml.etree
from openpyxl.utils import get_column_letter

from perito.leitura import localizacao, odf, tetos
from perito.leitura.documento import Documento, Trecho
from perito.leitura.entrada import Entrada, abrir

METODO = "ods-lxml"
_ABA, _LINHA = f"{{{odf.TABELA}}}table", f"{{{odf.TABELA}}}table-row"
_CELULAS = (f"{{{odf.TABELA}}}table-cell", f"{{{odf.TABELA}}}covered-table-cell")
_P = f"{{{odf.TEXTO}}}p"
#: as repetições que valem: além disto, a célula ou a linha repetida só pode ser vazia (a borda da folha)
_REPETICAO_MAXIMA = 10_000
_VALORES = ("value", "date-value", "time-value", "boolean-value", "string-value")


def ler_ods(entrada: Entrada, nome: str) -> Documento:
    doc = Documento(arquivo=nome, tipo="ods", metodo_extracao=METODO)
    tetos.conferir_zip(entrada, "planilha ODS")  # antes de qualquer XML ser descomprimido
    try:
        with abrir(entrada) as arquivo, zipfile.ZipFile(arquivo) as pacote:
            info = pacote.getinfo("content.xml")
            tetos.conferir_entrada(info)
            with pacote.open(info) as conteudo:
                _ler(conteudo, doc)
    except (zipfile.BadZipFile, KeyError, ValueError, lxml.etree.XMLSyntaxError, OSError) as erro:
        doc.trechos.clear()
        doc.abas.clear()
        doc.erro = f"planilha ODS corrompida ou ilegível ({type(erro).__name__}: {str(erro)[:100]})"
    return doc


def _ler(conteudo, doc: Documento) -> None:
    aba: str | None = None
    linha = 0
    for evento, elemento in lxml.etree.iterparse(conteudo, events=("start", "end"), tag=(_ABA, _LINHA),
                                                  resolve_entities=False, no_network=True, huge_tree=False):
        if elemento.tag == _ABA:
            if evento == "start":
                aba, linha = elemento.get(f"{{{odf.TABELA}}}name") or f"Planilha{len(doc.abas) + 1}", 0
                doc.abas.append(aba)
            else:
                elemento.clear()
            continue
        if evento != "end" or aba is None:
            continue
        celulas = _celulas(elemento)
        repetida = odf.repeticoes(elemento.get(f"{{{odf.TABELA}}}number-rows-repeated"))
        if celulas and repetida > _REPETICAO_MAXIMA:
            raise ValueError(f"linha com conteúdo repetida {repetida} vezes")
        for _ in range(min(repetida, _REPETICAO_MAXIMA) if celulas else 0):
            linha += 1
            doc.trechos.extend(_trecho(coluna, linha, texto, bruto, aba) for coluna, texto, bruto in celulas)
        if not celulas:
            linha += repetida
        elemento.clear()  # a memória é a de uma linha: a linha lida e as de antes saem da árvore
        while elemento.getprevious() is not None:
            del elemento.getparent()[0]


def _celulas(linha: lxml.etree._Element) -> list[tuple[int, str, str | None]]:
    """(coluna 1-based, texto exibido, valor gravado) das células não vazias da linha."""
    saida: list[tuple[int, str, str | None]] = []
    coluna = 0
    for celula in linha:
        if celula.tag not in _CELULAS:
            continue
        vezes = odf.repeticoes(celula.get(f"{{{odf.TABELA}}}number-columns-repeated"))
        texto = unicodedata.normalize("NFC", "\n".join(odf.texto(p, "\n") for p in odf.paragrafos(celula, _P)))
        if texto.strip():
            if vezes > _REPETICAO_MAXIMA:
                raise ValueError(f"célula com conteúdo repetida {vezes} vezes")
            bruto = next((v for nome in _VALORES if (v := celula.get(f"{{{odf.OFFICE}}}{nome}")) is not None), None)
            for n in range(vezes):
                saida.append((coluna + n + 1, texto, bruto if bruto != texto else None))
        coluna += vezes
    return saida


def _trecho(coluna: int, linha: int, texto: str, bruto: str | None, aba: str) -> Trecho:
    letra = get_column_letter(coluna)
    return Trecho(None, localizacao.celula(letra, linha), texto, METODO, aba=aba, linha_tabela=linha, coluna=letra,
                  valor_bruto=bruto)
