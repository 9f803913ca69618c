"""Contexto declarado uma vez e registros que atravessam linhas (issue 10), sobre documentos montados à mão.

Cada teste monta um `Documento` pequeno (como os leitores o entregam) e roda o extrator da
família; nada de pipeline inteiro. As armadilhas ficam ao lado de cada regra.
"""

from __future__ import annotations

from perito.extratores.bancario import ExtratorBancario
from perito.extratores.generico import ExtratorGenerico
from perito.extratores.provedores import ExtratorProvedores
from perito.leitura.documento import Documento, Trecho


def _pdf(linhas: list[str], paginas: list[int] | None = None) -> Documento:
    paginas = paginas or [1] * len(linhas)
    doc = Documento("resposta.pdf", "pdf", metodo_extracao="pdfplumber")
    contagem: dict[int, int] = {}
    for texto, pagina in zip(linhas, paginas, strict=True):
        contagem[pagina] = contagem.get(pagina, 0) + 1
        doc.trechos.append(Trecho(pagina, f"linha {contagem[pagina]}", texto, "pdfplumber"))
    return doc


def _txt(linhas: list[str]) -> Documento:
    doc = Documento("relato.txt", "txt", metodo_extracao="texto")
    for n, texto in enumerate(linhas, start=1):
        if texto:
            doc.trechos.append(Trecho(None, f"linha {n}", texto, "texto"))
    return doc


def _csv(linhas: list[str]) -> Documento:
    doc = Documento("log.csv", "csv", metodo_extracao="csv")
    for n, texto in enumerate(linhas, start=1):
        doc.trechos.append(Trecho(None, f"linha {n}", texto, "csv", celulas=tuple(texto.split(";"))))
    return doc


def _xlsx(linhas: list[list[str]], aba: str = "Acessos") -> Documento:
    doc = Documento("site.xlsx", "xlsx", metodo_extracao="openpyxl", abas=[aba])
    for n, celulas in enumerate(linhas, start=1):
        for coluna, texto in zip("ABCDEFG", celulas, strict=False):
            if texto:
                doc.trechos.append(Trecho(None, f"celula {coluna}{n}", texto, "openpyxl", aba=aba, linha_tabela=n, coluna=coluna))
    return doc


def _dados(extrator, doc: Documento, campo: str | None = None) -> list[dict]:
    resultado = extrator.extrair(doc)
    return [d for d in resultado.dados if campo is None or d["campo"] == campo]


def test_fuso_do_preambulo_vale_para_a_tabela_e_diz_onde_foi_declarado() -> None:
    doc = _pdf([
        "Response to Legal Process",
        "Times are shown in UTC.",
        "Time IP Address Port",
        "2025-02-10 13:22:05 189.45.12.100 51234",
    ])
    ip = _dados(ExtratorProvedores(), doc, "ip_acesso")[0]
    assert ip["metadados"]["instante_utc"] == "2025-02-10T13:22:05Z"
    assert ip["metadados"]["porta"] == "51234"
    assert ip["metadados"]["contexto_fuso"]["linha_ou_celula"] == "linha 2"
    assert ip["metadados"]["contexto_fuso"]["valor"] == "UTC"


def test_sem_declaracao_nao_ha_instante() -> None:
    """Armadilha: sem fuso em escopo nenhum, nada de simultaneidade (nem fuso inventado)."""
    doc = _pdf(["Time IP Address Port", "2025-02-10 13:22:05 189.45.12.100 51234"])
    ip = _dados(ExtratorProvedores(), doc, "ip_acesso")[0]
    assert "instante_utc" not in ip["metadados"]
    assert "contexto_fuso" not in ip["metadados"]


def test_data_de_emissao_com_fuso_nao_declara_o_fuso_dos_registros() -> None:
    """Armadilha: "Generated 2025-02-12 10:00:00 UTC" é a data do documento, não o fuso da tabela."""
    doc = _pdf(["Generated 2025-02-12 10:00:00 UTC", "Time IP Address Port", "2025-02-10 13:22:05 189.45.12.100 51234"])
    ip = _dados(ExtratorProvedores(), doc, "ip_acesso")[0]
    assert "instante_utc" not in ip["metadados"]


def test_fusos_diferentes_no_mesmo_escopo_dao_alerta_e_nenhum_fuso() -> None:
    doc = _pdf([
        "Times are shown in UTC.",
        "Os horários seguem o horário oficial de Brasília.",
        "Time IP Address Port",
        "2025-02-10 13:22:05 189.45.12.100 51234",
    ])
    resultado = ExtratorProvedores().extrair(doc)
    ip = next(d for d in resultado.dados if d["campo"] == "ip_acesso")
    assert "instante_utc" not in ip["metadados"]
    alerta = next(a for a in resultado.alertas if "fusos diferentes" in a)
    assert "linha 1" in alerta and "linha 2" in alerta


