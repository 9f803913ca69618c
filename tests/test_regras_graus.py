"""Regras de identidade do principal sobre lotes montados à mão (sem ler documentos).

Cada regra: o caso que deve dar a conclusão, com o grau e o porquê, e as armadilhas que não
podem (uma família só, CGNAT, IPv6 do mesmo /64, hora ambígua do fim do horário de verão,
celular antigo de 8 dígitos, homônimo, marcador de "não informado"). As regras de dinheiro
têm os seus testes; a análise inteira, com o validador, fica em poucos testes de ponta a ponta.
"""

from __future__ import annotations

from tests.fabrica_lotes import Fabrica

IP = "187.34.56.78"


def _ip_em(fab: Fabrica, arquivo: str, familia: str, **kwargs) -> None:
    fab.documento(arquivo, familia).ip(kwargs.pop("ip", IP), kwargs.pop("linha", 2), **kwargs)


# -- convergencia_ip -----------------------------------------------------------------------------


def test_ip_mesma_porta_na_janela_em_duas_familias_e_forte_e_nomeia_as_familias():
    fab = Fabrica()
    _ip_em(fab, "meta.txt", "provedor", data="2025-03-15", hora="14:32:17", fuso="UTC", porta="51234")
    _ip_em(fab, "log.csv", "banco", data="15/03/2025", hora="11:34:02", fuso="BRT", porta="51234")
    [c] = fab.do_tipo("convergencia_ip")
    assert c["grau_confianca"] == "forte"
    assert "1min45s" in c["afirmacao"] and "2 famílias de fonte independentes (banco, provedor)" in c["afirmacao"]


def test_ip_de_duas_respostas_da_mesma_familia_e_no_maximo_moderado_e_diz_por_que():
    fab = Fabrica()
    _ip_em(fab, "meta_whatsapp.txt", "provedor", data="2025-03-15", hora="14:32:17", fuso="UTC", porta="51234")
    _ip_em(fab, "meta_instagram.txt", "provedor", data="2025-03-15", hora="14:33:00", fuso="UTC", porta="51234")
    [c] = fab.do_tipo("convergencia_ip")
    assert c["grau_confianca"] == "moderado"
    assert "mesma família (provedor)" in c["afirmacao"] and "uma só família são uma fonte só" in c["afirmacao"]


def _ip_de(fab: Fabrica, arquivo: str, emissor: str | None, **kwargs) -> None:
    dado = fab.documento(arquivo, "provedor").ip(IPV6, 2, **kwargs)
    if emissor:
        dado["metadados"]["emissor_fonte"] = emissor


IPV6 = "2804:14c:5b00:8000::a1"


def test_ipv6_em_respostas_de_dois_provedores_que_se_nomeiam_e_forte_e_diz_por_que():
    """Apple e um site de anúncios respondem à mesma ordem: duas empresas, duas fontes, ainda que ambas provedor."""
    fab = Fabrica()
    _ip_de(fab, "apple.pdf", "apple", data="2025-01-10", hora="12:00:05", fuso="UTC")
    _ip_de(fab, "anuncios.xlsx", "casamar temporadas", data="10/01/2025", hora="09:00:40", fuso="UTC-03:00")
    [c] = fab.do_tipo("convergencia_ip")
    assert c["grau_confianca"] == "forte"
    assert "emissores diferentes (apple; casamar temporadas)" in c["afirmacao"]


def test_ipv6_em_duas_respostas_do_mesmo_emissor_ou_de_emissor_nao_nomeado_e_moderado():
    for emissores in (("meta platforms", "meta platforms"), ("meta platforms", None), (None, None)):
        fab = Fabrica()
        _ip_de(fab, "meta_a.pdf", emissores[0], data="2025-01-10", hora="12:00:05", fuso="UTC")
        _ip_de(fab, "meta_b.html", emissores[1], data="2025-01-10", hora="12:00:40", fuso="UTC")
        [c] = fab.do_tipo("convergencia_ip")
        assert c["grau_confianca"] == "moderado", emissores
        assert "mesma família (provedor)" in c["afirmacao"]


