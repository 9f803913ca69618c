"""A resposta da operadora com o IMEI sob "Identificador do equipamento" (o nome da Anatel) e a linha como "MSISDN",
achada por uma sonda: sem coluna de IMEI reconhecida, a tabela não dizia "operadora" e o arquivo ficava de família
desconhecida; a convergência de IMEI com o banco e o provedor perdia uma família. Armadilha: "Equipamento" sozinho
(a descrição do aparelho num log de banco) não é coluna de IMEI.
"""

from __future__ import annotations

from pathlib import Path

from perito.extratores import colunas
from perito.extratores.familias import classificar
from perito.leitura.leitor import ler_documento


def test_coluna_do_equipamento_e_imei() -> None:
    assert colunas.papel("Identificador do equipamento") == "imei"
    assert colunas.papel("Equipamento") != "imei"


def test_tabela_de_imei_por_linha_e_da_operadora(tmp_path: Path) -> None:
    caminho = tmp_path / "resposta.csv"
    caminho.write_text("MSISDN;Identificador do equipamento;Data início uso;Data fim uso\n"
                       "5511987654321;356938035643809;01/07/2025;\n", encoding="utf-8")
    assert classificar(ler_documento(caminho, caminho.name, "csv")).familia == "operadora"