def test_cabecalho_da_tabela_vence_o_preambulo() -> None:
    """O escopo mais próximo vence: `Time (BRT)` no cabeçalho, UTC no preâmbulo."""
    doc = _pdf(["Times are shown in UTC.", "Time (BRT) IP Address Port", "2025-02-10 10:22:05 189.45.12.100 51234"])
    ip = _dados(ExtratorProvedores(), doc, "ip_acesso")[0]
    assert ip["metadados"]["instante_utc"] == "2025-02-10T13:22:05Z"
    assert ip["metadados"]["contexto_fuso"]["escopo"] == "tabela"


def test_bloco_chave_valor_liga_ip_hora_e_porta_de_linhas_seguidas() -> None:
    doc = _pdf([
        "Times are shown in UTC.",
        "Time: 2025-02-11 09:14:40",
        "IP Address: 2804:14d:5c21:8a00::1f",
        "Port: 44321",
        "Time: 2025-02-11 10:00:00",
        "IP Address: 189.45.12.7",
    ])
    ips = _dados(ExtratorProvedores(), doc, "ip_acesso")
    primeiro, segundo = ips
    assert primeiro["metadados"]["instante_utc"] == "2025-02-11T09:14:40Z"
    assert primeiro["metadados"]["porta"] == "44321"
    papeis = {a["papel"]: a["linha_ou_celula"] for a in primeiro["metadados"]["apoio"]}
    assert papeis == {"porta": "linha 4", "data_hora": "linha 2"}
    # o segundo bloco começa no segundo "Time": não herda a hora nem a porta do primeiro
    assert segundo["metadados"]["instante_utc"] == "2025-02-11T10:00:00Z"
    assert "porta" not in segundo["metadados"]


def test_coluna_com_fuso_no_cabecalho_e_data_e_hora_separadas_em_csv() -> None:
    doc = _csv([
        "Data;Hora (BRT);Endereço IP;Porta (origem)",
        "10/02/2025;10:22:31;189.45.12.100;51234",
    ])
    ip = _dados(ExtratorBancario(), doc, "ip_acesso")[0]
    assert ip["metadados"]["instante_utc"] == "2025-02-10T13:22:31Z"
    assert ip["metadados"]["porta"] == "51234"
    assert ip["metadados"]["contexto_fuso"]["escopo"] == "coluna"


def test_valor_com_sinal_depois_da_hora_continua_debito() -> None:
    """Issue 10: `15/03/2025;14:32:17;-1200,00` era fuso -1200 e perdia o débito."""
    doc = _csv(["Data;Hora;Valor", "15/03/2025;14:32:17;-1200,00"])
    valores = _dados(ExtratorBancario(), doc, "valor_transacao")
    assert [v["dado"] for v in valores] == ["-1200,00"]
    assert valores[0]["metadados"]["direcao"] == "debito"


def test_planilha_com_fuso_no_cabecalho_da_coluna_cita_celulas_de_data_e_porta() -> None:
    doc = _xlsx([
        ["Acessos do anunciante"],
        [],
        ["Data/hora (UTC-03:00)", "IP", "Porta"],
        ["08/01/2025 14:27:03", "186.211.93.58", "53871"],
    ])
    ip = _dados(ExtratorProvedores(), doc, "ip_acesso")[0]
    assert ip["metadados"]["instante_utc"] == "2025-01-08T17:27:03Z"
    papeis = {a["papel"]: a["linha_ou_celula"] for a in ip["metadados"]["apoio"]}
    assert papeis == {"porta": "celula C4", "data_hora": "celula A4"}
    assert ip["metadados"]["contexto_fuso"]["linha_ou_celula"] == "celula A3"


def test_extrato_com_dia_no_cabecalho_e_hora_na_linha_de_continuacao() -> None:
    doc = _pdf([
        "Titular: BRUNO COSTA LIMA - CPF 987.654.321-00",
        "Horários em horário de Brasília",
        "Histórico Valor Saldo",
        "10 de fevereiro de 2025 - segunda-feira",
        "PIX RECEBIDO 1.890,00 2.340,00",
        "às 10:24:05 - ANA PAULA RIBEIRO CPF ***.456.789-**",
        "PIX ENVIADO -1.800,00 540,00",
        "às 10:31:47 - CARLOS EDUARDO MOTA",
    ])
    credito, debito = _dados(ExtratorBancario(), doc, "valor_transacao")
    assert credito["dado"] == "1.890,00" and credito["metadados"]["direcao"] == "credito"
    assert credito["metadados"]["instante_utc"] == "2025-02-10T13:24:05Z"
    assert credito["metadados"]["contraparte"] == "ANA PAULA RIBEIRO"
    assert debito["metadados"]["hora"] == "10:31:47" and debito["metadados"]["direcao"] == "debito"
    papeis = {a["papel"]: a["linha_ou_celula"] for a in credito["metadados"]["apoio"]}
    assert papeis == {"data": "linha 4", "hora": "linha 6"}


