"""A tabela de regras do README é a que o código declara (`DESCRICAO` de cada módulo de regra)."""

from __future__ import annotations

import sys

from perito.principal.agente import REGRAS
from perito.principal.tabela_regras import (
    FIM,
    INICIO,
    PROVISORIAS,
    descricoes,
    no_readme,
    readme_com_tabela,
    tabela,
)
from tests.conftest import RAIZ


def test_tabela_do_readme_e_a_do_codigo():
    readme = (RAIZ / "README.md").read_text(encoding="utf-8")
    assert no_readme(readme) == tabela(), "README desatualizado: rode python scripts/tabela_regras.py --escrever"


def test_toda_regra_tem_uma_linha_na_ordem_do_principal():
    assert [tipo for tipo, _ in descricoes()] == [tipo for tipo, _ in REGRAS]
    for tipo, regra in REGRAS:
        if tipo not in PROVISORIAS:  # só as regras de dinheiro ainda sem a constante no módulo
            assert getattr(sys.modules[regra.__module__], "DESCRICAO", ""), tipo


def test_descricao_declarada_no_modulo_vale_mais_que_a_provisoria(monkeypatch):
    modulo = sys.modules[dict(REGRAS)["materialidade"].__module__]
    monkeypatch.setattr(modulo, "DESCRICAO", "texto novo | com barra", raising=False)
    assert "| `materialidade` | texto novo \\| com barra |" in tabela()


def test_regravar_o_readme_troca_so_a_tabela():
    texto = f"antes\n{INICIO}\n| velha |\n{FIM}\ndepois\n"
    novo = readme_com_tabela(texto)
    assert novo.startswith(f"antes\n{INICIO}\n") and novo.endswith(f"{FIM}\ndepois\n")
    assert no_readme(novo) == tabela() and "| velha |" not in novo
