"""A planilha do extrato com o cabeçalho em dois níveis: "Valor (R$)" mesclada sobre "Crédito | Débito". Os valores
gravados como número sem formato aparecem como "2350"; um inteiro só é lido em reais quando o nome da coluna diz
reais (sem isso pode estar em centavos, como no SIMBA). Achado por sonda: o nome de cada coluna era só o de baixo
("Crédito"), e nenhum lançamento do extrato era lido. Agora a unidade do grupo vale para as colunas que ele cobre."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook

from perito.extratores.lotes import extrair_documento
from perito.leitura.leitor import ler_documento


def _planilha(caminho: Path, grupo: str) -> None:
    livro = Workbook()
    aba = livro.active
    aba.append(["Titular: RAFAEL DUARTE LIMA", None, "CPF: 529.982.247-25"])
    aba.append([])
    aba.append(["Data", "Histórico", "Documento", grupo, None, "Saldo"])
    aba.append([None, None, None, "Crédito", "Débito", None])
    aba.merge_cells("D3:E3")
    aba.append(["14/07/2025", "PIX RECEBIDO HELENA MARQUES COSTA", "000124", 2350.0, None, 3100.0])
    aba.append(["14/07/2025", "PIX ENVIADO JOAO VITOR ALMEIDA", "000125", None, 2300.0, 800.0])
    livro.save(caminho)


def _valores(caminho: Path) -> list[tuple[str, str | None]]:
    dados = extrair_documento(ler_documento(caminho, caminho.name, "xlsx")).todos()
    return [(d["metadados"]["valor"], d["metadados"].get("direcao")) for d in dados if d["campo"] == "valor_transacao"]


@pytest.mark.parametrize("grupo", ["Valor (R$)", "Valores em reais", "Movimentação (BRL)"])
def test_a_unidade_do_grupo_vale_para_as_colunas_de_baixo(tmp_path: Path, grupo: str) -> None:
    _planilha(tmp_path / "extrato.xlsx", grupo)
    assert _valores(tmp_path / "extrato.xlsx") == [("2350.00", "credito"), ("-2300.00", "debito")]


def test_armadilha_grupo_sem_unidade_nao_le_inteiros(tmp_path: Path) -> None:
    # sem reais no grupo nem na coluna, o inteiro pode estar em centavos: nada é lido como reais
    _planilha(tmp_path / "extrato.xlsx", "Valor")
    assert _valores(tmp_path / "extrato.xlsx") == []
