"""O IMEI, o telefone e o CPF que o Excel gravou em notação científica ("3,56938E+14"): perdidos, e ditos.

Um CSV de bilhetagem aberto no Excel e salvo de novo perde os dígitos dos números longos. A coluna do IMEI sumia em
silêncio (nenhum dado, nenhum alerta) e o investigador não sabia que o aparelho estava ali nem o que pedir.
"""

from __future__ import annotations

import json

import pytest
from openpyxl import Workbook

from perito.analise import Parametros, analisar
from perito.extratores.registro import escolher
from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento
from tests.conftest import DATA


def _alertas(pasta) -> list[str]:
    alertas = []
    for arquivo in listar(pasta):
        documento = ler_documento(arquivo.caminho, arquivo.nome, arquivo.tipo)
        alertas += escolher(documento).extrair(documento).alertas
    return alertas


def test_o_csv_da_bilhetagem_com_o_imei_em_notacao_cientifica(tmp_path):
    (tmp_path / "cdr.csv").write_text(
        "OPERADORA VELOZ - Bilhetagem\nData;Hora;Número A;Número B;IMEI;Duração\n"
        "10/04/2025;07:05:33;5521981234567;5521998765432;3,56938E+14;134\n"
        "10/04/2025;07:31:02;5,52198E+12;5511955554444;3.56938E+14;45\n", encoding="utf-8")
    [alerta] = [a for a in _alertas(tmp_path) if "notação científica" in a]
    assert alerta.startswith("cdr.csv: 3 números em notação científica (ex.: 3,56938E+14, linha 3)")
    assert "Peça o arquivo original" in alerta


def test_na_planilha_o_texto_em_notacao_cientifica(tmp_path):
    livro = Workbook()
    livro.active.append(["IMEI", "Linha"])
    livro.active.append(["3,56938E+14", "5521981234567"])
    livro.save(tmp_path / "aparelhos.xlsx")
    assert any("notação científica" in a for a in _alertas(tmp_path))


@pytest.mark.parametrize("linha", [
    "10/04/2025;TARIFA;1,5E+3",  # expoente pequeno: pode ser qualquer coisa
    "10/04/2025;PROTOCOLO 3E+14X;100,00",  # colado a letras: parte de um código
])
def test_armadilha_sem_aviso(tmp_path, linha):
    (tmp_path / "extrato.csv").write_text(f"Data;Histórico;Valor\n{linha}\n", encoding="utf-8")
    assert not any("notação científica" in a for a in _alertas(tmp_path))


def test_o_aviso_chega_ao_lote_e_ao_relatorio(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "cdr.csv").write_text("Data;Hora;Número A;IMEI\n10/04/2025;07:05:33;5521981234567;3,56938E+14\n",
                                  encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise=DATA))
    alertas = [a for lote in (tmp_path / "saida" / "lotes").glob("*.json")
               for a in json.loads(lote.read_text(encoding="utf-8"))["alertas"]]
    assert any("notação científica" in a for a in alertas)
    assert "notação científica" in (tmp_path / "saida" / "relatorio.txt").read_text(encoding="utf-8")
