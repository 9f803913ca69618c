"""Respostas do DICT fora do PDF (FORMATOS.md §4, "Pix DICT"): CSV e XLSX, com nomes que não dizem DICT.

- chaves_pix_resposta.csv: uma chave por linha; banco, agência e conta em colunas separadas;
  cabeçalho com "Participante (ISPB)", "Tipo de chave", "Nome do titular".
- consulta_chaves_bacen.xlsx: título na linha 1, cabeçalho na linha 3, datas como células de data.
Os dois são cadastro (família registro), independentes do extrato do banco.
"""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path

from geradores.existentes import gabarito_linhas
from geradores.operadora import _deterministico, _escrever
from geradores.verdade import d

CSV = "chaves_pix_resposta.csv"
XLSX = "consulta_chaves_bacen.xlsx"

CSV_LINHAS = [
    ("Chave;Tipo de chave;Nome do titular;CPF/CNPJ;Participante (ISPB);Agência;Conta;Data de abertura da conta", []),
    ("+5521998765432;CELULAR;BRUNO COSTA LIMA;987.654.321-00;12345678;0421;55012-3;03/01/2025",
     [d("chave_pix", "+5521998765432"), d("nome_titular", "BRUNO COSTA LIMA"), d("cpf", "987.654.321-00"),
      d("conta_bancaria", "12345678;0421;55012-3"), d("data_evento", "03/01/2025")]),
    ("bruno.lima.vendas@example.com;EMAIL;BRUNO COSTA LIMA;987.654.321-00;12345678;0421;55012-3;03/01/2025",
     [d("chave_pix", "bruno.lima.vendas@example.com"), d("nome_titular", "BRUNO COSTA LIMA"), d("cpf", "987.654.321-00"),
      d("conta_bancaria", "12345678;0421;55012-3"), d("data_evento", "03/01/2025")]),
]

CABECALHO_XLSX = ["Chave Pix", "Tipo", "Titular", "CPF", "Instituição", "Data de criação da chave"]
LINHAS_XLSX = [
    ["4f1c2b9e-7a3d-4c5e-9b8a-1d2e3f4a5b6c", "EVP", "Carlos Eduardo Mota", "741.852.963-55", "Banco Exemplo S.A.",
     dt.date(2025, 1, 20)],
]
CAMPOS_XLSX = ["chave_pix", None, "nome_titular", "cpf", None, "data_evento"]


def _xlsx(caminho: Path) -> list[dict]:
    from openpyxl import Workbook

    livro = Workbook()
    livro.properties.creator = "perito-exemplos"
    aba = livro.active
    aba.title = "Chaves"
    itens: list[dict] = []
    aba["A1"] = "Resultado da consulta de chaves Pix"
    _escrever(aba, 3, CABECALHO_XLSX, None, itens)
    for i, valores in enumerate(LINHAS_XLSX, start=4):
        _escrever(aba, i, valores, CAMPOS_XLSX, itens)
    bruto = io.BytesIO()
    livro.save(bruto)
    caminho.write_bytes(_deterministico(bruto.getvalue()))
    return itens


def gerar(pasta: Path) -> dict[str, list[dict]]:
    (pasta / CSV).write_bytes("".join(t + "\n" for t, _ in CSV_LINHAS).encode("utf-8"))
    return {CSV: gabarito_linhas(CSV, CSV_LINHAS), XLSX: _xlsx(pasta / XLSX)}
