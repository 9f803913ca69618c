"""O lado da pessoa na transferência pelo nome da coluna: "Payer Name", "Nome do pagador", "Remetente", "Depositante"
pagou; "Favorecido", "Beneficiário", "Payee" recebeu (a tabela de depósitos de uma corretora, a relação de Pix de um
banco). Antes o nome saía como "titular", como se fosse o dono da conta que responde.

Armadilha: a coluna "Titular" ou "Nome" continua titular.
"""

from __future__ import annotations

import openpyxl

from perito.extratores.registro import escolher
from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento


def _papeis(pasta) -> dict[str, str]:
    papeis = {}
    for arquivo in listar(pasta):
        documento = ler_documento(arquivo.caminho, arquivo.nome, arquivo.tipo)
        papeis |= {d["dado"]: d["metadados"]["papel"] for d in escolher(documento).extrair(documento).dados
                   if d["campo"] == "nome_titular"}
    return papeis


def test_pagador_e_favorecido_em_csv(tmp_path):
    (tmp_path / "depositos.csv").write_text(
        "Data;Valor;Nome do pagador;CPF do pagador;Favorecido;Titular da conta\n"
        "10/06/2025 17:31:05;3.150,00;MARCOS ANTONIO PEREIRA;604.183.927-22;RAFAEL AUGUSTO NUNES;RAFAEL AUGUSTO NUNES\n"
        "11/06/2025 09:00:00;1.000,00;ANA PAULA MENDES;263.514.870-80;JOSE CARLOS DA SILVA;RAFAEL AUGUSTO NUNES\n",
        encoding="utf-8")
    papeis = _papeis(tmp_path)
    assert papeis["MARCOS ANTONIO PEREIRA"] == "remetente" and papeis["ANA PAULA MENDES"] == "remetente"
    assert papeis["JOSE CARLOS DA SILVA"] == "destinatario"
    assert papeis["RAFAEL AUGUSTO NUNES"] in ("titular", "destinatario")


def test_payer_name_em_planilha_e_titular_continua_titular(tmp_path):
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.title = "Fiat Deposit History"
    aba.append(["Create Time (UTC)", "Amount", "Payer Name", "Account Holder Name"])
    aba.append(["2025-06-10 17:31:05", "3150,00", "MARCOS ANTONIO PEREIRA", "RAFAEL AUGUSTO NUNES"])
    livro.save(tmp_path / "r.xlsx")
    papeis = _papeis(tmp_path)
    assert papeis["MARCOS ANTONIO PEREIRA"] == "remetente"
    assert papeis["RAFAEL AUGUSTO NUNES"] == "titular"
