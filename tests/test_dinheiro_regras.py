"""Regras de dinheiro (issue 14) sobre lotes montados à mão: materialidade, vinculo_financeiro e identificacao_laranja.

Cada regra com o caso positivo e as armadilhas: mesmo valor noutro dia, homônimo com CPF mascarado que não bate,
uma família só, sem chave nem conta contada. Um teste de ponta a ponta roda as variantes (SIMBA, PDF, DICT em CSV).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fabrica_lotes import Fabrica

VITIMA, CPF_VITIMA = "ANA PAULA RIBEIRO", "123.456.789-09"
RECEBEDOR, CPF_RECEBEDOR = "BRUNO COSTA LIMA", "987.654.321-00"


def _relato(fab: Fabrica, *, data: str = "10/02/2025", chave: str | None = "(21) 99876-5432", conta: str | None = None):
    relato = fab.relato("termo.txt")
    relato.nome(VITIMA, 2, papel="vitima", cpf=CPF_VITIMA)
    relato.valor("R$ 1.890,00", 4, data=data, hora="10h20", registro="frase 1")
    if chave:
        relato.telefone(chave, 5, registro="frase 1")
    if conta:
        relato.conta(conta, 5, agencia="0421", numero="55012-3", registro="frase 1")
    return relato


def _extrato(fab: Fabrica, *, contraparte: str | None = VITIMA, mascara: str | None = "***.456.789-**", saida: bool = True):
    extrato = fab.documento("extrato.pdf", "banco")
    extrato.declarar_fuso("horário de Brasília", 4)
    extrato.declarar_titular(RECEBEDOR, 1, cpf=CPF_RECEBEDOR, conta="55012-3", agencia="0421")
    credito = extrato.valor("1.890,00", 7, data="10/02/2025", hora="10:24:05", direcao="credito", contraparte=contraparte,
                            data_em=6)
    if mascara:
        credito["metadados"]["contraparte_cpf_mascarado"] = mascara
    if saida:
        extrato.valor("-1.800,00", 9, data="10/02/2025", hora="10:31:47", direcao="debito", contraparte="CARLOS EDUARDO MOTA",
                      data_em=6)
    return extrato


def _dict(fab: Fabrica, chave: str = "+5521998765432"):
    fab.dict_pix("chaves.csv").chave_pix(chave, 2, tipo="telefone", titular=RECEBEDOR, cpf=CPF_RECEBEDOR)


def test_materialidade_forte_quando_o_banco_nomeia_a_vitima_com_cpf_mascarado_compativel() -> None:
    fab = Fabrica()
    _relato(fab, chave=None)
    _extrato(fab)
    [c] = fab.do_tipo("materialidade")
    assert c["grau_confianca"] == "forte"
    assert "dígitos visíveis do CPF mascarado" in c["afirmacao"]
    assert {r["arquivo"] for r in c["referencias"]} == {"termo.txt", "extrato.pdf"}


def test_homonimo_com_cpf_mascarado_que_nao_bate_nao_eleva_a_materialidade() -> None:
    """Armadilha: mesmo nome, mas os dígitos visíveis do CPF no extrato não são os da vítima."""
    fab = Fabrica()
    _relato(fab, chave=None)
    _extrato(fab, mascara="***.999.111-**")
    [c] = fab.do_tipo("materialidade")
    assert c["grau_confianca"] == "moderado"


def test_mesmo_valor_noutro_dia_nunca_e_materialidade() -> None:
    fab = Fabrica()
    _relato(fab, data="11/02/2025", chave=None)
    _extrato(fab)
    assert fab.do_tipo("materialidade") == []


def test_materialidade_forte_pela_chave_do_dict_sem_o_nome_da_vitima() -> None:
    fab = Fabrica()
    _relato(fab)
    _extrato(fab, contraparte=None, mascara=None)
    _dict(fab)
    [c] = fab.do_tipo("materialidade")
    assert c["grau_confianca"] == "forte" and "pertence, no DICT" in c["afirmacao"]
    assert "chaves.csv" in {r["arquivo"] for r in c["referencias"]}


def test_a_chave_do_dict_nao_faz_da_vitima_o_credito_pago_por_outra_pessoa() -> None:
    """Até a 27ª sessão, o crédito "pago por FULANO DE TAL" na conta da chave era a transferência da vítima, forte:
    o banco diz que outra pessoa pagou, e a afirmação fica moderada, com o nome dela (`test_credito_pago_por_outra_pessoa`)."""
    fab = Fabrica()
    _relato(fab)
    _extrato(fab, contraparte="FULANO DE TAL", mascara=None)
    _dict(fab)
    [c] = fab.do_tipo("materialidade")
    assert c["grau_confianca"] == "moderado" and "o pagador ali é FULANO DE TAL" in c["afirmacao"]


def test_cadeia_relato_chave_dict_credito_e_saida_com_fracao_e_tempo() -> None:
    fab = Fabrica()
    _relato(fab)
    _extrato(fab)
    _dict(fab)
    [c] = fab.do_tipo("vinculo_financeiro")
    assert c["grau_confianca"] == "forte"  # relato, cadastro Pix e banco
    for trecho in ("chave Pix (21) 99876-5432", "95% dos 1.890,00 recebidos", "7min42s depois do crédito", "3 famílias"):
        assert trecho in c["afirmacao"]
    # o fuso e o titular declarados uma vez são citados onde foram ditos
    locais = {(r["arquivo"], r["linha_ou_celula"]) for r in c["referencias"]}
    assert ("extrato.pdf", "linha 4") in locais and ("extrato.pdf", "linha 1") in locais


def test_cadeia_sem_chave_nem_conta_contada_nao_existe() -> None:
    fab = Fabrica()
    _relato(fab, chave=None)
    _extrato(fab)
    _dict(fab)
    assert fab.do_tipo("vinculo_financeiro") == []


def test_cadeia_pela_conta_contada_no_relato_tem_duas_familias() -> None:
    fab = Fabrica()
    _relato(fab, chave=None, conta="agência 0421, conta 55012-3")
    _extrato(fab)
    [c] = fab.do_tipo("vinculo_financeiro")
    assert c["grau_confianca"] == "moderado" and "2 famílias" in c["afirmacao"]


def _muitos_pagadores(extrato) -> None:
    for linha, (nome, hora) in enumerate((("LUCAS ROSA", "09:00:00"), ("OTAVIO CASTANHEDA", "15:00:00")), start=20):
        extrato.valor("100,00", linha, data="11/02/2025", hora=hora, direcao="credito", contraparte=nome, data_em=19)


def test_laranja_de_um_extrato_so_e_moderado_e_diz_os_numeros() -> None:
    fab = Fabrica()
    extrato = _extrato(fab)
    _muitos_pagadores(extrato)
    extrato.valor("-95,00", 23, data="11/02/2025", hora="15:04:00", direcao="debito", contraparte="CARLOS EDUARDO MOTA",
                  data_em=19)  # segundo repasse rápido
    [c] = fab.do_tipo("identificacao_laranja")
    assert c["grau_confianca"] == "moderado"
    for trecho in ("3 pagadores distintos", "repasse rápido em 2 de 3 créditos", "95% do que entrou", "7min42s depois",
                   "uma só família"):
        assert trecho in c["afirmacao"]


def test_laranja_com_vitima_do_relato_e_forte() -> None:
    fab = Fabrica()
    _relato(fab, chave=None)
    extrato = _extrato(fab)
    _muitos_pagadores(extrato)
    [c] = fab.do_tipo("identificacao_laranja")
    assert c["grau_confianca"] == "forte" and "recebeu de vítima que relatou" in c["afirmacao"]


def test_conta_com_um_indicio_so_nao_e_laranja() -> None:
    fab = Fabrica()
    _extrato(fab)  # repasse rápido, mas um pagador só e nenhum relato
    assert fab.do_tipo("identificacao_laranja") == []


RAIZ = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(not (RAIZ / "examples" / "variantes").is_dir(), reason="variantes não geradas")
def test_variantes_dao_as_conclusoes_de_dinheiro_do_simba_e_do_pdf_todas_verificadas(tmp_path) -> None:
    from perito.analise import Parametros, analisar

    resultado = analisar(Parametros(RAIZ / "examples" / "variantes", tmp_path / "saida", data_analise="2025-03-20"))
    conclusoes = resultado.finais["conclusoes"]
    detalhes = [d for v in resultado.validacoes["validacoes"] for d in v["detalhes"]]
    assert detalhes and all(d["status"] == "VERIFICADO" for d in detalhes)
    por_tipo: dict[str, list[dict]] = {}
    for c in conclusoes:
        por_tipo.setdefault(c["tipo"], []).append(c)
    for tipo in ("materialidade", "vinculo_financeiro", "identificacao_laranja"):
        arquivos = {r["arquivo"] for c in por_tipo[tipo] for r in c["referencias"]}
        assert any(a.endswith("_EXTRATO.txt") for a in arquivos), tipo  # do SIMBA
        assert "extrato_continuacao.pdf" in arquivos, tipo  # e do extrato em PDF


def test_um_repasse_rapido_isolado_sem_vitima_nao_e_indicio() -> None:
    """Armadilha: receber e pagar uma conta logo depois acontece com qualquer um; com muitos pagadores isso não
    basta para apontar conta de passagem sem uma vítima ou um segundo repasse."""
    fab = Fabrica()
    extrato = _extrato(fab, contraparte="CLIENTE QUALQUER", mascara=None)
    _muitos_pagadores(extrato)
    assert fab.do_tipo("identificacao_laranja") == []


def test_issue15_debitos_depois_por_busca_binaria_igual_a_perguntar_a_cada_debito() -> None:
    """As saídas na janela de repasse, buscadas nas linhas do tempo do extrato, são as de `decorrido` débito a débito:
    extrato com fuso (instantes UTC), extrato sem fuso (relógio do documento), débitos no limite da janela,
    no mesmo segundo do crédito e antes dele; e o extrato misto (fuso escrito só em algumas linhas), em que as
    saídas de um crédito com instante juntam as duas linhas do tempo. `debitos_em_ordem` dá as mesmas, uma a uma."""
    import datetime as dt
    import random

    from perito.principal.dinheiro import decorrido, modelo
    from perito.principal.indice import Indice

    aleatorio = random.Random(15)
    fab = Fabrica()
    for nome, fuso in (("extrato_com_fuso.pdf", "horário de Brasília"), ("extrato_sem_fuso.pdf", None),
                       ("extrato_misto.pdf", None)):
        extrato = fab.documento(nome, "banco")
        if fuso:
            extrato.declarar_fuso(fuso, 1)
        for linha in range(2, 202):
            minuto, segundo = aleatorio.randrange(0, 50), aleatorio.choice([0, 0, 30, 59])
            sinal, direcao = ("", "credito") if linha % 4 == 0 else ("-", "debito")
            fuso_da_linha = aleatorio.choice(["BRT", None]) if nome == "extrato_misto.pdf" else None
            extrato.valor(f"{sinal}{aleatorio.randrange(1, 99)},00", linha, data="10/02/2025",
                          hora=f"10:{minuto:02d}:{segundo:02d}", direcao=direcao, fuso=fuso_da_linha)
    dinheiro = modelo(Indice(fab.lotes()))
    janela = dt.timedelta(minutes=10)
    creditos = [t for t in dinheiro.lancamentos if t.direcao == "credito"]
    assert len(creditos) == 150 and any(t.instante for t in creditos) and any(t.instante is None for t in creditos)
    com_saidas = juntas = 0
    for credito in creditos:
        esperado = sorted(
            ((d, t.valor.seq, t) for t in dinheiro.lancamentos if t.extrato == credito.extrato and t.direcao == "debito"
             if (d := decorrido(credito, t)) is not None and dt.timedelta(0) < d <= janela),
            key=lambda x: (x[0], x[1]))
        assert dinheiro.debitos_depois(credito, janela) == [t for _, _, t in esperado]
        assert list(dinheiro.debitos_em_ordem(credito, janela)) == [t for _, _, t in esperado]
        com_saidas += bool(esperado)
        juntas += len({t.instante is None for _, _, t in esperado}) == 2
    assert com_saidas > 50 and juntas > 5


def test_issue15_credito_de_valor_zero_seguido_de_saidas_nao_derruba_o_cruzamento() -> None:
    """Um crédito de R$ 0,00 (Pix de teste, estorno zerado) seguido de saídas não tem o que repassar: antes, a regra
    do repasse rápido parava sem saída nenhuma e caía em `usadas[-1]` (IndexError), e a análise inteira caía."""
    fab = Fabrica()
    extrato = _extrato(fab, contraparte="CLIENTE QUALQUER", mascara=None)
    extrato.valor("0,00", 11, data="10/02/2025", hora="11:00:00", direcao="credito", contraparte=VITIMA, data_em=6)
    extrato.valor("-50,00", 12, data="10/02/2025", hora="11:05:00", direcao="debito", contraparte="CARLOS EDUARDO MOTA",
                  data_em=6)
    _relato(fab, chave=None)
    laranjas = fab.do_tipo("identificacao_laranja")  # antes: IndexError
    assert not any("entra 0,00" in c["afirmacao"] for c in laranjas)


def _conta_movimentada(fab: Fabrica, creditos: int) -> None:
    """Um extrato com `creditos` pagadores distintos no mesmo dia, cada crédito repassado em minutos."""
    extrato = fab.documento("extrato_grande.pdf", "banco")
    extrato.declarar_fuso("horário de Brasília", 2)
    extrato.declarar_titular(RECEBEDOR, 1, cpf=CPF_RECEBEDOR)
    for n in range(creditos):
        linha = 10 + 2 * n
        hora, minuto = 8 + n // 30, 2 * (n % 30)
        extrato.valor(f"{100 + n},00", linha, data="12/02/2025", hora=f"{hora:02d}:{minuto:02d}:00", direcao="credito",
                      contraparte=f"PAGADOR NUMERO {n:03d}", data_em=5)
        extrato.valor(f"-{100 + n},00", linha + 1, data="12/02/2025", hora=f"{hora:02d}:{minuto + 1:02d}:00",
                      direcao="debito", contraparte="CARLOS EDUARDO MOTA", data_em=5)


def test_laranja_de_conta_movimentada_descreve_os_primeiros_e_conta_os_outros() -> None:
    """Dezenas de milhares de créditos faziam uma afirmação de megabytes: a afirmação descreve e cita os primeiros
    (como a amostra por arquivo das convergências) e diz quantos são ao todo."""
    from perito.principal.identificacao_laranja import LISTADOS

    fab = Fabrica()
    _conta_movimentada(fab, LISTADOS + 25)
    [c] = fab.do_tipo("identificacao_laranja")
    texto = c["afirmacao"]
    assert f"{LISTADOS + 25} pagadores distintos" in texto and "e mais 25 pagadores" in texto
    assert f"repasse rápido em {LISTADOS + 25} de {LISTADOS + 25} créditos" in texto and "e mais 25 repasses" in texto
    assert texto.count("entra ") == LISTADOS
    assert "PAGADOR NUMERO 000" in texto and f"PAGADOR NUMERO {LISTADOS:03d}" not in texto
    citadas = {r["linha_ou_celula"] for r in c["referencias"]}
    assert {f"linha {10 + 2 * n}" for n in range(LISTADOS)} <= citadas  # os créditos descritos
    # o primeiro só contado na afirmação também é citado: a contagem "N de N créditos" se refaz das referências
    assert f"linha {10 + 2 * LISTADOS}" in citadas


def test_laranja_com_ate_o_limite_descreve_todos() -> None:
    from perito.principal.identificacao_laranja import LISTADOS

    fab = Fabrica()
    _conta_movimentada(fab, LISTADOS)
    [c] = fab.do_tipo("identificacao_laranja")
    assert " e mais " not in c["afirmacao"] and c["afirmacao"].count("entra ") == LISTADOS


def test_cpf_da_contraparte_que_a_afirmacao_escreve_e_citado_onde_esta() -> None:
    """Variantes (semente 161): a afirmação escrevia "SILVA COMERCIO LTDA CPF/CNPJ 77622069000181" citando só a
    célula do nome; o CNPJ estava na célula vizinha do mesmo registro, e o validador deixava a referência AMBIGUO
    ("a afirmação cita o número ..., que nenhuma referência sustenta")."""
    fab = Fabrica()
    _relato(fab)
    extrato = _extrato(fab, saida=False)
    saida = extrato.valor("-1.800,00", 9, data="10/02/2025", hora="10:31:47", direcao="debito",
                          contraparte="CARLOS EDUARDO MOTA", data_em=6)
    saida["metadados"]["contraparte_cpf"] = "52998224725"
    extrato.cpf("529.982.247-25", 10, registro="linha 9")  # a 2ª linha do lançamento
    _dict(fab)
    [c] = fab.do_tipo("vinculo_financeiro")
    assert "CARLOS EDUARDO MOTA CPF/CNPJ 52998224725" in c["afirmacao"]
    citados = {(r["arquivo"], r["linha_ou_celula"]): r["dado_citado"] for r in c["referencias"]}
    assert "529.982.247-25" in citados[("extrato.pdf", "linha 10")]
