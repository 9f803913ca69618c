"""A resposta de uma corretora de criptoativos: depósitos em reais por Pix e saques para carteiras.

Achado por sonda (27ª sessão): a conta de passagem manda o dinheiro da vítima por Pix para a corretora (o Pix vai ao
CNPJ da corretora, "BINANCE SERVICOS DE MEIOS DE PAGAMENTO LTDA"), e a resposta da corretora ao ofício, numa
planilha com uma aba por assunto (`KYC`, `Fiat Deposit History`, `Withdrawal History`), mostra o depósito em nome do
mesmo titular e o saque em USDT para uma carteira. Antes: o depósito não tinha lado (nenhuma palavra de crédito na
linha: o lado está no nome da aba), o salto entre as duas contas não saía, e a carteira de destino ("Address") era um
endereço físico.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import base58
import openpyxl
import pytest

from perito.chaves import carteira_cripto
from tests.conftest import conclusoes_do_caso, dados_da_pasta

#: uma carteira TRON válida (Base58Check com o prefixo 0x41), feita aqui para não depender de uma de verdade
_TRON = base58.b58encode_check(bytes([0x41]) + hashlib.sha256(b"perito").digest()[:20]).decode()

_BO = """BOLETIM DE OCORRÊNCIA Nº 4471/2025 - 3º DP Campinas
Vítima: MARIA APARECIDA SOUZA LIMA, CPF 390.533.447-05
Histórico: em 21/08/2025, às 10:52, a vítima transferiu R$ 4.800,00 por Pix para a chave CPF 714.602.380-01,
em nome de DIEGO FERNANDES ROCHA, após mensagem de falso neto.
"""
_CARTA = """NU PAGAMENTOS S.A. - INSTITUIÇÃO DE PAGAMENTO
Cliente: DIEGO FERNANDES ROCHA - CPF 714.602.380-01
Agência 0001 Conta 88412-7
Segue em anexo o extrato da conta (arquivo nubank_extrato.csv), período 01/08/2025 a 31/08/2025.
"""
_EXTRATO = """Data,Valor,Identificador,Descrição
21/08/2025,4800.00,6a1f3c2e,Transferência recebida pelo Pix - MARIA APARECIDA SOUZA LIMA - •••.533.447-•• - CAIXA ECONOMICA FEDERAL (0104) Agência: 1234 Conta: 000567890-1
21/08/2025,-4750.00,7b2e4d3f,Transferência enviada pelo Pix - BINANCE SERVICOS DE MEIOS DE PAGAMENTO LTDA - 45.325.981/0001-84 - BCO BS2 S.A. (0218) Agência: 1 Conta: 1234567-8
"""


def _corretora(caminho: Path, aba_dos_depositos: str = "Fiat Deposit History", endereco: str = _TRON) -> None:
    livro = openpyxl.Workbook()
    kyc = livro.active
    kyc.title = "KYC"
    kyc.append(["Campo", "Valor"])
    for linha in (("Full Name", "DIEGO FERNANDES ROCHA"), ("ID Number", "714.602.380-01"),
                  ("Residential Address", "Rua Barão de Jaguara, 1020, Campinas/SP")):
        kyc.append(list(linha))
    depositos = livro.create_sheet(aba_dos_depositos)
    depositos.append(["Date(UTC)", "Coin", "Amount", "Method", "Status", "Payer Name", "Payer Document"])
    depositos.append(["2025-08-21 14:03:27", "BRL", "4.750,00", "PIX", "Successful", "DIEGO FERNANDES ROCHA",
                      "714.602.380-01"])
    saques = livro.create_sheet("Withdrawal History")
    saques.append(["Date(UTC)", "Coin", "Network", "Amount", "Address", "Status"])
    saques.append(["2025-08-21 14:09:02", "USDT", "TRX", "842.11", endereco, "Completed"])
    livro.save(caminho)


def _caso(tmp_path: Path, **corretora: str) -> Path:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "bo.txt").write_text(_BO, encoding="utf-8")
    (caso / "carta_nubank.txt").write_text(_CARTA, encoding="utf-8")
    (caso / "nubank_extrato.csv").write_text(_EXTRATO, encoding="utf-8")
    _corretora(caso / "binance_resposta.xlsx", **corretora)
    return caso


def test_a_carteira_de_destino_nao_e_endereco_fisico(tmp_path: Path) -> None:
    dados = dados_da_pasta(_caso(tmp_path))
    (carteira,) = [d for d in dados if d["dado"] == _TRON]
    assert (carteira["campo"], carteira["metadados"]["carteira_cripto"]) == ("outro", "base58check")
    # o endereço de verdade, na aba do cadastro, continua endereço
    assert [d["dado"] for d in dados if d["campo"] == "endereco"] == ["Rua Barão de Jaguara, 1020, Campinas/SP"]


def test_o_deposito_e_credito_pelo_nome_da_aba(tmp_path: Path) -> None:
    (deposito,) = [d for d in dados_da_pasta(_caso(tmp_path)) if d["dado"] == "4.750,00"]
    assert deposito["metadados"]["direcao"] == "credito"


def test_armadilha_aba_com_os_dois_lados_nao_da_lado(tmp_path: Path) -> None:
    (deposito,) = [d for d in dados_da_pasta(_caso(tmp_path, aba_dos_depositos="Depósitos e Saques"))
                   if d["dado"] == "4.750,00"]
    assert "direcao" not in deposito["metadados"]


def test_o_dinheiro_sai_da_conta_de_passagem_e_entra_na_corretora(tmp_path: Path) -> None:
    conclusoes = conclusoes_do_caso(_caso(tmp_path))
    (salto,) = [c for c in conclusoes if c["tipo"] == "vinculo_financeiro"]
    assert salto["afirmacao"].startswith(
        "O valor sai da conta de DIEGO FERNANDES ROCHA (nubank_extrato.csv, linha 3: 4750.00 em 21/08/2025")
    assert "e entra na conta de DIEGO FERNANDES ROCHA (binance_resposta.xlsx, aba Fiat Deposit History, celula C2: " \
           "4.750,00 em 2025-08-21 14:03:27 UTC" in salto["afirmacao"]
    assert salto["grau_confianca"] == "moderado"
    assert salto["validacao"]["veredicto_geral"] == "VERIFICADO"
    # o titular do extrato vem da carta que o nomeia: citada
    assert any(r["arquivo"] == "carta_nubank.txt" for r in salto["referencias"])


@pytest.mark.parametrize("valor, esperado", [
    (_TRON, "base58check"),
    ("0x52908400098527886E0F7030069857D2E4169EE7", "evm"),
    ("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "bech32"),
    (_TRON[:-1] + ("A" if _TRON[-1] != "A" else "B"), None),  # um caractere trocado: a soma não confere
    ("Rua Barão de Jaguara, 1020", None),
    ("Av Paulista 1000 ap 52", None),
    ("0x5290840009852788", None),  # curto demais
    ("bc1qAR0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", None),  # Bech32 não mistura caixas
])
def test_formas_de_carteira(valor: str, esperado: str | None) -> None:
    assert carteira_cripto.formato(valor) == esperado
