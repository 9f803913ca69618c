"""JSON vira registros: um objeto = um registro, chave = rótulo; cada campo aponta a linha física do valor."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from perito.extratores.registro import escolher
from perito.leitura.json_registros import JsonInvalido, analisar
from perito.leitura.texto import ler_texto

_EVENTOS = [
    {"Data/Hora (UTC)": "2024-05-02 10:00:01", "Endereço IP": "187.34.56.78", "Porta": 51234, "Evento": "Login"},
    {"Data/Hora (UTC)": "2024-05-02 16:10:09", "Endereço IP": "187.34.56.79", "Porta": 40001, "Evento": "Login"},
    {"Data/Hora (UTC)": "2024-05-03 08:20:30", "Endereço IP": "2804:14c:6584:a2::1", "Porta": 62000, "Evento": "Logout"},
]


def _ler(tmp_path: Path, texto: str) -> tuple:
    caminho = tmp_path / "exportacao.json"
    caminho.write_text(texto, encoding="utf-8")
    documento = ler_texto(caminho, "exportacao.json")
    return documento, escolher(documento).extrair(documento).dados


def _ips(dados: list[dict]) -> dict[str, dict]:
    return {d["dado"]: d for d in dados if d["tipo_dado"] == "ip"}


def _esperado(evento: dict) -> tuple[str, str]:
    return str(evento["Porta"]), evento["Data/Hora (UTC)"]


def test_cada_ip_leva_a_hora_e_a_porta_do_proprio_objeto(tmp_path):
    texto = json.dumps({"Conta": "fulano", "Conexões": _EVENTOS}, indent=2, ensure_ascii=False)
    documento, dados = _ler(tmp_path, texto)
    ips = _ips(dados)
    assert len(ips) == 3
    for evento in _EVENTOS:
        meta = ips[evento["Endereço IP"]]["metadados"]
        assert (meta["porta"], meta["data_hora"]) == _esperado(evento)
        assert meta["fuso"] == "UTC"
    # o local citado é a linha física do valor, e o texto é o dessa linha
    linhas = texto.splitlines()
    for dado in ips.values():
        numero = int(dado["linha_ou_celula"].split()[-1])
        assert linhas[numero - 1] == dado["texto_original"]
        assert dado["dado"] in dado["texto_original"]
        porta = next(a for a in dado["metadados"]["apoio"] if a["papel"] == "porta")
        assert porta["dado"] in linhas[int(porta["linha_ou_celula"].split()[-1]) - 1]


@settings(max_examples=15, deadline=None)
@given(st.permutations(["Data/Hora (UTC)", "Endereço IP", "Porta", "Evento"]))
def test_campos_em_ordem_sorteada(tmp_path_factory, ordem):
    eventos = [{chave: evento[chave] for chave in ordem} for evento in _EVENTOS]
    _, dados = _ler(tmp_path_factory.mktemp("j"), json.dumps(eventos, indent=4, ensure_ascii=False))
    ips = _ips(dados)
    for evento in _EVENTOS:
        meta = ips[evento["Endereço IP"]]["metadados"]
        assert (meta["porta"], meta["data_hora"]) == _esperado(evento)


def test_armadilha_ip_sem_porta_nao_herda_a_porta_do_vizinho(tmp_path):
    eventos = [dict(_EVENTOS[0]), {k: v for k, v in _EVENTOS[1].items() if k != "Porta"}]
    _, dados = _ler(tmp_path, json.dumps(eventos, indent=2, ensure_ascii=False))
    ips = _ips(dados)
    assert "porta" not in ips["187.34.56.79"]["metadados"]
    assert ips["187.34.56.79"]["metadados"]["data_hora"] == "2024-05-02 16:10:09"


def test_objetos_aninhados_sao_parte_do_registro(tmp_path):
    eventos = [{"event_time": "2024-05-02T10:00:01Z", "rede": {"src_ip": "187.34.56.78"}, "Source Port": 51234},
               {"event_time": "2024-05-02T16:10:09Z", "rede": {"src_ip": "187.34.56.79"}, "Source Port": ""}]
    _, dados = _ler(tmp_path, json.dumps({"Log": eventos}, indent=2))
    ips = _ips(dados)
    assert ips["187.34.56.78"]["metadados"]["porta"] == "51234"
    assert "porta" not in ips["187.34.56.79"]["metadados"]
    assert ips["187.34.56.79"]["metadados"]["data_hora"].startswith("2024-05-02T16:10:09")


def test_rotulo_da_papel_ao_valor(tmp_path):
    cadastro = {"header": {"Telefone verificado": "5511987654321", "CPF do titular": "52998224725"}}
    _, dados = _ler(tmp_path, json.dumps(cadastro, indent=2))
    campos = {d["campo"]: d["dado"] for d in dados}
    assert campos["telefone"] == "5511987654321"
    assert campos["cpf"] == "52998224725"


def test_json_compacto_uma_linha_registros_distintos(tmp_path):
    documento, dados = _ler(tmp_path, json.dumps(_EVENTOS, ensure_ascii=False))
    assert len({r.identidade for r in documento.registros}) == 3
    ips = _ips(dados)
    for evento in _EVENTOS:
        assert ips[evento["Endereço IP"]]["metadados"]["porta"] == str(evento["Porta"])


def test_armadilha_valor_com_escape_nao_e_citado(tmp_path):
    # "\u00c9" não é o texto literal da linha: o campo fica fora do registro
    texto = '[\n  {"Nome": "\\u00c9rica Souza", "IP": "187.34.56.78"}\n]'
    documento, _ = _ler(tmp_path, texto)
    rotulos = [c.rotulo for r in documento.registros for c in r.campos]
    assert rotulos == ["IP"]


def test_armadilha_texto_que_nao_e_json_fica_em_linhas(tmp_path):
    documento, dados = _ler(tmp_path, "[Registro 1]\nIP: 187.34.56.78 porta 51234\n")
    assert documento.registros == []
    assert _ips(dados)["187.34.56.78"]["linha_ou_celula"] == "linha 2"


def test_analisar_recusa_json_invalido():
    for texto in ('{"a": }', '[1, 2', '{"a": 1} lixo', '{"a" 1}'):
        try:
            analisar(texto)
        except JsonInvalido:
            continue
        raise AssertionError(texto)


def test_armadilha_numero_sob_rotulo_de_tempo_nao_e_telefone(tmp_path):
    eventos = [{"timestamp_unix": 1693694986, "IP de origen": "200.162.146.41:47695"}]
    _, dados = _ler(tmp_path, json.dumps(eventos, indent=2, ensure_ascii=False))
    assert not [d for d in dados if d["campo"] == "telefone"]
    assert _ips(dados)["200.162.146.41"]["metadados"]["porta"] == "47695"


def test_cpf_mascarado_em_campo_proprio_vai_com_o_nome_do_mesmo_objeto(tmp_path):
    """Extrato JSON de banco digital: o CPF mascarado da contraparte tem campo próprio ("Doc. contraparte"). Ele
    é o da única pessoa nomeada no objeto (e afasta o homônimo em convergencia_nome); o do objeto vizinho não."""
    lancamentos = [
        {"Data/Hora": "19/04/2018 18:34:20", "Histórico": "Pix recebido", "Nome": "GLORIA NOGUEIRA RIBEIRO",
         "Doc. contraparte": "***.335.171-**", "Valor do lançamento": 2339.90},
        {"Data/Hora": "19/04/2018 18:42:45", "Histórico": "Pix enviado", "Nome": "MARCOS TAVARES LIMA",
         "Valor do lançamento": "(730.00)"},
        {"Data/Hora": "20/04/2018 09:00:00", "Histórico": "Pix recebido", "Nome": "ANA PAULA SOUZA",
         "Doc. contraparte": "***.111.222-**", "Outro doc.": "•••.333.444-••", "Valor do lançamento": 10.00},
    ]
    _, dados = _ler(tmp_path, json.dumps({"Lançamentos": lancamentos}, indent=2, ensure_ascii=False))
    nomes = {d["dado"]: d["metadados"] for d in dados if d["campo"] == "nome_titular"}
    assert nomes["GLORIA NOGUEIRA RIBEIRO"]["cpf_mascarado"] == "***.335.171-**"
    assert "cpf_mascarado" not in nomes["MARCOS TAVARES LIMA"]
    assert "cpf_mascarado" not in nomes["ANA PAULA SOUZA"]  # duas máscaras no objeto: não se sabe qual é a dela


def test_tempo_unix_de_campo_json_e_o_instante_do_ip_do_mesmo_objeto(tmp_path):
    """Variantes (semente 9): `"timestamp_unix": 1694952758,` — o rótulo entre aspas e a vírgula do JSON — ficava
    como número solto, e o IP do objeto saía sem data-hora (convergência `fraco`)."""
    eventos = [{"timestamp_unix": 1694952758, "IP de origen": "[2804:3DBB:0:EABA::879:701C]:58725"},
               {"IP de origen": "152.48.32.123:59066", "timestamp_unix": 1695064489},
               {"IP de origen": "189.204.253.57:27248"}]
    _, dados = _ler(tmp_path, json.dumps(eventos, indent=2, ensure_ascii=False))
    ips = _ips(dados)
    datas = {d["linha_ou_celula"]: d for d in dados if d["campo"] == "data_evento"}
    assert {d["metadados"]["instante_utc"] for d in datas.values()} == {"2023-09-17T12:12:38Z", "2023-09-18T19:14:49Z"}
    assert {d["fuso_horario_original"] for d in datas.values()} == {"UTC"}
    por_registro = {d["metadados"]["registro"]: d for d in datas.values()}
    assert por_registro[ips["2804:3DBB:0:EABA::879:701C"]["metadados"]["registro"]]["dado"] == "1694952758"
    assert por_registro[ips["152.48.32.123"]["metadados"]["registro"]]["dado"] == "1695064489"
    # a armadilha: o objeto sem tempo não pega o do vizinho
    assert ips["189.204.253.57"]["metadados"]["registro"] not in por_registro


def test_nome_do_lancamento_e_a_contraparte_quando_o_cabecalho_declara_o_titular(tmp_path):
    """Variantes (semente 5): no extrato JSON de banco digital, o titular está no cabeçalho ("Cliente") e cada
    lançamento tem "Nome": quem pagou ou recebeu. Sem a contraparte, nem pagadores distintos nem o destino dos
    repasses apareciam, e a conta de passagem não era vista."""
    extrato = {
        "cabecalho": {"observacao_1": "PIRACEMA BANK S.A.", "observacao_2": "Extrato - movimentação",
                      "Cliente": "Mônica Honorato Uchôa Queirós", "CPF": "46072576214"},
        "registros": [
            {"Dt. Evento": "07/07/2022", "Lançamento": "PIX RECEBIDO", "Nome": "Tiago Benedito Lemos Soares",
             "CPF/CNPJ": "352.949.958-75", "Valor": 2204.90, "Saldo (R$)": 3992.40},
            {"Dt. Evento": "07/07/2022", "Lançamento": "TRANSF PIX ENVIADA", "Nome": "Guimaraes Intermediacoes Ltda",
             "CPF/CNPJ": "90.973.564/0001-01", "Valor": -2030.00, "Saldo (R$)": 1962.40},
            {"Dt. Evento": "08/07/2022", "Lançamento": "DEP DINHEIRO", "Nome": "Nao Informado",
             "CPF/CNPJ": "99999999999", "Valor": 250.00, "Saldo (R$)": 2212.40},
            {"Dt. Evento": "09/07/2022", "Lançamento": "TRANSF ENTRE CONTAS", "Nome": "Mônica Honorato Uchôa Queirós",
             "Valor": 100.00, "Saldo (R$)": 2312.40},
        ],
    }
    _, dados = _ler(tmp_path, json.dumps(extrato, indent=2, ensure_ascii=False))
    valores = {Decimal(d["metadados"]["valor"]): d["metadados"] for d in dados if d["campo"] == "valor_transacao"}
    assert valores[Decimal("2204.90")]["contraparte"] == "Tiago Benedito Lemos Soares"
    assert valores[Decimal("-2030.00")]["contraparte"] == "Guimaraes Intermediacoes Ltda"
    # as armadilhas: o marcador de "não informado" e o próprio titular não são contraparte
    assert "contraparte" not in valores[Decimal("250.00")]
    assert "contraparte" not in valores[Decimal("100.00")]


def test_titular_com_cpf_e_conta_no_mesmo_campo_e_origem_destino_com_nome(tmp_path):
    """Variantes (sementes 18, 20, 24): `"Titular": "Laércio ... - CPF ... - Agência ... - Conta ..."` não dava o
    nome (o campo tinha outros dados), e `"Origem/Destino": "Igor ..."` (uma coluna que numa bilhetagem é o
    número chamado) não dava a contraparte: sem titular nem contraparte, nem vínculo financeiro nem laranja."""
    extrato = {
        "cabecalho": {"observacao_1": "BANCO PITANGA S.A.", "observacao_2": "Extrato de conta corrente",
                      "Titular": "Laércio Lacerda Bezerra - CPF 30514015446 - Agência 0001 - Conta 6462765-2"},
        "registros": [
            {"Dia": "2024-09-10", "Descrição": "TRANSF PIX RECEBIDA", "Origem/Destino": "Antônio Emerson Linhares Itaboraí",
             "Documento": "294.737.856-31", "Valor do lançamento": 817.50, "Saldo após": 877.50},
            {"Dia": "2024-09-10", "Descrição": "TRANSF PIX ENVIADA", "Origem/Destino": "Samuel Andrade Gonçalves",
             "Documento": "063.717.156-07", "Valor do lançamento": -750.00, "Saldo após": 127.50},
        ],
    }
    _, dados = _ler(tmp_path, json.dumps(extrato, indent=2, ensure_ascii=False))
    nomes = {d["dado"] for d in dados if d["campo"] == "nome_titular"}
    assert "Laércio Lacerda Bezerra" in nomes
    valores = {Decimal(d["metadados"]["valor"]): d["metadados"] for d in dados if d["campo"] == "valor_transacao"}
    assert valores[Decimal("817.50")]["contexto_titular"]["nome"] == "Laércio Lacerda Bezerra"
    assert valores[Decimal("817.50")]["contraparte"] == "Antônio Emerson Linhares Itaboraí"
    assert valores[Decimal("-750.00")]["contraparte"] == "Samuel Andrade Gonçalves"


def test_armadilha_destino_com_numero_segue_telefone(tmp_path):
    chamadas = [{"Data": "2024-09-10 10:00:00", "Origem": "5511987654321", "Destino": "5521987654321", "Duração": 30}]
    _, dados = _ler(tmp_path, json.dumps(chamadas, indent=2, ensure_ascii=False))
    assert {d["metadados"].get("e164") for d in dados if d["campo"] == "telefone"} == {"+5511987654321", "+5521987654321"}
    assert not [d for d in dados if d["campo"] == "nome_titular"]


def test_json_com_data_e_hora_em_campos_separados(tmp_path: Path) -> None:
    """Variantes (semente 233): `"event_date": "07/11/2024"` e `"Time": "18:59:57 UTC"` no mesmo objeto: a hora e o
    fuso escritos no campo de tempo compõem o instante do acesso."""
    eventos = [{"event_date": "07/11/2024", "Time": "18:59:57 UTC", "Source IP": "143.94.184.10", "Source Port": 35238},
               {"event_date": "09/11/2024", "Time": "16:47:35 UTC", "Source IP": "152.230.111.76", "Source Port": 8895}]
    caminho = tmp_path / "acessos.json"
    caminho.write_text(json.dumps({"account": "x", "events": eventos}, indent=2), encoding="utf-8")
    documento = ler_texto(caminho, "acessos.json")
    ips = {d["dado"]: d["metadados"] for d in escolher(documento).extrair(documento).dados if d["campo"] == "ip_acesso"}
    assert {ip: m.get("instante_utc") for ip, m in ips.items()} == {
        "143.94.184.10": "2024-11-07T18:59:57Z", "152.230.111.76": "2024-11-09T16:47:35Z"}


def test_identificador_da_conta_entre_aspas_e_o_telefone(tmp_path: Path) -> None:
    """Variantes (sementes 25, 29, 34, 157): `"Account Identifier": "5527964850427"` no cabeçalho de um JSON de
    mensageiro; o rótulo de telefone não admitia a aspa antes do número, e o vínculo de telefone não citava o
    provedor. Armadilha: o mesmo número sob um rótulo que não é de telefone ("Record") não vira telefone."""
    caminho = tmp_path / "resposta.json"
    caminho.write_text(json.dumps({"header": {"Service": "Papo", "Account Identifier": "5527964850427",
                                              "Record": "5527964850428"}}, indent=2), encoding="utf-8")
    documento = ler_texto(caminho, "resposta.json")
    telefones = [d["metadados"]["e164"] for d in escolher(documento).extrair(documento).dados if d["campo"] == "telefone"]
    assert telefones == ["+5527964850427"]


def test_linha_do_assinante_sob_rotulo_em_ingles_e_numero_json(tmp_path):
    """Variantes (semente 389): cadastro de operadora em JSON com "Line": 5563969104387 (número JSON, DDI sem +).
    "Line" não era nome de coluna de telefone: o vínculo do número do golpe ao assinante não citava o cadastro.
    Armadilha: "Line" com um número que não é telefone (a linha do arquivo) não vira telefone."""
    assinantes = {"Subscribers": [
        {"Line": 5563969104387, "Subscriber": "RICARDO GOMES FIGUEIRÓ ANDRADE", "CPF": "953.396.851-60"},
        {"Line": 2, "Subscriber": "ZULEIDE GONÇALVES LIMA", "CPF": "029.548.008-44"}]}
    _, dados = _ler(tmp_path, json.dumps(assinantes, indent=2, ensure_ascii=False))
    assert [(d["dado"], d["metadados"]["e164"]) for d in dados if d["campo"] == "telefone"] == [
        ("5563969104387", "+5563969104387")]
