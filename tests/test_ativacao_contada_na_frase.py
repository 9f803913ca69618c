"""A data em que a frase conta que a linha foi ativada ("a linha (31) 97120-3344 ... foi ativada em nome de MARCOS ...
somente em 14/10/2025", "o número ... foi habilitado em 02/11/2024") é a ativação da linha, não um uso dela: antes
ficava sem papel (só "desde" depois de "habilitada" dava o papel), e uma data sem papel junto do telefone é um uso."""

from __future__ import annotations

import pytest

from perito.extratores.reconhecedores import reconhecer


def _papeis(texto: str) -> list[str | None]:
    return [a.metadados.get("papel") for a in reconhecer(texto) if a.campo == "data_evento"]


@pytest.mark.parametrize("texto", [
    "A linha (31) 97120-3344, de onde partiu a ligação, foi ativada em nome de MARCOS ANTONIO RIBEIRO somente em 14/10/2025.",
    "O número (11) 98765-4321 foi habilitado em 02/11/2024 em nome de RAFAEL DUARTE LIMA.",
])
def test_data_da_ativacao_contada(texto: str) -> None:
    assert _papeis(texto) == ["ativacao_linha"]


@pytest.mark.parametrize("texto", [
    # outro número entre a ativação e a data: a data é de outro fato
    "A linha (31) 97120-3344, ativada em 2020, recebeu ligação em 12/07/2025.",
    # a ativação numa frase, a data na outra
    "A linha (31) 97120-3344 foi ativada pela operadora. Em 12/07/2025 a vítima recebeu ligação dela.",
    "A vítima foi atendida em 12/07/2025.",
])
def test_armadilha_data_de_outro_fato(texto: str) -> None:
    assert _papeis(texto) == [None]
