"""Variantes SIMBA: dois conjuntos de quebra de sigilo bancário com leiautes diferentes.

Escritos a partir de ../shared/FORMATOS.md §4 (leiaute BACEN: um arquivo TAB por
tabela, 1ª linha com os nomes das colunas, cp1252, centavos, datas DDMMYYYY, hora
dentro da descrição, corridas de 9 e NAO INFORMADO no lugar do que falta).

- `IPL-0457-2025_*`: CRLF, colunas na ordem do leiaute, com `_AGENCIAS`, colunas a mais
  sem nome em `_TITULARES`, hora como `HR 09:07:55`, conta sem hífen (`304186`),
  contraparte pessoa jurídica, um representante da conta.
- `QS-2024-0199_*`: LF, colunas em outra ordem, cabeçalho do extrato com espaços e
  acentos (`Data Lançamento`), banco pelo ISPB, CPF em campo de 14 posições, hora
  `14h27`, depósitos em espécie com banco 999 / agência 9999 / conta 99999999 /
  CPF 99999999999, natureza `*`, e ORIGEM_DESTINO faltando para algumas linhas.

Tudo fictício. A verdade de cada linha segue examples/verdade/LEIAME.md (seção SIMBA):
a conta é a célula do número da conta, o valor é o literal em centavos, o saldo não é
transação, as chaves CODIGO_CHAVE_*, tipos, naturezas e a hora da descrição não são dados.
"""

from __future__ import annotations

from pathlib import Path

from geradores.existentes import gabarito_linhas
from geradores.verdade import d

A = "IPL-0457-2025"
B = "QS-2024-0199"


def _linhas(cabecalho: list[str], registros: list[tuple[dict[str, str], list]]) -> list[tuple[str, list]]:
    """Cabeçalho e uma linha por registro, as células na ordem do cabeçalho (ausente = vazio)."""
    desconhecidas = {c for r, _ in registros for c in r if not c.startswith("+") and c not in cabecalho}
    assert not desconhecidas, desconhecidas
    linhas = [("\t".join(cabecalho), [])]
    for celulas, dados in registros:
        extras = [v for c, v in celulas.items() if c.startswith("+")]  # além do cabeçalho, sem nome
        linhas.append(("\t".join([celulas.get(c, "") for c in cabecalho] + extras), dados))
    return linhas


def _gravar(pasta: Path, nome: str, linhas: list[tuple[str, list]], fim: str) -> list[dict]:
    (pasta / nome).write_bytes("".join(t + fim for t, _ in linhas).encode("cp1252"))
    return gabarito_linhas(nome, linhas)


# --- conjunto A: ordem do leiaute, CRLF ---------------------------------------------------

CONTA_A = {"NUMERO_BANCO": "989", "NUMERO_AGENCIA": "1207", "NUMERO_CONTA": "304186", "TIPO_CONTA": "1"}

AGENCIAS_A = _linhas(
    ["NUMERO_BANCO", "NUMERO_AGENCIA", "NOME_AGENCIA", "ENDERECO_LOGRADOURO", "ENDERECO_CIDADE", "ENDERECO_UF",
     "ENDERECO_CEP", "NUMERO_TELEFONE"],
    [({"NUMERO_BANCO": "989", "NUMERO_AGENCIA": "1207", "NOME_AGENCIA": "AG CAMPINAS CENTRO",
       "ENDERECO_LOGRADOURO": "AV FRANCISCO GLICERIO, 1000", "ENDERECO_CIDADE": "CAMPINAS", "ENDERECO_UF": "SP",
       "ENDERECO_CEP": "13012000", "NUMERO_TELEFONE": "1932514400"},
      [d("telefone", "1932514400")])],
)

CONTAS_A = _linhas(
    ["CODIGO_CHAVE_CONTA", "NUMERO_BANCO", "NUMERO_AGENCIA", "NUMERO_CONTA", "TIPO_CONTA", "DATA_ABERTURA",
     "DATA_ENCERRAMENTO", "TIPO_PESSOA_TITULAR", "CPF_CNPJ_TITULAR", "NOME_TITULAR_CONTA"],
    [({"CODIGO_CHAVE_CONTA": "1", **CONTA_A, "DATA_ABERTURA": "14122024", "TIPO_PESSOA_TITULAR": "1",
       "CPF_CNPJ_TITULAR": "48392017579", "NOME_TITULAR_CONTA": "FERNANDA ROCHA MENDES"},
      [d("conta_bancaria", "304186"), d("data_evento", "14122024"), d("cpf", "48392017579"),
       d("nome_titular", "FERNANDA ROCHA MENDES")])],
)

