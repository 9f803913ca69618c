"""A porta cujo rótulo a quebra de linha da prosa cortou (vigésima primeira sessão, caso inteiro c5).

O ofício da operadora em PDF: "... o endereço IP 201.17.88.45, porta" / "de origem 33012, às 10h12min50s do dia
03/08/2025 ...". Antes, a porta (rótulo numa linha, número na outra) se perdia: a identificação pelo IP ficava fraca
("a resposta não dá a porta") e a convergência com o acesso de mesma porta, moderada. Agora o IP fica com a porta,
citada na linha de baixo, onde o número está escrito. Armadilhas: "porta" / "não informada" não dá porta; a citação
com outra porta não fica VERIFICADO.
"""

from __future__ import annotations

import json
from pathlib import Path

from perito.analise import Parametros, analisar
from tests.conftest import DATA, pdf_de_linhas, status_com_a_citacao_trocada

LINHAS = ["TELEFÔNICA BRASIL S.A. - Ofício DJ-8812/2025",
          "Em resposta ao Ofício 4410/2025, informamos que o endereço IP 201.17.88.45, porta",
          "{segunda}, às 10h12min50s do dia 03/08/2025 (horário de Brasília), estava alocado ao",
          "terminal (21) 97654-3210, cujo titular é FERNANDO MENDES DA ROCHA, CPF 993.518.190-19."]
PROVEDOR = ("Resposta do provedor Google LLC.\nRegistros de acesso da conta alvo (horário UTC):\n"
            "IP 201.17.88.45 porta 33012 em 2025-08-03 13:12:50\n")


def _analise(pasta: Path, segunda: str) -> tuple[Path, dict]:
    caso = pasta / "caso"
    caso.mkdir()
    pdf_de_linhas(caso / "oficio.pdf", [linha.format(segunda=segunda) for linha in LINHAS])
    (caso / "provedor.txt").write_text(PROVEDOR, encoding="utf-8")
    analisar(Parametros(caso, pasta / "saida", data_analise=DATA))
    return caso, json.loads((pasta / "saida" / "conclusoes.json").read_text(encoding="utf-8"))


def test_a_porta_da_linha_de_baixo_e_do_ip(tmp_path: Path) -> None:
    caso, conclusoes = _analise(tmp_path, "de origem 33012")
    [convergencia] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert convergencia["grau_confianca"] == "forte"
    assert "(03/08/2025 10h12min50s horário de Brasília, porta 33012)" in convergencia["afirmacao"]
    [porta] = [r for r in convergencia["referencias"] if r["arquivo"] == "oficio.pdf" and "33012" in r["dado_citado"]]
    assert porta["linha_ou_celula"] == "linha 3"
    assert convergencia["validacao"]["veredicto_geral"] == "VERIFICADO"
    assert status_com_a_citacao_trocada(caso, conclusoes, convergencia, "oficio.pdf", "33012", "33013") != ["VERIFICADO"]
    [titular] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "identificacao_titular" and "atribuído" in c["afirmacao"]]
    assert "porta 33012" in titular["afirmacao"] and "não dá a porta" not in titular["afirmacao"]


def test_porta_nao_informada_na_linha_de_baixo_nao_e_porta(tmp_path: Path) -> None:
    _, conclusoes = _analise(tmp_path, "não informada pela plataforma")
    [convergencia] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert convergencia["grau_confianca"] == "moderado"
    assert "sem porta de origem em oficio.pdf" in convergencia["afirmacao"]
