"""Tabela "# | Nome | Valor" (o relatório de extração de um celular apreendido, Cellebrite/IPED): a coluna "Nome" traz o
nome do campo, não uma pessoa. Antes, "Nome do modelo", "Versão do sistema operacional" e "Data da extração" saíam
como titulares (achado por sonda). Armadilha: uma tabela de pessoas com "Nome" e outras colunas continua de pessoas.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl

from perito.extratores import colunas
from perito.extratores.generico import ExtratorGenerico
from perito.leitura.leitor import ler_documento


def test_nome_e_valor_e_lista_de_propriedades() -> None:
    assert colunas.lista_de_propriedades(["#", "Nome", "Valor"])
    assert colunas.lista_de_propriedades(["Name", "Value"])
    assert colunas.papeis(["#", "Nome", "Valor"]) == {}
    assert not colunas.lista_de_propriedades(["Nome", "CPF", "Valor"])  # pessoas com valores
    assert colunas.papeis(["Nome", "CPF"]) == {0: "nome", 1: "cpf"}


def test_relatorio_de_extracao_sem_titulares_falsos(tmp_path: Path) -> None:
    livro = openpyxl.Workbook()
    folha = livro.active
    folha.title = "Informações do dispositivo"
    folha.append(["RELATÓRIO DE ANÁLISE DE DADOS EXTRAÍDOS DE APARELHO CELULAR"])
    folha.append(["#", "Nome", "Valor"])
    for linha in ([1, "Fabricante", "samsung"], [2, "Nome do modelo", "Galaxy A15"], [3, "IMEI", "358475120933181"],
                  [4, "Versão do sistema operacional", "Android 14"], [5, "MSISDN", "+5511966554433"]):
        folha.append(linha)
    caminho = tmp_path / "relatorio.xlsx"
    livro.save(caminho)
    dados = ExtratorGenerico().extrair(ler_documento(caminho, caminho.name, "xlsx")).dados
    assert [d["dado"] for d in dados if d["campo"] == "nome_titular"] == []
    assert {d["campo"] for d in dados} >= {"imei", "telefone"}
