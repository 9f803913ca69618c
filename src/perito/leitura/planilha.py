"""Leitura de XLSX (openpyxl, modo somente leitura): um trecho por célula não vazia.

Texto de cada célula (o validador usa a mesma regra):
- texto: como gravado, com os escapes do Excel desfeitos (`_x000D_` → "\\r");
- inteiro ou decimal sem parte fracionária: sem ".0"; demais números: repr do Python;
- data e hora: `AAAA-MM-DD` ou `AAAA-MM-DD HH:MM:SS` (respeitando a época 1904);
- duração: `H:MM:SS` em horas totais;
- célula de erro (#REF!, #N/A...): texto do erro, marcada para nenhum extrator usar.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl
from defusedxml import DefusedXmlException
from openpyxl.utils import get_column_letter
from openpyxl.utils.escape import unescape

from perito.leitura import localizacao, tetos
from perito.leitura.documento import Documento, Trecho

METODO = "openpyxl"


def xml_protegido() -> bool:
    """openpyxl só usa defusedxml (contra bombas de entidades XML) quando ele está instalado."""
    return bool(getattr(openpyxl, "DEFUSEDXML", False))


def texto_celula(valor: object) -> str:
    if isinstance(valor, bool):
        return "VERDADEIRO" if valor else "FALSO"
    if isinstance(valor, dt.datetime):
        return valor.strftime("%Y-%m-%d") if valor.time() == dt.time() else valor.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(valor, dt.date):
        return valor.strftime("%Y-%m-%d")
    if isinstance(valor, dt.time):
        return valor.strftime("%H:%M:%S")
    if isinstance(valor, dt.timedelta):
        segundos = int(round(valor.total_seconds()))
        return f"{segundos // 3600}:{segundos % 3600 // 60:02d}:{segundos % 60:02d}"
    if isinstance(valor, float) and valor.is_integer():
        return str(int(valor))
    if isinstance(valor, str):
        return unescape(valor)
    return str(valor)


def _motivo_falha(erro: BaseException, caminho: Path) -> str:
    """Motivo em pt-BR pela causa real (openpyxl embrulha a do defusedxml), sem o caminho absoluto."""
    causa: BaseException | None = erro
    while causa is not None:
        if isinstance(causa, DefusedXmlException):
            return "planilha XLSX com entidades XML proibidas (DOCTYPE/ENTITY): possível bomba de entidades; não lida"
        causa = causa.__cause__ or causa.__context__
    texto = str(erro).replace(str(caminho), caminho.name)[:100]
    return f"planilha XLSX corrompida ou ilegível ({type(erro).__name__}: {texto})"


def ler_xlsx(caminho: Path, nome: str) -> Documento:
    doc = Documento(arquivo=nome, tipo="xlsx", metodo_extracao=METODO)
    tetos.conferir_zip(caminho)  # antes de qualquer XML ser descomprimido
    # aberto por descritor: o openpyxl recusa nomes sem extensão .xlsx, mas o tipo veio do conteúdo
    arquivo = caminho.open("rb")
    try:
        livro = openpyxl.load_workbook(arquivo, read_only=True, data_only=True)
    except Exception as erro:
        arquivo.close()
        doc.erro = _motivo_falha(erro, caminho)
        return doc
    try:
        for aba in livro.worksheets:
            doc.abas.append(aba.title)
            try:
                _ler_aba(doc, aba)
            except Exception as erro:
                doc.alertas.append(f"{nome}: aba '{aba.title}' não pôde ser lida por inteiro ({str(erro)[:100]})")
    finally:
        livro.close()
        arquivo.close()
    return doc


def _ler_aba(doc: Documento, aba) -> None:
    for linha in aba.iter_rows():
        for celula in linha:
            valor = getattr(celula, "value", None)
            if valor is None or (isinstance(valor, str) and not valor.strip()):
                continue
            coluna = get_column_letter(celula.column)
            doc.trechos.append(
                Trecho(
                    None,
                    localizacao.celula(coluna, celula.row),
                    texto_celula(valor),
                    METODO,
                    aba=aba.title,
                    linha_tabela=celula.row,
                    coluna=coluna,
                    erro_celula=getattr(celula, "data_type", None) == "e",
                )
            )