def test_horario_de_brasilia_usa_o_verao_da_data_do_dado() -> None:
    """Em 10/01/2018 vigorava o horário de verão: Brasília era UTC-2."""
    doc = _pdf(["Horários em horário de Brasília", "Data Hora IP", "10/01/2018 10:00:00 189.45.12.100"])
    ip = _dados(ExtratorBancario(), doc, "ip_acesso")[0]
    assert ip["metadados"]["instante_utc"] == "2018-01-10T12:00:00Z"


def test_relato_em_prosa_liga_valor_a_data_da_linha_anterior() -> None:
    doc = _txt([
        "Que no dia 10/02/2025, por volta das 10h20, após negociar a compra",
        "de um celular, efetuou uma transferência Pix de R$ 1.890,00 para a chave",
        "(21) 99876-5432. Que no dia 12/02/2025 registrou a ocorrência.",
    ])
    valor = _dados(ExtratorGenerico(), doc, "valor_transacao")[0]
    assert valor["metadados"]["data"] == "10/02/2025"
    assert valor["metadados"]["hora"] == "10h20"
    assert {a["linha_ou_celula"] for a in valor["metadados"]["apoio"]} == {"linha 1"}


def test_resposta_do_dict_em_csv_ou_planilha_e_cadastro_pelo_cabecalho() -> None:
    """Issue 10: o DICT é família registro em qualquer formato e com qualquer nome de arquivo."""
    csv = _csv([
        "Chave;Tipo de chave;Nome do titular;CPF/CNPJ;Participante (ISPB);Agência;Conta",
        "+5521998765432;CELULAR;BRUNO COSTA LIMA;987.654.321-00;12345678;0421;55012-3",
    ])
    dados = _dados(ExtratorBancario(), csv)
    assert {d["metadados"]["familia_fonte"] for d in dados} == {"registro"}
    conta = next(d for d in dados if d["campo"] == "conta_bancaria")
    assert conta["dado"] == "12345678;0421;55012-3"
    assert conta["metadados"]["conta_normalizada"] == "12345678|0421|550123"
    planilha = _xlsx([["Resultado da consulta"], [], ["Chave Pix", "Tipo", "Titular", "CPF"], ["+5521998765432", "CELULAR",
                                                                                              "Bruno Costa Lima", "987.654.321-00"]])
    assert {d["metadados"]["familia_fonte"] for d in _dados(ExtratorBancario(), planilha)} == {"registro"}


def test_log_de_banco_com_coluna_de_chave_de_acesso_nao_vira_dict() -> None:
    """Armadilha: uma coluna "Chave" num log de acesso sem titular nem participante não faz um DICT.

    Sem nada que diga de quem é o log, a família é `desconhecida` (a dúvida explícita); com as operações
    do banco nas linhas (consulta de saldo, Pix), é `banco`."""
    csv = _csv(["Data;Hora;IP;Chave", "10/02/2025;10:22:31;189.45.12.100;ABC123"])
    assert {d["metadados"]["familia_fonte"] for d in _dados(ExtratorBancario(), csv)} == {"desconhecida"}
    csv = _csv(["Data;Hora;IP;Chave;Operação", "10/02/2025;10:22:31;189.45.12.100;ABC123;Consulta de saldo",
                "10/02/2025;10:25:02;189.45.12.100;ABC123;Transferência Pix"])
    assert {d["metadados"]["familia_fonte"] for d in _dados(ExtratorBancario(), csv)} == {"banco"}


def test_rotulo_numa_linha_e_valor_na_de_baixo() -> None:
    """Blocos de "Device Information": o rótulo sozinho numa linha dá sentido ao valor da seguinte."""
    doc = _txt(["Device Information", "Device Model", "SM-G991B", "App Version", "2.24.15.80", "OS Version", "Android 13"])
    dados = _dados(ExtratorProvedores(), doc)
    assert {(d["campo"], d["dado"], d["linha_ou_celula"]) for d in dados} == {
        ("modelo_dispositivo", "SM-G991B", "linha 3"), ("outro", "2.24.15.80", "linha 5"), ("outro", "Android 13", "linha 7"),
    }  # a versão do app não vira IP


