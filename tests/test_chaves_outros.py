"""Dinheiro, telefone, IMEI, CPF/CNPJ e nomes (perito.chaves).

Dígitos verificadores (Luhn, CPF, CNPJ) são recalculados aqui, à mão, para
que o teste não dependa da mesma biblioteca que o código usa.
"""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from perito.chaves import dinheiro, documento, imei, nome, telefone

# ---------------------------------------------------------------------------
# Dinheiro
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("texto", "valor"),
    [
        ("R$ 3.500,00", Decimal("3500.00")),
        ("R$3.500,00", Decimal("3500.00")),
        ("R$\u00a03.500,00", Decimal("3500.00")),
        ("3500,00", Decimal("3500.00")),
        ("R$ 0,01", Decimal("0.01")),
        ("R$ 1.234.567,89", Decimal("1234567.89")),
        ("-1.234,56", Decimal("-1234.56")),
        ("−1.234,56", Decimal("-1234.56")),  # sinal de menos tipográfico (U+2212)
        ("R$ -3.500,00", Decimal("-3500.00")),
        ("-R$ 3.500,00", Decimal("-3500.00")),
        ("- R$ 3.500,00", Decimal("-3500.00")),
    ],
)
def test_centavos(texto: str, valor: Decimal) -> None:
    obtido = dinheiro.centavos(texto)
    assert obtido == valor
    assert obtido.as_tuple().exponent == -2  # centavos exatos


def test_centavos_nao_usa_float() -> None:
    # 0,10 + 0,20 em float daria 0.30000000000000004
    assert dinheiro.centavos("0,10") + dinheiro.centavos("0,20") == Decimal("0.30")


@pytest.mark.parametrize("texto", ["abc", "R$", ""])
def test_centavos_invalido(texto: str) -> None:
    assert dinheiro.centavos(texto) is None


@pytest.mark.parametrize(
    ("valor", "texto"),
    [
        (Decimal("3500"), "R$ 3.500,00"),
        (Decimal("-1234.56"), "-R$ 1.234,56"),
        (Decimal("0.5"), "R$ 0,50"),
        (Decimal("1234567.89"), "R$ 1.234.567,89"),
    ],
)
def test_centavos_de_valores_formatados(valor: Decimal, texto: str) -> None:
    assert dinheiro.centavos(texto) == valor.quantize(Decimal("0.01"))


@pytest.mark.parametrize(
    ("texto", "valor"),
    [
        ("Valor: R$ 3.500,00.", "R$ 3.500,00"),
        ("saldo -1.234,56 D", "-1.234,56"),
        ("total R$ -3.500,00;", "R$ -3.500,00"),
        ("pago 3500,00 em espécie", "3500,00"),
    ],
)
def test_padrao_valor(texto: str, valor: str) -> None:
    m = dinheiro.PADRAO_VALOR.search(texto)
    assert m is not None and m.group("valor") == valor


@pytest.mark.parametrize("texto", ["versão 3.500", "1,5 kg", "IP 187.34.56,78", "3.500,001", "12,345,67"])
def test_padrao_valor_nao_casa(texto: str) -> None:
    assert dinheiro.PADRAO_VALOR.search(texto) is None


# ---------------------------------------------------------------------------
# Telefone
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("texto", "e164"),
    [
        ("(11) 98765-4321", "+5511987654321"),
        ("11 98765-4321", "+5511987654321"),
        ("+55 11 98765-4321", "+5511987654321"),
        ("+55 (11) 98765-4321", "+5511987654321"),
        ("+5511987654321", "+5511987654321"),
        ("011 98765-4321", "+5511987654321"),  # prefixo de operadora/tronco
        ("(21) 2345-6789", "+552123456789"),  # fixo
        ("+55 61 3214-5678", "+556132145678"),
        ("+1 202 555 0143", "+12025550143"),  # estrangeiro mantém o país
    ],
)
def test_e164(texto: str, e164: str) -> None:
    assert telefone.e164(texto) == e164


@pytest.mark.parametrize("texto", ["1234567890123", "119876543", "(00) 98765-4321", "abc", ""])
def test_e164_invalido(texto: str) -> None:
    assert telefone.e164(texto) is None


