"""Reconhecedores: linha → achados (campo, dado literal, fuso) e metadados, com armadilhas."""

from __future__ import annotations

import pytest

from perito.extratores.reconhecedores import reconhecer


def resumo(texto: str) -> list[tuple[str, str, str | None]]:
    return [(a.campo, a.dado, a.fuso) for a in reconhecer(texto)]


def unico(texto: str, campo: str):
    achados = [a for a in reconhecer(texto) if a.campo == campo]
    assert len(achados) == 1, (texto, resumo(texto))
    return achados[0]


TABELA = [
    # armadilhas
    ("App Version 2.25.5.74", [("outro", "2.25.5.74", None)]),  # versão do app, nunca IP
    ("WhatsApp v2.25.5.74", []),
    ("Build 1.2.3.4", []),
    ("Versão 10.0.0.1", []),
    ("Ticket 1234567890123", []),
    ("Chamado nº 2025031512345 aberto", []),
    ("2025-02-30 10:00:00", []),  # data inexistente
    ("MAC 00:1A:2B:3C:4D:5E", []),
    # data e hora
    ("2025-03-15T14:32:17Z", [("data_evento", "2025-03-15T14:32:17", "Z")]),
    (
        "15/03/2025;11:34:02;BRT;187.34.56.78;51234",
        [("data_evento", "15/03/2025;11:34:02", "BRT"), ("ip_acesso", "187.34.56.78", None)],
    ),
    ("15/03/2025 11:34:02", [("data_evento", "15/03/2025 11:34:02", None)]),
    ("Data: 15/03/2025", [("data_evento", "15/03/2025", None)]),
    ("Em 15/03/2025 às 11:34 (UTC-3)", [("data_evento", "15/03/2025 às 11:34", "UTC-3")]),
    (
        "2018-01-10 10:00:00 horário de Brasília",
        [("data_evento", "2018-01-10 10:00:00", "horário de Brasília")],
    ),
    (
        "Acesso 2025-03-15 14:32:17 -03:00 IP 187.34.56.78",
        [("data_evento", "2025-03-15 14:32:17", "-03:00"), ("ip_acesso", "187.34.56.78", None)],
    ),
    # IP
    ("IP Origem: 187.34.56.78:51234", [("ip_transacao", "187.34.56.78", None)]),
    (
        "Login em 2025-03-15 14:32:17 UTC do IP 2804:14c:65a1::1",
        [("data_evento", "2025-03-15 14:32:17", "UTC"), ("ip_acesso", "2804:14c:65a1::1", None)],
    ),
    ("origem [2804:14c:65a1::1]:443", [("ip_acesso", "2804:14c:65a1::1", None)]),
    (
        "Pix de R$ 3.500,00 a partir do IP 10.0.0.1",
        [("valor_transacao", "R$ 3.500,00", None), ("ip_transacao", "10.0.0.1", None)],
    ),
    # documentos, IMEI, telefone, e-mail, valor
    ("CPF: 123.456.789-00", [("cpf", "123.456.789-00", None)]),
    ("CPF 52998224725", [("cpf", "52998224725", None)]),
    ("CNPJ 11.222.333/0001-81", [("outro", "11.222.333/0001-81", None)]),
    ("IMEI: 35-209900-176148-1", [("imei", "35-209900-176148-1", None)]),
    ("352099001761481;187.34.56.78", [("imei", "352099001761481", None), ("ip_acesso", "187.34.56.78", None)]),
    ("Telefone: (11) 98765-4321", [("telefone", "(11) 98765-4321", None)]),
    ("contato +55 11 98765-4321.", [("telefone", "+55 11 98765-4321", None)]),
    ("E-mail: Fulano.Silva@Exemplo.com.br", [("email", "Fulano.Silva@Exemplo.com.br", None)]),
    ("Saldo: -1.234,56", [("valor_transacao", "-1.234,56", None)]),
]


@pytest.mark.parametrize(("texto", "esperado"), TABELA, ids=[t for t, _ in TABELA])
def test_tabela_de_linhas(texto: str, esperado: list) -> None:
    assert resumo(texto) == esperado


def test_dado_e_literal_e_posicoes_batem() -> None:
    texto = "15/03/2025;11:34:02;BRT;187.34.56.78;51234 CPF 529.982.247-25 R$ 3.500,00"
    for achado in reconhecer(texto):
        assert texto[achado.inicio : achado.inicio + len(achado.dado)] == achado.dado
        assert achado.fim >= achado.inicio + len(achado.dado)
    inicios = [a.inicio for a in reconhecer(texto)]
    assert inicios == sorted(inicios)


def test_sem_sobreposicao() -> None:
    texto = "2025-03-15 14:32:17 UTC 187.34.56.78:51234 CPF 52998224725 IMEI 352099001761481 (11) 98765-4321"
    achados = reconhecer(texto)
    for a, b in zip(achados, achados[1:]):
        assert a.fim <= b.inicio, (a, b)


