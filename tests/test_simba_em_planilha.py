"""O conjunto SIMBA gravado em planilhas (vigésima primeira sessão, caso inteiro c11): `..._CONTAS.xlsx`,
`..._TITULARES.xlsx`, `..._EXTRATO.xlsx`, `..._ORIGEM_DESTINO.xlsx`, com as colunas do leiaute do BACEN.

Antes: a planilha dá uma célula por trecho, o extrator SIMBA (que lê linhas de TAB) não a reconhecia, o motor de
tabelas não sabia que VALOR_LANCAMENTO está em centavos nem juntava a ORIGEM_DESTINO: nenhuma conclusão. Agora cada
linha da aba é lida como uma linha do leiaute, e cada dado volta à sua célula; o valor cita também a célula da data e
a da hora (na descrição), e o validador compõe o relógio da linha com a data compacta. Armadilhas: o intervalo
trocado na afirmação não fica VERIFICADO; uma planilha com "VALOR_LANCAMENTO" sem o cabeçalho do leiaute não é SIMBA.
"""

from __future__ import annotations

import json
from pathlib import Path

from openpyxl import Workbook

from perito.analise import Parametros, analisar
from perito.extratores.registro import escolher
from perito.leitura.leitor import ler_documento
from tests.conftest import DATA, veredicto_com_a_afirmacao_trocada
from tests.test_simba import CONTAS, EXTRATO, OD, TITULARES

BO = ("BOLETIM DE OCORRÊNCIA 4471/2025 - 3º DP\nVítima: ANA BEATRIZ MOREIRA, CPF 526.018.159-06.\n"
      "No dia 14/07/2025, por volta das 15h20, realizou transferência via Pix de R$ 2.350,00 para RAFAEL SOUZA PINTO.\n")


def _planilha(caminho: Path, linhas: list[list[str]]) -> None:
    livro = Workbook()
    for linha in linhas:
        livro.active.append(linha)
    livro.save(caminho)


def _caso(pasta: Path) -> Path:
    caso = pasta / "caso"
    caso.mkdir()
    conta = ["260", "0001", "44712398", "1"]
    _planilha(caso / "MPSP_0012_CONTAS.xlsx", [CONTAS, ["1", *conta, "02052025", "00000000", "1", "08301661305",
                                                         "RAFAEL SOUZA PINTO"]])
    _planilha(caso / "MPSP_0012_TITULARES.xlsx", [TITULARES, ["1", *conta, "T", "1", "08301661305", "RAFAEL SOUZA PINTO"]])
    _planilha(caso / "MPSP_0012_EXTRATO.xlsx", [
        EXTRATO, ["100", *conta, "14072025", "000101", "PIX RECEBIDO HR 15:21:07", "209", "235000", "C", "241000", "C", "APP"],
        ["101", *conta, "14072025", "000102", "PIX ENVIADO HR 15:40:52", "209", "230000", "D", "11000", "C", "APP"]])
    _planilha(caso / "MPSP_0012_ORIGEM_DESTINO.xlsx", [
        OD, ["500", "100", "235000", "000101", "341", "1520", "33012-7", "1", "1", "52601815906", "ANA BEATRIZ MOREIRA"],
        ["501", "101", "230000", "000102", "077", "0001", "9912044-1", "1", "1", "18609139034", "LUCIANA FERREIRA DIAS"]])
    (caso / "bo.txt").write_text(BO, encoding="utf-8")
    return caso


def test_simba_em_planilha_da_materialidade_e_conta_de_passagem(tmp_path: Path) -> None:
    caso = _caso(tmp_path)
    analisar(Parametros(caso, tmp_path / "saida", data_analise=DATA))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))
    por_tipo = {c["tipo"]: c for c in conclusoes["conclusoes"]}
    materialidade, laranja = por_tipo["materialidade"], por_tipo["identificacao_laranja"]
    assert materialidade["grau_confianca"] == "forte"
    assert "235000 centavos (R$ 2.350,00)" in materialidade["afirmacao"]
    assert "o pagador no registro bancário é a vítima (CPF igual)" in materialidade["afirmacao"]
    citadas = {(r["linha_ou_celula"], r["dado_citado"]) for r in materialidade["referencias"]
               if r["arquivo"] == "MPSP_0012_EXTRATO.xlsx"}
    assert {("celula J2", "235000"), ("celula J1", "VALOR_LANCAMENTO"), ("celula F2", "14072025"),
            ("celula H2", "15:21:07")} <= citadas
    assert laranja["afirmacao"].startswith("A conta de RAFAEL SOUZA PINTO CPF/CNPJ 08301661305")
    assert "19min45s depois" in laranja["afirmacao"]
    for conclusao in (materialidade, laranja):
        assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO", conclusao["validacao"]
    assert veredicto_com_a_afirmacao_trocada(caso, conclusoes, "identificacao_laranja", "19min45s", "18min45s") \
        != "VERIFICADO"


def test_planilha_com_uma_coluna_do_leiaute_sem_o_cabecalho_nao_e_simba(tmp_path: Path) -> None:
    caminho = tmp_path / "CASO_EXTRATO.xlsx"
    _planilha(caminho, [["Data", "Histórico", "VALOR_LANCAMENTO"], ["14/07/2025", "PIX RECEBIDO", "2.350,00"]])
    assert escolher(ler_documento(caminho, caminho.name, "xlsx")).extrator_id != "extrator_simba_01"
