"""Leitura de ODT (OpenDocument Texto, o formato do LibreOffice que órgãos públicos usam): parágrafos e linhas de
tabela, na ordem do corpo, com as mesmas localizações do DOCX.

- `paragrafo N`: N-ésimo parágrafo do corpo (`text:p` e títulos `text:h`, também os de listas e seções; 1-based,
  contando os vazios), fora de tabelas;
- `tabela T linha R`: linha R (1-based) da tabela T do corpo (`table:table`, na ordem em que abrem); o texto são as
  células unidas por " | " e cada célula fica em `Trecho.celulas`; uma célula que se repete
  (`table:number-columns-repeated`) ocupa as colunas que cobre, e a linha repetida (`table:number-rows-repeated`),
  as linhas.
O texto de um parágrafo é o que o LibreOffice mostra: `text:s` são espaços (`text:c` deles), `text:tab` um TAB e
`text:line-break` uma quebra (lida como espaço); notas de rodapé e anotações ficam de fora. O `content.xml` é lido
pelo lxml sem rede nem entidades (nada de DTD externo), depois dos tetos do ZIP.
"""

from __future__ import annotations

import unicodedata
import zipfile

import lxml.etree

from perito.leitura import localizacao, odf, tetos
from perito.leitura.documento import Documento, Trecho
from perito.leitura.entrada import Entrada, abrir

METODO = "odt-lxml"
_P, _H = f"{{{odf.TEXTO}}}p", f"{{{odf.TEXTO}}}h"
_TAB_TABELA, _LINHA, _CELULA = f"{{{odf.TABELA}}}table", f"{{{odf.TABELA}}}table-row", f"{{{odf.TABELA}}}table-cell"
_CELULA_COBERTA = f"{{{odf.TABELA}}}covered-table-cell"
#: o maior número de colunas ou linhas que uma repetição vale (o LibreOffice repete a última célula vazia até a coluna
#: 1024 e a última linha até a 1.048.576): o resto é vazio e não vira trecho
_REPETICAO_MAXIMA = 256


def _nfc(texto: str) -> str:
    return unicodedata.normalize("NFC", texto)


def _texto(elemento: lxml.etree._Element) -> str:
    return odf.texto(elemento, " ")


def _conteudo(entrada: Entrada) -> bytes:
    with abrir(entrada) as arquivo, zipfile.ZipFile(arquivo) as pacote:
        try:
            info = pacote.getinfo("content.xml")
        except KeyError:
            raise ValueError("sem content.xml") from None
        tetos.conferir_entrada(info)
        return pacote.read(info)


def ler_odt(entrada: Entrada, nome: str) -> Documento:
    doc = Documento(arquivo=nome, tipo="odt", metodo_extracao=METODO)
    tetos.conferir_zip(entrada, "documento ODT")  # antes de qualquer XML ser descomprimido
    try:
        parser = lxml.etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, remove_comments=True)
        raiz = lxml.etree.fromstring(_conteudo(entrada), parser=parser)
    except (zipfile.BadZipFile, ValueError, lxml.etree.XMLSyntaxError, OSError) as erro:
        doc.erro = f"documento ODT corrompido ou ilegível ({type(erro).__name__}: {str(erro)[:100]})"
        return doc
    corpo = raiz.find(f"{{{odf.OFFICE}}}body/{{{odf.OFFICE}}}text")
    if corpo is None:
        doc.erro = "documento ODT sem corpo de texto (office:text)"
        return doc
    numero = [0, 0]  # parágrafos e tabelas, na ordem do corpo
    _percorrer(corpo, doc, numero)
    return doc


def _percorrer(elemento: lxml.etree._Element, doc: Documento, numero: list[int]) -> None:
    for filho in elemento:
        if filho.tag in odf.FORA:
            continue
        if filho.tag in (_P, _H):
            numero[0] += 1
            texto = _nfc(_texto(filho))
            if texto.strip():
                doc.trechos.append(Trecho(None, localizacao.paragrafo(numero[0]), texto, METODO))
        elif filho.tag == _TAB_TABELA:
            numero[1] += 1
            _tabela(filho, numero[1], doc)
        else:  # listas, seções, quadros: o texto de dentro, na ordem
            _percorrer(filho, doc, numero)


def _tabela(tabela: lxml.etree._Element, t: int, doc: Documento) -> None:
    r = 0
    for linha in tabela.iter(_LINHA):
        if linha.getparent() is not None and _tabela_de(linha) is not tabela:
            continue  # linha de uma tabela dentro de uma célula: a célula já traz o texto dela
        celulas: list[str] = []
        for celula in linha:
            if celula.tag not in (_CELULA, _CELULA_COBERTA):
                continue
            texto = " ".join(_nfc(_texto(p)) for p in odf.paragrafos(celula, _P, _H))  # com o de uma tabela dentro dela
            vezes = min(odf.repeticoes(celula.get(f"{{{odf.TABELA}}}number-columns-repeated")), _REPETICAO_MAXIMA)
            celulas.extend([texto] * vezes)
        while celulas and not celulas[-1].strip():
            celulas.pop()  # as colunas vazias do fim (repetidas até a borda da folha)
        repetida = min(odf.repeticoes(linha.get(f"{{{odf.TABELA}}}number-rows-repeated")), _REPETICAO_MAXIMA)
        for _ in range(repetida):
            r += 1
            if any(c.strip() for c in celulas):
                doc.trechos.append(Trecho(None, localizacao.linha_de_tabela(t, r), " | ".join(celulas), METODO,
                                          celulas=tuple(celulas)))


def _tabela_de(elemento: lxml.etree._Element) -> lxml.etree._Element | None:
    pai = elemento.getparent()
    while pai is not None and pai.tag != _TAB_TABELA:
        pai = pai.getparent()
    return pai