def test_padrao_telefone_nao_casa_numero_de_13_digitos() -> None:
    assert telefone.PADRAO_TELEFONE.search("Protocolo 2025031512345") is None
    assert telefone.PADRAO_TELEFONE.search("Chamado 1234567890123 aberto") is None


# ---------------------------------------------------------------------------
# IMEI
# ---------------------------------------------------------------------------


def _luhn_digito(corpo: str) -> str:
    soma = 0
    for i, c in enumerate(reversed(corpo)):
        d = int(c)
        if i % 2 == 0:  # a partir da direita, dobra os que ficarão em posição par
            d *= 2
            if d > 9:
                d -= 9
        soma += d
    return str((10 - soma % 10) % 10)


def test_luhn_de_referencia() -> None:
    # exemplo clássico: 35-209900-176148-1
    assert _luhn_digito("35209900176148") == "1"
    assert _luhn_digito("49015420323751") == "8"


@pytest.mark.parametrize("semente", range(5))
def test_imei_luhn_calculado_aqui(semente: int) -> None:
    rnd = random.Random(semente)
    for _ in range(40):
        corpo = "".join(rnd.choice("0123456789") for _ in range(14))
        certo = _luhn_digito(corpo)
        errado = str((int(certo) + rnd.randint(1, 9)) % 10)
        assert imei.luhn_valido(corpo + certo) is True, corpo
        assert imei.luhn_valido(corpo + errado) is False, corpo
        assert imei.corpo(corpo + certo) == corpo
        assert imei.corpo(corpo + errado) == corpo  # o corpo é comparado mesmo com Luhn ruim


@pytest.mark.parametrize(
    ("texto", "corpo", "luhn"),
    [
        ("352099001761481", "35209900176148", True),
        ("35-209900-176148-1", "35209900176148", True),
        ("35 209900 176148 1", "35209900176148", True),
        ("352099001761482", "35209900176148", False),
        ("35209900176148", "35209900176148", False),  # sem dígito: corpo igual, Luhn não se aplica
        ("3520990017614823", "35209900176148", False),  # IMEISV (16 dígitos)
    ],
)
def test_imei_corpo_de_14_digitos(texto: str, corpo: str, luhn: bool) -> None:
    assert imei.corpo(texto) == corpo
    assert imei.luhn_valido(texto) is luhn


@pytest.mark.parametrize("texto", ["1234567890123", "12345678901234567", ""])
def test_imei_comprimento_invalido(texto: str) -> None:
    assert imei.corpo(texto) is None


# ---------------------------------------------------------------------------
# CPF / CNPJ
# ---------------------------------------------------------------------------


def _dv_cpf(base9: str) -> str:
    d1 = sum(int(c) * p for c, p in zip(base9, range(10, 1, -1))) * 10 % 11 % 10
    base10 = base9 + str(d1)
    d2 = sum(int(c) * p for c, p in zip(base10, range(11, 1, -1))) * 10 % 11 % 10
    return f"{d1}{d2}"


def _dv_cnpj(base12: str) -> str:
    def dv(base: str) -> str:
        pesos = list(range(len(base) - 7, 1, -1)) + list(range(9, 1, -1))
        resto = sum(int(c) * p for c, p in zip(base, pesos)) % 11
        return "0" if resto < 2 else str(11 - resto)

    d1 = dv(base12)
    return d1 + dv(base12 + d1)


def test_dv_de_referencia() -> None:
    assert _dv_cpf("529982247") == "25"
    assert _dv_cnpj("112223330001") == "81"


@pytest.mark.parametrize("semente", range(5))
def test_cpf_digitos_verificadores_calculados_aqui(semente: int) -> None:
    rnd = random.Random(semente)
    for _ in range(40):
        base = "".join(rnd.choice("0123456789") for _ in range(9))
        if len(set(base)) == 1:
            continue
        dv = _dv_cpf(base)
        formatado = f"{base[:3]}.{base[3:6]}.{base[6:]}-{dv}"
        assert documento.cpf_valido(base + dv), formatado
        assert documento.cpf_valido(formatado), formatado
        errado = dv[0] + str((int(dv[1]) + 1) % 10)
        assert not documento.cpf_valido(base + errado), base + errado


