"""O extrato em PDF com cada lançamento em três linhas (sonda da 25ª sessão): a data e o histórico, depois
`De: ANA BEATRIZ MOREIRA    Valor: R$ 2.350,00` e `CPF ***.274.519-**    Saldo: R$ 2.410,55`. Antes: "De:" e
"Para:" não eram rótulo, o nome de quem pagou não era lido e a materialidade caía para moderado ("o registro
bancário não nomeia a vítima como pagadora")."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_do_caso, pdf_de_linhas


def _nomes(texto: str) -> list[tuple[str, str]]:
    return [(a.dado, a.metadados["papel"]) for a in reconhecer(texto) if a.campo == "nome_titular"]


@pytest.mark.parametrize(("linha", "nomes"), [
    ("De: ANA BEATRIZ MOREIRA       Valor: R$ 2.350,00", [("ANA BEATRIZ MOREIRA", "remetente")]),
    ("Para: LUCIANA FERREIRA DIAS   Valor: -R$ 2.300,00", [("LUCIANA FERREIRA DIAS", "favorecido")]),
    ("14/07/2025;Pix;De: JOSE CARLOS LIMA;150,00", [("JOSE CARLOS LIMA", "remetente")]),
    # armadilhas: o período do extrato, o cabeçalho de um e-mail encaminhado, a preposição no meio de uma frase
    ("Período de: 01/07/2025 a 31/07/2025", []),
    ("De: Fulano Silva <fulano.silva@banco.com.br>", []),
    ("Cidade de: SAO PAULO CENTRO", []),
    # o cabeçalho de um ofício: a delegacia e o tratamento do destinatário não são parte de lançamento
    ("De: DELEGACIA DE POLICIA DE SAO PAULO", []), ("Para: ILMO SR GERENTE DO BANCO HORIZONTE", []),
])
def test_de_e_para_como_rotulo(linha: str, nomes: list[tuple[str, str]]) -> None:
    assert _nomes(linha) == nomes


def test_materialidade_com_quem_pagou_embaixo(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    pdf_de_linhas(caso / "extrato.pdf", [
        "BANCO CONFIANÇA S.A. - EXTRATO DE MOVIMENTAÇÃO",
        "Cliente: RAFAEL SOUZA PINTO   CPF: 083.016.613-05",
        "Agência: 0001   Conta: 4471239-8   Período: 01/07/2025 a 31/07/2025",
        "Horários de Brasília",
        "14/07/2025 15:21:07    Transferência Pix recebida",
        "De: ANA BEATRIZ MOREIRA             Valor: R$ 2.350,00",
        "CPF ***.274.519-**                  Saldo: R$ 2.410,55",
        "14/07/2025 15:38:40    Transferência Pix enviada",
        "Para: LUCIANA FERREIRA DIAS         Valor: -R$ 2.300,00",
        "CPF ***.982.247-**                  Saldo: R$ 110,55",
    ])
    (caso / "bo.txt").write_text(
        "BOLETIM DE OCORRÊNCIA Nº 991/2025\nVítima: ANA BEATRIZ MOREIRA, CPF 318.274.519-04.\nHistórico: em 14/07/2025 "
        "a vítima transferiu R$ 2.350,00 via Pix para RAFAEL SOUZA PINTO.\n", encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso)
    (materialidade,) = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "forte"
    assert "contraparte ANA BEATRIZ MOREIRA CPF ***.274.519-**" in materialidade["afirmacao"]
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}
