"""A duração de uma chamada ao lado da data ("Data;Duração" com "02/08/2025;00:01:02"), achada por uma sonda: o
instante de duas colunas vizinhas juntava a data e a duração, e a chamada ia para 00:01:02 daquele dia. Armadilha: a
coluna de hora ao lado da data continua compondo o instante, e a duração depois da hora não muda nada."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores.operadora import ExtratorOperadora
from perito.leitura.leitor import ler_documento


@pytest.mark.parametrize(("cabecalho", "linha", "esperado"), [
    ("Data;Duração;Origem;Destino", "02/08/2025;00:01:02;(21) 97777-8888;(21) 95555-4444", ("02/08/2025", None)),
    ("Date,Duration (hh:mm:ss),A_NUMBER,B_NUMBER", "02/08/2025,00:01:02,5521977778888,5521955554444", ("02/08/2025", None)),
    ("Data;Hora;Duração;Origem", "02/08/2025;10:05:31;00:01:02;(21) 97777-8888", ("02/08/2025", "10:05:31")),
    ("Data;Hora;Origem", "02/08/2025;10:05:31;(21) 97777-8888", ("02/08/2025", "10:05:31")),
])
def test_duracao_ao_lado_da_data_nao_e_a_hora(tmp_path: Path, cabecalho: str, linha: str, esperado: tuple) -> None:
    caminho = tmp_path / "bilhetagem.csv"
    caminho.write_text(f"{cabecalho}\n{linha}\n", encoding="utf-8")
    dados = ExtratorOperadora().extrair(ler_documento(caminho, caminho.name, "csv")).dados
    (data,) = [d for d in dados if d["campo"] == "data_evento"]
    assert (data["metadados"].get("data"), data["metadados"].get("hora")) == esperado
