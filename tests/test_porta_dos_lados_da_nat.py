"""A resposta de uma operadora sobre CGNAT com os dois lados da tradução de endereços, achada por sonda: "IP Privado |
Porta Privada | IP Público | Porta Pública Inicial | Porta Pública Final". O IP público levava a porta privada (a
primeira coluna de porta) como início do bloco: o bloco 34567-51299 no lugar de 51200-51299, e um acesso do provedor
pela porta 40000 caía "dentro do bloco" (forte, falso). A porta de um lado da NAT nunca é a do IP do outro.
"""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

from perito.analise import Parametros, analisar
from perito.extratores.colunas import lado_da_rede
from tests.conftest import DATA, dados_da_pasta, status_com_a_citacao_trocada

CABECALHO = ["Data/Hora Início", "Data/Hora Fim", "IP Privado", "Porta Privada", "IP Público", "Porta Pública Inicial",
             "Porta Pública Final", "Linha"]
LINHA = ["15/03/2025 11:30:00", "15/03/2025 11:40:00", "100.64.10.20", "34567", "177.45.10.2", "51200", "51299",
         "11912340000"]
TITULO = "Operadora Exemplo S.A. - conexões de dados (CGNAT) - horário de Brasília"
PROVEDOR = ("WhatsApp LLC - Resposta ao Ofício - registros de conexão\nAccount Identifier: +55 11 98765-4321\n"
            "Todos os horários em UTC.\n"
            "IP: 177.45.10.2  Data: 2025-03-15 14:33:50  Porta: 51234\n"
            "IP: 177.45.10.2  Data: 2025-03-15 14:35:00  Porta: 40000\n")


@pytest.mark.parametrize("nome, lado", [
    ("IP Privado", "privado"), ("Porta Privada", "privado"), ("Private Port", "privado"), ("IP Público", "publico"),
    ("Porta Pública Inicial", "publico"), ("NAT Port", "publico"), ("Porta", None), ("IP", None),
])
def test_lado_da_rede(nome: str, lado: str | None) -> None:
    assert lado_da_rede(nome) == lado


def _portas(pasta: Path) -> dict[str, tuple[str | None, str | None]]:
    return {d["dado"]: (d["metadados"].get("porta"), d["metadados"].get("porta_final"))
            for d in dados_da_pasta(pasta) if d["tipo_dado"] == "ip"}


def test_csv_e_planilha(tmp_path: Path) -> None:
    (tmp_path / "cgnat.csv").write_text(TITULO + "\n" + ";".join(CABECALHO) + "\n" + ";".join(LINHA) + "\n",
                                        encoding="utf-8")
    esperado = {"100.64.10.20": ("34567", None), "177.45.10.2": ("51200", "51299")}
    assert _portas(tmp_path) == esperado
    (tmp_path / "cgnat.csv").unlink()
    livro = openpyxl.Workbook()
    for linha in ([TITULO], CABECALHO, LINHA):
        livro.active.append(linha)
    livro.save(tmp_path / "cgnat.xlsx")
    assert _portas(tmp_path) == esperado


def test_so_o_acesso_dentro_do_bloco_publico(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "cgnat.csv").write_text(TITULO + "\n" + ";".join(CABECALHO) + "\n" + ";".join(LINHA) + "\n", encoding="utf-8")
    (caso / "provedor.txt").write_text(PROVEDOR, encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise=DATA))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert "bloco de portas 51200 a 51299" in ip["afirmacao"] and "40000" not in ip["afirmacao"]
    assert ip["grau_confianca"] == "forte" and ip["validacao"]["veredicto_geral"] == "VERIFICADO"
    # a armadilha: a porta privada citada como início do bloco do IP público é contradita pela coluna dele
    assert status_com_a_citacao_trocada(caso, conclusoes, ip, "cgnat.csv", "177.45.10.2 | 51200",
                                        "177.45.10.2 | 34567") == ["CONTRADITO"]
