"""O CPF mascarado escrito logo depois do nome no histórico do extrato é do nome (homônimo se não cabe no CPF)."""

from perito.extratores.reconhecedores import reconhecer


def _nome(texto: str) -> dict:
    return next(a.metadados for a in reconhecer(texto) if a.campo == "nome_titular")


def test_mascara_depois_do_nome_no_historico():
    meta = _nome("09/07/2024 12:42:00 PIX RECEBIDO RICARDO PEREIRA SANTOS ***.821.560-** R$ 1.205,00")
    assert meta["cpf_mascarado"] == "***.821.560-**"
    meta = _nome("09/07/2024 PIX RECEBIDO RICARDO PEREIRA SANTOS - CPF •••.821.560-•• R$ 1.205,00")
    assert meta["cpf_mascarado"] == "•••.821.560-••"


def test_armadilha_cpf_inteiro_nao_e_mascara_do_nome():
    assert "cpf_mascarado" not in _nome("09/07/2024 PIX RECEBIDO RICARDO PEREIRA SANTOS 347.821.560-90 R$ 1.205,00")


# o OCR de um extrato escaneado troca os asteriscos da máscara por outros sinais e letras; o miolo visível fica
_GASTAS = ["***_438.207-**", "*tk 438.207-+*", "ee 438.207-**", "++ 438.207-+*", "** 438.207-**", "*++,438,207-*+"]


def test_mascara_lida_por_ocr_vale_pelo_miolo_visivel():
    from perito.chaves import mascara

    for escrita in _GASTAS:
        meta = _nome(f"12/05/25 TRANSF PIX RECEBIDA OTAVIO BRANDAO LEITE {escrita} 1.310,00 2.250,40")
        assert meta["cpf_mascarado"] == escrita, escrita
        assert mascara.normalizar(escrita) == "***438207**"
        assert mascara.cabe("91243820755", escrita) and not mascara.cabe("91243821755", escrita)


def test_armadilha_numeros_que_so_lembram_uma_mascara_gasta():
    """CPF inteiro, CNPJ, conta com DV, telefone, um miolo sem DV escondido, ou letras maiúsculas (o fim de um
    nome) antes do miolo: nada disso é máscara."""
    from perito.chaves import mascara

    for texto in ["CPF 524.312.378-18 x", "CNPJ 64.708.056/0001-88", "Conta 123.456-7", "tel 98154-8976",
                  "NOME + 535.871 757,50", "FULANO AB 123.456-** 10,00"]:
        assert mascara.PADRAO_CPF_MASCARADO.search(texto) is None, texto


def test_mascara_gasta_separa_o_homonimo_do_assinante():
    """A vítima do extrato escaneado tem outros dígitos visíveis que o assinante homônimo: nunca a mesma pessoa."""
    from tests.fabrica_lotes import Fabrica

    fab = Fabrica()
    extrato = fab.documento("extrato.pdf", "banco")
    extrato.nome("OTAVIO BRANDAO LEITE", 7, papel="remetente",
                 texto="12/05/25 TRANSF PIX RECEBIDA OTAVIO BRANDAO LEITE *tk 438.207-+* 1.310,00 2.250,40")
    fab.documento("cadastro.xlsx", "operadora").nome("OTAVIO BRANDAO LEITE", "celula B8", papel="titular",
                                                     cpf="889.947.230-05")
    assert fab.do_tipo("convergencia_nome") == []


def test_armadilha_cabecalho_de_colunas_antes_de_cpf_nao_e_nome():
    """Semente 74: o cabeçalho "Histórico Contraparte CPF/CNPJ) Saldo após" (lido por OCR) virava o nome "Histórico
    Contraparte", e a conta de passagem saía em nome dele."""
    nomes = [a.dado for a in reconhecer("Histórico Contraparte CPF/CNPJ) Saldo após") if a.campo == "nome_titular"]
    assert nomes == []
    assert _nome("Titular RICARDO PEREIRA SANTOS CPF 347.821.560-90")["nome_normalizado"] == "ricardo pereira santos"


def test_mascara_desfeita_pelo_ocr_ainda_separa_o_homonimo():
    """Semente 102: "GISELE ALMEIDA VASCONCELOS “.e,712.961-c0 1602.50": nem a forma da máscara sobrou, mas o miolo
    visível logo depois do nome mostra outros dígitos que o CPF do assinante homônimo. Armadilhas: o CPF inteiro, um
    CNPJ e valores depois do nome não são miolo."""
    from perito.chaves.mascara import miolo_apos_nome
    from tests.fabrica_lotes import Fabrica

    assert miolo_apos_nome(" “.e,712.961-c0 1602.50") == "***712961**"
    for resto in (" 955.307.577-07 x", " 73.674.527/0001-75", " 1.602,50 2.152,68"):
        assert miolo_apos_nome(resto) is None
    fab = Fabrica()
    fab.documento("extrato.pdf", "banco").nome(
        "GISELE ALMEIDA VASCONCELOS", 20, papel="remetente",
        texto="TRANSF PIX RECEBIDA - 11:26:39 GISELE ALMEIDA VASCONCELOS “.e,712.961-c0 1602.50 2152.68")
    fab.documento("cadastro.html", "operadora").nome("GISELE ALMEIDA VASCONCELOS", 21, papel="titular",
                                                     cpf="952.952.123-51")
    assert fab.do_tipo("convergencia_nome") == []


