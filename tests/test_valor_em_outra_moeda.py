"""O valor escrito em outra moeda na prosa (vigésima primeira sessão, sonda de cartas de banco e de corretora).

"recebeu US$ 500,00", "€ 200,00", "0,05 BTC (R$ 18.000,00)": antes, o número em dólar ou euro era lido como reais, o
de criptoativo também ("0,05" reais), e o equivalente em reais entre parênteses virava negativo. Agora o número colado
a outra moeda (símbolo ou código antes, código depois) não é valor em reais, e o parêntese depois do código é o aposto
da equivalência. Armadilhas: "R$ 60,00 USD 10,00" mantém os R$ 60,00; o parêntese de uma linha de extrato continua
negativo.
"""

from __future__ import annotations

from tests.conftest import valores_reconhecidos as _valores


def test_dolar_euro_e_cripto_nao_sao_reais() -> None:
    assert _valores("a conta recebeu US$ 500,00 de ANA BEATRIZ MOREIRA") == []
    assert _valores("a conta recebeu € 200,00") == []
    assert _valores("depositou 1.000,00 USDT equivalentes a R$ 5.400,00") == ["5400.00"]


def test_equivalente_em_reais_entre_parenteses_nao_e_negativo() -> None:
    assert _valores("o cliente recebeu 0,05 BTC (R$ 18.000,00) em 14/07/2025") == ["18000.00"]


def test_reais_ao_lado_de_outra_moeda_e_parentese_de_extrato() -> None:
    assert _valores("saldo R$ 60,00 USD 10,00") == ["60.00"]
    assert _valores("PIX ENVIADO (2.300,00)") == ["-2300.00"]
