"""Quem pagou, na carta de um banco que conta os créditos em prosa, achado por sonda: "recebeu, em 02/08/2025,
transferência Pix no valor de R$ 1.250,90, oriunda de JOSÉ PEREIRA LIMA; e, em 03/08/2025, ... R$ 800,00, oriunda de
ANA PAULA DIAS." Sem o CPF depois do nome, "oriunda de" não dava pessoa; e com duas pessoas na linha o segundo
crédito ficava com a primeira. Agora o remetente pela frase ("oriunda de", "proveniente de", "enviada por",
"realizada por") e cada crédito com o da sua oração.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_do_caso, dados_da_pasta

CARTA = ("BANCO XPTO S.A.\nAo Ilmo. Sr. Delegado de Polícia\n"
         "Informamos que a conta corrente nº 0012345-6, agência 0001, de titularidade de MARIA DA SILVA SOUZA, CPF "
         "123.456.789-09, recebeu, em 02/08/2025, transferência Pix no valor de R$ 1.250,90, oriunda de JOSÉ PEREIRA "
         "LIMA; e, em 03/08/2025, transferência Pix no valor de R$ 800,00, oriunda de ANA PAULA DIAS.\n")


def test_cada_credito_com_quem_pagou(tmp_path: Path) -> None:
    (tmp_path / "resposta.txt").write_text(CARTA, encoding="utf-8")
    assert {d["dado"]: (d["metadados"].get("data"), d["metadados"].get("contraparte")) for d in dados_da_pasta(tmp_path)
            if d["campo"] == "valor_transacao"} == {"R$ 1.250,90": ("02/08/2025", "JOSÉ PEREIRA LIMA"),
                                                    "R$ 800,00": ("03/08/2025", "ANA PAULA DIAS")}


@pytest.mark.parametrize("texto, nomes", [
    ("transferência proveniente de JOSÉ PEREIRA LIMA", ["JOSÉ PEREIRA LIMA"]),
    ("Pix enviado por Ana Paula Dias", ["Ana Paula Dias"]),
    # armadilhas: o meio, a empresa de uma palavra e o banco não são quem pagou
    ("transferência realizada por meio do aplicativo", []), ("mensagem enviada por WhatsApp", []),
    ("valor enviado por BANCO DO BRASIL", []),
])
def test_remetente_na_frase(texto: str, nomes: list[str]) -> None:
    assert [a.dado for a in reconhecer(texto)
            if a.campo == "nome_titular" and a.metadados.get("papel") == "remetente"] == nomes


def test_materialidade_forte_pela_carta(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "resposta.txt").write_text(CARTA, encoding="utf-8")
    (caso / "boletim.txt").write_text(
        "BOLETIM DE OCORRÊNCIA Nº 4411/2025\nVítima: JOSÉ PEREIRA LIMA\n"
        "Histórico: Em 02/08/2025 a vítima transferiu R$ 1.250,90 por Pix para a chave informada pelo golpista.\n",
        encoding="utf-8")
    [materialidade] = [c for c in conclusoes_do_caso(caso) if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "forte"  # a carta nomeia a vítima como quem pagou
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"
