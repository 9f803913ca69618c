"""Regras de importação que mantêm os agentes honestos (README, "Desenvolvimento")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACOTE = Path(__file__).resolve().parents[1] / "src" / "perito"

PROIBIDOS = {
    "principal": ("perito.leitura", "perito.extratores", "perito.validador"),  # nunca abre um documento
    "validador": ("perito.extratores", "perito.principal"),  # não confia no texto de ninguém
    "contratos": ("perito.leitura", "perito.extratores", "perito.principal", "perito.validador", "perito.cli"),
    "chaves": ("perito.leitura", "perito.extratores", "perito.principal", "perito.validador", "perito.cli"),
    "leitura": ("perito.extratores", "perito.principal", "perito.validador", "perito.cli"),
    "extratores": ("perito.principal", "perito.validador", "perito.cli"),
    # o motor Claude passa pelo mesmo validador que as regras: não pode depender dele nem dos extratores
    "llm": ("perito.validador", "perito.extratores", "perito.cli"),
    # as saídas só desenham o resultado (issue 25): o texto relido, os recortes e a conferência dos ofícios vêm
    # prontos do validador, as lacunas do principal; dos leitores, só os tipos do inventário e do documento e a
    # versão do OCR do manifesto
    "saida": ("perito.validador", "perito.extratores", "perito.leitura.leitor",
              "perito.leitura.pdf", "perito.leitura.desenho", "perito.leitura.isolamento", "perito.cli"),
}


def _importacoes(arquivo: Path) -> set[str]:
    nomes = set()
    for no in ast.walk(ast.parse(arquivo.read_text(encoding="utf-8"))):
        if isinstance(no, ast.Import):
            nomes.update(a.name for a in no.names)
        elif isinstance(no, ast.ImportFrom) and no.module:
            nomes.add(no.module)
    return nomes


@pytest.mark.parametrize("pasta", sorted(PROIBIDOS))
def test_pasta_nao_importa_o_que_nao_deve(pasta):
    arquivos = sorted((PACOTE / pasta).glob("*.py"))
    assert arquivos
    violacoes = [
        f"{arquivo.name} importa {nome}"
        for arquivo in arquivos
        for nome in _importacoes(arquivo)
        if nome.startswith(PROIBIDOS[pasta])
    ]
    assert violacoes == []


def test_so_a_cli_conhece_o_terminal():
    for arquivo in PACOTE.rglob("*.py"):
        if arquivo.parent.name == "cli":
            continue
        nomes = _importacoes(arquivo)
        assert "typer" not in nomes, f"{arquivo} usa typer fora da cli"
        assert "print(" not in arquivo.read_text(encoding="utf-8"), f"{arquivo} imprime no terminal"
