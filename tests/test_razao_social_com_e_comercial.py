"""Razão social com "&" ("NUNES & ROCHA COMERCIO DE ELETRONICOS LTDA"), comum nas empresas brasileiras: é o titular do
extrato da pessoa jurídica, e a conta de passagem diz de quem é. Antes o nome não saía e a laranja era "de titular
não declarado".

Armadilha: o "&" nunca abre um nome nem o fecha ("& CIA" sozinho, "ROCHA &" no fim da linha não são nomes novos).
"""

from __future__ import annotations

from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_do_caso, pdf_de_linhas


def _nomes(texto: str) -> list[str]:
    return [a.dado for a in reconhecer(texto) if a.campo == "nome_titular"]


def test_razao_social_com_e_comercial_e_um_nome():
    assert _nomes("Cliente: NUNES & ROCHA COMERCIO DE ELETRONICOS LTDA CNPJ: 38.471.629/0001-92") == [
        "NUNES & ROCHA COMERCIO DE ELETRONICOS LTDA"]
    assert "& CIA" not in " ".join(_nomes("Cliente: & CIA"))
    assert _nomes("Cliente: JOAO ROCHA &") == ["JOAO ROCHA"]


def test_laranja_pessoa_juridica_tem_o_titular_declarado(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    pdf_de_linhas(caso / "extrato.pdf", [
        "BANCO HORIZONTE S.A. - Extrato de conta corrente",
        "Cliente: NUNES & ROCHA COMERCIO DE ELETRONICOS LTDA CNPJ: 38.471.629/0001-92",
        "Agência: 0347 Conta: 22841-7",
        "Data Hora Histórico Documento Valor Saldo",
        "10/04/2025 14:02:11 PIX RECEBIDO - ANA PAULA MENDES 100201 4.800,00 4.900,00",
        "10/04/2025 14:20:40 PIX ENVIADO - CARLOS EDUARDO NUNES 100202 4.700,00 200,00",
        "11/04/2025 09:10:05 PIX RECEBIDO - JOAO VITOR RAMOS 100203 2.500,00 2.700,00",
        "11/04/2025 09:31:00 PIX ENVIADO - CARLOS EDUARDO NUNES 100204 2.450,00 250,00",
        "12/04/2025 16:00:00 PIX RECEBIDO - MARIA SOUZA LIMA 100205 1.900,00 2.150,00",
    ])
    laranja = next(c for c in conclusoes_do_caso(caso) if c["tipo"] == "identificacao_laranja")
    assert "NUNES & ROCHA COMERCIO DE ELETRONICOS LTDA" in laranja["afirmacao"]
    assert "não declarado" not in laranja["afirmacao"]
    assert laranja["validacao"]["veredicto_geral"] == "VERIFICADO"
