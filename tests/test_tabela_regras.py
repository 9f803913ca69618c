"""A tabela de regras do README é a que o código declara (`DESCRICAO` de cada módulo de regra)."""

from __future__ import annotations

import sys

import pytest

from perito.principal.agente import REGRAS
from perito.principal.tabela_regras import FIM, INICIO, descricoes, no_readme, readme_com_tabela, tabela
from tests.conftest import RAIZ


def test_tabela_do_readme_e_a_do_codigo():
    readme = (RAIZ / "README.md").read_text(encoding="utf-8")
    assert no_readme(readme) == tabela(), "README desatualizado: rode python scripts/tabela_regras.py --escrever"


def test_toda_regra_tem_uma_linha_na_ordem_do_principal():
    assert [tipo for tipo, _ in descricoes()] == [tipo for tipo, _ in REGRAS]
    assert tabela().count("\n| `") == len(REGRAS)


def test_barra_vertical_no_texto_nao_abre_coluna(monkeypatch):
    modulo = sys.modules[dict(REGRAS)["materialidade"].__module__]
    monkeypatch.setattr(modulo, "DESCRICAO", ("texto | com barra", "sempre", "nunca"))
    assert "| `materialidade` | texto \\| com barra | sempre | nunca |" in tabela()


def test_regra_sem_descricao_completa_e_recusada(monkeypatch):
    modulo = sys.modules[dict(REGRAS)["padrao_temporal"].__module__]
    monkeypatch.setattr(modulo, "DESCRICAO", "só um texto")
    with pytest.raises(ValueError, match="padrao_temporal"):
        tabela()


def test_regravar_o_readme_troca_so_a_tabela():
    texto = f"antes\n{INICIO}\n| velha |\n{FIM}\ndepois\n"
    novo = readme_com_tabela(texto)
    assert novo.startswith(f"antes\n{INICIO}\n") and novo.endswith(f"{FIM}\ndepois\n")
    assert no_readme(novo) == tabela() and "| velha |" not in novo
