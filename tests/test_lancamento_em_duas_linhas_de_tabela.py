"""O extrato em planilha ou CSV com o lançamento em duas linhas (sonda da 25ª sessão): a data, "PIX RECEBIDO" e o valor
numa linha, e na de baixo, só na coluna do histórico, "ANA BEATRIZ MOREIRA - CPF ***.274.519-**". Antes: o nome da
linha de baixo era um registro à parte, o crédito ficava sem quem pagou e a materialidade caía para moderado."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook

from tests.conftest import conclusoes_do_caso

_LINHAS = [
    ["Data", "Histórico", "Valor (R$)", "Saldo (R$)"],
    ["14/07/2025 15:21", "PIX RECEBIDO", 2350.00, 2410.55],
    [None, "ANA BEATRIZ MOREIRA - CPF ***.274.519-**", None, None],
    ["14/07/2025 15:38", "PIX ENVIADO", -2300.00, 110.55],
    [None, "LUCIANA FERREIRA DIAS - CPF ***.982.247-**", None, None],
    ["15/07/2025 09:00", "TARIFA", -12.90, 97.65],
]
_CABECALHO = ["Banco Fênix S.A. - Extrato de conta corrente",
              "Cliente: RAFAEL SOUZA PINTO - CPF 083.016.613-05 - Ag 0001 - Conta 4471239-8"]
_BO = ("BOLETIM DE OCORRÊNCIA Nº 991/2025\nVítima: ANA BEATRIZ MOREIRA, CPF 318.274.519-04.\nHistórico: em 14/07/2025, "
       "por volta das 15h20, a vítima transferiu R$ 2.350,00 via Pix para RAFAEL SOUZA PINTO.\n")


def _planilha(caso: Path, linhas: list[list]) -> None:
    livro = Workbook()
    aba = livro.active
    aba.title = "Extrato"
    for titulo in _CABECALHO:
        aba.append([titulo])
    aba.append([])
    for linha in linhas:
        aba.append(linha)
    livro.save(caso / "extrato.xlsx")


def _csv(caso: Path, linhas: list[list]) -> None:
    def celula(valor: object) -> str:
        return "" if valor is None else f"{valor:.2f}".replace(".", ",") if isinstance(valor, float) else str(valor)
    texto = "\n".join([*_CABECALHO, *(";".join(celula(v) for v in linha) for linha in linhas)]) + "\n"
    (caso / "extrato.csv").write_text(texto, encoding="utf-8")


@pytest.mark.parametrize("gravar", [_planilha, _csv])
def test_quem_pagou_na_linha_de_baixo(tmp_path: Path, gravar) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    gravar(caso, _LINHAS)
    (caso / "bo.txt").write_text(_BO, encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso)
    (materialidade,) = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "forte" and "contraparte ANA BEATRIZ MOREIRA" in materialidade["afirmacao"]
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}


@pytest.mark.parametrize("gravar", [_planilha, _csv])
def test_a_linha_de_baixo_com_valor_e_outro_lancamento(tmp_path: Path, gravar) -> None:
    # armadilha: a linha de baixo com valor próprio (outro lançamento sem data) não dá o nome ao de cima
    linhas = [_LINHAS[0], _LINHAS[1], [None, "PIX RECEBIDO ANA BEATRIZ MOREIRA", 10.00, 2420.55]]
    caso = tmp_path / "caso"
    caso.mkdir()
    gravar(caso, linhas)
    (caso / "bo.txt").write_text(_BO, encoding="utf-8")
    (materialidade,) = [c for c in conclusoes_do_caso(caso) if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "moderado"
