"""O extrato de banco digital com a linha do dia e o saldo do dia ("14 de Julho de 2025   Saldo do dia: R$ 800,00")
entre os lançamentos, sem a hora: numa grade (o cabeçalho de colunas faz dela uma tabela) e em linhas de texto.

Achado por uma sonda num leiaute que nenhum exemplo tinha:
- na grade, a linha do dia tinha três células (a data, "Saldo do dia:", o saldo) e não era cabeçalho de dia: os
  lançamentos ficavam sem data, e nenhuma materialidade saía;
- com a data, o validador tomava a linha do dia como um registro par dos lançamentos, com o valor dela (o saldo do
  dia), e dava CONTRADITO à data citada;
- nas linhas de texto, a linha do dia (um valor só) cortava a cadeia do saldo corrente: o saldo de cada lançamento
  ("R$ 3.100,00") saía como outro crédito da vítima.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from perito.analise import Parametros, analisar
from perito.extratores.saldo_corrente import tem_saldo_corrente
from tests.conftest import BO_DA_HELENA

_BOLETIM = BO_DA_HELENA
_DICT = (
    "Chave: 7c1e5b2a-3f4d-4e8a-9b6c-2d1f0a9e8b7c (aleatória)\n"
    "Nome do titular: RAFAEL DUARTE LIMA\n"
    "CPF: 529.982.247-25\n"
    "Participante: BANCO INTER S.A.   Agência: 0001   Conta: 12345678-9\n")


def _extrato(caminho: Path, dias: list[tuple[str, str, list[tuple[str, str, str]]]], grade: bool) -> None:
    folha = canvas.Canvas(str(caminho), pagesize=A4, invariant=1)
    y = 800

    def escrever(x: float, texto: str) -> None:
        folha.setFont("Helvetica", 9)
        folha.drawString(x, y, texto)

    for texto in ("Extrato de conta corrente", "Nome: RAFAEL DUARTE LIMA     CPF: 529.982.247-25",
                  "Instituição: Banco Inter   Agência: 0001   Conta: 12345678-9", "Período: 01/07/2025 a 31/07/2025"):
        escrever(40, texto)
        y -= 14
    if grade:  # o cabeçalho de colunas: a página vira uma grade
        escrever(40, "Descrição")
        escrever(420, "Valor")
        escrever(500, "Saldo")
        y -= 16
    for dia, saldo, lancamentos in dias:
        escrever(40, dia)
        escrever(420, "Saldo do dia:")
        escrever(500, saldo)
        y -= 14
        for descricao, valor, depois in lancamentos:
            escrever(40, descricao)
            escrever(420, valor)
            escrever(500, depois)
            y -= 12
    folha.showPage()
    folha.save()


_DIAS = [
    ("13 de Julho de 2025", "R$ 750,00", [('Pix recebido: "Cp :60701190-MARCOS PAULO SILVA"', "R$ 150,00", "R$ 750,00")]),
    ("14 de Julho de 2025", "R$ 800,00", [('Pix recebido: "Cp :00000000-HELENA MARQUES COSTA"', "R$ 2.350,00", "R$ 3.100,00"),
                                          ('Pix enviado: "Cp :00360305-JOAO VITOR ALMEIDA"', "-R$ 2.300,00", "R$ 800,00")]),
]
#: a armadilha: o crédito da vítima escrito sob o dia 13, não sob o 14 do relato
_DIAS_TROCADOS = [
    ("13 de Julho de 2025", "R$ 800,00", [('Pix recebido: "Cp :60701190-MARCOS PAULO SILVA"', "R$ 150,00", "R$ 750,00"),
                                          ('Pix recebido: "Cp :00000000-HELENA MARQUES COSTA"', "R$ 2.350,00", "R$ 3.100,00"),
                                          ('Pix enviado: "Cp :00360305-JOAO VITOR ALMEIDA"', "-R$ 2.300,00", "R$ 800,00")]),
    ("15 de Julho de 2025", "R$ 900,00", [('Pix recebido: "Cp :60701190-MARCOS PAULO SILVA"', "R$ 100,00", "R$ 900,00")]),
]


def _analisar(tmp_path: Path, dias: list, grade: bool) -> tuple[list[dict], list[dict]]:
    caso = tmp_path / "caso"
    caso.mkdir()
    _extrato(caso / "extrato_inter.pdf", dias, grade)
    (caso / "boletim.txt").write_text(_BOLETIM, encoding="utf-8")
    (caso / "resposta_dict.txt").write_text(_DICT, encoding="utf-8")
    saida = tmp_path / "saida"
    analisar(Parametros(caso, saida, data_analise="2025-09-01"))
    dados = json.loads((saida / "lotes" / "extrator_bancario_01.json").read_text(encoding="utf-8"))["dados_extraidos"]
    valores = [d for d in dados if d["arquivo_fonte"] == "extrato_inter.pdf" and d["campo"] == "valor_transacao"]
    return valores, json.loads((saida / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]


@pytest.mark.parametrize("grade", [True, False], ids=["grade", "linhas"])
def test_o_dia_com_o_saldo_vale_para_os_lancamentos_de_baixo(tmp_path: Path, grade: bool) -> None:
    valores, conclusoes = _analisar(tmp_path, _DIAS, grade)
    # um lançamento por linha, com o dia de cima; nem o saldo do dia nem o saldo depois do lançamento são lançamentos
    assert [(v["dado"], v["metadados"].get("data"), v["metadados"].get("direcao")) for v in valores] == [
        ("R$ 150,00", "13 de Julho de 2025", "credito"), ("R$ 2.350,00", "14 de Julho de 2025", "credito"),
        ("-R$ 2.300,00", "14 de Julho de 2025", "debito")]
    por_tipo = {c["tipo"]: c for c in conclusoes}
    assert por_tipo["materialidade"]["grau_confianca"] == "forte"
    assert "repasse no mesmo dia" in por_tipo["identificacao_laranja"]["afirmacao"]
    # o laranja cita o dia 13 (o outro crédito) e o 14: cada linha do dia vale para os seus lançamentos
    assert all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in conclusoes)


def test_o_credito_sob_outro_dia_nao_e_a_transferencia_relatada(tmp_path: Path) -> None:
    valores, conclusoes = _analisar(tmp_path, _DIAS_TROCADOS, grade=True)
    assert ("R$ 2.350,00", "13 de Julho de 2025") in [(v["dado"], v["metadados"].get("data")) for v in valores]
    assert not [c for c in conclusoes if c["tipo"] in ("materialidade", "vinculo_financeiro")]


def _referencias(*citados: tuple[int, str]) -> list[dict]:
    return [{"arquivo": "extrato_inter.pdf", "pagina": 1, "linha_ou_celula": f"linha {linha}", "dado_citado": dado}
            for linha, dado in citados]


@pytest.mark.parametrize(("dia_citado", "status"), [
    ((8, "14 de Julho de 2025"), "VERIFICADO"),  # a linha do dia logo acima do crédito
    ((6, "13 de Julho de 2025"), "CONTRADITO"),  # a linha do dia de cima: há outra linha com data entre as duas
])
def test_validador_aceita_so_a_linha_do_dia_de_cima(tmp_path: Path, dia_citado: tuple[int, str], status: str) -> None:
    from perito.validador.agente import validar

    caso = tmp_path / "caso"
    caso.mkdir()
    _extrato(caso / "extrato_inter.pdf", _DIAS, grade=True)
    conclusao = {"id": 1, "tipo": "materialidade", "afirmacao": "crédito de R$ 2.350,00 de HELENA MARQUES COSTA",
                 "grau_confianca": "moderado",
                 "referencias": _referencias((9, "HELENA MARQUES COSTA | R$ 2.350,00"), dia_citado)}
    (validacao,) = validar({"conclusoes": [conclusao]}, caso, "2025-09-01")["validacoes"]
    assert validacao["detalhes"][1]["status"] == status


def test_linha_do_dia_com_saldo_nao_corta_a_cadeia_do_saldo() -> None:
    linhas = ["13 de Julho de 2025 Saldo do dia: R$ 750,00", "Pix recebido MARCOS R$ 150,00 R$ 750,00",
              "14 de Julho de 2025 Saldo do dia: R$ 800,00", "Pix recebido HELENA R$ 2.350,00 R$ 3.100,00",
              "Pix enviado JOAO -R$ 2.300,00 R$ 800,00"]
    assert tem_saldo_corrente(linhas)
    # a armadilha: uma linha de um valor só que não é o saldo do dia corta a cadeia (a passagem fica uma só)
    assert not tem_saldo_corrente([t.replace("Saldo do dia:", "Tarifa") for t in linhas])


def test_a_linha_do_dia_no_fim_da_pagina_vale_para_o_comeco_da_seguinte(tmp_path: Path) -> None:
    # a linha do dia 14 é a última da página 1; os lançamentos dela, com o cabeçalho repetido, estão na página 2
    caso = tmp_path / "caso"
    caso.mkdir()
    folha = canvas.Canvas(str(caso / "extrato_inter.pdf"), pagesize=A4, invariant=1)
    folha.setFont("Helvetica", 9)
    y = 800
    for texto in ("Extrato de conta corrente", "Nome: RAFAEL DUARTE LIMA     CPF: 529.982.247-25",
                  "Instituição: Banco Inter   Agência: 0001   Conta: 12345678-9", "Período: 01/07/2025 a 31/07/2025"):
        folha.drawString(40, y, texto)
        y -= 14
    for pagina, linhas in enumerate([
            [("Descrição", "Valor", "Saldo"), ("13 de Julho de 2025", "Saldo do dia:", "R$ 750,00"),
             ('Pix recebido: "Cp :60701190-MARCOS PAULO SILVA"', "R$ 150,00", "R$ 750,00"),
             ("14 de Julho de 2025", "Saldo do dia:", "R$ 800,00")],
            [("Descrição", "Valor", "Saldo"),
             ('Pix recebido: "Cp :00000000-HELENA MARQUES COSTA"', "R$ 2.350,00", "R$ 3.100,00"),
             ('Pix enviado: "Cp :00360305-JOAO VITOR ALMEIDA"', "-R$ 2.300,00", "R$ 800,00")]]):
        if pagina:
            folha.showPage()
            folha.setFont("Helvetica", 9)
            y = 800
        for descricao, valor, saldo in linhas:
            folha.drawString(40, y, descricao)
            folha.drawString(420, y, valor)
            folha.drawString(500, y, saldo)
            y -= 14
    folha.save()
    (caso / "boletim.txt").write_text(_BOLETIM, encoding="utf-8")
    (caso / "resposta_dict.txt").write_text(_DICT, encoding="utf-8")
    saida = tmp_path / "saida"
    analisar(Parametros(caso, saida, data_analise="2025-09-01"))
    conclusoes = json.loads((saida / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    tipos = {c["tipo"] for c in conclusoes}
    assert {"materialidade", "identificacao_laranja"} <= tipos
    assert all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in conclusoes)
