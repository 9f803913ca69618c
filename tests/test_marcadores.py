"""Marcadores de "não informado" (`chaves/marcadores.py`): nunca chave para o principal nem para as lacunas."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from stdnum.br import cpf as stdnum_cpf

from perito.chaves import marcadores
from perito.principal import lacunas
from tests.fabrica_lotes import Fabrica


@given(st.sampled_from("0123456789"), st.sampled_from(["{d}" * 11, "{d}{d}{d}.{d}{d}{d}.{d}{d}{d}-{d}{d}",
                                                       "{d}{d}.{d}{d}{d}.{d}{d}{d}/{d}{d}{d}{d}-{d}{d}"]))
def test_cpf_e_cnpj_de_um_digito_repetido_sao_marcador(digito, forma):
    # 111.111.111-11 passa nos dígitos verificadores e mesmo assim não é documento de ninguém
    assert marcadores.nao_informado(forma.format(d=digito))


def _com_digitos(base: str) -> str:
    for _ in range(2):  # os dois dígitos verificadores do CPF (módulo 11)
        soma = sum(int(d) * peso for d, peso in zip(base, range(len(base) + 1, 1, -1), strict=True))
        base += str((soma * 10) % 11 % 10)
    return base


@given(st.integers(min_value=10**8, max_value=10**9 - 1))
def test_cpf_valido_comum_nao_e_marcador(base):
    cpf = _com_digitos(f"{base:09d}")
    assert stdnum_cpf.is_valid(cpf)
    if len(set(cpf)) > 1:
        assert not marcadores.nao_informado(cpf)


@given(st.integers(min_value=3, max_value=14))
def test_corrida_de_noves_e_marcador(tamanho):
    assert marcadores.nao_informado("9" * tamanho)


def test_textos_de_nao_informado_e_armadilhas():
    for texto in ("NAO INFORMADO", "Não informado", "não-informada", "DEPOSITANTE NAO IDENTIFICADO", "N/I"):
        assert marcadores.nao_informado(texto), texto
    # armadilhas: nomes, valores e números de verdade
    for texto in ("MARIA INFORMADO SILVA", "R$ 999,00", "12345-6", "99", "1999", "2024-03-01", "0001"):
        assert not marcadores.nao_informado(texto), texto


def test_agencia_ou_conta_de_noves_e_conta_nao_informada():
    assert marcadores.conta_nao_informada("001|9999|999999999")
    assert marcadores.conta_nao_informada("||00000000")
    assert not marcadores.conta_nao_informada("001|0421|550123")


def test_telefone_de_digitos_repetidos_e_marcador_e_o_real_nao():
    assert marcadores.telefone_nao_informado("+5511999999999")
    assert marcadores.telefone_nao_informado("+551100000000")
    assert not marcadores.telefone_nao_informado("+5511987654321")


@pytest.mark.parametrize("marcador", ["000.000.000-00", "111.111.111-11", "99999999999"])
def test_cpf_marcador_nunca_identifica_assinante_nem_titular(marcador):
    """Issue: um marcador no cadastro da operadora e no DICT não é a identidade de ninguém, nem quando passa nos
    dígitos verificadores (111.111.111-11)."""
    fab = Fabrica()
    operadora = fab.documento("cadastro.csv", "operadora")
    operadora.telefone("+5541988887777", 2, registro="r2")
    operadora.nome("HUGO ALVES PINTO", 2, papel="titular", cpf=marcador, registro="r2")
    fab.dict_pix().chave_pix("c3eca8a9-4321-4e58-aaa3-8a6fc6f3f981", 4, tipo="aleatoria", titular="HUGO ALVES PINTO",
                             cpf=marcador)
    titulares = fab.do_tipo("identificacao_titular")
    assert titulares == []
    assert all(c["grau_confianca"] != "forte" for c in fab.do_tipo("convergencia_nome"))


def test_noves_como_cpf_de_duas_contrapartes_nao_converge():
    fab = Fabrica()
    fab.documento("extrato.pdf", "banco").nome("NAO INFORMADO", 3, papel="remetente", cpf="99999999999")
    fab.documento("cadastro.csv", "operadora").nome("NAO INFORMADO", 2, papel="titular", cpf="99999999999")
    assert fab.do_tipo("convergencia_nome") == []


def test_conta_de_noves_nao_vira_pedido_de_oficio():
    fab = Fabrica()
    relato = fab.relato()
    relato.conta("Agência 9999 Conta 99999999-9", 4, agencia="9999", numero="99999999-9")
    relato.conta("Agência 0421 Conta 55012-3", 6, agencia="0421", numero="55012-3")
    achadas = [l for l in lacunas.encontrar(fab.lotes()) if l.tipo == lacunas.CONTA]
    assert [l.chave for l in achadas] == ["421|550123"]


def _texto_nao_informado_antigo(valor: str) -> bool:
    """A regra antes do atalho dos textos sem letra (o oráculo): dobra, caixa alta, separadores simples."""
    import re

    from perito.chaves.nome import dobrar

    normal = " ".join(re.split(r"[\s\-_]+", dobrar(valor).upper())).strip()
    return normal in marcadores.TEXTOS or bool(marcadores._MARCADOR_NO_FIM.search(normal))


@given(st.one_of(
    st.text(alphabet=st.sampled_from(" -_*/+().0123456789\t"), max_size=12),  # números, sinais, o "*"
    st.text(max_size=20),  # qualquer texto, acentos e letras fora do ASCII inclusive
    st.sampled_from(sorted(marcadores.TEXTOS)).map(lambda t: f" -{t.lower()}_ "),
    st.sampled_from(["ⁿ/ᵃ", "ｎ/ａ", "N/Ａ", "não informado", "CLIENTE NÃO IDENTIFICADO", "–*–", "+55 (11) 9 1234-5678"]),
))
def test_atalho_sem_letras_e_a_regra_antiga(valor):
    # o atalho (texto ASCII sem letra e sem "*" nunca é marcador) não muda nenhuma resposta
    assert marcadores.texto_nao_informado(valor) == _texto_nao_informado_antigo(valor)


def _digitos_de_marcador_antigo(digitos: str, repetidos: bool = True) -> bool:
    import re

    if not digitos:
        return False
    return bool(re.fullmatch(r"9{3,}", digitos)) or (repetidos and len(digitos) >= 8 and len(set(digitos)) == 1)


def _telefone_nao_informado_antigo(e164: str) -> bool:
    import re

    digitos = re.sub(r"\D", "", e164)
    nacional = digitos[2:] if digitos.startswith("55") and len(digitos) >= 12 else digitos
    return len(nacional[2:]) >= 8 and len(set(nacional[2:])) == 1


@given(st.text(alphabet=st.sampled_from("0199٩9"), max_size=16), st.booleans())
def test_digitos_de_marcador_sem_expressao_e_a_regra_antiga(digitos, repetidos):
    assert marcadores.digitos_de_marcador(digitos, repetidos) == _digitos_de_marcador_antigo(digitos, repetidos)


@given(st.one_of(
    st.text(alphabet=st.sampled_from("+0159٩ -()"), max_size=16),
    st.builds(lambda d, n: f"+55{d}{n}", st.sampled_from(["11", "00", "55"]), st.sampled_from(["999999999", "912345678",
                                                                                            "00000000", "11111111"])),
))
def test_telefone_nao_informado_sem_expressao_e_a_regra_antiga(e164):
    assert marcadores.telefone_nao_informado(e164) == _telefone_nao_informado_antigo(e164)
