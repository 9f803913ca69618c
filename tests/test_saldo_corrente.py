"""Saldo corrente reconhecido pela conta das linhas (extrato escaneado, cabeçalho ilegível ou fora do lugar).

Armadilhas: o saldo de uma linha nunca vira um segundo lançamento (ele cortava o repasse: o "crédito" do saldo
entre o crédito da vítima e o débito de repasse); uma coincidência isolada, ou linhas de dois valores que não
fecham a conta (preço e total de uma nota), não fazem coluna de saldo.
"""

from __future__ import annotations

from pathlib import Path

from perito.extratores.registro import escolher
from perito.extratores.saldo_corrente import tem_saldo_corrente
from perito.leitura.texto import ler_texto

# o cabeçalho veio do OCR partido e depois das linhas, com "Montante" no lugar de "Valor"
_EXTRATO = [
    "BANCO EXEMPLO DE PAGAMENTOS S.A.",
    "Extrato de conta corrente",
    "Titular: ROSANA PIMENTA DUARTE - CPF 529.982.247-25 - Agência 0001 - Conta 4410023-1",
    "Dt. Evento Histórico Origem/Destino",
    "02/06/25 TRANSF PIX RECEBIDA CAIO MENDES ROLIM ** 118.402-** 310,00 310,00 a1b2c3d4",
    "04/06/25 COMPRA CARTAO DEBITO PADARIA CENTRAL -42,10 267,90 F00D11",
    "05/06/25 TRANSF PIX RECEBIDA LARA VIEIRA COSTA ** 661.903-** 1.845,00 2.112,90 e5f6a7b8",
    "05/06/25 TRANSF PIX ENVIADA JONAS PRADO FERRAZ ** 204.775-** -1.730,00 382,90 c9d0e1f2",
    "Doc. contraparte Montante Saldo (R$) Autenticação",
]


def test_conta_que_fecha_e_saldo_corrente():
    assert tem_saldo_corrente(_EXTRATO)
    assert tem_saldo_corrente([linha.replace(".", "").replace(",", ".") for linha in _EXTRATO], "us")


def test_armadilha_dois_valores_que_nao_fecham_a_conta():
    """Nota com preço unitário e total: dois valores por linha, nenhuma passagem fecha."""
    nota = ["Item 1 parafuso 2,50 25,00", "Item 2 porca 1,10 11,00", "Item 3 arruela 0,40 8,00", "Item 4 broca 9,90 19,80"]
    assert not tem_saldo_corrente(nota)
    assert not tem_saldo_corrente(_EXTRATO[:6])  # uma passagem só: coincidência não basta


def test_saldo_nao_vira_lancamento_e_o_repasse_segue_o_credito(tmp_path: Path):
    caminho = tmp_path / "extrato.txt"
    caminho.write_text("\n".join(_EXTRATO) + "\n", encoding="utf-8")
    documento = ler_texto(caminho, "extrato.txt")
    valores = [d for d in escolher(documento).extrair(documento).dados if d["campo"] == "valor_transacao"]
    assert [(d["dado"], d["metadados"].get("saldo_apos")) for d in valores] == [
        ("310,00", "310,00"), ("-42,10", "267,90"), ("1.845,00", "2.112,90"), ("-1.730,00", "382,90")]


def test_lancamento_em_ponto_decimal_e_saldo_em_virgula_no_mesmo_extrato(tmp_path: Path):
    """Variantes (semente 162): o banco escreve o lançamento com ponto decimal (`1,845.00`) e o saldo na notação
    brasileira (`2.112,90`). Cada número com centavos se decide pela própria forma; antes o documento era lido
    todo como brasileiro, o saldo virava o lançamento e a materialidade saía com o valor errado."""
    misto = [_EXTRATO[0], _EXTRATO[1], _EXTRATO[2], "Data Histórico Valor do lançamento Saldo",
             "02/06/25 TRANSF PIX RECEBIDA CAIO MENDES ROLIM 310.00 310,00",
             "04/06/25 COMPRA CARTAO DEBITO PADARIA CENTRAL 42.10 267,90",
             "05/06/25 TRANSF PIX RECEBIDA LARA VIEIRA COSTA 1,845.00 2.112,90",
             "05/06/25 TRANSF PIX ENVIADA JONAS PRADO FERRAZ 1,730.00 382,90"]
    caminho = tmp_path / "extrato.txt"
    caminho.write_text("\n".join(misto) + "\n", encoding="utf-8")
    documento = ler_texto(caminho, "extrato.txt")
    valores = [d for d in escolher(documento).extrair(documento).dados if d["campo"] == "valor_transacao"]
    assert [(d["dado"], d["metadados"]["valor"].lstrip("-")) for d in valores] == [
        ("310.00", "310.00"), ("42.10", "42.10"), ("1,845.00", "1845.00"), ("1,730.00", "1730.00")]
    # a conta das linhas também fecha lendo cada número pela sua forma (sem o cabeçalho "Saldo")
    assert tem_saldo_corrente(misto[4:], "mista") and not tem_saldo_corrente(misto[4:])


def test_contraparte_na_linha_de_baixo_nao_corta_a_conta_do_saldo(tmp_path: Path):
    """Variantes (semente 207): extrato escaneado em duas linhas por lançamento (a contraparte embaixo) e cabeçalho
    sem a palavra "Valor" ("Dia Detalhe Saldo (R$)"). A linha da contraparte cortava a sequência, o saldo não era
    reconhecido e virava um segundo lançamento; o repasse de R$ 750,00 logo abaixo do crédito se perdia."""
    linhas = [_EXTRATO[0], _EXTRATO[1], _EXTRATO[2], "Dia Detalhe Saldo (R$)",
              "25/01/2019 Pix recebido R$ 240,00 R$ 240,00", "Mirela Moreira Lopes 969.090.558-96",
              "25/01/2019 Pix recebido R$ 819,90 R$ 1.059,90", "Benedito Monteiro Seixas 084.222.727-09",
              "25/01/2019 Pix enviado - R$ 750,00 R$ 309,90", "Rangel Intermediacoes Ltda 63.203.651/0001-07"]
    assert tem_saldo_corrente(linhas)
    caminho = tmp_path / "extrato.txt"
    caminho.write_text("\n".join(linhas) + "\n", encoding="utf-8")
    documento = ler_texto(caminho, "extrato.txt")
    valores = [d["dado"] for d in escolher(documento).extrair(documento).dados if d["campo"] == "valor_transacao"]
    assert valores == ["R$ 240,00", "R$ 819,90", "- R$ 750,00"]
