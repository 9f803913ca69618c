"""Conclusões falsas achadas por uma sonda que caçava números "inocentes" repetidos entre documentos de famílias
diferentes (todas saíam fortes e VERIFICADO, porque o número estava escrito lá):
- o telefone da delegacia no timbre do ofício e no endereçamento da resposta da operadora ("Ao Dr. ... Tel.");
- a central de atendimento do banco ((11) 4004-4828) e o 0800 no boletim e na bilhetagem;
- o código de autenticação de 15 dígitos (com Luhn válido, como um em cada dez números) no comprovante e no boletim,
  lido como IMEI: "o mesmo aparelho".
O número continua citável; só não liga pessoas nem aparelhos.
"""

from __future__ import annotations

from pathlib import Path

from perito.chaves import telefone
from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_dos_textos, dados_da_pasta


def test_telefone_da_delegacia_nao_liga_o_oficio_a_resposta(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {
        "oficio.txt": "POLÍCIA CIVIL DO ESTADO DE SÃO PAULO - 4ª DIG/DEIC - Telefone: (11) 3311-3000\n"
                      "Ofício nº 2345/2025\nÀ TELEFÔNICA BRASIL S.A. (VIVO)\nRequisito os dados cadastrais.\n",
        "resposta_vivo.txt": "TELEFÔNICA BRASIL S.A. - Dados cadastrais do assinante da linha consultada\nAo Dr. PAULO ROBERTO MENDES - Delegado - Tel. (11) 3311-3000\n"
                             "Linha: (11) 97412-3388\nTitular: MARCOS ANTONIO RIBEIRO\nCPF: 348.120.675-53\n"})
    assert not any("3311-3000" in c["afirmacao"] or "+551133113000" in c["afirmacao"] for c in conclusoes)
    # a armadilha do outro lado: a vítima na delegacia com o telefone dela continua do caso
    [achado] = [a for a in reconhecer("A vítima compareceu a esta Delegacia, telefone (11) 98765-4321")
                if a.campo == "telefone"]
    assert "institucional" not in achado.metadados


def test_numeros_de_atendimento_nao_sao_linhas(tmp_path: Path) -> None:
    assert telefone.de_servico("+558001561530") and telefone.de_servico("+551140044828")
    assert not telefone.de_servico("+5511987654321") and not telefone.de_servico("+551133113000")
    conclusoes = conclusoes_dos_textos(tmp_path, {
        "bo.txt": "BOLETIM DE OCORRÊNCIA\nVítima: ANA LIMA SOUZA\nHistórico: a vítima recebeu ligação do número "
                  "(11) 4004-4828, que dizia ser do banco, e depois do 0800 156 1530.\n",
        "cdr.csv": "Operadora TIM - bilhetagem\nNUMERO_A;NUMERO_B;DATA;HORA\n11987654321;1140044828;02/08/2025;10:00:00\n"
                   "11987654321;08001561530;02/08/2025;10:05:00\n"})
    assert not any(c["tipo"] == "vinculo_telefone" for c in conclusoes)


def test_codigo_de_autenticacao_nao_e_imei(tmp_path: Path) -> None:
    assert [a.campo for a in reconhecer("AUT 212505121722310")] == []
    assert [a.campo for a in reconhecer("código de autenticação 212505121722310")] == []
    assert [a.campo for a in reconhecer("aparelho 358475120933181")] == ["imei"]
    conclusoes = conclusoes_dos_textos(tmp_path, {
        "bo.txt": "BOLETIM DE OCORRÊNCIA\nVítima: LUCIANA PEREIRA GOMES\nA vítima apresentou o comprovante com o "
                  "código de autenticação 212505121722310.\n",
        "extrato.txt": "Banco Itaú - extrato\n12/05/2025 PIX ENVIADO 2.750,00 AUT 212505121722310\n"})
    assert not any(c["tipo"] == "convergencia_imei" for c in conclusoes)


def test_ip_do_servidor_e_versao_do_aplicativo_nao_cruzam(tmp_path: Path) -> None:
    # o IP do servidor do banco e a versão do aplicativo ("12.4.0.3") se repetem nos logs de dois clientes
    log = ("Banco Exemplo S.A. - Registros de acesso ao internet banking - horário de Brasília\n"
           "Data/Hora;IP Cliente;Porta;IP Servidor;Versão App;Evento\n"
           "12/05/2025 14:20:05;{cliente};40122;200.230.10.15;12.4.0.3;LOGIN\n")
    conclusoes = conclusoes_dos_textos(tmp_path, {"log_marcos.csv": log.format(cliente="177.92.14.201"),
                                  "log_pedro.csv": log.format(cliente="189.40.88.17")})
    assert not any(c["tipo"] == "convergencia_ip" for c in conclusoes)
    assert [a.campo for a in reconhecer("Versão do aplicativo instalado: 2.25.12.74")] == []