def test_data_hora_utc_z() -> None:
    a = unico("2025-03-15T14:32:17Z", "data_evento")
    assert a.fuso == "Z"
    assert a.metadados["data"] == "2025-03-15"
    assert a.metadados["hora"] == "14:32:17"
    assert a.metadados["instante_utc"] == "2025-03-15T14:32:17Z"


def test_linha_csv_data_hora_brt_e_ip() -> None:
    achados = reconhecer("15/03/2025;11:34:02;BRT;187.34.56.78;51234")
    data, endereco = achados
    assert (data.campo, data.fuso) == ("data_evento", "BRT")
    assert data.metadados["instante_utc"] == "2025-03-15T14:34:02Z"  # BRT = UTC-3
    assert endereco.tipo_dado == "ip"
    assert endereco.metadados["ip_canonico"] == "187.34.56.78"
    assert endereco.metadados["roteavel"] is True
    assert "porta" not in endereco.metadados  # a porta está noutra coluna, não colada ao IP


def test_sem_fuso_nao_ha_instante() -> None:
    a = unico("Acesso em 15/03/2025 11:34:02 pelo app", "data_evento")
    assert a.fuso is None
    assert "instante_utc" not in a.metadados


def test_horario_de_brasilia_2018_com_verao() -> None:
    a = unico("2018-01-10 10:00:00 horário de Brasília", "data_evento")
    assert a.metadados["instante_utc"] == "2018-01-10T12:00:00Z"  # -02:00 (verão)
    b = unico("2025-01-10 10:00:00 horário de Brasília", "data_evento")
    assert b.metadados["instante_utc"] == "2025-01-10T13:00:00Z"  # -03:00


def test_cpf_invalido_mantido_com_alerta() -> None:
    a = unico("CPF: 123.456.789-00", "cpf")
    assert a.dado == "123.456.789-00"
    assert a.tipo_dado == "documento"
    assert a.metadados["digitos"] == "12345678900"
    assert a.metadados["digito_verificador_valido"] is False
    assert a.alerta and "123.456.789-00" in a.alerta


def test_cpf_valido_sem_alerta() -> None:
    a = unico("CPF 529.982.247-25", "cpf")
    assert a.metadados["digito_verificador_valido"] is True
    assert a.alerta is None


def test_ip_origem_com_porta_e_transacao() -> None:
    a = unico("IP Origem: 187.34.56.78:51234", "ip_transacao")
    assert a.dado == "187.34.56.78"
    assert a.metadados["porta"] == "51234"
    assert a.metadados["ip_canonico"] == "187.34.56.78"
    assert a.metadados["versao_ip"] == 4


def test_porta_invalida_nao_vira_metadado() -> None:
    a = unico("acesso 187.34.56.78:99999", "ip_acesso")
    assert "porta" not in a.metadados


def test_ipv6_canonico_porta_e_privado() -> None:
    a = unico("origem [2804:14C:65A1:0:0:0:0:1]:443", "ip_acesso")
    assert a.metadados["ip_canonico"] == "2804:14c:65a1::1"
    assert a.metadados["porta"] == "443"
    assert a.metadados["versao_ip"] == 6
    assert unico("gateway fe80::1", "ip_acesso").metadados["roteavel"] is False


def test_ip_privado_nao_roteavel() -> None:
    assert unico("IP 192.168.0.10", "ip_acesso").metadados["roteavel"] is False
    assert unico("IP 100.64.1.2", "ip_acesso").metadados["roteavel"] is False


def test_ticket_de_13_digitos_nao_e_telefone() -> None:
    for texto in ["Ticket 1234567890123", "Protocolo: 5511987654321", "Pedido 9876543210987;OK"]:
        assert not [a for a in reconhecer(texto) if a.campo == "telefone"], (texto, resumo(texto))


def test_telefone_e164() -> None:
    assert unico("Telefone: (11) 98765-4321", "telefone").metadados["e164"] == "+5511987654321"
    assert unico("fixo +55 21 2345-6789", "telefone").metadados["e164"] == "+552123456789"


def test_imei_luhn_ruim_sinalizado() -> None:
    a = unico("IMEI 352099001761482", "imei")
    assert a.metadados["imei_corpo"] == "35209900176148"
    assert a.metadados["luhn_valido"] is False
    assert a.alerta and "Luhn" in a.alerta


def test_imei_corpo_igual_para_imei_e_imeisv() -> None:
    com = unico("IMEI: 352099001761481", "imei")
    sv = unico("IMEISV: 3520990017614823", "imei")
    assert com.metadados["imei_corpo"] == sv.metadados["imei_corpo"] == "35209900176148"
    assert com.metadados["luhn_valido"] is True


def test_quinze_digitos_sem_luhn_e_sem_rotulo_nao_e_imei() -> None:
    assert not [a for a in reconhecer("Pedido 352099001761482") if a.campo == "imei"]