def test_modelo_sem_rotulo_so_com_codigo_inequivoco() -> None:
    doc = _txt(["Ramiro's iPhone iPhone 13 G7QXR2M9PL", "MacBook Air (M1) C02FK3ABQ6L4"])
    assert [d["dado"] for d in _dados(ExtratorProvedores(), doc, "modelo_dispositivo")] == ["iPhone 13"]


def test_extrato_com_dia_e_mes_no_lancamento_e_o_ano_no_periodo() -> None:
    """"08/01 PIX RECEBIDO ..." (sem ano): o ano vem do período declarado no cabeçalho, também na virada do ano."""
    doc = _pdf([
        "Cliente: FULANO DE TAL CPF 123.456.789-09",
        "Agência 1234 Conta 56789-0 Período: 01/12/2024 a 31/01/2025",
        "Data Histórico Valor Saldo",
        "28/12 PIX RECEBIDO MARIA SOUZA 2.365,00 2.400,00",
        "08/01 PIX ENVIADO JOAO LIMA 2.270,00- 130,00",
    ])
    credito, debito = _dados(ExtratorBancario(), doc, "valor_transacao")
    assert credito["metadados"]["data"] == "28/12/2024" and credito["metadados"]["contraparte"] == "MARIA SOUZA"
    assert debito["metadados"]["data"] == "08/01/2025" and debito["metadados"]["direcao"] == "debito"
    # o ano citado pela data do período que o tem, como escrita (o validador a acha na linha; "2025" sozinho, não)
    assert {"papel": "ano", "pagina": 1, "linha_ou_celula": "linha 2", "dado": "31/01/2025"} in debito["metadados"]["apoio"]
    assert {"papel": "ano", "pagina": 1, "linha_ou_celula": "linha 2", "dado": "01/12/2024"} in credito["metadados"]["apoio"]


def test_dia_e_mes_sem_periodo_declarado_nao_ganha_ano() -> None:
    """Armadilha: sem período no cabeçalho, "08/01" não vira data (o ano nunca é adivinhado)."""
    doc = _pdf(["Data Histórico Valor Saldo", "08/01 PIX RECEBIDO MARIA SOUZA 2.365,00 2.400,00"])
    [valor] = _dados(ExtratorBancario(), doc, "valor_transacao")
    assert "data" not in valor["metadados"]


def test_sinal_depois_do_valor_e_debito() -> None:
    doc = _pdf(["Data Histórico Valor Saldo", "08/01/2025 TARIFA PACOTE 12,90- 130,00"])
    [valor] = _dados(ExtratorBancario(), doc, "valor_transacao")
    assert valor["metadados"]["direcao"] == "debito"


def test_csv_com_linha_de_titulo_acima_do_cabecalho_tem_o_delimitador_certo(tmp_path) -> None:
    """Extrato exportado em CSV: título "Extrato - Titular: ..." na linha 1; o `;` das linhas de dados vence a vírgula
    decimal, e a coluna "Saldo (R$)" não vira lançamento."""
    from perito.leitura.tabela_csv import ler_csv

    arquivo = tmp_path / "extrato.csv"
    arquivo.write_text("Extrato - Titular: CARLOS ALBERTO NUNES - CPF 741.852.963-55\n"
                       "Data;Descrição;Documento;Valor (R$);Saldo (R$)\n"
                       "10/02/2025;PIX RECEBIDO - JOANA PRADO;123456;1.500,00;1.600,00\n"
                       "10/02/2025;PIX ENVIADO - RAFAEL GOMES;123457;-1.450,00;150,00\n", encoding="utf-8")
    doc = ler_csv(arquivo, "extrato.csv")
    assert doc.delimitador == ";"
    valores = _dados(ExtratorBancario(), doc, "valor_transacao")
    assert [v["dado"] for v in valores] == ["1.500,00", "-1.450,00"]
    assert valores[0]["metadados"]["contexto_titular"]["cpf"] == "741.852.963-55"


def test_titulo_da_planilha_declara_o_fuso_de_data_e_hora_em_colunas() -> None:
    doc = _xlsx([["Registro de acessos - Horário de Brasília"], [], ["Data", "Hora", "IP", "Porta Origem"],
                 ["10/02/2025", "10:22:31", "189.45.12.100", "51234"]])
    ip = _dados(ExtratorBancario(), doc, "ip_acesso")[0]
    assert ip["metadados"]["instante_utc"] == "2025-02-10T13:22:31Z"
    assert ip["metadados"]["contexto_fuso"]["linha_ou_celula"] == "celula A1"
