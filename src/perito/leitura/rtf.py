"""Leitura de RTF (Rich Text Format: o boletim de ocorrência, o ofício e a carta que sistemas e o Word salvam assim),
com as localizações do DOCX.

O texto é o que o striprtf tira do RTF (os escapes `\\'e1` e `\\u231?` viram letras pela página de código que o
próprio arquivo declara em `\\ansicpg`; fontes, estilos, imagens e campos ocultos ficam de fora). Lido como texto
cru, o RTF perdia os acentos ("JOS\\'c9", "hor\\'e1rio de Bras\\'edlia": o fuso dito por extenso não era lido).
- `paragrafo N`: o N-ésimo parágrafo (`\\par`) fora de tabelas, 1-based, contando os vazios, como no DOCX;
- `tabela T linha R`: a linha R da tabela T (linhas `\\row` seguidas formam uma tabela); o texto são as células unidas
  por " | " e cada célula fica em `Trecho.celulas`.
"""

from __future__ import annotations

import codecs
import re
import unicodedata

from striprtf.striprtf import rtf_to_text

from perito.leitura import localizacao
from perito.leitura.documento import Documento, Trecho
from perito.leitura.entrada import Entrada, ler_bytes

METODO = "striprtf"
_PAGINA_DE_CODIGO = re.compile(rb"\\ansicpg(\d{3,5})")
#: o striprtf termina cada célula com "|" e cada linha de tabela com a quebra
_FIM_DE_CELULA = "|"


def _codificacao(bruto: bytes) -> str:
    """A página de código que o RTF declara (`\\ansicpg1252`); sem ela, ou desconhecida, a do Windows em português."""
    if (m := _PAGINA_DE_CODIGO.search(bruto, 0, 8192)) is not None:
        try:
            return codecs.lookup(f"cp{int(m.group(1))}").name
        except LookupError:
            pass
    return "cp1252"


def ler_rtf(entrada: Entrada, nome: str) -> Documento:
    doc = Documento(arquivo=nome, tipo="rtf", metodo_extracao=METODO)
    bruto = ler_bytes(entrada)
    codificacao = _codificacao(bruto)
    doc.codificacao = codificacao
    try:
        # o RTF é ASCII de 7 bits (os outros bytes vêm em escapes); latin-1 guarda qualquer byte solto como está
        texto = rtf_to_text(bruto.decode("latin-1"), encoding=codificacao, errors="replace")
    except Exception as erro:  # RTF malformado que o striprtf não percorre: o arquivo fica em ERRO, o caso segue
        doc.erro = f"RTF ilegível ({type(erro).__name__}: {str(erro)[:100]})"
        return doc
    paragrafo, tabela, linha_da_tabela = 0, 0, 0
    for linha in unicodedata.normalize("NFC", texto).split("\n"):
        if linha.endswith(_FIM_DE_CELULA):
            if linha_da_tabela == 0:
                tabela += 1
            linha_da_tabela += 1
            celulas = tuple(c.strip() for c in linha[: -len(_FIM_DE_CELULA)].split(_FIM_DE_CELULA))
            if any(celulas):
                doc.trechos.append(Trecho(None, localizacao.linha_de_tabela(tabela, linha_da_tabela),
                                          " | ".join(celulas), METODO, celulas=celulas))
            continue
        linha_da_tabela = 0
        paragrafo += 1
        if linha.strip():
            doc.trechos.append(Trecho(None, localizacao.paragrafo(paragrafo), linha.strip(), METODO))
    return doc