TITULARES_A = _linhas(
    ["CODIGO_CHAVE_TITULAR", "NUMERO_BANCO", "NUMERO_AGENCIA", "NUMERO_CONTA", "TIPO_CONTA", "TIPO_RELACIONAMENTO",
     "TIPO_PESSOA", "CPF_CNPJ", "NOME_TITULAR", "NOME_DOC_IDENTIFICACAO", "NUMERO_DOC_IDENTIFICACAO",
     "ENDERECO_LOGRADOURO", "ENDERECO_CIDADE", "ENDERECO_UF", "ENDERECO_CEP", "NUMERO_TELEFONE", "VALOR_RENDA",
     "DATA_ATUALIZACAO_RENDA"],
    [({"CODIGO_CHAVE_TITULAR": "1", **CONTA_A, "TIPO_RELACIONAMENTO": "T", "TIPO_PESSOA": "1",
       "CPF_CNPJ": "48392017579", "NOME_TITULAR": "FERNANDA ROCHA MENDES", "NOME_DOC_IDENTIFICACAO": "RG",
       "NUMERO_DOC_IDENTIFICACAO": "482137709", "ENDERECO_LOGRADOURO": "RUA DOS IPÊS, 88, CASA 2",
       "ENDERECO_CIDADE": "CAMPINAS", "ENDERECO_UF": "SP", "ENDERECO_CEP": "13087000",
       "NUMERO_TELEFONE": "19988776655", "VALOR_RENDA": "180000", "DATA_ATUALIZACAO_RENDA": "14122024",
       # duas colunas a mais que o cabeçalho não nomeia
       "+1": "fernanda.mendes@example.com", "+2": "(19) 3251-4400"},
      [d("cpf", "48392017579"), d("nome_titular", "FERNANDA ROCHA MENDES"), d("conta_bancaria", "304186"),
       d("endereco", "RUA DOS IPÊS, 88, CASA 2"), d("telefone", "19988776655"), d("outro", "180000"),
       d("data_evento", "14122024"), d("email", "fernanda.mendes@example.com"), d("telefone", "(19) 3251-4400")]),
     ({"CODIGO_CHAVE_TITULAR": "2", **CONTA_A, "TIPO_RELACIONAMENTO": "R", "TIPO_PESSOA": "1",
       "CPF_CNPJ": "70231845979", "NOME_TITULAR": "JÚLIO CÉSAR MENDES", "ENDERECO_LOGRADOURO": "RUA DOS IPÊS, 88",
       "ENDERECO_CIDADE": "CAMPINAS", "ENDERECO_UF": "SP", "VALOR_RENDA": "0", "+1": "SEM EMAIL"},
      [d("cpf", "70231845979"), d("nome_titular", "JÚLIO CÉSAR MENDES"), d("conta_bancaria", "304186"),
       d("endereco", "RUA DOS IPÊS, 88"), d("outro", "0")])],
)

EXTRATO_CABECALHO = ["CODIGO_CHAVE_EXTRATO", "NUMERO_BANCO", "NUMERO_AGENCIA", "NUMERO_CONTA", "TIPO_CONTA",
                     "DATA_LANCAMENTO", "NUMERO_DOCUMENTO", "DESCRICAO_LANCAMENTO", "TIPO_LANCAMENTO",
                     "VALOR_LANCAMENTO", "NATUREZA_LANCAMENTO", "VALOR_SALDO", "NATUREZA_SALDO", "LOCAL_TRANSACAO"]


def _lancamento_a(chave, data, documento, descricao, tipo, valor, natureza, saldo, nomes=()):
    celulas = {"CODIGO_CHAVE_EXTRATO": chave, **CONTA_A, "DATA_LANCAMENTO": data, "NUMERO_DOCUMENTO": documento,
               "DESCRICAO_LANCAMENTO": descricao, "TIPO_LANCAMENTO": tipo, "VALOR_LANCAMENTO": valor,
               "NATUREZA_LANCAMENTO": natureza, "VALOR_SALDO": saldo, "NATUREZA_SALDO": "C",
               "LOCAL_TRANSACAO": "AG 1207"}
    dados = [d("conta_bancaria", "304186"), d("data_evento", data), *[d("nome_titular", n) for n in nomes],
             d("valor_transacao", valor)]
    return celulas, dados