def test_ip_com_par_da_mesma_familia_e_par_independente_fica_com_o_independente():
    fab = Fabrica()
    _ip_em(fab, "meta_a.txt", "provedor", data="2025-03-15", hora="14:32:17", fuso="UTC", porta="51234")
    _ip_em(fab, "meta_b.txt", "provedor", data="2025-03-15", hora="14:32:20", fuso="UTC", porta="51234")
    _ip_em(fab, "log.csv", "banco", data="15/03/2025", hora="11:35:00", fuso="BRT", porta="51234")
    [c] = fab.do_tipo("convergencia_ip")
    assert c["grau_confianca"] == "forte" and "(banco, provedor)" in c["afirmacao"]
    assert {r["arquivo"] for r in c["referencias"]} == {"meta_a.txt", "meta_b.txt", "log.csv"}


def test_cgnat_portas_diferentes_na_janela_e_fraco():
    fab = Fabrica()
    _ip_em(fab, "meta.txt", "provedor", data="2025-03-15", hora="14:32:17", fuso="UTC", porta="51234")
    _ip_em(fab, "log.csv", "banco", data="15/03/2025", hora="11:32:40", fuso="BRT", porta="40215")
    [c] = fab.do_tipo("convergencia_ip")
    assert c["grau_confianca"] == "fraco" and "portas de origem diferentes (51234 e 40215)" in c["afirmacao"]


def test_ip_sem_porta_num_lado_e_moderado():
    fab = Fabrica()
    _ip_em(fab, "meta.txt", "provedor", data="2025-03-15", hora="14:32:17", fuso="UTC")
    _ip_em(fab, "log.csv", "banco", data="15/03/2025", hora="11:33:00", fuso="BRT", porta="51234")
    assert [c["grau_confianca"] for c in fab.do_tipo("convergencia_ip")] == ["moderado"]


def test_mesmo_relogio_em_utc_e_brt_sao_tres_horas_e_fraco():
    fab = Fabrica()
    _ip_em(fab, "meta.txt", "provedor", data="2025-03-15", hora="14:32:17", fuso="UTC", porta="51234")
    _ip_em(fab, "log.csv", "banco", data="15/03/2025", hora="14:32:17", fuso="BRT", porta="51234")
    [c] = fab.do_tipo("convergencia_ip")
    assert c["grau_confianca"] == "fraco" and "3h00min00s" in c["afirmacao"]


def test_sem_fuso_nao_afirma_simultaneidade():
    fab = Fabrica()
    _ip_em(fab, "meta.txt", "provedor", data="2025-03-15", hora="14:32:17", porta="51234")
    _ip_em(fab, "log.csv", "banco", data="15/03/2025", hora="11:34:02", fuso="BRT", porta="51234")
    [c] = fab.do_tipo("convergencia_ip")
    assert c["grau_confianca"] == "fraco" and "sem data-hora com fuso declarado em meta.txt" in c["afirmacao"]


def test_enderecos_nao_roteaveis_nunca_convergem():
    fab = Fabrica()
    for n, endereco in enumerate(("10.12.40.7", "192.168.1.1", "100.64.10.20", "127.0.0.1", "169.254.3.3"), start=2):
        _ip_em(fab, "meta.txt", "provedor", ip=endereco, linha=n, data="2025-03-15", hora="14:32:17", fuso="UTC",
               porta="51234")
        _ip_em(fab, "log.csv", "banco", ip=endereco, linha=n, data="15/03/2025", hora="11:32:17", fuso="BRT",
               porta="51234")
    assert fab.cruzar() == []


