"""Conjuntos SIMBA (quebra de sigilo bancário): leitura por tabela, junções e armadilhas.

Cada teste escreve os arquivos como o banco os entrega (TAB, cp1252, CRLF) e lê com o
leitor e o registro de extratores reais.
"""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

from perito.analise import Parametros, analisar
from perito.extratores import registro
from perito.extratores.simba import ExtratorSimba
from perito.leitura.leitor import ler_documento
from perito.principal.agente import cruzar
from perito.validador.agente import validar
from tests.conftest import DATA

CONTAS = ["CODIGO_CHAVE_CONTA", "NUMERO_BANCO", "NUMERO_AGENCIA", "NUMERO_CONTA", "TIPO_CONTA", "DATA_ABERTURA",
          "DATA_ENCERRAMENTO", "TIPO_PESSOA_TITULAR", "CPF_CNPJ_TITULAR", "NOME_TITULAR_CONTA"]
TITULARES = ["CODIGO_CHAVE_TITULAR", "NUMERO_BANCO", "NUMERO_AGENCIA", "NUMERO_CONTA", "TIPO_CONTA",
             "TIPO_RELACIONAMENTO", "TIPO_PESSOA", "CPF_CNPJ", "NOME_TITULAR"]
EXTRATO = ["CODIGO_CHAVE_EXTRATO", "NUMERO_BANCO", "NUMERO_AGENCIA", "NUMERO_CONTA", "TIPO_CONTA",
           "DATA_LANCAMENTO", "NUMERO_DOCUMENTO", "DESCRICAO_LANCAMENTO", "TIPO_LANCAMENTO", "VALOR_LANCAMENTO",
           "NATUREZA_LANCAMENTO", "VALOR_SALDO", "NATUREZA_SALDO", "LOCAL_TRANSACAO"]
OD = ["CODIGO_CHAVE_OD", "CODIGO_CHAVE_EXTRATO", "VALOR_TRANSACAO", "NUMERO_DOCUMENTO_TRANSACAO", "NUMERO_BANCO_OD",
      "NUMERO_AGENCIA_OD", "NUMERO_CONTA_OD", "TIPO_CONTA_OD", "TIPO_PESSOA_OD", "CPF_CNPJ_OD", "NOME_PESSOA_OD"]


def _gravar(pasta: Path, nome: str, linhas: list[list[str]], fim: str = "\r\n") -> Path:
    pasta.mkdir(parents=True, exist_ok=True)
    caminho = pasta / nome
    caminho.write_bytes("".join("\t".join(celulas) + fim for celulas in linhas).encode("cp1252"))
    return caminho


def _ler(caminho: Path, tipo: str = "txt") -> tuple[str, list[dict], list[str]]:
    """(extrator escolhido, dados, alertas) do arquivo."""
    documento = ler_documento(caminho, caminho.name, tipo)
    extrator = registro.escolher(documento)
    resultado = extrator.extrair(documento)
    return extrator.extrator_id, resultado.dados, resultado.alertas


def _da_linha(dados: list[dict], linha: int, campo: str | None = None) -> list[dict]:
    return [d for d in dados if d["linha_ou_celula"] == f"linha {linha}" and (campo is None or d["campo"] == campo)]


def _lancamento(chave, data, descricao, valor, natureza, saldo, conta="304186"):
    return [chave, "989", "1207", conta, "1", data, "000101", descricao, "223", valor, natureza, saldo, "C", "AG 1207"]


# -- EXTRATO ---------------------------------------------------------------------------------


