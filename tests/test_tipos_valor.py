"""Tipos de valor (chaves/tipos.py): cada tipo normaliza, compara e reconhece marcadores num lugar só.

As propriedades geram o valor, escrevem-no em cada forma que os documentos usam e conferem que o tipo
lê de volta o mesmo valor; as armadilhas conferem o que NÃO pode ser igual.
"""

from __future__ import annotations

import ipaddress

from hypothesis import given
from hypothesis import strategies as st
from stdnum import luhn

from perito.chaves import tipos
from perito.chaves.documento import CNPJ, CPF
from perito.chaves.imei import IMEI
from perito.chaves.ip import IP, PORTA
from perito.chaves.telefone import TELEFONE
from perito.extratores.papeis import achado_da_coluna
from perito.extratores.reconhecedores import reconhecer

corpos = st.text(alphabet="0123456789", min_size=14, max_size=14).filter(lambda c: len(set(c)) > 1)


def _com_dv(base: str) -> str:
    """Os dois dígitos verificadores do CPF (módulo 11), calculados aqui, sem o código do perito."""
    for peso_inicial in (10, 11):
        soma = sum(int(d) * p for d, p in zip(base, range(peso_inicial, 1, -1)))
        base += str((soma * 10) % 11 % 10)
    return base


def _agrupado(digitos: str, sep: str) -> str:
    return sep.join(digitos[i:i + 4] for i in range(0, len(digitos), 4))


@given(corpos, st.sampled_from(["", " ", "-"]), st.text(alphabet="0123456789", min_size=2, max_size=2))
def test_imei_sem_dv_com_dv_e_imeisv_sao_o_mesmo_aparelho(corpo, sep, versao_sw):
    com_dv = corpo + luhn.calc_check_digit(corpo)
    formas = [corpo, com_dv, corpo + versao_sw, _agrupado(com_dv, sep)]
    assert {IMEI.normalizar(f) for f in formas} == {corpo}
    assert all(IMEI.mesmo(formas[0], f) for f in formas)
    assert IMEI.alerta(com_dv) is None
    assert IMEI.metadados(com_dv)["luhn_valido"] is True


@given(corpos)
def test_imei_com_dv_trocado_tem_alerta_e_continua_o_mesmo_corpo(corpo):
    certo = luhn.calc_check_digit(corpo)
    errado = str((int(certo) + 1) % 10)
    literal = corpo + errado
    assert IMEI.alerta(literal) and "Luhn" in IMEI.alerta(literal)
    assert IMEI.normalizar(literal) == corpo
    assert IMEI.metadados(literal)["luhn_valido"] is False


def test_imei_corpo_de_14_e_imeisv_nao_tem_digito_a_conferir():
    assert IMEI.alerta("35332811452907") is None
    assert IMEI.alerta("3533281145290701") is None
    assert IMEI.normalizar("3533281145290") is None  # 13 dígitos: não é IMEI
    assert IMEI.normalizar("35332811452907011") is None  # 17 dígitos


@given(st.text(alphabet="0123456789", min_size=9, max_size=9).filter(lambda c: len(set(c)) > 1))
def test_cpf_pontuado_e_so_digitos_sao_o_mesmo(base):
    digitos = _com_dv(base)
    pontuado = f"{digitos[:3]}.{digitos[3:6]}.{digitos[6:9]}-{digitos[9:]}"
    assert CPF.mesmo(pontuado, digitos)
    assert CPF.metadados(pontuado) == {"digitos": digitos, "digito_verificador_valido": True}
    assert not CPF.marcador(pontuado)


@given(st.sampled_from("0123456789"))
def test_cpf_e_cnpj_de_um_digito_so_sao_marcadores_mesmo_com_dv_que_confere(d):
    assert CPF.marcador(f"{d * 3}.{d * 3}.{d * 3}-{d * 2}")
    assert CPF.marcador(d * 11)
    assert CNPJ.marcador(d * 14)


def test_cpf_11111111111_passa_no_dv_e_ainda_assim_e_marcador():
    # a armadilha: o dígito verificador de 111.111.111-11 confere, e ninguém tem esse CPF
    assert CPF.metadados("111.111.111-11")["digito_verificador_valido"] is True
    assert CPF.marcador("111.111.111-11")


