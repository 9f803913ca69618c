"""Issue 23: o principal junta valores de um local sem inventar uma frase que o local não tem.

O validador exige palavras seguidas no local para palavras seguidas no dado citado; o nome e o e-mail de
uma linha de cadastro são dois valores, não uma frase. Antes, "NOME e-mail" saía AMBIGUO nas variações.
"""

from __future__ import annotations

from perito.principal.referencias import unir
from perito.validador.agente import validar
from tests.conftest import DATA


def test_issue_23_nome_e_email_do_mesmo_local_sao_pedacos_independentes(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "cadastro.txt").write_text("Titular: SAMUEL ANDRADE GONCALVES - E-mail: samuel.goncalves49@pombo.net\n",
                                       encoding="utf-8")
    dado = unir(["SAMUEL ANDRADE GONCALVES", "samuel.goncalves49@pombo.net"])
    assert dado == "SAMUEL ANDRADE GONCALVES | samuel.goncalves49@pombo.net"
    assert unir(["529.982.247-25", "JOSÉ CARLOS"]) == "529.982.247-25 JOSÉ CARLOS"  # número e nome: como antes
    ref = {"arquivo": "cadastro.txt", "pagina": None, "linha_ou_celula": "linha 1", "dado_citado": dado, "extrator_id": "t"}
    conclusoes = {"conclusoes": [{"id": 1, "tipo": "outro", "afirmacao": "teste", "grau_confianca": "fraco",
                                  "referencias": [ref], "validacao": None}], "caso_id": "t", "data_analise": DATA}
    assert validar(conclusoes, caso, DATA)["validacoes"][0]["veredicto_geral"] == "VERIFICADO"