def test_extrato_centavos_data_hora_da_descricao_direcao_e_sem_fuso(tmp_path):
    caminho = _gravar(tmp_path, "CASO_EXTRATO.txt", [
        EXTRATO,
        _lancamento("100", "08012025", "PIX RECEBIDO - 14:27:42", "125090", "C", "125090"),
        _lancamento("101", "08012025", "PIX ENVIADO HR 09:07:55", "120000", "D", "5090"),
        _lancamento("102", "09012025", "TRANSFERÊNCIA 14h27", "5090", "*", "0"),
    ])
    extrator, dados, alertas = _ler(caminho)
    assert extrator == ExtratorSimba.extrator_id and alertas == []
    [credito] = _da_linha(dados, 2, "valor_transacao")
    assert credito["dado"] == "125090" and credito["texto_original"].startswith("100\t989\t1207\t304186")
    meta = credito["metadados"]
    assert (meta["valor"], meta["unidade"], meta["direcao"], meta["meio"]) == ("1250.90", "centavos", "credito", "PIX")
    assert meta["contexto_unidade"] == {"arquivo": "CASO_EXTRATO.txt", "linha_ou_celula": "linha 1",
                                        "texto": "VALOR_LANCAMENTO"}
    assert (meta["data"], meta["hora"], meta["hora_literal"]) == ("08/01/2025", "14:27:42", "14:27:42")
    # o SIMBA não declara fuso: nenhum instante inventado
    assert "instante_utc" not in meta and "fuso_horario_original" not in credito
    assert meta["simba"]["codigo_chave_extrato"] == "100" and meta["simba"]["tabela"] == "EXTRATO"
    assert meta["conta"]["chave"] == "compe:989|1207|304186" and meta["familia_fonte"] == "banco"
    [data] = _da_linha(dados, 2, "data_evento")
    assert (data["dado"], data["metadados"]["data"], data["metadados"]["hora"]) == ("08012025", "08/01/2025", "14:27:42")

    [debito] = _da_linha(dados, 3, "valor_transacao")
    assert (debito["metadados"]["direcao"], debito["metadados"]["hora"]) == ("debito", "09:07:55")
    [sem_natureza] = _da_linha(dados, 4, "valor_transacao")
    assert "direcao" not in sem_natureza["metadados"] and sem_natureza["metadados"]["natureza_nao_informada"]
    assert (sem_natureza["metadados"]["hora"], sem_natureza["metadados"]["hora_literal"]) == ("14:27", "14h27")
    assert sem_natureza["metadados"]["meio"] == "TRANSFERENCIA"


def test_saldo_nao_e_transacao(tmp_path):
    caminho = _gravar(tmp_path, "CASO_EXTRATO.txt", [EXTRATO, _lancamento("1", "08012025", "PIX", "1000", "C", "777777")])
    _, dados, _ = _ler(caminho)
    valores = [d["dado"] for d in dados if d["campo"] == "valor_transacao"]
    assert valores == ["1000"]
    assert not [d for d in dados if "777777" == d["dado"]]
    [valor] = [d for d in dados if d["campo"] == "valor_transacao"]
    assert (valor["metadados"]["saldo_apos"], valor["metadados"]["saldo_apos_valor"]) == ("777777", "7777.77")


def test_nome_na_descricao_sem_o_marcador_de_hora(tmp_path):
    caminho = _gravar(tmp_path, "CASO_EXTRATO.txt", [
        EXTRATO, _lancamento("1", "08012025", "PIX RECEBIDO - ANTONIO MARCOS FERREIRA HR 16:40:03", "1000", "C", "0"),
    ])
    _, dados, _ = _ler(caminho)
    [nome] = [d for d in dados if d["campo"] == "nome_titular"]
    assert nome["dado"] == "ANTONIO MARCOS FERREIRA"
    [valor] = [d for d in dados if d["campo"] == "valor_transacao"]
    assert valor["metadados"]["contraparte"] == "ANTONIO MARCOS FERREIRA"


def test_colunas_em_outra_ordem_e_cabecalho_com_espacos_e_acentos_lf(tmp_path):
    caminho = _gravar(tmp_path, "extrato_banco.txt", [
        ["Valor Lançamento", "Descrição Lançamento", "Natureza Lançamento", "Data Lançamento", "Numero Conta"],
        ["325000", "PIX RECEBIDO 14h27", "C", "03022025", "71552-3"],
    ], fim="\n")
    extrator, dados, _ = _ler(caminho)
    assert extrator == ExtratorSimba.extrator_id  # o cabeçalho decide, sem sufixo no nome
    [valor] = [d for d in dados if d["campo"] == "valor_transacao"]
    assert (valor["dado"], valor["metadados"]["valor"], valor["metadados"]["direcao"]) == ("325000", "3250.00", "credito")
    assert valor["metadados"]["contexto_unidade"]["texto"] == "Valor Lançamento"
    assert [d["dado"] for d in dados if d["campo"] == "data_evento"] == ["03022025"]
    assert [d["dado"] for d in dados if d["campo"] == "conta_bancaria"] == ["71552-3"]


# -- CONTAS e TITULARES ------------------------------------------------------------------------