def test_ipv6_mesmo_endereco_na_janela_e_forte_com_fuso_declarado_e_portas_diferentes():
    """IPv6 não passa por CGNAT: a porta não conta; o fuso do cabeçalho da coluna é aplicado e citado."""
    fab = Fabrica()
    fab.documento("apple.pdf", "provedor").ip("2804:2b18:61c0:5a00::ab3", 44, data="2025-01-10", hora="13:05:22",
                                              fuso="Z")
    site = fab.documento("site.xlsx", "relato")
    site.declarar_fuso("UTC-03:00", "celula A3", texto="Data/hora (UTC-03:00)", aba="Acessos")
    site.ip("2804:2B18:61C0:5A00:0:0:0:AB3", "celula B12", data="10/01/2025", hora="10:05:58", porta="50917",
            data_em="celula A12", aba="Acessos")
    [c] = fab.do_tipo("convergencia_ip")
    assert c["grau_confianca"] == "forte" and "36s" in c["afirmacao"]
    assert "(provedor, relato policial)" in c["afirmacao"] and "declarado uma vez no documento" in c["afirmacao"]
    citados = {(r["arquivo"], r["linha_ou_celula"]): r["dado_citado"] for r in c["referencias"]}
    assert citados[("site.xlsx", "celula A3")] == "UTC-03:00"
    assert citados[("site.xlsx", "celula A12")] == "10/01/2025 10:05:58"


def test_ipv6_do_mesmo_prefixo_64_e_moderado_nunca_forte():
    fab = Fabrica()
    fab.documento("apple.pdf", "provedor").ip("2804:4ec8:1d07:b2e0::5f", 34, data="2025-01-17", hora="19:15:40", fuso="Z")
    fab.documento("log.csv", "banco").ip("2804:4ec8:1d07:b2e0:9a1c:33ff:fe0b:7d12", 36, data="2025-01-17",
                                         hora="19:16:00", fuso="+00:00", porta="49630")
    [c] = fab.do_tipo("convergencia_ip")
    assert c["grau_confianca"] == "moderado" and "rede /64" in c["afirmacao"] and "20s" in c["afirmacao"]


def test_ipv6_de_outro_prefixo_ou_fora_da_janela_nao_converge():
    for outro, hora in (("2804:14c:65a1:4001::1b", "15:21:00"), ("2804:14c:65a1:4000:9f3e::7", "19:21:00")):
        fab = Fabrica()
        fab.documento("meta.txt", "provedor").ip("2804:14c:65a1:4000::1b", 3, data="2025-03-15", hora="18:20:05",
                                                 fuso="UTC")
        fab.documento("log.csv", "banco").ip(outro, 2, data="15/03/2025", hora=hora, fuso="BRT")
        assert fab.cruzar() == [], outro


def test_uma_conclusao_por_ip_citando_cada_arquivo():
    fab = Fabrica()
    meta, log = fab.documento("meta.txt", "provedor"), fab.documento("log.csv", "banco")
    for n, (utc, brt) in enumerate((("14:32:17", "11:34:02"), ("14:40:00", "11:41:00")), start=2):
        meta.ip(IP, n, data="2025-03-15", hora=utc, fuso="UTC", porta="51234")
        log.ip(IP, n, data="15/03/2025", hora=brt, fuso="BRT", porta="51234")
    [c] = fab.do_tipo("convergencia_ip")
    assert c["grau_confianca"] == "forte" and {r["arquivo"] for r in c["referencias"]} == {"meta.txt", "log.csv"}


def test_hora_ambigua_do_fim_do_horario_de_verao_e_no_maximo_moderado_e_dita():
    """16/02/2019 23:30 no horário de Brasília aconteceu duas vezes (à meia-noite o relógio voltou a 23:00)."""
    fab = Fabrica()
    log = fab.documento("log.csv", "banco")
    log.declarar_fuso("horário de Brasília", 1, texto="Horários no horário de Brasília")
    log.ip(IP, 3, data="16/02/2019", hora="23:30:10", porta="51234")
    # o primeiro 23:30:10 (horário de verão, -02:00) é 01:30:10 UTC; o segundo (-03:00), 02:30:10 UTC
    _ip_em(fab, "meta.txt", "provedor", data="2019-02-17", hora="01:30:40", fuso="UTC", porta="51234")
    [c] = fab.do_tipo("convergencia_ip")
    assert c["grau_confianca"] == "moderado"
    assert "16/02/2019 23:30:10 horário de Brasília se repetiu no fim do horário de verão" in c["afirmacao"]
    assert "no máximo moderado" in c["afirmacao"]


