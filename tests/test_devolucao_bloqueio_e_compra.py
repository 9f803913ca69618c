"""Lançamentos que não são transferência a um terceiro (sondas da quinta rodada):

- a devolução pelo MED ou o estorno (o dinheiro volta a quem pagou), o bloqueio cautelar ou judicial e o desbloqueio:
  contados como repasse e como crédito, davam uma conta de passagem falsa, de grau forte, VERIFICADO;
- a compra no débito, a tarifa, o rendimento: o crédito legítimo gasto no mercado virava "saem 99% do que entrou".

Também: a conta do Santander com o prefixo do tipo ("01-012345-6") era lida só até "01", e toda conta do banco
casava com qualquer outra (vínculo falso). Armadilha: o Pix enviado a outra pessoa logo depois continua repasse.
"""

from __future__ import annotations

from tests.conftest import conclusoes_do_caso, pdf_de_linhas

_TOPO = ["BANCO SANTANDER (BRASIL) S.A. - Extrato de Conta Corrente",
         "Cliente: FERNANDA RIBEIRO COSTA CPF: 318.457.261-70",
         "Agência: 2271 Conta Corrente: 01-012345-6",
         "Período: 01/03/2025 a 31/03/2025",
         "Data Histórico Documento Valor Saldo"]
_BOLETIM = ("POLÍCIA CIVIL DO ESTADO DE SÃO PAULO\nBoletim de Ocorrência nº 1234/2025\n"
            "Vítima: JOSÉ CARLOS DA SILVA, CPF 529.982.247-25\n"
            "Histórico: a vítima enviou um PIX de R$ 3.500,00 às 11:36 de 15/03/2025 para FERNANDA RIBEIRO COSTA, "
            "agência 2271, conta {conta}.\n")


def _conclusoes(tmp_path, lancamentos: list[str], conta: str = "01-012345-6") -> list[dict]:
    caso = tmp_path / "caso"
    caso.mkdir(parents=True)
    pdf_de_linhas(caso / "extrato.pdf", _TOPO + lancamentos)
    (caso / "boletim.txt").write_text(_BOLETIM.format(conta=conta), encoding="utf-8")
    return conclusoes_do_caso(caso)


def test_bloqueio_e_devolucao_pelo_med_nao_sao_repasse(tmp_path):
    conclusoes = _conclusoes(tmp_path, [
        "15/03 PIX RECEBIDO JOSE CARLOS DA SILVA 151136 3.500,00 3.620,00",
        "15/03 BLOQ CAUTELAR PIX MED 151140 -3.500,00 120,00",
        "17/03 DESBLOQ CAUTELAR PIX MED 170900 3.500,00 3.620,00",
        "17/03 DEVOLUCAO PIX MED JOSE CARLOS DA SILVA 170901 -3.500,00 120,00",
    ])
    tipos = {c["tipo"] for c in conclusoes}
    assert "materialidade" in tipos  # o Pix da vítima entrou; o que veio depois não o desfaz como fato
    assert "identificacao_laranja" not in tipos
    assert all("saem" not in c["afirmacao"] for c in conclusoes)