def test_contas_titular_cpf_e_abertura(tmp_path):
    caminho = _gravar(tmp_path, "CASO_CONTAS.txt", [
        CONTAS, ["1", "989", "1207", "304186", "1", "14122024", "00000000", "1", "48392017579", "FERNANDA ROCHA MENDES"],
    ])
    _, dados, alertas = _ler(caminho)
    assert alertas == []  # 00000000 é encerramento vazio, não data errada
    por_campo = {d["campo"]: d for d in dados}
    assert set(por_campo) == {"conta_bancaria", "data_evento", "cpf", "nome_titular"}
    assert por_campo["data_evento"]["metadados"]["papel"] == "abertura_conta"
    assert por_campo["nome_titular"]["metadados"]["papel"] == "titular"
    assert por_campo["cpf"]["metadados"]["digito_verificador_valido"] is True
    conta = por_campo["conta_bancaria"]["metadados"]["conta"]
    assert (conta["banco"], conta["agencia"], conta["conta"], conta["conta_normalizada"]) == ("989", "1207", "304186",
                                                                                              "304186")
    assert por_campo["nome_titular"]["metadados"]["simba"]["codigo_chave_conta"] == "1"


def test_coluna_extra_sem_nome_mantida_por_posicao_sem_deslocar_as_outras(tmp_path):
    caminho = _gravar(tmp_path, "CASO_TITULARES.txt", [
        TITULARES,
        ["1", "989", "1207", "304186", "1", "T", "1", "48392017579", "FERNANDA ROCHA MENDES",
         "fernanda@example.com", "", "(19) 3251-4400"],
        ["2", "989", "1207", "304186", "1", "R", "1", "70231845979"],  # linha mais curta que o cabeçalho
    ])
    _, dados, _ = _ler(caminho)
    linha2 = {d["campo"]: d for d in _da_linha(dados, 2)}
    assert linha2["nome_titular"]["dado"] == "FERNANDA ROCHA MENDES"
    assert linha2["nome_titular"]["metadados"]["simba"]["coluna"] == "NOME_TITULAR"
    assert linha2["email"]["metadados"]["simba"]["coluna"] == "coluna_sem_nome_10"
    assert linha2["telefone"]["dado"] == "(19) 3251-4400"
    assert linha2["telefone"]["metadados"]["simba"]["coluna"] == "coluna_sem_nome_12"
    assert [d["campo"] for d in _da_linha(dados, 3)] == ["conta_bancaria", "cpf"]


def test_relacionamento_que_nao_e_titular_nao_vira_titular(tmp_path):
    caminho = _gravar(tmp_path, "CASO_TITULARES.txt", [
        TITULARES, ["2", "989", "1207", "304186", "1", "R", "1", "70231845979", "JULIO CESAR MENDES"],
    ])
    _, dados, _ = _ler(caminho)
    [nome] = [d for d in dados if d["campo"] == "nome_titular"]
    assert (nome["metadados"]["papel"], nome["metadados"]["relacionamento"]) == ("relacionado_conta", "R")


# -- ORIGEM_DESTINO ---------------------------------------------------------------------------


def test_origem_destino_da_contraparte_e_a_chave_do_lancamento(tmp_path):
    caminho = _gravar(tmp_path, "CASO_ORIGEM_DESTINO.txt", [
        OD, ["500", "100", "125090", "000101", "001", "0457", "0045123-9", "1", "1", "61520483708",
             "ANTONIO MARCOS FERREIRA"],
    ])
    _, dados, _ = _ler(caminho)
    [valor] = [d for d in dados if d["campo"] == "valor_transacao"]
    meta = valor["metadados"]
    assert (meta["simba"]["codigo_chave_extrato"], meta["simba"]["codigo_chave_od"]) == ("100", "500")
    assert meta["valor"] == "1250.90" and "direcao" not in meta  # a direção vem da linha do extrato
    contraparte = meta["origem_destino"]
    assert (contraparte["cpf_cnpj"], contraparte["nome"], contraparte["tipo_pessoa"]) == (
        "61520483708", "ANTONIO MARCOS FERREIRA", "fisica")
    assert contraparte["conta"]["chave"] == "compe:001|457|451239"
    [conta] = [d for d in dados if d["campo"] == "conta_bancaria"]
    assert conta["dado"] == "0045123-9" and conta["metadados"]["lado"] == "contraparte"