def test_valor_negativo() -> None:
    a = unico("Saldo: -1.234,56", "valor_transacao")
    assert a.metadados["valor"] == "-1234.56"
    assert unico("Estorno R$ -3.500,00", "valor_transacao").metadados["valor"] == "-3500.00"


def test_email_normalizado() -> None:
    a = unico("E-mail: Fulano.Silva@Exemplo.com.br.", "email")
    assert a.dado == "Fulano.Silva@Exemplo.com.br"
    assert a.metadados["email_normalizado"] == "fulano.silva@exemplo.com.br"


# --- defeitos encontrados e corrigidos (cada teste fixa a correção) ---


def test_ipv4_mapeado_em_texto_vira_o_ipv4() -> None:
    achados = [a for a in reconhecer("Acesso de ::ffff:187.34.56.78 em 2025-03-15 14:32:17 UTC") if a.tipo_dado == "ip"]
    assert [a.metadados["ip_canonico"] for a in achados] == ["187.34.56.78"]


def test_ip_no_fim_de_frase() -> None:
    assert resumo("O acesso partiu do IP 187.34.56.78.") == [("ip_acesso", "187.34.56.78", None)]


def test_valor_negativo_com_sinal_antes_do_cifrao() -> None:
    a = unico("Débito -R$ 3.500,00", "valor_transacao")
    assert a.metadados["valor"] == "-3500.00"


def test_imei_rotulado_luhn_ruim_seguido_de_data() -> None:
    a = unico("IMEI: 352099001761482 12/03/2025", "imei")
    assert a.dado == "352099001761482"
    assert a.metadados["luhn_valido"] is False
    assert a.alerta


def test_celular_antigo_de_8_digitos_e_reconhecido() -> None:
    assert [a.dado for a in reconhecer("Tel. (11) 8765-4321 (registro de 2012)") if a.campo == "telefone"] == [
        "(11) 8765-4321"
    ]


def test_celular_antigo_guarda_a_forma_atual_provavel_e_a_marca() -> None:
    a = unico("Contato na agenda do aparelho: Maria (11) 9123-4000", "telefone")
    assert a.metadados == {"e164": "+5511991234000", "nono_digito_acrescentado": True}
    # fixo de 8 dígitos (começa com 2-5) não ganha nono dígito
    assert unico("Tel. fixo (11) 3456-7890", "telefone").metadados == {"e164": "+551134567890"}


@pytest.mark.parametrize(("linha", "e164", "antigo"), [
    # variantes (sementes 3 e 4): o telefone da resposta do provedor com o 55 na frente e sem o "+"
    ("Telefone confiável: 5537994424330", "+5537994424330", False),
    ("Trusted phone: 5511987654321", "+5511987654321", False),
    ("Teléfono de recuperación: 5521987654321", "+5521987654321", False),
    # semente 57: num mensageiro, o identificador da conta é o número (em espanhol, inglês e português)
    ("Identificador de la cuenta: 5544983683641", "+5544983683641", False),
    ("Account Identifier: 5511987654321", "+5511987654321", False),
    ("Linha alvo: 5521987654321", "+5521987654321", False),
    # o celular de 8 dígitos anterior ao nono dígito, com a data no rótulo
    ("Telefone anterior (cadastrado em 16/05/2011): 553794424330", "+5537994424330", True),
])
def test_telefone_rotulado_sem_mais(linha, e164, antigo):
    [tel] = [a for a in reconhecer(linha) if a.campo == "telefone"]
    assert tel.metadados["e164"] == e164 and bool(tel.metadados.get("nono_digito_acrescentado")) == antigo
    assert linha[tel.inicio:tel.fim] == tel.dado


@pytest.mark.parametrize("linha", ["Protocolo: 5537994424330", "Número do pedido: 5511987654321",
                                   "Telefone: 5599999999999999", "Identificador: 100004567890123"])
def test_armadilha_numero_sem_rotulo_de_telefone_nao_e_telefone(linha):
    assert [a for a in reconhecer(linha) if a.campo == "telefone"] == []


def test_linha_de_cabecalho_com_coluna_cpf_nao_e_pessoa() -> None:
    """Variantes (semente 279): o cabeçalho do extrato escaneado "Detalhe Nome CPF/CNP) Saldo Nº documento" virava a
    pessoa "Detalhe Nome" (nome antes de CPF) e tomava o lugar da titular declarada: sem laranja, sem vínculo."""
    from perito.extratores.reconhecedores import reconhecer

    for cabecalho in ("Detalhe Nome CPF/CNP) Saldo Nº documento", "Data Histórico Nome CPF/CNPJ Valor Saldo"):
        assert not [a for a in reconhecer(cabecalho) if a.campo == "nome_titular"], cabecalho
    # uma linha de dados com os mesmos rótulos continua dando a pessoa
    [nome] = [a.dado for a in reconhecer("Nome: ANA MARIA SOUZA CPF 529.982.247-25") if a.campo == "nome_titular"]
    assert nome == "ANA MARIA SOUZA"