@pytest.mark.parametrize("semente", range(3))
def test_cnpj_digitos_verificadores_calculados_aqui(semente: int) -> None:
    rnd = random.Random(semente)
    for _ in range(40):
        base = "".join(rnd.choice("0123456789") for _ in range(8)) + "0001"
        dv = _dv_cnpj(base)
        formatado = f"{base[:2]}.{base[2:5]}.{base[5:8]}/{base[8:]}-{dv}"
        assert documento.cnpj_valido(formatado), formatado
        errado = str((int(dv[0]) + 1) % 10) + dv[1]
        assert not documento.cnpj_valido(base + errado)


@pytest.mark.parametrize(
    ("texto", "achado"),
    [
        ("CPF 529.982.247-25.", "529.982.247-25"),
        ("cpf:529.982.247-25;", "529.982.247-25"),
    ],
)
def test_padrao_cpf(texto: str, achado: str) -> None:
    assert documento.PADRAO_CPF.search(texto).group(0) == achado


@pytest.mark.parametrize("texto", ["1529.982.247-25", "529.982.247-251", "529.982.247-25-1", "52.998.224/0001-25"])
def test_padrao_cpf_nao_casa_pedacos(texto: str) -> None:
    assert documento.PADRAO_CPF.search(texto) is None


@pytest.mark.parametrize(
    ("texto", "cpf"),
    [("CPF 52998224725", "52998224725"), ("CPF nº 52998224725", "52998224725"), ("CPF: 52998224725", "52998224725"),
     ("CPF/CNPJ: 52998224725", "52998224725")],
)
def test_padrao_cpf_rotulado(texto: str, cpf: str) -> None:
    assert documento.PADRAO_CPF_ROTULADO.search(texto).group("cpf") == cpf


def test_padrao_cpf_rotulado_exige_11_digitos() -> None:
    assert documento.PADRAO_CPF_ROTULADO.search("CPF 529982247251") is None
    assert documento.PADRAO_CPF_ROTULADO.search("Telefone 52998224725") is None


def test_padrao_cnpj() -> None:
    assert documento.PADRAO_CNPJ.search("CNPJ 11.222.333/0001-81.").group(0) == "11.222.333/0001-81"
    assert documento.PADRAO_CNPJ.search("11.222.333/0001-812") is None


@pytest.mark.parametrize("texto", ["CNPJ: 11222333000181", "CPF/CNPJ 11222333000181", "CNPJ nº 11222333000181;"])
def test_cnpj_sem_pontuacao_so_com_o_rotulo(texto: str) -> None:
    """As respostas de banco e de operadora (e o SIMBA) escrevem o CNPJ em 14 dígitos; o rótulo diz que é CNPJ."""
    from perito.extratores.reconhecedores import reconhecer

    [achado] = reconhecer(texto)
    assert (achado.dado, achado.metadados["digitos"], achado.metadados["digito_verificador_valido"]) == (
        "11222333000181", "11222333000181", True)


@pytest.mark.parametrize("texto", ["Protocolo 11222333000181", "CNPJ 112223330001812", "CPF/CNPJ: 1122233300018"])
def test_catorze_digitos_sem_rotulo_de_cnpj_nao_sao_cnpj(texto: str) -> None:
    from perito.extratores.reconhecedores import reconhecer

    assert not [a for a in reconhecer(texto) if a.tipo_dado == "documento"]


# ---------------------------------------------------------------------------
# Nomes
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("João da Silva", "JOAO DA SILVA"),
        ("  José   Conceição ", "jose conceicao"),
        ("MARIA DAS GRAÇAS", "Maria das Gracas"),
        ("Jose\u0301 Ma\u0301rio", "José Mário"),  # NFD vs NFC
    ],
)
def test_nomes_dobrados_iguais(a: str, b: str) -> None:
    assert nome.dobrar(a) == nome.dobrar(b)


def test_nome_dobrado_forma() -> None:
    assert nome.dobrar("  JOÃO   da Silva ") == "joao da silva"
    assert nome.dobrar("João Silva") != nome.dobrar("Joana Silva")