EXTRATO_A = _linhas(EXTRATO_CABECALHO, [
    _lancamento_a("100", "08012025", "000101", "PIX RECEBIDO HR 09:07:55", "223", "125090", "C", "125090"),
    _lancamento_a("101", "08012025", "000102", "PIX ENVIADO HR 09:21:14", "120", "120000", "D", "5090"),
    _lancamento_a("102", "10012025", "000103", "TED RECEBIDA - LOJA VIRTUAL ALFA LTDA HR 16:40:03", "209",
                  "480000", "C", "485090", nomes=["LOJA VIRTUAL ALFA LTDA"]),
    _lancamento_a("103", "10012025", "000104", "SAQUE AUTOATENDIMENTO HR 17:02:10", "114", "450000", "D", "35090"),
    _lancamento_a("104", "11012025", "000105", "TARIFA PACOTE SERVICOS", "105", "3500", "D", "31590"),
])

ORIGEM_DESTINO_A = _linhas(
    ["CODIGO_CHAVE_OD", "CODIGO_CHAVE_EXTRATO", "VALOR_TRANSACAO", "NUMERO_DOCUMENTO_TRANSACAO", "NUMERO_BANCO_OD",
     "NUMERO_AGENCIA_OD", "NUMERO_CONTA_OD", "TIPO_CONTA_OD", "TIPO_PESSOA_OD", "CPF_CNPJ_OD", "NOME_PESSOA_OD",
     "NOME_DOC_IDENTIFICACAO_OD", "NUMERO_DOC_IDENTIFICACAO_OD"],
    [({"CODIGO_CHAVE_OD": "500", "CODIGO_CHAVE_EXTRATO": "100", "VALOR_TRANSACAO": "125090",
       "NUMERO_DOCUMENTO_TRANSACAO": "000101", "NUMERO_BANCO_OD": "001", "NUMERO_AGENCIA_OD": "0457",
       "NUMERO_CONTA_OD": "0045123-9", "TIPO_CONTA_OD": "1", "TIPO_PESSOA_OD": "1", "CPF_CNPJ_OD": "61520483708",
       "NOME_PESSOA_OD": "ANTONIO MARCOS FERREIRA"},
      [d("valor_transacao", "125090"), d("conta_bancaria", "0045123-9"), d("cpf", "61520483708"),
       d("nome_titular", "ANTONIO MARCOS FERREIRA")]),
     ({"CODIGO_CHAVE_OD": "501", "CODIGO_CHAVE_EXTRATO": "101", "VALOR_TRANSACAO": "120000",
       "NUMERO_DOCUMENTO_TRANSACAO": "000102", "NUMERO_BANCO_OD": "260", "NUMERO_AGENCIA_OD": "0001",
       "NUMERO_CONTA_OD": "88123-0", "TIPO_CONTA_OD": "1", "TIPO_PESSOA_OD": "1", "CPF_CNPJ_OD": "83914502606",
       "NOME_PESSOA_OD": "LUCAS PEREIRA DUARTE"},
      [d("valor_transacao", "120000"), d("conta_bancaria", "88123-0"), d("cpf", "83914502606"),
       d("nome_titular", "LUCAS PEREIRA DUARTE")]),
     ({"CODIGO_CHAVE_OD": "502", "CODIGO_CHAVE_EXTRATO": "102", "VALOR_TRANSACAO": "480000",
       "NUMERO_DOCUMENTO_TRANSACAO": "000103", "NUMERO_BANCO_OD": "341", "NUMERO_AGENCIA_OD": "3150",
       "NUMERO_CONTA_OD": "0098761", "TIPO_CONTA_OD": "1", "TIPO_PESSOA_OD": "2", "CPF_CNPJ_OD": "31845672000121",
       "NOME_PESSOA_OD": "LOJA VIRTUAL ALFA LTDA"},
      [d("valor_transacao", "480000"), d("conta_bancaria", "0098761"), d("outro", "31845672000121"),
       d("nome_titular", "LOJA VIRTUAL ALFA LTDA")])],
)


# --- conjunto B: outra ordem, LF, ISPB, depósitos em espécie ---------------------------------