def test_placeholders_sao_extraidos_marcados_e_sem_chave(tmp_path):
    caminho = _gravar(tmp_path, "CASO_ORIGEM_DESTINO.txt", [
        OD, ["501", "101", "50000", "0", "999", "9999", "99999999", "1", "1", "99999999999", "NAO INFORMADO"],
        ["502", "102", "70000", "0", "999", "9999", "99999999", "1", "2", "99999999999999", "NAO-CORRENTISTA"],
    ])
    _, dados, alertas = _ler(caminho)
    assert alertas == []
    marcados = {(d["linha_ou_celula"], d["campo"], d["dado"]) for d in dados if d["metadados"].get("nao_informado")}
    assert marcados == {
        ("linha 2", "conta_bancaria", "99999999"), ("linha 2", "cpf", "99999999999"),
        ("linha 2", "nome_titular", "NAO INFORMADO"),
        ("linha 3", "conta_bancaria", "99999999"), ("linha 3", "outro", "99999999999999"),
        ("linha 3", "nome_titular", "NAO-CORRENTISTA"),
    }
    for d in dados:
        meta = d["metadados"]
        assert "nome_normalizado" not in meta or not meta.get("nao_informado")
        assert "conta_normalizada" not in meta.get("conta", {}) or d["campo"] != "conta_bancaria"
    [valor] = _da_linha(dados, 2, "valor_transacao")
    assert not valor["metadados"].get("nao_informado")  # o valor foi informado
    assert set(valor["metadados"]["origem_destino"]["nao_informado"]) == {"cpf_cnpj", "nome"}


def test_origem_destino_sem_extrato_correspondente_nao_quebra(tmp_path):
    caso = tmp_path / "caso"
    _gravar(caso, "CASO_EXTRATO.txt", [EXTRATO, _lancamento("1", "08012025", "PIX", "1000", "C", "1000")])
    _gravar(caso, "CASO_ORIGEM_DESTINO.txt", [
        OD, ["9", "404", "1000", "0", "001", "0457", "0045123-9", "1", "1", "61520483708", "ANTONIO MARCOS FERREIRA"],
    ])
    resultado = analisar(Parametros(caso, tmp_path / "saida", data_analise=DATA))
    [lote] = resultado.lotes
    assert lote["extrator_id"] == ExtratorSimba.extrator_id and lote["status"] == "OK"
    od = [d for d in lote["dados_extraidos"] if d["arquivo_fonte"] == "CASO_ORIGEM_DESTINO.txt"]
    assert {d["campo"] for d in od} == {"valor_transacao", "conta_bancaria", "cpf", "nome_titular"}


# -- tabelas que o leiaute não descreve, reconhecimento e hostis ------------------------------------


def test_tabela_desconhecida_e_agencias_sem_papeis_inventados(tmp_path):
    desconhecida = _gravar(tmp_path, "CASO_CARTOES.txt", [
        ["NUMERO_BANCO", "NUMERO_AGENCIA", "NUMERO_CONTA", "NUMERO_CARTAO", "DATA_ABERTURA", "NOME_PORTADOR", "OBS"],
        ["989", "1207", "304186", "5500000000000004", "14122024", "FERNANDA ROCHA MENDES", "(19) 3251-4400"],
    ])
    extrator, dados, alertas = _ler(desconhecida)
    assert extrator == ExtratorSimba.extrator_id and alertas == []
    campos = {d["campo"]: d for d in dados}
    assert set(campos) == {"conta_bancaria", "data_evento", "telefone"}  # o nome não tem papel garantido
    assert "papel" not in campos["data_evento"]["metadados"]  # abertura do quê? não se diz
    assert campos["telefone"]["metadados"]["simba"]["tabela"] == "DESCONHECIDA"

    agencias = _gravar(tmp_path, "CASO_AGENCIAS.txt", [
        ["NUMERO_BANCO", "NUMERO_AGENCIA", "NOME_AGENCIA", "ENDERECO_LOGRADOURO", "DATA_ABERTURA"],
        ["989", "1207", "AG CAMPINAS CENTRO", "AV FRANCISCO GLICERIO, 1000", "01021990"],
    ])
    _, dados, _ = _ler(agencias)
    assert [(d["campo"], d["dado"], d["metadados"].get("papel")) for d in dados] == [("data_evento", "01021990", None)]
    assert dados[0]["metadados"]["simba"]["tabela"] == "AGENCIAS"


def test_nome_de_arquivo_sozinho_nao_faz_simba(tmp_path):
    caminho = tmp_path / "IPL_EXTRATO.txt"
    caminho.write_text("Boletim de Ocorrência nº 9/2025 - Delegacia de Polícia\nA vítima relatou.\n", encoding="utf-8")
    extrator, _, _ = _ler(caminho)
    assert extrator != ExtratorSimba.extrator_id
    cabecalho_comum = _gravar(tmp_path, "CASO_EXTRATO.txt", [["Data", "Valor", "Saldo"], ["08/01/2025", "10,00", "0"]])
    assert _ler(cabecalho_comum)[0] != ExtratorSimba.extrator_id