def test_hora_fora_da_repeticao_no_mesmo_dia_continua_forte():
    fab = Fabrica()
    log = fab.documento("log.csv", "banco")
    log.declarar_fuso("horário de Brasília", 1)
    log.ip(IP, 3, data="16/02/2019", hora="22:30:10", porta="51234")
    _ip_em(fab, "meta.txt", "provedor", data="2019-02-17", hora="00:30:40", fuso="UTC", porta="51234")
    assert [c["grau_confianca"] for c in fab.do_tipo("convergencia_ip")] == ["forte"]


# -- convergencia_imei ------------------------------------------------------------------------------


def test_imei_em_duas_familias_e_forte_e_o_corpo_de_14_digitos_encontra_o_imei():
    fab = Fabrica()
    fab.documento("apple.pdf", "provedor").imei("350672139874020", 17)
    fab.documento("cdr.txt", "operadora").imei("35067213987402", 15)
    [c] = fab.do_tipo("convergencia_imei")
    assert c["grau_confianca"] == "forte" and "(operadora, provedor)" in c["afirmacao"]


def test_imei_em_dois_arquivos_da_mesma_familia_e_moderado():
    fab = Fabrica()
    fab.documento("cdr_jan.txt", "operadora").imei("353328114529074", 4)
    fab.documento("cdr_fev.txt", "operadora").imei("353328114529074", 9)
    [c] = fab.do_tipo("convergencia_imei")
    assert c["grau_confianca"] == "moderado" and "1 família de fonte independente" in c["afirmacao"]


def test_imei_com_luhn_errado_rebaixa_e_diz():
    fab = Fabrica()
    fab.documento("cdr.txt", "operadora").imei("353328114529074", 4)
    fab.relato().imei("353328114529075", 7)  # mesmo corpo, dígito verificador errado
    [c] = fab.do_tipo("convergencia_imei")
    assert c["grau_confianca"] == "moderado" and "Luhn de 353328114529075 é inválido" in c["afirmacao"]


def test_imei_so_com_corpo_e_imeisv_nao_e_forte_e_diz_por_que():
    """Variantes (armadilha luhn, sementes 1 e 6): o IMEI forjado aparece só como corpo de 14 dígitos e como IMEISV,
    formas sem dígito verificador; a mesma convergência passaria com um IMEI inválido."""
    fab = Fabrica()
    fab.documento("acessos.xlsx", "banco").imei("3520367897758601", 14)  # IMEISV
    fab.documento("cdr.txt", "operadora").imei("35203678977586", 24)  # corpo
    [c] = fab.do_tipo("convergencia_imei")
    assert c["grau_confianca"] == "moderado"
    assert "nenhuma fonte escreve o IMEI com o dígito verificador" in c["afirmacao"]


def test_imei_diferente_nao_converge():
    fab = Fabrica()
    fab.documento("cdr.txt", "operadora").imei("353328114529074", 4)
    fab.relato().imei("358745091183267", 7)
    assert fab.do_tipo("convergencia_imei") == []


# -- convergencia_nome ------------------------------------------------------------------------------

NOME, CPF = "RICARDO PEREIRA SANTOS", "347.821.560-90"


