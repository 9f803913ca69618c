"""A data em que o próprio documento foi emitido ("Emitido em 20/06/2025 às 10:22:31" no topo de cada página de um
extrato, "Data de impressão", "Relatório gerado em") é `emissao_documento`, não um fato do caso (décima nona sessão;
até aqui só "Generated", "lavrado", "registrado em" e o fecho "São Paulo, ..."). Armadilha: o boleto "gerado em" um dia,
num relato, é um fato.
"""

from __future__ import annotations

import pytest

from perito.extratores.reconhecedores import reconhecer


@pytest.mark.parametrize("texto, papel", [
    ("Emitido em 20/06/2025 às 10:22:31", "emissao_documento"),
    ("Data de impressão: 20/06/2025", "emissao_documento"),
    ("Data da emissão 20/06/2025", "emissao_documento"),
    ("Gerado em: 20/06/2025 10:22", "emissao_documento"),
    ("Relatório gerado em 2025-06-20 10:22:31 UTC", "emissao_documento"),
    ("o golpista enviou um boleto gerado em 12/06/2025", None),
    ("12/06/2025 PIX RECEBIDO MARIANA ALVES TEIXEIRA 2.890,00", None),
])
def test_papel_da_data(texto: str, papel: str | None) -> None:
    assert [a.metadados.get("papel") for a in reconhecer(texto) if a.campo == "data_evento"] == [papel]
