"""Modelo de dinheiro com extratos nas formas que o leitor novo entrega: sem hora, em notação americana,
com o CPF completo ou mascarado da contraparte (lotes montados à mão)."""

from __future__ import annotations

from tests.fabrica_lotes import Fabrica

VITIMA, CPF_VITIMA = "ANA PAULA RIBEIRO", "529.982.247-25"
RECEBEDOR, CPF_RECEBEDOR = "BRUNO COSTA LIMA", "987.654.321-00"


def _relato(fab: Fabrica) -> None:
    relato = fab.relato("termo.txt")
    relato.nome(VITIMA, 2, papel="vitima", cpf=CPF_VITIMA)
    relato.valor("R$ 1.890,00", 4, data="10/02/2025", hora="10h20", registro="frase 1")
    relato.telefone("(21) 99876-5432", 5, registro="frase 1")
    fab.dict_pix("chaves.csv").chave_pix("+5521998765432", 2, tipo="telefone", titular=RECEBEDOR, cpf=CPF_RECEBEDOR)


def _extrato_sem_hora(fab: Fabrica):
    extrato = fab.documento("extrato.csv", "banco")
    extrato.declarar_titular(RECEBEDOR, 1, cpf=CPF_RECEBEDOR, conta="55012-3", agencia="0421")
    extrato.valor("1.890,00", 7, data="10/02/2025", direcao="credito", contraparte=VITIMA)
    extrato.valor("-1.800,00", 8, data="10/02/2025", direcao="debito", contraparte="CARLOS EDUARDO MOTA")
    extrato.valor("100,00", 9, data="10/02/2025", direcao="credito", contraparte="OUTRA PESSOA")
    extrato.valor("-50,00", 10, data="10/02/2025", direcao="debito", contraparte="DEPOIS DE OUTRO CREDITO")
    return extrato


def test_extrato_sem_hora_lista_a_saida_logo_abaixo_sem_afirmar_intervalo() -> None:
    fab = Fabrica()
    _relato(fab)
    _extrato_sem_hora(fab)
    [c] = fab.do_tipo("vinculo_financeiro")
    assert "-1.800,00" in c["afirmacao"] and "logo abaixo do crédito no extrato (sem hora)" in c["afirmacao"]
    assert "-50,00" not in c["afirmacao"]  # depois de outro crédito já não é a saída deste
    assert "depois do crédito" not in c["afirmacao"]


def test_valor_em_notacao_americana_e_dito_tambem_em_reais() -> None:
    fab = Fabrica()
    _relato(fab)
    extrato = fab.documento("extrato.csv", "banco")
    extrato.declarar_titular(RECEBEDOR, 1, cpf=CPF_RECEBEDOR, conta="55012-3", agencia="0421")
    credito = extrato.valor("1.890,00", 7, data="10/02/2025", hora="10:24:05", direcao="credito", contraparte=VITIMA)
    credito["dado"] = "1,890.00"  # como o banco escreveu; o valor normalizado fica nos metadados
    [c] = fab.do_tipo("materialidade")
    assert "1,890.00 (R$ 1.890,00)" in c["afirmacao"]


def test_cpf_completo_da_contraparte_faz_a_materialidade_forte_e_o_diferente_nao() -> None:
    for cpf, grau in ((CPF_VITIMA, "forte"), ("111.444.777-35", "moderado")):
        fab = Fabrica()
        relato = fab.relato("termo.txt")
        relato.nome(VITIMA, 2, papel="vitima", cpf=CPF_VITIMA)
        relato.valor("R$ 1.890,00", 4, data="10/02/2025", registro="frase 1")
        extrato = fab.documento("extrato.csv", "banco")
        credito = extrato.valor("1.890,00", 7, data="10/02/2025", direcao="credito", contraparte=VITIMA)
        credito["metadados"]["contraparte_cpf"] = "".join(c for c in cpf if c.isdigit())
        [c] = fab.do_tipo("materialidade")
        assert c["grau_confianca"] == grau, cpf


def test_nome_com_cpf_mascarado_que_nao_bate_nao_converge_com_o_cpf_completo() -> None:
    """Armadilha do homônimo: o extrato mascara o CPF da contraparte, a operadora traz outro CPF completo."""
    for mascarado, convergem in (("***.150.885-**", False), ("***.075.309-**", True)):
        fab = Fabrica()
        extrato = fab.documento("extrato.csv", "banco")
        extrato.nome("BEATRIZ GALVAO RANGEL", 7, papel="identificado_por_cpf")["metadados"]["cpf_mascarado"] = mascarado
        fab.documento("linhas.xlsx", "operadora").nome("BEATRIZ GALVAO RANGEL", 3, papel="titular", cpf="126.075.309-38")
        assert bool(fab.do_tipo("convergencia_nome")) is convergem, mascarado