def test_mesmo_nome_e_cpf_em_duas_familias_e_forte_e_nomeia_as_familias():
    fab = Fabrica()
    fab.documento("operadora.csv", "operadora").nome(NOME, 2, papel="titular", cpf=CPF)
    fab.relato().nome("Ricardo Pereira Santos", 5, cpf=CPF)
    [c] = fab.do_tipo("convergencia_nome")
    assert c["grau_confianca"] == "forte" and CPF in c["afirmacao"] and "(operadora, relato policial)" in c["afirmacao"]


def test_homonimo_com_cpf_diferente_nao_converge():
    fab = Fabrica()
    fab.documento("operadora.csv", "operadora").nome(NOME, 2, papel="titular", cpf=CPF)
    fab.relato().nome(NOME, 5, papel="testemunha", cpf="529.982.247-25")
    assert fab.do_tipo("convergencia_nome") == []


def test_cpf_marcado_nao_informado_nao_e_cpf_nem_faz_forte():
    """O marcador 99999999999 do SIMBA ("não informado") nunca é chave: dos dois lados não dá forte, e contra um
    CPF real não separa homônimos."""
    fab = Fabrica()
    fab.documento("091_ORIGEM_DESTINO.txt", "banco", extrator_id="extrator_simba_01").nome(
        NOME, 3, papel="contraparte", cpf="99999999999", cpf_nao_informado=True)
    fab.relato().nome(NOME, 5, cpf="999.999.999-99", cpf_nao_informado=True)
    [c] = fab.do_tipo("convergencia_nome")
    assert c["grau_confianca"] == "moderado" and "99999999999" not in c["afirmacao"]
    assert all("999" not in r["dado_citado"] for r in c["referencias"])


def test_nome_sem_cpf_de_um_lado_e_moderado():
    fab = Fabrica()
    fab.documento("operadora.csv", "operadora").nome(NOME, 2, papel="titular", cpf=CPF)
    fab.relato().nome(NOME, 5, papel="investigado")
    [c] = fab.do_tipo("convergencia_nome")
    assert c["grau_confianca"] == "moderado" and "homônimo" in c["afirmacao"]


def test_nome_em_dois_extratos_da_mesma_familia_nao_converge():
    fab = Fabrica()
    fab.documento("extrato_a.pdf", "banco").nome(NOME, 3, papel="cliente", cpf=CPF)
    fab.documento("extrato_b.pdf", "banco").nome(NOME, 3, papel="cliente", cpf=CPF)
    assert fab.do_tipo("convergencia_nome") == []


# -- convergencia_dispositivo -----------------------------------------------------------------------


def test_mesmo_modelo_de_aparelho_e_sempre_fraco():
    fab = Fabrica()
    fab.documento("meta.txt", "provedor").modelo("SM-A546E", 8)
    fab.relato().modelo("SM-A546E", 3)
    [c] = fab.do_tipo("convergencia_dispositivo")
    assert c["grau_confianca"] == "fraco" and "Samsung Galaxy A54 5G" in c["afirmacao"]


# -- vinculo_telefone e identificacao_titular -----------------------------------------------------------

NUMERO = "+5511987654321"


def _cadastro(fab: Fabrica, numero: str = "5511987654321") -> None:
    linha = fab.documento("operadora.csv", "operadora")
    linha.telefone(numero, 2)
    linha.nome(NOME, 2, papel="titular", cpf=CPF)


def test_mesmo_numero_escrito_de_formas_diferentes_em_duas_familias_e_forte():
    fab = Fabrica()
    _cadastro(fab)
    fab.relato().telefone("+55 11 98765-4321", 4)
    [c] = fab.do_tipo("vinculo_telefone")
    assert c["grau_confianca"] == "forte" and NUMERO in c["afirmacao"] and "(operadora, relato policial)" in c["afirmacao"]


def test_telefones_com_um_digito_de_diferenca_nao_se_ligam():
    fab = Fabrica()
    _cadastro(fab)
    fab.relato().telefone("+55 11 98765-4322", 4)
    assert fab.do_tipo("vinculo_telefone") == [] and fab.do_tipo("identificacao_titular") == []


