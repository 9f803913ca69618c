"""Leitura de planilha XML do Excel 2003 (SpreadsheetML, "Planilha XML 2003"): um trecho por célula, como o XLSX.

Sistemas (e o próprio Excel, em "Salvar como > Planilha XML 2003") exportam planilhas neste XML, muitas vezes com a
extensão `.xls`. Lido como texto, cada `<Cell>` de uma linha fica numa linha física do arquivo, e a linha da planilha
se perdia (o IP de uma célula sem a data da célula ao lado). Aqui:
- a localização é a do XLSX (`celula B7`, a aba pelo `ss:Name`), com os saltos que o arquivo declara (`ss:Index` da
  linha e da célula) e as células mescladas (`ss:MergeAcross`) ocupando só a primeira coluna, como no Excel;
- o texto é o que o Excel em pt-BR mostra, pelo formato de número do estilo da célula (`NumberFormat ss:Format`), com
  os formatos com nome ("Short Date", "General Date", "Fixed"...) traduzidos para os códigos de `formato_excel`;
- o XML é lido pelo lxml em fluxo, sem rede, sem DTD nem entidades.
"""

from __future__ import annotations

import datetime as dt
import unicodedata

import lxml.etree
from openpyxl.utils import get_column_letter

from perito.leitura import formato_excel, localizacao
from perito.leitura.documento import Documento, Trecho
from perito.leitura.entrada import Entrada, abrir

METODO = "spreadsheetml-lxml"
ESPACO = "urn:schemas-microsoft-com:office:spreadsheet"
_SS = f"{{{ESPACO}}}"
#: os formatos com nome do Excel 2003, como o Excel em pt-BR os mostra
_FORMATOS_COM_NOME = {
    "general": "General", "general number": "General", "general date": "dd/mm/yyyy hh:mm:ss",
    "short date": "dd/mm/yyyy", "medium date": "dd-mmm-yy", "long date": "dd/mm/yyyy",
    "short time": "hh:mm", "medium time": "hh:mm AM/PM", "long time": "hh:mm:ss",
    "fixed": "0.00", "standard": "#,##0.00", "percent": "0.00%", "scientific": "0.00E+00",
    "currency": '"R$" #,##0.00', "euro currency": '"€" #,##0.00',
}
#: linhas ou colunas puladas por `ss:Index` além disto: o resto é vazio, e um arquivo hostil não vira milhões de trechos
_SALTO_MAXIMO = 1_048_576
def ler_spreadsheetml(entrada: Entrada, nome: str) -> Documento:
    doc = Documento(arquivo=nome, tipo="xml2003", metodo_extracao=METODO)
    estilos: dict[str, str] = {}
    try:
        with abrir(entrada) as arquivo:
            _ler(arquivo, doc, estilos)
    except (lxml.etree.XMLSyntaxError, ValueError, OSError) as erro:
        doc.trechos.clear()
        doc.abas.clear()
        doc.erro = f"planilha XML 2003 corrompida ou ilegível ({type(erro).__name__}: {str(erro)[:100]})"
    return doc


def _ler(arquivo, doc: Documento, estilos: dict[str, str]) -> None:
    aba: str | None = None
    linha = 0
    eventos = lxml.etree.iterparse(arquivo, events=("start", "end"), resolve_entities=False, no_network=True,
                                   huge_tree=False, load_dtd=False)
    for evento, elemento in eventos:
        tag = elemento.tag
        if evento == "end" and tag == f"{_SS}Style":
            formato = elemento.find(f"{_SS}NumberFormat")
            if formato is not None and (codigo := formato.get(f"{_SS}Format")):
                estilos[elemento.get(f"{_SS}ID") or ""] = _FORMATOS_COM_NOME.get(codigo.lower(), codigo)
        elif tag == f"{_SS}Worksheet" and evento == "start":
            aba, linha = elemento.get(f"{_SS}Name") or f"Planilha{len(doc.abas) + 1}", 0
            doc.abas.append(aba)
        elif tag == f"{_SS}Row" and evento == "end" and aba is not None:
            linha = _indice(elemento, linha)
            doc.trechos.extend(_celulas(elemento, linha, aba, estilos))
            elemento.clear()  # a memória é a de uma linha
            while elemento.getprevious() is not None:
                del elemento.getparent()[0]


def _indice(elemento: lxml.etree._Element, anterior: int) -> int:
    """A posição (1-based) da linha ou da célula: o `ss:Index` escrito, senão a seguinte à anterior."""
    escrito = elemento.get(f"{_SS}Index")
    if escrito is None:
        return anterior + 1
    indice = int(escrito)
    if not anterior < indice <= anterior + _SALTO_MAXIMO:
        raise ValueError(f"ss:Index {escrito} fora de ordem ou além do teto")
    return indice


def _celulas(linha_xml: lxml.etree._Element, linha: int, aba: str, estilos: dict[str, str]) -> list[Trecho]:
    trechos: list[Trecho] = []
    coluna = 0
    for celula in linha_xml.iterchildren(f"{_SS}Cell"):
        coluna = _indice(celula, coluna)
        dado = celula.find(f"{_SS}Data")
        if dado is not None:
            texto, bruto = _texto(dado, estilos.get(celula.get(f"{_SS}StyleID") or ""))
            if texto.strip():
                letra = get_column_letter(coluna)
                trechos.append(Trecho(None, localizacao.celula(letra, linha), texto, METODO, aba=aba, linha_tabela=linha,
                                      coluna=letra, erro_celula=dado.get(f"{_SS}Type") == "Error",
                                      valor_bruto=bruto if bruto != texto else None))
        coluna += int(celula.get(f"{_SS}MergeAcross") or 0)  # a célula mesclada ocupa as colunas que cobre
    return trechos


def _texto(dado: lxml.etree._Element, formato: str | None) -> tuple[str, str | None]:
    """(texto que o Excel mostra, valor gravado) de um `<Data>`; o texto rico (`<Font>` dentro) vale pelo texto."""
    bruto = unicodedata.normalize("NFC", "".join(dado.itertext()))
    tipo = dado.get(f"{_SS}Type")
    if tipo == "Number":
        try:
            numero = float(bruto)
        except ValueError:
            return bruto, None
        return formato_excel.texto(int(numero) if numero.is_integer() else numero, formato), bruto
    if tipo == "DateTime":
        try:
            momento = dt.datetime.fromisoformat(bruto.strip().rstrip("Z"))
        except ValueError:
            return bruto, None
        valor = momento.time() if momento.date() == dt.date(1899, 12, 31) else momento
        return formato_excel.texto(valor, formato), bruto
    if tipo == "Boolean":
        return formato_excel.texto(bruto.strip() == "1", formato), bruto
    return bruto, None