def test_celulas_do_leitor_de_tabela_sao_usadas_quando_existem(tmp_path):
    linhas = [EXTRATO, _lancamento("1", "08012025", "PIX HR 09:07:55", "1000", "C", "1000")]
    como_texto = _ler(_gravar(tmp_path, "A_EXTRATO.txt", linhas))[1]
    como_tabela = _ler(_gravar(tmp_path, "A_EXTRATO.tsv", linhas), tipo="csv")[1]
    assert [(d["campo"], d["dado"], d["linha_ou_celula"]) for d in como_tabela] == [
        (d["campo"], d["dado"], d["linha_ou_celula"]) for d in como_texto]
    assert len(como_texto) == 3


def test_linha_de_5000_colunas_tem_desfecho_definido_e_memoria_limitada(tmp_path):
    caminho = _gravar(tmp_path, "CASO_TITULARES.txt", [
        TITULARES,
        ["1", "989", "1207", "304186", "1", "T", "1", "48392017579", "FERNANDA ROCHA MENDES"]
        + ["fulano@example.com"] * 4991,
    ])
    documento = ler_documento(caminho, caminho.name, "txt")
    tracemalloc.start()
    resultado = ExtratorSimba().extrair(documento)
    _, pico = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert pico < 30_000_000
    assert any("mais de 1000 colunas" in a for a in resultado.alertas)
    emails = [d for d in resultado.dados if d["campo"] == "email"]
    assert len(emails) == 1000 - len(TITULARES)  # as primeiras 1000 colunas, nenhuma além
    assert emails[-1]["metadados"]["simba"]["coluna"] == "coluna_sem_nome_1000"
    assert [d["dado"] for d in resultado.dados if d["campo"] == "nome_titular"] == ["FERNANDA ROCHA MENDES"]


# -- o principal e o validador com dados SIMBA ------------------------------------------------------


def _dado(campo: str, literal: str, arquivo: str, familia: str, **meta) -> dict:
    return {"dado": literal, "campo": campo, "arquivo_fonte": arquivo, "pagina": None, "linha_ou_celula": "linha 2",
            "texto_original": literal, "tipo_dado": "pessoa", "metadados": {"familia_fonte": familia, **meta}}


def _lote(extrator_id: str, dados: list[dict]) -> dict:
    return {"extrator_id": extrator_id, "status": "OK", "arquivos_processados": [], "dados_extraidos": dados,
            "alertas": [], "total_dados": len(dados)}


def test_principal_nunca_usa_dado_nao_informado_como_chave():
    def lotes(marcado: bool) -> list[dict]:
        extra = {"nao_informado": True} if marcado else {}
        return [
            _lote("extrator_simba_01", [
                _dado("nome_titular", "NAO INFORMADO", "A_ORIGEM_DESTINO.txt", "banco",
                      nome_normalizado="nao informado", papel="contraparte", **extra),
                {**_dado("cpf", "99999999999", "A_ORIGEM_DESTINO.txt", "banco", digitos="99999999999",
                         digito_verificador_valido=True, **extra), "tipo_dado": "documento"},
            ]),
            _lote("extrator_operadora_01", [
                _dado("nome_titular", "NAO INFORMADO", "cadastro.csv", "operadora", nome_normalizado="nao informado",
                      papel="titular"),
                {**_dado("cpf", "99999999999", "cadastro.csv", "operadora", digitos="99999999999",
                         digito_verificador_valido=True), "tipo_dado": "documento"},
            ]),
        ]

    # com a marca do extrator ou sem ela (lote de outra ferramenta), o principal reconhece o marcador pelo valor
    # (`chaves.marcadores`): "NAO INFORMADO" com 99999999999 nos dois lados não é convergência de ninguém
    assert cruzar(lotes(False), "T", DATA)["conclusoes"] == []
    assert cruzar(lotes(True), "T", DATA)["conclusoes"] == []