def test_numero_em_dois_arquivos_da_mesma_familia_nao_liga():
    fab = Fabrica()
    fab.documento("meta_a.txt", "provedor").telefone("+55 11 98765-4321", 3)
    fab.documento("meta_b.txt", "provedor").telefone("11987654321", 3)
    assert fab.do_tipo("vinculo_telefone") == []


def test_celular_antigo_de_8_digitos_e_conclusao_propria_moderada():
    fab = Fabrica()
    _cadastro(fab)
    fab.relato().telefone("(11) 8765-4321", 4)
    [c] = fab.do_tipo("vinculo_telefone")
    assert c["grau_confianca"] == "moderado" and "nono dígito" in c["afirmacao"] and "(11) 8765-4321" in c["afirmacao"]


def test_celular_antigo_nunca_entra_no_forte():
    """Operadora e provedor com o número atual dão forte; o relato com a forma antiga fica numa conclusão à parte,
    moderada, e não aparece no forte."""
    fab = Fabrica()
    _cadastro(fab)
    fab.documento("meta.txt", "provedor").telefone("+55 11 98765-4321", 3)
    fab.relato().telefone("(11) 8765-4321", 4)
    por_grau = {c["grau_confianca"]: c for c in fab.do_tipo("vinculo_telefone")}
    assert set(por_grau) == {"forte", "moderado"}
    forte, antigo = por_grau["forte"], por_grau["moderado"]
    assert "8765-4321" not in forte["afirmacao"] and "boletim.txt" not in {r["arquivo"] for r in forte["referencias"]}
    assert "(operadora, provedor)" in forte["afirmacao"] and "(11) 8765-4321" in antigo["afirmacao"]


def test_titular_da_linha_cresce_com_as_familias_e_o_forte_nomeia_as_tres():
    duas = Fabrica()
    _cadastro(duas)
    duas.relato().telefone("+55 11 98765-4321", 4)
    [c] = duas.do_tipo("identificacao_titular")
    assert c["grau_confianca"] == "moderado" and NOME in c["afirmacao"]
    tres = Fabrica()
    _cadastro(tres)
    tres.relato().telefone("+55 11 98765-4321", 4)
    tres.documento("meta.txt", "provedor").telefone("+5511987654321", 3)
    [c] = tres.do_tipo("identificacao_titular")
    assert c["grau_confianca"] == "forte" and "(operadora, provedor, relato policial)" in c["afirmacao"]


def test_titular_pelo_numero_antigo_nunca_e_forte():
    """Cadastro, relato (número atual) e provedor (forma antiga): duas famílias pelo número exato (moderado) e
    a ligação pelo nono dígito à parte, no máximo moderada — nunca as três famílias somadas em forte."""
    fab = Fabrica()
    _cadastro(fab)
    fab.relato().telefone("+55 11 98765-4321", 4)
    fab.documento("meta.txt", "provedor").telefone("(11) 8765-4321", 3)
    titulares = fab.do_tipo("identificacao_titular")
    assert sorted(c["grau_confianca"] for c in titulares) == ["moderado", "moderado"]
    [antigo] = [c for c in titulares if "8765-4321" in c["afirmacao"]]
    assert "vínculo provável, não identidade" in antigo["afirmacao"]


def test_chave_pix_do_dict_identifica_o_titular():
    fab = Fabrica()
    fab.dict_pix().chave_pix("+55 11 98765-4321", 13, tipo="telefone", titular="Ricardo Pereira Santos", cpf=CPF,
                             banco="47110329", agencia="0001", conta="8840217-6")
    fab.relato().telefone("(11) 98765-4321", 4)
    [c] = fab.do_tipo("identificacao_titular")
    assert c["grau_confianca"] == "moderado" and "chave Pix no DICT" in c["afirmacao"] and CPF in c["afirmacao"]


