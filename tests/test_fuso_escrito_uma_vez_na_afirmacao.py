"""O fuso declarado como "fuso de Brasília" não vira "fuso fuso de Brasília declarado ..." na afirmação (sonda da 24ª
sessão: o log do banco com "Todos os horários no fuso de Brasília.")."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos

_BANCO = """BANCO INTER S.A. - Registros de acesso
Titular: RAFAEL SOUZA PINTO - CPF 083.271.946-31 - Agência 0001 - Conta 7712345-0
Todos os horários no fuso de Brasília.

14/07/2025 às 15h21min07s - IP 189.40.77.212 - porta 51236
"""
_PROVEDOR = """WhatsApp LLC - Records
Times are in UTC.
Time                   IP Address              Port
2025-07-14 18:21:00    189.40.77.212           51236
"""


def test_o_fuso_dito_uma_vez(tmp_path: Path) -> None:
    (convergencia,) = [c for c in conclusoes_dos_textos(tmp_path, {"banco.txt": _BANCO, "provedor.txt": _PROVEDOR})
                       if c["tipo"] == "convergencia_ip"]
    assert "; fuso de Brasília declarado uma vez no documento, em linha 3)" in convergencia["afirmacao"]
    assert "fuso fuso" not in convergencia["afirmacao"]
    assert "; fuso UTC declarado uma vez no documento, em linha 2)" in convergencia["afirmacao"]
    assert convergencia["grau_confianca"] == "forte" and convergencia["validacao"]["veredicto_geral"] == "VERIFICADO"