def test_cnpj_e_cpf_nao_se_confundem_pelo_tamanho():
    assert CNPJ.normalizar("11.222.333/0001-81") == "11222333000181"
    assert CPF.normalizar("11.222.333/0001-81") is None
    assert CNPJ.normalizar("529.982.247-25") is None


@given(st.integers(min_value=11, max_value=99).filter(lambda d: d % 10 != 0), st.integers(min_value=0, max_value=99_999_999))
def test_telefone_em_cada_forma_e_o_mesmo_e164(ddd, assinante):
    numero = f"9{assinante:08d}"
    esperado = TELEFONE.normalizar(f"+55{ddd}{numero}")
    if esperado is None:
        return  # DDD inexistente: o phonenumbers recusa todas as formas igualmente
    formas = [f"+55 {ddd} {numero[:5]}-{numero[5:]}", f"({ddd}) {numero[:5]}-{numero[5:]}",
              f"({ddd}) {numero[0]} {numero[1:5]}-{numero[5:]}", f"55{ddd}{numero}", f"0{ddd}{numero}"]
    assert {TELEFONE.normalizar(f) for f in formas} == {esperado}


def test_telefone_de_8_digitos_antigo_nao_e_o_mesmo_numero_mas_tem_forma_atual_provavel():
    meta = TELEFONE.metadados("(11) 8765-4321")
    assert meta == {"e164": "+5511987654321", "nono_digito_acrescentado": True}
    assert not TELEFONE.mesmo("(11) 8765-4321", "(11) 98765-4321")
    assert TELEFONE.marcador("(11) 99999-9999") and not TELEFONE.marcador("(11) 98765-4321")


@given(st.integers(min_value=0, max_value=2**128 - 1))
def test_ipv6_em_cada_grafia_e_o_mesmo_endereco(numero):
    endereco = ipaddress.IPv6Address(numero)
    if endereco.ipv4_mapped is not None:
        return
    formas = [endereco.compressed, endereco.exploded, endereco.exploded.upper(), f"[{endereco.compressed}]",
              ":".join(g.lstrip("0") or "0" for g in endereco.exploded.split(":"))]
    assert {IP.normalizar(f) for f in formas} == {endereco.compressed}


@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_ipv4_mapeado_e_o_proprio_ipv4(numero):
    v4 = str(ipaddress.IPv4Address(numero))
    assert IP.mesmo(f"::ffff:{v4}", v4)


def test_ip_que_nao_identifica_assinante_e_marcador():
    # RFC 6598: 100.64.0.0/10 é espaço compartilhado de CGNAT (o ipaddress não o diz privado nem global)
    for literal in ("100.64.0.1", "100.127.255.254", "10.0.0.1", "192.168.0.10", "127.0.0.1", "fe80::1"):
        assert IP.marcador(literal), literal
    for literal in ("100.128.0.1", "187.34.56.78", "2804:14c::1"):
        assert not IP.marcador(literal), literal


def test_porta():
    assert PORTA.normalizar("051234") == "51234"
    assert PORTA.normalizar("0") is None and PORTA.normalizar("65536") is None and PORTA.normalizar("ab") is None


def test_registro_tem_um_tipo_por_nome():
    registrados = tipos.todos()
    assert {"imei", "cpf", "cnpj", "telefone", "ip", "porta"} <= set(registrados)
    assert all(t.nome == nome for nome, t in registrados.items())


def test_reconhecedor_e_coluna_usam_o_mesmo_tipo():
    """O IMEI achado no texto e o IMEI achado pela coluna têm os mesmos metadados e o mesmo alerta."""
    literal = "353328114529075"  # dígito de Luhn trocado
    [no_texto] = [a for a in reconhecer(f"IMEI: {literal}") if a.campo == "imei"]
    na_coluna = achado_da_coluna("imei", literal, 0)
    assert no_texto.metadados == na_coluna.metadados == IMEI.metadados(literal)
    assert no_texto.alerta == na_coluna.alerta == IMEI.alerta(literal)
    cnpj_coluna = achado_da_coluna("cpf", "11.222.333/0001-81", 0)
    assert (cnpj_coluna.campo, cnpj_coluna.metadados) == ("outro", CNPJ.metadados("11.222.333/0001-81"))
