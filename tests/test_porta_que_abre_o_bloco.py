"""A porta escrita no fim da frase que abre o bloco do cliente ("... estava atribuído ao cliente abaixo, porta lógica
33012:"): os dois-pontos que anunciam o bloco não fazem do número uma hora. Achado por sonda (resposta da Oi, 27ª
sessão): a porta se perdia e a convergência dizia "sem porta de origem nos dois lados"."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.chaves import ip
from tests.conftest import dados_da_pasta

_CARTA = """OI S.A.
Ofício 2291/2025 - DRCC Belo Horizonte
Em resposta, informamos que o endereço IP 191.185.22.140, na data de 03/09/2025 às 10:41:07 (horário de Brasília), estava atribuído ao cliente abaixo, {porta}
Nome: LUANA PEREIRA CASTRO
CPF: 052.118.946-26
"""


@pytest.mark.parametrize("porta, esperada", [
    ("porta lógica 33012:", "33012"),
    ("porta 33012:", "33012"),
    ("porta lógica de origem 33012: ", "33012"),
    ("porta 33012.", "33012"),
    ("às 10:41:", None),  # armadilha: sem a palavra porta, nenhum número é porta
])
def test_porta_antes_dos_dois_pontos(tmp_path: Path, porta: str, esperada: str | None) -> None:
    (tmp_path / "oi.txt").write_text(_CARTA.format(porta=porta), encoding="utf-8")
    (dado,) = [d for d in dados_da_pasta(tmp_path) if d["campo"] == "ip_acesso"]
    assert dado["metadados"].get("porta") == esperada


@pytest.mark.parametrize("texto, porta", [
    ("porta 33012:", "33012"),
    ("porta 33012: aberta", "33012"),
    ("porta 10:41", None),  # hora, não porta
    ("porta 1.234", None),
    ("porta 443", "443"),
])
def test_padrao_da_porta_rotulada(texto: str, porta: str | None) -> None:
    m = ip.PADRAO_PORTA_ROTULADA.search(texto)
    assert (m.group(1) if m else None) == porta