def test_compra_no_debito_nao_e_repasse_e_pix_a_outro_e(tmp_path):
    sem = _conclusoes(tmp_path / "compra", [
        "15/03 PIX RECEBIDO JOSE CARLOS DA SILVA 151136 3.500,00 3.620,00",
        "15/03 COMPRA CARTAO DEBITO MERCADO BOM PRECO 151500 -3.450,00 170,00",
    ])
    assert not any("saem" in c["afirmacao"] for c in sem)
    com = _conclusoes(tmp_path / "pix", [
        "15/03 PIX RECEBIDO JOSE CARLOS DA SILVA 151136 3.500,00 3.620,00",
        "15/03 PIX ENVIADO RICARDO ALMEIDA PINTO 151500 -3.300,00 320,00",
    ])
    laranja = next(c for c in com if c["tipo"] == "identificacao_laranja")
    assert "saem" in laranja["afirmacao"] and laranja["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_conta_com_prefixo_do_tipo_nao_casa_com_outra_do_mesmo_banco(tmp_path):
    credito = ["15/03 PIX RECEBIDO JOSE CARLOS DA SILVA 151136 3.500,00 3.620,00"]
    certa = _conclusoes(tmp_path / "certa", credito)
    vinculo = next(c for c in certa if c["tipo"] == "vinculo_financeiro")
    assert "01-012345-6" in vinculo["afirmacao"] and vinculo["validacao"]["veredicto_geral"] == "VERIFICADO"
    outra = _conclusoes(tmp_path / "outra", credito, conta="01-099999-9")
    assert not [c for c in outra if c["tipo"] == "vinculo_financeiro"]


def test_rendimento_na_planilha_nao_e_credito_nem_nome(tmp_path):
    """O extrato da carteira em planilha com "Rendimento da carteira + R$ 0,03": não é crédito de um pagador, e o
    validador não lê a descrição como o nome de outra pessoa (antes a laranja certa saía CONTRADITO)."""
    import openpyxl

    from perito.validador.pertinencia import nome_de_celula

    assert nome_de_celula("Rendimento da carteira") is None and nome_de_celula("TARIFA MENSAL PACOTE") is None
    assert nome_de_celula("José Carlos da Silva") == "jose carlos da silva"
    caso = tmp_path / "caso"
    caso.mkdir()
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.title = "Extrato"
    for linha in (["PicPay Instituição de Pagamento S.A. - Extrato da conta"], [],
                  ["Titular: FERNANDA RIBEIRO COSTA", "CPF: 318.457.261-70"], ["Horários de Brasília"], [],
                  ["Data/Hora", "Descrição", "Valor"],
                  ["15/03/2025 11:36:52", "Pix recebido de José Carlos da Silva", "+ R$ 3.500,00"],
                  ["15/03/2025 11:49:10", "Pix enviado para Ricardo Almeida Pinto", "- R$ 3.300,00"],
                  ["15/03/2025 12:00:00", "Rendimento da carteira", "+ R$ 0,03"]):
        aba.append(linha)
    livro.save(caso / "extrato.xlsx")
    (caso / "boletim.txt").write_text(_BOLETIM.format(conta="99999-9"), encoding="utf-8")
    laranja = next(c for c in conclusoes_do_caso(caso) if c["tipo"] == "identificacao_laranja")
    assert "1 de 1 crédito" in laranja["afirmacao"] and "0,03" not in laranja["afirmacao"]
    assert laranja["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_nome_da_vitima_cortado_pelo_banco_ainda_e_a_vitima(tmp_path):
    """"PIX RECEBIDO JOSE CARLOS DA S": o banco corta o nome; sem CPF que o contradiga, é a vítima que relatou (antes o
    indício "recebeu de vítima" sumia e a laranja não saía). Armadilha: outro nome não vira a vítima."""
    certa = _conclusoes(tmp_path / "cortado", [
        "15/03 PIX RECEBIDO JOSE CARLOS DA S 151136 3.500,00 3.620,00",
        "15/03 PIX ENVIADO RICARDO ALMEIDA PIN 151500 -3.300,00 320,00",
    ])
    laranja = next(c for c in certa if c["tipo"] == "identificacao_laranja")
    assert "recebeu de vítima" in laranja["afirmacao"] and laranja["validacao"]["veredicto_geral"] == "VERIFICADO"
    outra = _conclusoes(tmp_path / "outra", [
        "15/03 PIX RECEBIDO MARCOS PEREIRA LIMA 151136 3.500,00 3.620,00",
        "15/03 PIX ENVIADO RICARDO ALMEIDA PIN 151500 -3.300,00 320,00",
    ])
    assert not any("recebeu de vítima" in c["afirmacao"] for c in outra)


def test_operacao_entre_o_meio_e_a_hora_nao_e_contraparte():
    """"Pix - Devolução MED 09:01 FERNANDA ...": "Devolução MED" saía como o nome da contraparte."""
    from perito.extratores.reconhecedores import reconhecer

    nomes = [a.dado for a in reconhecer("15/03/2025 Pix - Devolução MED 09:01 FERNANDA RIBEIRO COSTA 3.500,00 C")
             if a.campo == "nome_titular"]
    assert "Devolução MED" not in nomes


def test_pix_a_uma_pessoa_com_compra_no_historico_continua_repasse(tmp_path):
    """Armadilha da regra do consumo: "PIX ENVIADO - COMPRA VEICULO RICARDO ALMEIDA PINTO" é uma transferência a uma
    pessoa (a palavra "compra" no histórico não a faz consumo), e conta como repasse."""
    com = _conclusoes(tmp_path, [
        "15/03 PIX RECEBIDO JOSE CARLOS DA SILVA 151136 3.500,00 3.620,00",
        "15/03 PIX ENVIADO - COMPRA VEICULO RICARDO ALMEIDA PINTO 151500 -3.300,00 320,00",
    ])
    laranja = next(c for c in com if c["tipo"] == "identificacao_laranja")
    assert "saem" in laranja["afirmacao"]