CONTA_B = {"NUMERO_BANCO": "48756102", "NUMERO_AGENCIA": "0032", "NUMERO_CONTA": "71552-3"}

CONTAS_B = _linhas(
    ["NOME_TITULAR_CONTA", "CPF_CNPJ_TITULAR", "TIPO_PESSOA_TITULAR", "NUMERO_CONTA", "NUMERO_AGENCIA",
     "NUMERO_BANCO", "CODIGO_CHAVE_CONTA", "TIPO_CONTA", "DATA_ENCERRAMENTO", "DATA_ABERTURA"],
    [({"NOME_TITULAR_CONTA": "RAFAEL NUNES BARBOSA", "CPF_CNPJ_TITULAR": "00027465901316",
       "TIPO_PESSOA_TITULAR": "1", **CONTA_B, "CODIGO_CHAVE_CONTA": "C-01", "TIPO_CONTA": "2",
       "DATA_ENCERRAMENTO": "00000000", "DATA_ABERTURA": "20112024"},
      [d("nome_titular", "RAFAEL NUNES BARBOSA"), d("cpf", "00027465901316"), d("conta_bancaria", "71552-3"),
       d("data_evento", "20112024")])],
)

TITULARES_B = _linhas(
    ["NOME_TITULAR", "CPF_CNPJ", "TIPO_PESSOA", "NUMERO_BANCO", "NUMERO_AGENCIA", "NUMERO_CONTA",
     "CODIGO_CHAVE_TITULAR", "DATA_INICIO_RELACIONAMENTO", "ENDERECO_LOGRADOURO"],
    [({"NOME_TITULAR": "RAFAEL NUNES BARBOSA", "CPF_CNPJ": "27465901316", "TIPO_PESSOA": "1", **CONTA_B,
       "CODIGO_CHAVE_TITULAR": "T-01", "DATA_INICIO_RELACIONAMENTO": "20112024",
       "ENDERECO_LOGRADOURO": "NAO INFORMADO"},
      [d("nome_titular", "RAFAEL NUNES BARBOSA"), d("cpf", "27465901316"), d("conta_bancaria", "71552-3"),
       d("data_evento", "20112024"), d("endereco", "NAO INFORMADO")])],
)

EXTRATO_B_CABECALHO = ["Data Lançamento", "Valor Lançamento", "Natureza Lançamento", "Descrição Lançamento",
                       "Codigo Chave Extrato", "Numero Conta", "Numero Agencia", "Numero Banco",
                       "Tipo Lançamento", "Valor Saldo", "Natureza Saldo", "Numero Documento"]


def _lancamento_b(chave, data, valor, natureza, descricao, tipo, saldo, nomes=()):
    celulas = {"Data Lançamento": data, "Valor Lançamento": valor, "Natureza Lançamento": natureza,
               "Descrição Lançamento": descricao, "Codigo Chave Extrato": chave,
               "Numero Conta": CONTA_B["NUMERO_CONTA"], "Numero Agencia": CONTA_B["NUMERO_AGENCIA"],
               "Numero Banco": CONTA_B["NUMERO_BANCO"], "Tipo Lançamento": tipo, "Valor Saldo": saldo,
               "Natureza Saldo": "C", "Numero Documento": chave.replace("X", "9")}
    dados = [d("data_evento", data), d("valor_transacao", valor), *[d("nome_titular", n) for n in nomes],
             d("conta_bancaria", "71552-3")]
    return celulas, dados


EXTRATO_B = _linhas(EXTRATO_B_CABECALHO, [
    _lancamento_b("X1", "02022025", "50000", "C", "DEPOSITO EM ESPECIE", "220", "50000"),
    _lancamento_b("X2", "02022025", "70000", "C", "DEP DINHEIRO CAIXA", "220", "120000"),
    _lancamento_b("X3", "03022025", "325000", "C", "PIX RECEBIDO 14h27", "223", "445000"),
    _lancamento_b("X4", "03022025", "300000", "D", "PIX ENVIADO - RNB SERVICOS DIGITAIS LTDA 14h51", "120",
                  "145000", nomes=["RNB SERVICOS DIGITAIS LTDA"]),
    _lancamento_b("X5", "04022025", "1990", "D", "TARIFA", "105", "143010"),
    _lancamento_b("X6", "05022025", "10000", "*", "ESTORNO", "999", "143010"),
])

