"""TXT separado por TAB com um título de relatório em cima ("Relatório de acessos<TAB>Gerado em ..."): antes a
primeira linha decidia o número de colunas, a tabela de baixo era lida como texto e o IP perdia a porta da coluna ao
lado."""

from __future__ import annotations

from pathlib import Path

from perito.leitura.texto import separada_por_tab
from tests.conftest import dados_da_pasta

TSV = ("Relatório de acessos\tGerado em 20/03/2025 10:00 (UTC)\n\nData\tHora\tIP\tPorta\n"
       "15/03/2025\t14:33:50\t177.45.10.2\t51234\n15/03/2025\t14:40:00\t200.1.2.3\t40000\n\nObs.: horários em UTC\n")


def test_o_numero_de_tabs_mais_comum_decide() -> None:
    assert separada_por_tab([linha for linha in TSV.splitlines() if linha.strip()])
    assert separada_por_tab(["Data\tIP", "15/03/2025\t177.45.10.2"])  # o cabeçalho na primeira linha, como sempre


def test_armadilha_texto_com_poucas_linhas_recuadas_nao_e_tabela() -> None:
    prosa = ["Relato da vítima"] + ["A vítima relatou os fatos na delegacia."] * 6 + ["\tItem 1\tcelular", "\tItem 2\tcarteira"]
    assert not separada_por_tab(prosa)


def test_o_ip_com_a_porta_e_o_instante(tmp_path: Path) -> None:
    (tmp_path / "acessos.txt").write_text(TSV, encoding="utf-8")
    ips = {d["dado"]: (d["metadados"].get("porta"), d["metadados"].get("instante_utc"), d["linha_ou_celula"])
           for d in dados_da_pasta(tmp_path) if d["tipo_dado"] == "ip"}
    assert ips == {"177.45.10.2": ("51234", "2025-03-15T14:33:50Z", "linha 4"),
                   "200.1.2.3": ("40000", "2025-03-15T14:40:00Z", "linha 5")}
