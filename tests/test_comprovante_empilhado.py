"""O comprovante Pix do aplicativo, com cada rótulo numa linha e o valor na de baixo ("Valor" / "R$ 2.890,00",
"Dados de quem recebeu" / "Nome" / "RODRIGO ..."), e a chave que só ele dá (décima nona sessão, caso inteiro).

Antes: os títulos "Dados de quem recebeu" e "Dados de quem pagou" não eram seções, os nomes ficavam com o papel
genérico, e o comprovante se partia em cinco registros nas linhas em branco (o valor sem a chave nem os nomes): nenhuma
materialidade. E o relato que conta o valor sem a chave ("fez um Pix de R$ 2.890,00", com o WhatsApp do golpista na
mesma frase) não chegava ao DICT: nenhum vínculo financeiro. Agora a chave do comprovante de mesmo valor, dia e hora
leva a cadeia ao DICT. Armadilhas: o comprovante de outra hora, ou pago por outra pessoa, não dá a chave.
"""

from __future__ import annotations

import json
from pathlib import Path

from perito.analise import Parametros, analisar
from tests.conftest import dados_da_pasta, pdf_de_linhas

_EVP = "a3f1c2e4-7b5d-4e8f-9a10-2b3c4d5e6f70"
_DICT = ("BANCO CENTRAL DO BRASIL\nDiretório de Identificadores de Contas Transacionais - DICT\n"
         "Resultado da consulta de chave\n\n"
         f"Chave ..................: {_EVP}\nTipo de chave ..........: Aleatória (EVP)\n"
         "Nome ...................: RODRIGO SILVA PRATES\nCPF/CNPJ ...............: 083.016.613-05\n"
         "Participante ...........: NU PAGAMENTOS S.A. - IP (ISPB 18236120)\n"
         "Agência ................: 0001\nConta ..................: 8123456-7\n")
_BOLETIM = ("BOLETIM DE OCORRÊNCIA Nº 4471/2025 - DELEGACIA ONLINE\n"
            "Vítima: MARIANA ALVES TEIXEIRA, CPF 526.018.159-06\n"
            "Histórico: a vítima relata ter sido enganada por pessoa que se passou por sua filha pelo WhatsApp "
            "(21) 98877-6655 e que, em 12/06/2025, às 14h38, fez um Pix de R$ 2.890,00.\n")


def _comprovante(hora: str = "14:38:12", pagador: str = "MARIANA ALVES TEIXEIRA") -> list[str]:
    return ["Banco Bradesco S.A.", "Comprovante de Transferência", "Pix", "", "Valor", "R$ 2.890,00", "Data e hora",
            f"12/06/2025 - {hora}", "", "Dados de quem recebeu", "Nome", "RODRIGO SILVA PRATES", "CPF",
            "***.016.613-**", "Instituição", "NU PAGAMENTOS - IP", "Chave", _EVP, "", "Dados de quem pagou", "Nome",
            pagador, "CPF", "***.018.159-**", "Instituição", "BCO BRADESCO S.A."]


def test_comprovante_empilhado_e_um_registro_com_os_dois_lados(tmp_path: Path) -> None:
    pdf_de_linhas(tmp_path / "comprovante.pdf", _comprovante())
    dados = dados_da_pasta(tmp_path)
    assert len({d["metadados"]["registro"] for d in dados}) == 1
    papeis = {d["dado"]: d["metadados"].get("papel") for d in dados if d["campo"] == "nome_titular"}
    assert papeis == {"RODRIGO SILVA PRATES": "destinatario", "MARIANA ALVES TEIXEIRA": "remetente"}
    [valor] = [d for d in dados if d["campo"] == "valor_transacao"]
    assert valor["metadados"]["contraparte"] == "MARIANA ALVES TEIXEIRA"


def _vinculos(tmp_path: Path, comprovante: list[str]) -> list[dict]:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "boletim.txt").write_text(_BOLETIM, encoding="utf-8")
    (caso / "bacen_dict.txt").write_text(_DICT, encoding="utf-8")
    pdf_de_linhas(caso / "comprovante_pix.pdf", comprovante)
    analisar(Parametros(caso, tmp_path / "saida", data_analise="2025-07-01"))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    return [c for c in conclusoes if c["tipo"] == "vinculo_financeiro"]


def test_a_chave_do_comprovante_leva_o_relato_ao_dict(tmp_path: Path) -> None:
    [vinculo] = _vinculos(tmp_path, _comprovante())
    assert "conta a transferência; o registro bancário (comprovante_pix.pdf, p. 1, linha " in vinculo["afirmacao"]
    assert ": R$ 2.890,00 em 12/06/2025 14:38:12" in vinculo["afirmacao"]
    assert f"a dá para a chave Pix {_EVP}; o DICT (bacen_dict.txt, linha 5) vincula essa chave a RODRIGO" \
        in vinculo["afirmacao"]
    assert vinculo["grau_confianca"] == "forte"  # relato, banco e DICT
    assert vinculo["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_comprovante_de_outra_hora_nao_da_a_chave(tmp_path: Path) -> None:
    assert _vinculos(tmp_path, _comprovante(hora="16:10:02")) == []


def test_comprovante_pago_por_outra_pessoa_nao_da_a_chave(tmp_path: Path) -> None:
    assert _vinculos(tmp_path, _comprovante(pagador="JOAO CARLOS DUARTE")) == []


def test_a_chave_no_extrato_de_quem_pagou(tmp_path: Path) -> None:
    # o mesmo pela linha do extrato da vítima, que escreve a chave do Pix enviado
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "boletim.txt").write_text(_BOLETIM, encoding="utf-8")
    (caso / "bacen_dict.txt").write_text(_DICT, encoding="utf-8")
    (caso / "extrato_mariana.csv").write_text(
        "Extrato de: Agência: 2231 | Conta: 40112-3 | MARIANA ALVES TEIXEIRA\nData;Hora;Lançamento;Valor;Saldo\n"
        f"12/06/2025;14:38:12;PIX ENVIADO CHAVE {_EVP};-2.890,00;1.210,44\n", encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise="2025-07-01"))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    [vinculo] = [c for c in conclusoes if c["tipo"] == "vinculo_financeiro"]
    assert "conta a transferência; o registro bancário (extrato_mariana.csv, linha 3: -2.890,00" in vinculo["afirmacao"]
    assert f"a dá para a chave Pix {_EVP}; o DICT" in vinculo["afirmacao"]
    assert vinculo["validacao"]["veredicto_geral"] == "VERIFICADO"