def test_nome_depois_da_quantia_no_historico_e_a_contraparte():
    """Semente 28: extrato escaneado cuja coluna de histórico leva o valor ("Pix recebido R$ 414,90 PAULO PEIXOTO
    COUTINHO ek, 203.793-**"), em caixa mista; sem a máscara legível, nenhum nome saía, e a conta de passagem (os
    repasses a VALTER) não aparecia. Armadilhas: "Saldo Anterior", o "C" da natureza e "R$" não são nome."""
    def nomes(texto: str) -> list[tuple[str, str]]:
        return [(a.dado, a.metadados["papel"]) for a in reconhecer(texto) if a.campo == "nome_titular"]

    assert nomes("04/01/2017 TRANSF PIX ENVIADA - R$ 950,00 VALTER FERREIRA JUSTINO *++,262.352 ++ R$ 180,00") == [
        ("VALTER FERREIRA JUSTINO", "destinatario")]
    assert nomes("05/01/2017 Pix recebido R$ 414,90 PAULO PEIXOTO COUTINHO ek, 203.793-** R$ 594,90") == [
        ("PAULO PEIXOTO COUTINHO", "remetente")]
    assert nomes("pix recebido de Maria Souza") == [("Maria Souza", "remetente")]
    for texto in ("Pix enviado - (950,00) Saldo Anterior", "PIX ENVIADO 950,00 C R$ 1.130,00",
                  "Pix recebido R$ 140,00 Total Geral"):
        assert nomes(texto) == [], texto


def test_miolo_gasto_pelo_ocr_com_lixo_separado_ou_sem_hifen():
    """Semente 28: "ek, 203.793-**", "*++,262.352 ++", "*+4,123,342. ++" — o miolo visível ainda separa o
    homônimo. Armadilhas: CPF inteiro depois de lixo, valores, conta com DV."""
    from perito.chaves.mascara import miolo_apos_nome

    assert miolo_apos_nome(" ek, 203.793-** R$ 594,90") == "***203793**"
    assert miolo_apos_nome(" *++,262.352 ++ R$ 180,00") == "***262352**"
    assert miolo_apos_nome(" *+4,123,342. ++ R$ 140,00") == "***123342**"
    for resto in (" ab 955.307.577-07", " + 535.871 757,50", " R$ 1.234,56 123.456-7 x", " 1.602,50. + x"):
        assert miolo_apos_nome(resto) is None, resto


def test_miolo_sem_o_dv_com_dois_sinais_de_mascara_antes():
    """Variantes (semente 430): "PATRÍCIA RODRIGUES DE FAGUNDES ** 328.572 1620.00" — o OCR levou o hífen e o DV
    escondido; o miolo 328572 ainda separa a vítima do assinante homônimo (CPF 828.217.611-71). Armadilhas: um
    sinal só ("+ 535.871"), um valor depois dos sinais ("** 1.234,56", "** 328.572,50")."""
    from perito.chaves.mascara import miolo_apos_nome

    assert miolo_apos_nome(" ** 328.572 1620.00 2542.92") == "***328572**"
    assert miolo_apos_nome(" ++ 235.791 -1540.00") == "***235791**"
    for resto in (" + 535.871 757,50", " ** 1.234,56 x", " ** 328.572,50"):
        assert miolo_apos_nome(resto) is None, resto


def test_mascara_com_as_posicoes_escondidas_lidas_como_letras_ou_sinais():
    """Variantes (semente 322): extrato escaneado com a contraparte na linha de baixo, "VITORIA TAVARES CORREA DA
    AGUIAR +ee.080.779-c0", "ANA SONIA OURIQUE VIEIRA ¢¢**.197.837-*¢": o OCR trocou os asteriscos por letras e
    sinais que a forma gasta não aceitava; só 2 de 5 pagadores tinham nome, e a conta de passagem não saía.
    Armadilhas: agência e conta ("AG.123.456-7X", "CC 123.456-7"), CPF inteiro, letras soltas antes do miolo."""
    from perito.chaves import mascara

    for escrita, lugares in (("+ee.080.779-c0", "***080779**"), ("¢¢**.197.837-*¢", "***197837**"),
                             ("¢e¢.214.776-+¢", "***214776**")):
        assert _nome(f"VITORIA TAVARES CORREA DA AGUIAR {escrita}")["cpf_mascarado"] == escrita
        assert mascara.normalizar(escrita) == lugares
    for texto in ("AG.123.456-7X", "CC 123.456-7", "ab.123.456-78", "CPF 524.312.378-18 x", "FULANO AB 123.456-** 1"):
        assert mascara.PADRAO_CPF_MASCARADO.search(texto) is None, texto