ORIGEM_DESTINO_B = _linhas(
    ["CODIGO_CHAVE_EXTRATO", "NOME_PESSOA_OD", "CPF_CNPJ_OD", "TIPO_PESSOA_OD", "NUMERO_BANCO_OD",
     "NUMERO_AGENCIA_OD", "NUMERO_CONTA_OD", "VALOR_TRANSACAO", "CODIGO_CHAVE_OD", "OBSERVACAO"],
    [({"CODIGO_CHAVE_EXTRATO": "X1", "NOME_PESSOA_OD": "NAO INFORMADO", "CPF_CNPJ_OD": "99999999999",
       "TIPO_PESSOA_OD": "1", "NUMERO_BANCO_OD": "999", "NUMERO_AGENCIA_OD": "9999", "NUMERO_CONTA_OD": "99999999",
       "VALOR_TRANSACAO": "50000", "CODIGO_CHAVE_OD": "OD-1", "OBSERVACAO": "NAO-CORRENTISTA"},
      [d("nome_titular", "NAO INFORMADO"), d("cpf", "99999999999"), d("conta_bancaria", "99999999"),
       d("valor_transacao", "50000")]),
     ({"CODIGO_CHAVE_EXTRATO": "X2", "NOME_PESSOA_OD": "NAO-CORRENTISTA", "CPF_CNPJ_OD": "99999999999",
       "TIPO_PESSOA_OD": "1", "NUMERO_BANCO_OD": "999", "NUMERO_AGENCIA_OD": "9999", "NUMERO_CONTA_OD": "99999999",
       "VALOR_TRANSACAO": "70000", "CODIGO_CHAVE_OD": "OD-2"},
      [d("nome_titular", "NAO-CORRENTISTA"), d("cpf", "99999999999"), d("conta_bancaria", "99999999"),
       d("valor_transacao", "70000")]),
     ({"CODIGO_CHAVE_EXTRATO": "X3", "NOME_PESSOA_OD": "CLAUDIA REGINA SOUZA", "CPF_CNPJ_OD": "35678190202",
       "TIPO_PESSOA_OD": "1", "NUMERO_BANCO_OD": "00000000", "NUMERO_AGENCIA_OD": "2210",
       "NUMERO_CONTA_OD": "000001983345", "VALOR_TRANSACAO": "325000", "CODIGO_CHAVE_OD": "OD-3"},
      [d("nome_titular", "CLAUDIA REGINA SOUZA"), d("cpf", "35678190202"), d("conta_bancaria", "000001983345"),
       d("valor_transacao", "325000")]),
     # X4 (o repasse) tem origem/destino; X5 (tarifa) e X6 (estorno) não: falta normal no SIMBA
     ({"CODIGO_CHAVE_EXTRATO": "X4", "NOME_PESSOA_OD": "RNB SERVICOS DIGITAIS LTDA",
       "CPF_CNPJ_OD": "12093456000122", "TIPO_PESSOA_OD": "2", "NUMERO_BANCO_OD": "18236120",
       "NUMERO_AGENCIA_OD": "0001", "NUMERO_CONTA_OD": "7781020-4", "VALOR_TRANSACAO": "300000",
       "CODIGO_CHAVE_OD": "OD-4"},
      [d("nome_titular", "RNB SERVICOS DIGITAIS LTDA"), d("outro", "12093456000122"),
       d("conta_bancaria", "7781020-4"), d("valor_transacao", "300000")])],
)


def gerar(pasta: Path) -> dict[str, list[dict]]:
    gabaritos = {}
    for nome, linhas in ((f"{A}_AGENCIAS.txt", AGENCIAS_A), (f"{A}_CONTAS.txt", CONTAS_A),
                         (f"{A}_TITULARES.txt", TITULARES_A), (f"{A}_EXTRATO.txt", EXTRATO_A),
                         (f"{A}_ORIGEM_DESTINO.txt", ORIGEM_DESTINO_A)):
        gabaritos[nome] = _gravar(pasta, nome, linhas, "\r\n")
    for nome, linhas in ((f"{B}_CONTAS.txt", CONTAS_B), (f"{B}_TITULARES.txt", TITULARES_B),
                         (f"{B}_EXTRATO.txt", EXTRATO_B), (f"{B}_ORIGEM_DESTINO.txt", ORIGEM_DESTINO_B)):
        gabaritos[nome] = _gravar(pasta, nome, linhas, "\n")
    return gabaritos
