"""Leitura de XLS (Excel 97-2003: o formato BIFF dentro de um arquivo OLE2), pelo xlrd: um trecho por célula, como o XLSX.

As operadoras e muitos sistemas de banco ainda respondem em `.xls`. O texto de cada célula é o que o Excel em português
mostra, pelas mesmas regras do XLSX (`formato_excel`: o formato de número da célula, a data "do sistema" como
`dd/mm/aaaa`, inteiros com todos os dígitos); o valor gravado, quando difere do mostrado, fica em `Trecho.valor_bruto`.
A localização é a do XLSX (`celula B7`, a aba pelo nome). O BIFF guarda todo número como ponto flutuante: um inteiro
(51234.0) é mostrado e guardado como inteiro.
"""

from __future__ import annotations

import datetime as dt
import io

import xlrd
from openpyxl.utils import get_column_letter
from xlrd import compdoc

from perito.leitura import formato_excel, localizacao
from perito.leitura.documento import Documento, Trecho
from perito.leitura.entrada import Entrada, ler_bytes

METODO = "xlrd"
#: os fluxos do OLE2 que guardam a pasta de trabalho (BIFF8 e os BIFF 5 e anteriores)
_FLUXOS_DE_PLANILHA = frozenset({"Workbook", "Book"})


def e_planilha(conteudo: bytes) -> bool | None:
    """O arquivo OLE2 é uma pasta de trabalho do Excel (e não um .doc, .ppt ou .msg, que também são OLE2)? None: o
    diretório do OLE2 não se lê (arquivo truncado ou corrompido)."""
    try:
        diretorio = compdoc.CompDoc(conteudo, logfile=io.StringIO()).dirlist
    except Exception:  # compdoc.CompDocError, IndexError, struct.error
        return None
    return any(entrada.name in _FLUXOS_DE_PLANILHA for entrada in diretorio)


def ler_xls(entrada: Entrada, nome: str) -> Documento:
    doc = Documento(arquivo=nome, tipo="xls", metodo_extracao=METODO)
    try:
        livro = xlrd.open_workbook(file_contents=ler_bytes(entrada), formatting_info=True, on_demand=True,
                                   logfile=io.StringIO())
    except Exception as erro:  # xlrd.XLRDError, compdoc.CompDocError, struct.error num arquivo truncado
        doc.erro = _motivo(erro)
        return doc
    try:
        for indice in range(livro.nsheets):
            aba = livro.sheet_by_index(indice)
            doc.abas.append(aba.name)
            if aba.visibility:
                estado = "muito oculta" if aba.visibility == 2 else "oculta"
                doc.alertas.append(f"{nome}: a aba '{aba.name}' está {estado} na planilha; foi lida e pode ser citada "
                                   "(no Excel: Página Inicial > Formatar > Ocultar e Reexibir)")
            for linha in range(aba.nrows):
                for coluna, celula in enumerate(aba.row(linha)):
                    if (trecho := _trecho(livro, celula, linha + 1, coluna + 1, aba.name)) is not None:
                        doc.trechos.append(trecho)
            livro.unload_sheet(indice)
    except Exception as erro:  # registro BIFF quebrado no meio de uma aba: o que foi lido fica, o arquivo é parcial
        motivo = f"planilha XLS lida só em parte ({type(erro).__name__}: {str(erro)[:100]})"
        doc.alertas.append(f"{nome}: {motivo}")
        doc.parcial = motivo
    finally:
        livro.release_resources()
    return doc


def _motivo(erro: BaseException) -> str:
    texto = str(erro)
    if "encrypted" in texto.lower():
        return "planilha XLS protegida por senha: abra-a no Excel com a senha e salve uma cópia sem senha"
    return f"planilha XLS corrompida ou ilegível ({type(erro).__name__}: {texto[:100]})"


def _trecho(livro: xlrd.book.Book, celula: xlrd.sheet.Cell, linha: int, coluna: int, aba: str) -> Trecho | None:
    tipo, valor = celula.ctype, celula.value
    if tipo in (xlrd.XL_CELL_EMPTY, xlrd.XL_CELL_BLANK) or (tipo == xlrd.XL_CELL_TEXT and not valor.strip()):
        return None
    formato = _formato(livro, celula.xf_index)
    if tipo == xlrd.XL_CELL_ERROR:
        texto, bruto = xlrd.error_text_from_code.get(valor, "#ERRO"), None
    elif tipo == xlrd.XL_CELL_TEXT:
        texto, bruto = valor, None
    elif tipo == xlrd.XL_CELL_BOOLEAN:
        texto, bruto = formato_excel.texto(bool(valor), formato), None
    else:
        lido = _data(valor, livro.datemode, formato) if tipo == xlrd.XL_CELL_DATE else _numero(valor)
        texto, bruto = formato_excel.texto(lido, formato), str(lido)
    letra = get_column_letter(coluna)
    return Trecho(None, localizacao.celula(letra, linha), texto, METODO, aba=aba, linha_tabela=linha, coluna=letra,
                  erro_celula=tipo == xlrd.XL_CELL_ERROR, valor_bruto=bruto if bruto != texto else None)


def _formato(livro: xlrd.book.Book, indice_xf: int) -> str | None:
    """O código do formato de número da célula, com o da data "do sistema" quando é o id interno 14 ou 22."""
    try:
        chave = livro.xf_list[indice_xf].format_key
        return formato_excel.formato_do_sistema(chave, livro.format_map[chave].format_str)
    except (IndexError, KeyError):
        return None


def _numero(valor: float) -> int | float:
    return int(valor) if float(valor).is_integer() else valor


def _data(valor: float, modo: int, formato: str | None) -> dt.datetime | dt.time | dt.timedelta | float:
    """Data, hora ou duração (`[h]:mm`), como o openpyxl as dá de um XLSX; fora do calendário do Excel, o número."""
    if formato and "[h" in formato.lower():
        return dt.timedelta(days=valor)
    try:
        momento = xlrd.xldate.xldate_as_datetime(valor, modo)
    except (xlrd.xldate.XLDateError, ValueError, OverflowError):
        return valor
    return momento.time() if 0 <= valor < 1 else momento