def test_validador_reencontra_cada_dado_simba_na_sua_linha(tmp_path):
    caso = tmp_path / "caso"
    _gravar(caso, "CASO_EXTRATO.txt", [EXTRATO, _lancamento("100", "08012025", "PIX RECEBIDO HR 09:07:55", "125090",
                                                            "C", "125090")])
    _gravar(caso, "CASO_ORIGEM_DESTINO.txt", [
        OD, ["500", "100", "125090", "000101", "001", "0457", "0045123-9", "1", "1", "61520483708",
             "ANTONIO MARCOS FERREIRA"],
    ])
    resultado = analisar(Parametros(caso, tmp_path / "saida", data_analise=DATA))
    dados = resultado.lotes[0]["dados_extraidos"]
    referencias = [{"arquivo": d["arquivo_fonte"], "pagina": None, "linha_ou_celula": d["linha_ou_celula"],
                    "dado_citado": d["dado"], "extrator_id": "extrator_simba_01"} for d in dados]
    assert len(referencias) == 7  # extrato: conta, data, valor; origem/destino: valor, conta, CPF, nome

    def validar_com(refs: list[dict]) -> list[str]:
        conclusoes = {"conclusoes": [{"id": 1, "tipo": "outro", "afirmacao": "Dados do SIMBA.",
                                      "grau_confianca": "fraco", "referencias": refs, "validacao": None}],
                      "caso_id": "T", "data_analise": DATA}
        return [d["status"] for d in validar(conclusoes, caso, DATA)["validacoes"][0]["detalhes"]]

    assert validar_com(referencias) == ["VERIFICADO"] * len(referencias)
    cpf = next(r for r in referencias if r["dado_citado"] == "61520483708")
    assert validar_com([{**cpf, "dado_citado": "61520483709"}]) != ["VERIFICADO"]
    assert json.dumps(dados, ensure_ascii=False).count("125090") >= 2


def test_copia_regravada_com_ponto_e_virgula_ainda_e_lida_pelas_colunas(tmp_path):
    caminho = tmp_path / "CASO_CONTAS.txt"
    caminho.write_bytes(("\r\n".join([";".join(CONTAS), "1;989;1207;30418-6;1;14122024;;1;48392017579;FERNANDA"])
                         + "\r\n").encode("cp1252"))
    extrator, dados, _ = _ler(caminho)
    assert extrator == ExtratorSimba.extrator_id
    assert [(d["campo"], d["dado"]) for d in dados] == [
        ("conta_bancaria", "30418-6"), ("data_evento", "14122024"), ("cpf", "48392017579"), ("nome_titular", "FERNANDA")]
    assert dados[0]["metadados"]["conta"]["conta_normalizada"] == "304186"


def test_issue_27_linhas_da_mesma_conta_citam_a_mesma_conta_montada_uma_vez(tmp_path):
    """Numa quebra de sigilo de 100 mil linhas, quase todas as linhas do EXTRATO são da mesma conta: montada uma vez
    por tabela, os dados de todas as linhas citam o mesmo dicionário (a memória do principal e o tempo de montá-la
    não crescem com as linhas). Outra conta, e a conta escrita doutro jeito, são outras; a de marcador ("não
    informado") segue sem forma normalizada."""
    caminho = _gravar(tmp_path, "CASO_EXTRATO.txt", [
        EXTRATO,
        _lancamento("1", "08012025", "PIX RECEBIDO", "1000", "C", "1000"),
        _lancamento("2", "08012025", "PIX ENVIADO", "900", "D", "100"),
        _lancamento("3", "09012025", "PIX RECEBIDO", "500", "C", "600", conta="551122"),
        _lancamento("4", "09012025", "PIX RECEBIDO", "500", "C", "1100", conta="0304186"),
        _lancamento("5", "10012025", "PIX RECEBIDO", "500", "C", "1600", conta="99999999"),
    ])
    _, dados, _ = _ler(caminho)
    contas = {n: [d["metadados"]["conta"] for d in _da_linha(dados, n) if "conta" in d["metadados"]] for n in range(2, 7)}
    assert all(len(c) >= 2 for c in contas.values())
    assert contas[2][0] is contas[3][0] and all(c is contas[2][0] for c in contas[2] + contas[3])
    assert contas[4][0] is not contas[2][0] and contas[4][0]["conta_normalizada"] == "551122"
    # a mesma conta com zero à esquerda: a mesma chave normalizada, mas o texto escrito é outro (dicionário próprio)
    assert contas[5][0] is not contas[2][0] and contas[5][0]["chave"] == contas[2][0]["chave"]
    assert contas[5][0]["conta"] == "0304186" and contas[2][0]["conta"] == "304186"
    assert "conta_normalizada" not in contas[6][0] and contas[6][0]["nao_informado"] == ["conta"]
