"""A resposta do banco numa planilha de abas (vigésima primeira sessão, caso inteiro c7): "Dados Cadastrais" (a ficha
vertical: nome, CPF, conta, a data e o IP de abertura), "Transações" (data-hora, tipo, valor com sinal, "Nome
contraparte", "CPF/CNPJ contraparte") e "Acessos".

Antes: o IP de abertura fazia da ficha um registro de acesso, e ela não declarava o titular (a conta de passagem era
"de titular não declarado"); o nome da coluna "Nome contraparte" era titular, e a materialidade ficava moderada
("o registro bancário não nomeia a vítima"); a célula "-1400" era lida pelo validador como o fuso −14:00, e o débito
citado ficava AMBIGUO. Armadilhas: o titular repetido na coluna "Nome do titular" não é pagador; "14:38:21 -0300"
continua fuso.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from openpyxl import Workbook

from perito.chaves.valores import decompor
from tests.conftest import conclusoes_do_caso

BO = ("POLÍCIA CIVIL DO DISTRITO FEDERAL - OCORRÊNCIA Nº 7781/2025\nVítima: CLAUDIA REGINA FONSECA, CPF 083.016.613-05.\n"
      "Relata que, em 20/06/2025, por volta das 09h30, transferiu R$ 3.200,00 por Pix para a chave bht.financas@gmail.com.\n")


def _planilha(caminho: Path, coluna_do_nome: str = "Nome contraparte", nome_na_linha: str | None = None,
              com_ficha: bool = True) -> None:
    livro = Workbook()
    ficha = livro.active
    ficha.title = "Dados Cadastrais" if com_ficha else "Vazia"
    for linha in [("Campo", "Informação"), ("Nome completo", "BRUNO HENRIQUE TAVARES"), ("CPF", "628.194.821-12"),
                  ("E-mail", "bht.financas@gmail.com"), ("Agência", "0001"), ("Conta", "5512098-3"),
                  ("Data de abertura", "10/06/2025 21:14:55"), ("IP de abertura", "187.64.22.130")][:8 if com_ficha else 0]:
        ficha.append(list(linha))
    transacoes = livro.create_sheet("Transações")
    transacoes.append(["Data/Hora (Brasília)", "Tipo", "Valor (R$)", coluna_do_nome, "CPF/CNPJ contraparte"])
    for linha in [(dt.datetime(2025, 6, 20, 9, 31, 2), "PIX RECEBIDO", 3200.0, "CLAUDIA REGINA FONSECA", "083.016.613-05"),
                  (dt.datetime(2025, 6, 20, 9, 44, 40), "PIX ENVIADO", -1400.0, "WELLINGTON DA SILVA BRAGA", "186.091.390-34"),
                  (dt.datetime(2025, 6, 20, 9, 52, 3), "PIX ENVIADO", -1700.0, "WELLINGTON DA SILVA BRAGA", "186.091.390-34")]:
        transacoes.append([*linha[:3], nome_na_linha or linha[3], linha[4]])
    for celula in transacoes["A"][1:]:
        celula.number_format = "DD/MM/YYYY HH:MM:SS"
    livro.save(caminho)


def _conclusoes(tmp_path: Path, coluna_do_nome: str = "Nome contraparte", nome_na_linha: str | None = None,
                com_ficha: bool = True) -> dict[str, dict]:
    caso = tmp_path / "caso"
    caso.mkdir()
    _planilha(caso / "resposta_banco.xlsx", coluna_do_nome, nome_na_linha, com_ficha)
    (caso / "bo.txt").write_text(BO, encoding="utf-8")
    return {c["tipo"]: c for c in conclusoes_do_caso(caso)}


def test_a_ficha_declara_o_titular_e_a_contraparte_e_a_vitima(tmp_path: Path) -> None:
    conclusoes = _conclusoes(tmp_path)
    materialidade, laranja = conclusoes["materialidade"], conclusoes["identificacao_laranja"]
    assert materialidade["grau_confianca"] == "forte"
    assert "o pagador no registro bancário é a vítima (CPF igual)" in materialidade["afirmacao"]
    assert laranja["afirmacao"].startswith("A conta de BRUNO HENRIQUE TAVARES CPF/CNPJ 62819482112 (resposta_banco.xlsx)")
    for conclusao in (materialidade, laranja):
        assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO", conclusao["validacao"]


def test_sem_a_ficha_a_coluna_da_contraparte_ainda_nomeia_o_pagador(tmp_path: Path) -> None:
    materialidade = _conclusoes(tmp_path, com_ficha=False)["materialidade"]
    assert materialidade["grau_confianca"] == "forte"
    assert "contraparte CLAUDIA REGINA FONSECA" in materialidade["afirmacao"]


def test_o_titular_repetido_na_linha_nao_e_pagador(tmp_path: Path) -> None:
    # a coluna "Nome do titular" com o próprio titular em cada linha: ele não pagou a si mesmo
    materialidade = _conclusoes(tmp_path, "Nome do titular", "BRUNO HENRIQUE TAVARES")["materialidade"]
    assert materialidade["grau_confianca"] == "moderado"
    assert "contraparte BRUNO" not in materialidade["afirmacao"]


def test_quatro_algarismos_com_sinal_so_sao_fuso_depois_de_uma_hora() -> None:
    assert [v.tipo for v in decompor("-1400")] == ["digitos"]
    assert [v.tipo for v in decompor("14:38:21 -0300")] == ["hora", "fuso"]
    assert [v.tipo for v in decompor("Data Hora (-0300)")][-1] == "fuso"
    assert [v.tipo for v in decompor("UTC-0300")] == ["fuso"]