def test_o_que_o_oficio_pede_nao_confirma_a_resposta(tmp_path: Path) -> None:
    # o ofício à operadora transcreve o IP, a porta e o horário que a Meta informou: pedir não é confirmar
    conclusoes = conclusoes_dos_textos(tmp_path, {
        "oficio_claro.txt": "POLÍCIA CIVIL DO ESTADO DE SÃO PAULO - 4ª DIG/DEIC\nOfício nº 2350/2025\nÀ CLARO S.A.\n"
                            "Requisito a identificação do assinante que utilizava o IP 177.92.14.201, porta lógica 40122,\n"
                            "em 12/05/2025 às 17:20:05 (UTC), conforme informado pela Meta Platforms.\n",
        "meta.txt": "Meta Platforms, Inc. - Law Enforcement Response\nService: WhatsApp\nIP Addresses\n"
                    "Time (UTC) IP Address Port\n2025-05-12 17:20:05 UTC 177.92.14.201 40122\n"})
    assert not any(c["tipo"] == "convergencia_ip" for c in conclusoes)


def test_endereco_com_doutor_nao_e_reparticao() -> None:
    # "Rua Dr. Arnaldo" no endereço do assinante: o telefone dele continua do caso
    [achado] = [a for a in reconhecer("Endereço: Rua Dr. Arnaldo 100 - Tel (11) 98765-4321") if a.campo == "telefone"]
    assert "institucional" not in achado.metadados


def test_casas_decimais_de_um_numero_nao_sao_telefone() -> None:
    """A data serial do Excel e a hora como fração do dia num CSV exportado ("45730,7966666667", "0,4837962963"):
    as casas decimais viravam +5579966666667 e +554837962963 (sonda da quarta rodada)."""
    for texto in ("45730,7966666667;187.34.56.78", "0,4837962963", "45730.7966666667"):
        assert not [a for a in reconhecer(texto) if a.tipo_dado == "telefone"], texto
    # armadilha: o telefone depois de uma vírgula com espaço, ou de uma data, continua telefone
    assert [a for a in reconhecer("Contato: JOSE, (11) 98765-4321") if a.tipo_dado == "telefone"]
    assert [a for a in reconhecer("15/03/2025 11 98765-4321") if a.tipo_dado == "telefone"]


def test_identificador_de_registro_nao_e_telefone(tmp_path: Path) -> None:
    """A coluna REFERENCE_ID de um extrato de carteira digital e o "ID do usuário" de uma ficha em planilha: dez ou
    onze algarismos ali são o identificador (viravam +5511994410875 e +551429935712). Armadilha: a coluna Telefone
    com os mesmos algarismos, e o celular no histórico do Pix, continuam telefone."""
    import openpyxl

    from perito.extratores.registro import escolher
    from perito.leitura.inventario import listar
    from perito.leitura.leitor import ler_documento

    (tmp_path / "extrato.csv").write_text(
        "RELEASE_DATE;TRANSACTION_TYPE;REFERENCE_ID;TRANSACTION_NET_AMOUNT;TELEFONE\n"
        "15-07-2025;Pix enviado para 11987654321;11994410875;-1.780,00;21998123456\n", encoding="utf-8")
    livro = openpyxl.Workbook()
    aba = livro.active
    for linha in (["Campo", "Valor"], ["ID do usuário", "1429935712"], ["Nome", "RAFAEL AUGUSTO NUNES"],
                  ["Telefone", "15997023318"]):
        aba.append(linha)
    livro.save(tmp_path / "ficha.xlsx")
    telefones = set()
    for arquivo in listar(tmp_path):
        documento = ler_documento(arquivo.caminho, arquivo.nome, arquivo.tipo)
        telefones |= {d["dado"] for d in escolher(documento).extrair(documento).dados if d["tipo_dado"] == "telefone"}
    assert "11994410875" not in telefones and "1429935712" not in telefones
    assert {"21998123456", "15997023318"} <= telefones and any("11987654321" in t for t in telefones)


def test_numeros_da_rede_de_telefonia_nao_sao_imei(tmp_path: Path) -> None:
    """IMSI, CGI decimal e ordem de serviço de quinze dígitos que fecham o Luhn por acaso viravam IMEI, e dois extratos
    de ERB de linhas diferentes que passaram pela mesma célula davam "o mesmo aparelho" (sonda da quinta rodada). Na
    tabela, a coluna IMSI/CGI diz o mesmo. Armadilha: o IMEI rotulado ou solto continua IMEI."""

    for texto in ("IMSI: 724061234567896", "CGI: 724021221030159", "Ordem de serviço nº 202508050014230"):
        assert not [a for a in reconhecer(texto) if a.tipo_dado == "imei"], texto
    assert [a for a in reconhecer("Aparelho 353328114529074 usado") if a.tipo_dado == "imei"]
    (tmp_path / "erb.csv").write_text("Data;IMSI;CGI;IMEI\n10/03/2025 10:00:00;724061234567896;724021221030159;"
                                      "353328114529074\n", encoding="utf-8")
    assert [d["dado"] for d in dados_da_pasta(tmp_path) if d["tipo_dado"] == "imei"] == [
        "353328114529074"]