def test_linha_que_so_o_cadastro_menciona_nao_e_identificada():
    fab = Fabrica()
    _cadastro(fab)
    fab.relato().nome("JOANA", 3, papel="vitima")
    assert fab.do_tipo("identificacao_titular") == []


# -- padrao_temporal ----------------------------------------------------------------------------------


def _provedor_e_banco(fab: Fabrica, hora_provedor: str, porta_banco: str = "51234") -> None:
    _ip_em(fab, "meta.txt", "provedor", data="2025-03-15", hora=hora_provedor, fuso="UTC", porta="51234")
    fab.documento("extrato.txt", "banco").ip(IP, 5, data="15/03/2025", hora="11:36:41", fuso="BRT",
                                             porta=porta_banco, transacao=True)


def test_acesso_minutos_antes_da_transacao_e_padrao_moderado():
    fab = Fabrica()
    _provedor_e_banco(fab, "14:20:00")
    [c] = fab.do_tipo("padrao_temporal")
    assert c["grau_confianca"] == "moderado" and "vem 16min41s depois dele" in c["afirmacao"]


def test_padrao_sem_a_mesma_porta_e_fraco():
    fab = Fabrica()
    _provedor_e_banco(fab, "14:20:00", porta_banco="40000")
    assert [c["grau_confianca"] for c in fab.do_tipo("padrao_temporal")] == ["fraco"]


def test_padrao_com_a_porta_em_so_alguns_eventos_diz_quantos():
    # sonda da 23ª sessão: o último evento tinha a porta da transação e o primeiro não; a afirmação dizia "sem a mesma
    # porta nos dois lados", o que é falso para o último
    fab = Fabrica()
    _ip_em(fab, "meta.txt", "provedor", data="2025-03-15", hora="14:05:00", fuso="UTC", porta="40000")
    _ip_em(fab, "meta2.txt", "provedor", data="2025-03-15", hora="14:20:00", fuso="UTC", porta="51234")
    fab.documento("extrato.txt", "banco").ip(IP, 5, data="15/03/2025", hora="11:36:41", fuso="BRT", porta="51234",
                                             transacao=True)
    [c] = fab.do_tipo("padrao_temporal")
    assert c["grau_confianca"] == "fraco"
    assert "a porta da transação (51234) está em 1 dos 2 eventos do provedor" in c["afirmacao"]
    assert "sem a mesma porta nos dois lados" not in c["afirmacao"]


def test_mesmo_relogio_em_utc_e_brt_nao_e_padrao():
    fab = Fabrica()
    _provedor_e_banco(fab, "11:36:41")  # 11:36:41 UTC é 3 h antes de 11:36:41 BRT
    assert fab.do_tipo("padrao_temporal") == []


def test_padrao_com_hora_ambigua_diz_e_nao_passa_de_moderado():
    fab = Fabrica()
    _ip_em(fab, "meta.txt", "provedor", data="2019-02-17", hora="01:10:00", fuso="UTC", porta="51234")
    banco = fab.documento("extrato.txt", "banco")
    banco.declarar_fuso("horário de Brasília", 1)
    banco.ip(IP, 5, data="16/02/2019", hora="23:30:10", porta="51234", transacao=True)
    [c] = fab.do_tipo("padrao_temporal")
    assert c["grau_confianca"] == "moderado" and "se repetiu no fim do horário de verão" in c["afirmacao"]


# -- toda afirmação forte nomeia as famílias independentes ------------------------------------------------


