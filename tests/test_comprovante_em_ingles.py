"""O comprovante de Pix em inglês (sonda da vigésima segunda sessão).

"Transfer receipt" / "Pix sent" / "Amount: R$ 2,350.00" / "From" / "Name: ANA ..." / "To" / "Name: RAFAEL ...": as
seções "From" e "To" não diziam quem pagou e quem recebeu, e "Pix sent" não dizia o sentido; o valor ficava sem
contraparte e sem direção, e não havia materialidade. Armadilha: "To" numa linha de texto que não é só o título da
seção ("To whom it may concern") não abre seção nenhuma.
"""

from __future__ import annotations

from perito.extratores.achado import Achado
from perito.extratores.motor.secao_do_comprovante import Secao
from tests.conftest import BO_DA_ANA, conclusoes_dos_textos

_RECIBO = ("Transfer receipt\nPix sent\nAmount: R$ 2,350.00\nDate: Jul 14, 2025, 3:21 PM (GMT-3)\n"
           "From\nName: ANA BEATRIZ MOREIRA\nTax ID: ***.018.159-**\nInstitution: BANCO DO BRASIL S.A.\n"
           "To\nName: RAFAEL SOUZA PINTO\nTax ID: ***.016.613-**\nInstitution: MANDACARU PAGAMENTOS S.A.\n")


def test_from_e_to_dizem_quem_pagou_e_quem_recebeu(tmp_path):
    conclusoes = conclusoes_dos_textos(tmp_path, {"bo.txt": BO_DA_ANA, "receipt.txt": _RECIBO})
    materialidade = next(c for c in conclusoes if c["tipo"] == "materialidade")
    assert "debitada no extrato de quem pagou (receipt.txt, linha 3" in materialidade["afirmacao"]
    assert "contraparte RAFAEL SOUZA PINTO" in materialidade["afirmacao"]
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_to_dentro_de_uma_frase_nao_abre_secao():
    secao = Secao()
    nome = Achado(6, 24, "RAFAEL SOUZA PINTO", "nome_titular", "pessoa", metadados={"papel": "nome"})
    secao.aplicar("To whom it may concern", [])
    secao.aplicar("Name: RAFAEL SOUZA PINTO", [nome])
    assert nome.metadados["papel"] == "nome"