def test_numero_seguido_de_parentese_nao_cola_no_validador() -> None:
    """"IMEI 35176512003344 (14 dígitos, ..." : o validador colava os dígitos do parêntese ao IMEI e o marcava AMBIGUO."""
    from perito.chaves.valores import decompor

    assert [v.normal for v in decompor("IMEI 35176512003344 (14 dígitos)") if v.tipo == "digitos"] == ["35176512003344", "14"]
    assert [v.normal for v in decompor("(11) 98765 4321") if v.tipo == "digitos"] == ["11987654321"]


UA_CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36"


def test_versao_do_navegador_no_user_agent_nao_e_ip(tmp_path: Path) -> None:
    """Um log de acesso com a coluna User-Agent (achado medindo um log largo, de 8 colunas): o Chrome escreve a versão
    reduzida "120.0.0.0", que saía como IP de acesso com a porta e a hora da linha, em toda linha; dois logs de
    clientes diferentes com o mesmo navegador davam uma convergência de IP falsa."""
    log = ("Data/Hora (UTC-3);IP Origem;Porta Origem;Login;User-Agent;ID Sessão\n"
           f'12/05/2025 14:20:05;{{cliente}};40122;{{login}};"{UA_CHROME}";e8e25d940ed904759531985d5d9dc9f8\n')
    conclusoes = conclusoes_dos_textos(tmp_path, {
        "log_banco_a.csv": log.format(cliente="177.92.14.201", login="marcos@exemplo.com.br"),
        "log_banco_b.csv": log.format(cliente="189.40.88.17", login="pedro@exemplo.com.br")})
    assert not any("120.0.0.0" in c["afirmacao"] for c in conclusoes)
    dados = dados_da_pasta(tmp_path / "caso")
    assert sorted(d["dado"] for d in dados if d["tipo_dado"] == "ip") == ["177.92.14.201", "189.40.88.17"]
    # o navegador escrito sem a barra ("Chrome 120.0.0.0", o log que normaliza o User-Agent): a coluna diz que é versão
    normalizado = tmp_path / "normalizado"
    normalizado.mkdir()
    (normalizado / "log.csv").write_text("Data/Hora (UTC-3);IP Origem;Navegador\n"
                                         "12/05/2025 14:20:05;177.92.14.201;Chrome 120.0.0.0\n", encoding="utf-8")
    assert [d["dado"] for d in dados_da_pasta(normalizado) if d["tipo_dado"] == "ip"] == ["177.92.14.201"]
    # fora de tabela (a linha "User agent:" de uma resposta de provedor) vale a barra do produto
    assert [a.campo for a in reconhecer(f"User agent: {UA_CHROME}")] == []
    assert [a.campo for a in reconhecer("WhatsApp/2.23.20.76 A")] == []
    # armadilhas: o endereço depois de um rótulo com barra, numa URL ou com a máscara de rede continua IP
    for texto in ("IP/187.1.2.3", "http://10.0.0.1/login", "https://exemplo.com/10.1.2.3", "origem: 187.1.2.3/24"):
        assert [a.tipo_dado for a in reconhecer(texto)] == ["ip"], texto


def test_algarismos_de_um_identificador_hexadecimal_nao_sao_imei_nem_telefone() -> None:
    """Quinze algarismos seguidos dentro do hexadecimal de uma sessão ou de um token fecham o Luhn uma vez em dez:
    num log de 20 mil acessos, cinco "IMEIs" que não eram aparelho nenhum; e o hexadecimal que começa por dez
    algarismos ("sessionId": "6732113005bde299…", numa resposta do Google em JSON) dava um telefone."""
    assert [a.campo for a in reconhecer('"sessionId": "6732113005bde299d77248440f49a962"')] == []
    assert [a.campo for a in reconhecer("+5511987654321abc")] == []
    # armadilhas: o telefone formatado colado ao texto seguinte (a extração de um PDF) e o solto continuam telefone
    for texto in ("(11) 98765-4321Rua das Flores", "Tel: 11987654321", "linha 11987654321;"):
        assert [a.campo for a in reconhecer(texto)] == ["telefone"], texto
    assert [a.campo for a in reconhecer("sessao 7a985783120862099b;LOGIN")] == []
    assert [a.campo for a in reconhecer("token=985783120862099fe01")] == []
    # armadilhas: o IMEI solto entre separadores, rotulado, ou depois de um sublinhado continua IMEI
    for texto in ("aparelho 358475120933181", "IMEI 358475120933181", "imei_358475120933181", "358475120933181;LOGIN"):
        assert [a.campo for a in reconhecer(texto)] == ["imei"], texto
