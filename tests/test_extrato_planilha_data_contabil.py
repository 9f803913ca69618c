"""Extrato em planilha (C6) com "Data Lançamento" (data e hora) e "Data Contábil" (só a data) na mesma linha, e o fuso
dito no preâmbulo no plural ("horários de Brasília"). Achado por sonda: o fuso no plural não era declaração, e, depois
da regra do boletim (a data mais perto do valor é a do fato), a "Data Contábil" ao lado tomava o lugar da data-hora
do lançamento. Numa linha de planilha cada célula é um trecho: a regra do boletim não vale ali.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl

from perito.extratores.bancario import ExtratorBancario
from perito.leitura.leitor import ler_documento


def test_valor_leva_a_data_hora_do_lancamento_com_o_fuso_do_preambulo(tmp_path: Path) -> None:
    livro = openpyxl.Workbook()
    folha = livro.active
    folha.append(["C6 BANK - Extrato de conta corrente"])
    folha.append(["Titular: JOAO VICTOR MENDES"])
    folha.append(["Período: 01/06/2025 a 30/06/2025 - horários de Brasília"])
    folha.append([])
    folha.append(["Data Lançamento", "Data Contábil", "Descrição", "Entrada(R$)", "Saída(R$)", "Saldo do Dia(R$)"])
    folha.append([dt.datetime(2025, 6, 10, 14, 22, 51), dt.datetime(2025, 6, 10), "Pix recebido de ANA PAULA RODRIGUES",
                  2870, None, 2940])
    folha["A6"].number_format = "dd/mm/yyyy hh:mm:ss"  # como o banco exporta: a data contábil sem a hora
    folha["B6"].number_format = "dd/mm/yyyy"
    caminho = tmp_path / "extrato_c6.xlsx"
    livro.save(caminho)
    dados = ExtratorBancario().extrair(ler_documento(caminho, caminho.name, "xlsx")).dados
    [valor] = [d["metadados"] for d in dados if d["campo"] == "valor_transacao"]
    assert (valor["hora"], valor["instante_utc"]) == ("14:22:51", "2025-06-10T17:22:51Z")


def test_relacao_de_pix_enviados_com_a_chave_de_destino(tmp_path: Path) -> None:
    """A relação de Pix enviados de um banco traz a chave de destino, o tipo e o nome e CPF de quem recebeu: era lida
    como resposta do DICT (sem valor nenhum, o DICT não tem lançamentos); e "Horário de Brasília" sozinho numa linha
    do preâmbulo parecia nome de coluna e não declarava o fuso."""
    from perito.extratores.familias import classificar

    livro = openpyxl.Workbook()
    folha = livro.active
    folha.append(["Banco Bradesco S.A. - Relação de Pix enviados"])
    folha.append(["Horário de Brasília"])
    folha.append([])
    folha.append(["Data", "Hora", "Valor (R$)", "Chave Destino", "Tipo Chave", "Nome Recebedor", "CPF Recebedor"])
    folha.append(["2025-06-10", "14:41:09", 2350, "+5511987654321", "Celular", "MARCOS ANTONIO RIBEIRO",
                  "348.120.675-53"])
    caminho = tmp_path / "pix_enviados.xlsx"
    livro.save(caminho)
    documento = ler_documento(caminho, caminho.name, "xlsx")
    assert classificar(documento).familia == "banco"
    dados = ExtratorBancario().extrair(documento).dados
    [valor] = [d["metadados"] for d in dados if d["campo"] == "valor_transacao"]
    assert valor["instante_utc"] == "2025-06-10T17:41:09Z"