def test_todo_forte_nomeia_as_familias_independentes():
    fab = Fabrica()
    operadora = fab.documento("operadora.csv", "operadora")
    operadora.telefone("5511987654321", 2)
    operadora.nome(NOME, 2, papel="titular", cpf=CPF)
    operadora.imei("353328114529074", 2)
    meta = fab.documento("meta.txt", "provedor")
    meta.telefone("+55 11 98765-4321", 3)
    meta.ip(IP, 4, data="2025-03-15", hora="14:32:17", fuso="UTC", porta="51234")
    boletim = fab.relato()
    boletim.nome("Ricardo Pereira Santos", 5, cpf=CPF)
    boletim.telefone("(11) 98765-4321", 6)
    boletim.imei("35 332811 452907 4", 7)
    fab.documento("log.csv", "banco").ip(IP, 2, data="15/03/2025", hora="11:34:02", fuso="BRT", porta="51234")
    fortes = [c for c in fab.cruzar() if c["grau_confianca"] == "forte"]
    assert {c["tipo"] for c in fortes} == {
        "convergencia_ip", "convergencia_imei", "convergencia_nome", "vinculo_telefone", "identificacao_titular"}
    for c in fortes:
        assert "famílias de fonte independentes (" in c["afirmacao"], c["tipo"]


def test_imei_repetido_em_cada_linha_de_um_registro_cita_a_amostra_e_toda_forma_escrita() -> None:
    """Um registro de acessos repete o IMEI em cada linha: a afirmação e as referências levam os 3 primeiros locais
    de cada arquivo e a primeira linha de cada forma escrita (o IMEISV da linha 40), e dizem quantas ficaram de fora."""
    fab = Fabrica()
    log = fab.documento("registro_acessos.csv", "provedor")
    for linha in range(2, 32):
        log.imei("350672139874020", linha)
    log.imei("3506721398740201", 40)  # IMEISV: outra forma escrita do mesmo corpo
    fab.documento("cdr.txt", "operadora").imei("35067213987402", 15)
    [c] = fab.do_tipo("convergencia_imei")
    locais = [(r["arquivo"], r["linha_ou_celula"]) for r in c["referencias"]]
    assert locais == [("cdr.txt", "linha 15"), *((("registro_acessos.csv", f"linha {n}")) for n in (2, 3, 4, 40))]
    assert "e mais 27 ocorrências nos mesmos arquivos" in c["afirmacao"]
    assert "3506721398740201" in c["afirmacao"] and c["grau_confianca"] == "forte"


def test_imei_com_poucos_locais_cita_todos() -> None:
    fab = Fabrica()
    log = fab.documento("registro_acessos.csv", "provedor")
    for linha in (2, 3, 4):
        log.imei("350672139874020", linha)
    fab.documento("cdr.txt", "operadora").imei("350672139874020", 15)
    [c] = fab.do_tipo("convergencia_imei")
    assert len(c["referencias"]) == 4 and "e mais" not in c["afirmacao"]


def test_homonimo_com_cpf_mascarado_que_nao_cabe_no_cpf_nao_converge():
    """Extrato: "RICARDO PEREIRA SANTOS ***.982.247-**" é outra pessoa que o RICARDO de CPF 347.821.560-90."""
    fab = Fabrica()
    fab.documento("operadora.csv", "operadora").nome(NOME, 2, papel="titular", cpf=CPF)
    dado = fab.documento("extrato.pdf", "banco").nome(NOME, 11, papel="remetente")
    dado["metadados"]["cpf_mascarado"] = "***.982.247-**"
    assert fab.do_tipo("convergencia_nome") == []


def test_cpf_mascarado_que_cabe_no_cpf_e_forte():
    """Desde a 26ª sessão: o CPF inteiro numa família e a máscara com os dígitos visíveis dele noutra dão grau forte
    (como a materialidade já aceitava); antes, moderado."""
    fab = Fabrica()
    fab.documento("operadora.csv", "operadora").nome(NOME, 2, papel="titular", cpf=CPF)
    dado = fab.documento("extrato.pdf", "banco").nome(NOME, 11, papel="remetente")
    dado["metadados"]["cpf_mascarado"] = "***.821.560-**"
    [c] = fab.do_tipo("convergencia_nome")
    assert c["grau_confianca"] == "forte"
    assert "os dígitos visíveis do CPF mascarado ***.821.560-**" in c["afirmacao"]
