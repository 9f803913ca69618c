"""Agência e conta escritas com os rótulos juntos ("Agência/Conta: 1234/56789-0") ou com a abreviatura sem ponto
("Ag 1234 Cc 56789-0", "AG: 1234 | CC: 56789-0"): formas comuns de cartas de banco, do DICT e de comprovantes, que antes
não davam conta nenhuma (só "Ag." com ponto e "Agência ... Conta ..." separados)."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores.reconhecedores import reconhecer
from tests.conftest import dados_da_pasta


def _contas(texto: str) -> list[tuple[str, str]]:
    return [(a.dado, a.metadados["conta_normalizada"]) for a in reconhecer(texto) if a.campo == "conta_bancaria"]


@pytest.mark.parametrize("texto, contas", [
    ("Agência/Conta: 1234/56789-0", [("Agência/Conta: 1234/56789-0", "|1234|567890")]),
    ("Ag 1234 Cc 56789-0", [("Ag 1234 Cc 56789-0", "|1234|567890")]),
    ("AG: 1234 | CC: 56789-0", [("AG: 1234 | CC: 56789-0", "|1234|567890")]),
    ("Ag/Conta 1234 / 000056789-0", [("Ag/Conta 1234 / 000056789-0", "|1234|567890")]),
    ("Banco 341 Agência/Conta 1234/56789-0", [("Banco 341 Agência/Conta 1234/56789-0", "341|1234|567890")]),
    ("Banco 341 Ag. 1234 C/C 56789-0", [("Banco 341 Ag. 1234 C/C 56789-0", "341|1234|567890")]),
])
def test_formas_de_agencia_e_conta(texto: str, contas: list) -> None:
    assert _contas(texto) == contas


@pytest.mark.parametrize("texto", [
    "AG 12/03/2025 PIX RECEBIDO",  # "AG" seguido de data, sem conta
    "Agosto 2025",
    "Agência/Conta: 15/03/2025",  # a data depois dos rótulos não é agência e conta
])
def test_armadilhas(texto: str) -> None:
    assert _contas(texto) == []


def test_a_conta_do_dict_em_linha_de_texto(tmp_path: Path) -> None:
    (tmp_path / "dict.txt").write_text(
        "BANCO CENTRAL DO BRASIL - DICT\nChave: (11) 91234-0000 Tipo: telefone Titular: MARIA OLIVEIRA LIMA "
        "CPF: 111.444.777-35 Banco: 341 Agência/Conta: 1234/56789-0\n", encoding="utf-8")
    contas = [(d["dado"], d["linha_ou_celula"]) for d in dados_da_pasta(tmp_path) if d["campo"] == "conta_bancaria"]
    assert contas == [("Banco: 341 Agência/Conta: 1234/56789-0", "linha 2")]
