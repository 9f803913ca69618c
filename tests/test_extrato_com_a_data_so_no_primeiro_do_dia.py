"""O extrato do Bradesco (sonda da 24ª sessão): a data só no primeiro lançamento do dia, e a contraparte do Pix na linha
de baixo, rotulada ("REM: ANA BEATRIZ MOREIRA 14/07" sob o crédito, "DES: LUCIANA ..." sob o débito).

Em texto de colunas fixas, o segundo lançamento do dia ("            TRANSFERENCIA PIX  1453840   2.300,00   110,55",
recuado por não ter data) era lido como continuação do de cima: o débito de R$ 2.300,00 virava um *crédito* da Ana, e
o saldo de R$ 110,55 outro crédito — a conta de passagem sumia. Em PDF, a tabela lia as linhas, mas a linha "REM:"
ficava fora do lançamento (a materialidade caía para moderado: "o registro bancário não nomeia a vítima").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import conclusoes_do_caso, dados_da_pasta

_BO = ("BOLETIM DE OCORRÊNCIA Nº 4512/2025\nVítima: ANA BEATRIZ MOREIRA, CPF 318.274.519-04.\nHistórico: em 14/07/2025 "
       "a vítima transferiu R$ 2.350,00 via Pix para RAFAEL SOUZA PINTO.\n")
_CABECALHO = ("Bradesco | Extrato Mensal / Por Período\nNome: RAFAEL SOUZA PINTO          Agência: 2291 | Conta: 778812-3\n"
              "Extrato de: 01/07/2025 a 31/07/2025\n\n")
_COLUNAS = "Data        Lançamento                          Dcto.      Crédito (R$)   Débito (R$)    Saldo (R$)\n"
_LANCAMENTOS = [  # (data, histórico, documento, crédito, débito, saldo, detalhe)
    ("13/07/2025", "SALDO ANTERIOR", "", "", "", "60,55", ""),
    ("14/07/2025", "TRANSFERENCIA PIX", "1452107", "2.350,00", "", "2.410,55", "REM: ANA BEATRIZ MOREIRA 14/07"),
    ("", "TRANSFERENCIA PIX", "1453840", "", "2.300,00", "110,55", "DES: LUCIANA FERREIRA DIAS 14/07"),
    ("15/07/2025", "TARIFA BANCARIA", "0000000", "", "12,90", "97,65", "CESTA B.EXPRESSO4"),
]


def _texto(lancamentos: list[tuple[str, ...]] = _LANCAMENTOS) -> str:
    linhas = []
    for data, historico, documento, credito, debito, saldo, detalhe in lancamentos:
        linhas.append(f"{data:<12}{historico:<36}{documento:<11}{credito:>12}{debito:>14}{saldo:>11}")
        if detalhe:
            linhas.append(" " * 12 + detalhe)
    return _CABECALHO + _COLUNAS + "\n".join(linhas) + "\n"


def _pdf(caminho: Path, lancamentos: list[tuple[str, ...]] = _LANCAMENTOS) -> None:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    tela = canvas.Canvas(str(caminho), pagesize=A4)
    tela.setFont("Helvetica", 9)
    y = 790
    for linha in _CABECALHO.strip().splitlines():
        tela.drawString(40, y, linha)
        y -= 12
    y -= 10
    xs = [40, 95, 300, 360, 430, 500]
    for x, titulo in zip(xs, ["Data", "Lançamento", "Dcto.", "Crédito (R$)", "Débito (R$)", "Saldo (R$)"], strict=True):
        tela.drawString(x, y, titulo)
    y -= 14
    for *celulas, detalhe in lancamentos:
        for x, texto in zip(xs, celulas, strict=True):
            if texto:
                (tela.drawRightString(x + 50, y, texto) if x >= 360 else tela.drawString(x, y, texto))
        y -= 12
        if detalhe:
            tela.drawString(95, y, detalhe)
            y -= 12
    tela.save()


@pytest.fixture(params=["txt", "pdf"])
def caso(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    pasta = tmp_path / "caso"
    pasta.mkdir()
    (pasta / "bo.txt").write_text(_BO, encoding="utf-8")
    if request.param == "txt":
        (pasta / "extrato_bradesco.txt").write_text(_texto(), encoding="utf-8")
    else:
        _pdf(pasta / "extrato_bradesco.pdf")
    return pasta


def test_cada_lancamento_com_o_seu_lado_dia_e_contraparte(caso: Path) -> None:
    valores = {d["dado"]: d["metadados"] for d in dados_da_pasta(caso)
               if d["campo"] == "valor_transacao" and d["arquivo_fonte"].startswith("extrato")}
    assert set(valores) == {"2.350,00", "2.300,00", "12,90"}  # o saldo 110,55 não é lançamento
    assert (valores["2.350,00"]["direcao"], valores["2.350,00"]["contraparte"]) == ("credito", "ANA BEATRIZ MOREIRA")
    debito = valores["2.300,00"]
    assert (debito["direcao"], debito["data"], debito["contraparte"]) == ("debito", "14/07/2025", "LUCIANA FERREIRA DIAS")
    assert "contraparte" not in valores["12,90"]  # "CESTA B.EXPRESSO4": a descrição da tarifa, ninguém


def test_a_conta_de_passagem_e_a_vitima_pagadora(caso: Path) -> None:
    conclusoes = conclusoes_do_caso(caso)
    (materialidade,) = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "forte" and "contraparte ANA BEATRIZ MOREIRA" in materialidade["afirmacao"]
    (laranja,) = [c for c in conclusoes if c["tipo"] == "identificacao_laranja"]
    assert "entra 2.350,00 em 14/07/2025 e saem 2.300,00, 97% do que entrou" in laranja["afirmacao"]
    assert all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in conclusoes)


@pytest.mark.parametrize("formato", ["txt", "pdf"])
def test_armadilha_o_remetente_embaixo_de_um_debito_nao_e_dele(tmp_path: Path, formato: str) -> None:
    """"REM:" sob um débito contradiz o lado do lançamento: o nome não vira a contraparte do débito."""
    lancamentos = [(*lancamento[:6], lancamento[6].replace("DES:", "REM:")) for lancamento in _LANCAMENTOS]
    if formato == "txt":
        (tmp_path / "extrato.txt").write_text(_texto(lancamentos), encoding="utf-8")
    else:
        _pdf(tmp_path / "extrato.pdf", lancamentos)
    valores = {d["dado"]: d["metadados"] for d in dados_da_pasta(tmp_path) if d["campo"] == "valor_transacao"}
    assert valores["2.300,00"]["direcao"] == "debito"
    assert valores["2.300,00"].get("contraparte") != "LUCIANA FERREIRA DIAS"
