"""Valor monetário em cada notação, decidida por coluna, com o sinal de cada forma de débito.

Propriedade: centavos → escritos em cada notação (brasileira, americana, ponto, centavos) e com cada forma de
débito → lidos de volta iguais. Armadilhas: número solto sem marca (ano, documento, CEP, porta) não é valor;
uma coluna que mistura notações não é adivinhada; inteiro só é centavos quando o cabeçalho diz.
Extratos pequenos de verdade (CSV, XLSX, JSON, PDF) escritos no tmp_path passam pelo leitor e pelo extrator.
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from perito.chaves import dinheiro, mascara
from perito.chaves.valores import decompor
from perito.extratores.bancario import ExtratorBancario
from perito.extratores.reconhecedores import reconhecer
from perito.leitura.leitor import ler_documento


def _escrever(centavos: int, notacao: str) -> str:
    reais, resto = divmod(centavos, 100)
    if notacao == "br":
        return f"{reais:,}".replace(",", ".") + f",{resto:02d}"
    if notacao == "br_sem_milhar":
        return f"{reais},{resto:02d}"
    if notacao == "us":
        return f"{reais:,}.{resto:02d}"
    if notacao == "ponto":
        return f"{reais}.{resto:02d}"
    return str(centavos)


_LEITURA = {"br": "br", "br_sem_milhar": "br", "us": "us", "ponto": "us", "centavos": "centavos"}


@given(st.integers(min_value=0, max_value=10**11), st.sampled_from(list(_LEITURA)),
       st.sampled_from(["", "menos", "parenteses", "natureza_d", "menos_depois"]))
def test_centavos_escritos_em_cada_notacao_e_debito_voltam_iguais(centavos: int, notacao: str, debito: str) -> None:
    texto = _escrever(centavos, notacao)
    texto = {"": texto, "menos": f"-{texto}", "parenteses": f"({texto})", "natureza_d": f"{texto} D",
             "menos_depois": f"{texto}-"}[debito]
    lido = dinheiro.ler(texto, _LEITURA[notacao])
    assert lido is not None
    esperado = Decimal(centavos) / 100
    assert lido.quantia == (-esperado if debito and centavos else esperado)
    assert lido.natureza == ("D" if debito == "natureza_d" else None)


@given(st.lists(st.integers(min_value=0, max_value=10**9), min_size=1, max_size=8), st.sampled_from(["br", "us"]))
def test_notacao_da_coluna_pelos_valores_dela(lista: list[int], notacao: str) -> None:
    textos = [_escrever(c, notacao) for c in lista]
    assert dinheiro.notacao_da_coluna(textos) == notacao
    assert all(dinheiro.ler(t, notacao).quantia == Decimal(c) / 100 for t, c in zip(textos, lista, strict=True))


def test_coluna_decide_o_que_uma_celula_sozinha_nao_decide() -> None:
    # "1.234" é milhar brasileiro numa coluna brasileira e ilegível sozinho
    assert dinheiro.notacao_da_coluna(["1.234", "56,78"]) == "br"
    assert dinheiro.ler("1.234", "br").quantia == Decimal("1234.00")
    assert dinheiro.ler("1.234") is None
    assert dinheiro.notacao_da_coluna(["1,234", "9.50"]) == "us"
    assert dinheiro.ler("1,234", "us").quantia == Decimal("1234.00")


def test_armadilhas_da_coluna() -> None:
    assert dinheiro.notacao_da_coluna(["1.234,56", "1,234.56"]) is None  # duas notações: conflito, nada adivinhado
    assert dinheiro.notacao_da_coluna(["123456", "990"]) is None  # inteiros sem cabeçalho que diga centavos
    assert dinheiro.notacao_da_coluna(["123456", "990"], "Valor (centavos)") == "centavos"
    assert dinheiro.notacao_da_coluna(["12,50"], "Valor (centavos)") is None  # decimal numa coluna de centavos
    assert dinheiro.ler("1.234,56", "us") is None
    assert dinheiro.ler("123456") is None


@pytest.mark.parametrize("texto", [
    "Ano 2023", "CEP 01310-100", "porta 8080", "Nº documento 123456", "versão 2.25", "saldo 1230.00",
    "conta 12345-6", "IP 10.20.30.40",
])
def test_numero_solto_sem_marca_em_texto_corrido_nao_e_valor(texto: str) -> None:
    assert [a for a in reconhecer(texto) if a.campo == "valor_transacao"] == []


def test_em_texto_corrido_valem_a_notacao_brasileira_e_o_rs() -> None:
    [a] = [a for a in reconhecer("PIX RECEBIDO R$ 1,230.00 de fulano") if a.campo == "valor_transacao"]
    assert a.metadados["valor"] == "1230.00"
    [b] = [a for a in reconhecer("COMPRA (1.230,00) POSTO") if a.campo == "valor_transacao"]
    assert b.dado == "1.230,00" and b.metadados["valor"] == "-1230.00"
    [c] = [a for a in reconhecer("TARIFA 12,90 D") if a.campo == "valor_transacao"]
    assert c.metadados["natureza"] == "D" and c.metadados["valor"] == "-12.90"


def test_campo_rotulado_de_valor_em_qualquer_notacao_e_o_de_saldo_nao() -> None:
    [a] = reconhecer('"Valor do lançamento": "(1260.00)",')
    assert a.dado == "1260.00" and a.metadados["valor"] == "-1260.00"
    [b] = reconhecer("Valor (centavos): 123000")
    assert b.metadados == {"valor": "1230.00", "unidade": "centavos"}
    assert reconhecer("Saldo: 10.00") == []
    assert reconhecer("Valor: 2023") == []  # inteiro sem dizer centavos


def test_uuid_so_e_chave_pix_quando_o_rotulo_diz_chave() -> None:
    uuid = "123e4567-e89b-42d3-a456-426614174000"
    assert [a.campo for a in reconhecer(f"Chave Pix: {uuid}")] == ["chave_pix"]
    assert [a.campo for a in reconhecer(f"para a chave aleatória {uuid}, que")] == ["chave_pix"]
    # armadilhas: identificador da transação, com ou sem a palavra chave na linha
    assert [a for a in reconhecer(f"ID da transação: {uuid}") if a.campo == "chave_pix"] == []
    assert [a for a in reconhecer(f"Autenticação {uuid} (chave no verso)") if a.campo == "chave_pix"] == []
    assert [a for a in reconhecer(f"PIX RECEBIDO;ANA LIMA;{uuid}") if a.campo == "chave_pix"] == []


def test_cpf_mascarado_e_so_indicio() -> None:
    assert mascara.compativel("12345678909", "***.456.789-**")
    assert mascara.compativel("12345678909", "•••.456.789-••")
    assert not mascara.compativel("12345678909", "***.456.780-**")
    assert not mascara.compativel("12345678909", "***.***.***-**")  # nada visível: nada compatível
    [nome] = [a for a in reconhecer("PIX RECEBIDO ANA PAULA LIMA •••.456.789-•• 10,00") if a.campo == "nome_titular"]
    assert nome.metadados["cpf_mascarado"] == "•••.456.789-••"
    assert [a for a in reconhecer("***.456.789-**") if a.campo == "cpf"] == []


def test_validador_le_ponto_decimal_como_valor() -> None:
    assert [(v.tipo, v.normal) for v in decompor("1,230.00") if v.tipo == "valor"] == [("valor", "1230.00")]
    assert [(v.tipo, v.normal) for v in decompor("R$ 1.230,00") if v.tipo == "valor"] == [("valor", "1230.00")]
    assert [(v.tipo, v.normal) for v in decompor("1230.00") if v.tipo == "valor"] == [("valor", "1230.00")]


# -- extratos pequenos, escritos e lidos de verdade ---------------------------------------------------

_CABECALHO = ["Cliente: BRUNO COSTA LIMA", "CPF: 987.654.321-00", "Agência: 0421 - Conta: 55012-3"]


def _valores(caminho, tipo: str) -> list[dict]:
    documento = ler_documento(caminho, caminho.name, tipo)
    return [d for d in ExtratorBancario().extrair(documento).dados if d["campo"] == "valor_transacao"]


def _resumo(valores: list[dict]) -> list[tuple[str, str | None]]:
    return [(v["metadados"]["valor"], v["metadados"].get("direcao")) for v in valores]


def test_csv_em_notacao_americana_com_debito_entre_parenteses(tmp_path) -> None:
    arquivo = tmp_path / "extrato.csv"
    arquivo.write_text("\n".join([*_CABECALHO, "",
                                  "Data;Histórico;Contraparte;Valor;Saldo",
                                  "10/02/2025 10:24:05;TRANSFERENCIA;ANA PAULA RIBEIRO;1,890.00;2,340.00",
                                  "10/02/2025 10:31:47;TRANSFERENCIA;CARLOS EDUARDO MOTA;(1,800.00);540.00"]), encoding="utf-8")
    valores = _valores(arquivo, "csv")
    assert _resumo(valores) == [("1890.00", "credito"), ("-1800.00", "debito")]
    assert valores[0]["metadados"]["contraparte"] == "ANA PAULA RIBEIRO"


def test_csv_com_coluna_dc_e_centavos_no_cabecalho(tmp_path) -> None:
    arquivo = tmp_path / "extrato.csv"
    arquivo.write_text("\n".join(["Data;Histórico;Valor (centavos);D/C;Saldo",
                                  "10/02/2025;TRANSFERENCIA;189000;C;234000",
                                  "10/02/2025;TRANSFERENCIA;180000;D;54000"]), encoding="utf-8")
    valores = _valores(arquivo, "csv")
    assert _resumo(valores) == [("1890.00", "credito"), ("-1800.00", "debito")]
    assert valores[0]["metadados"]["unidade"] == "centavos"


def test_xlsx_com_colunas_de_credito_e_debito_em_texto(tmp_path) -> None:
    from openpyxl import Workbook

    livro = Workbook()
    aba = livro.active
    aba.title = "Extrato"
    for linha in (["Data", "Histórico", "Créditos (R$)", "Débitos (R$)", "Saldo"],
                  ["10/02/2025", "TRANSFERENCIA", "1890.00", "", "2340.00"],
                  ["10/02/2025", "TRANSFERENCIA", "", "1800.00", "540.00"]):
        aba.append(linha)
    arquivo = tmp_path / "extrato.xlsx"
    livro.save(arquivo)
    assert _resumo(_valores(arquivo, "xlsx")) == [("1890.00", "credito"), ("-1800.00", "debito")]


def test_json_de_registros_com_ponto_decimal(tmp_path) -> None:
    arquivo = tmp_path / "extrato.json"
    registros = [{"Data": "10/02/2025 10:24:05", "Histórico": "TRANSFERENCIA", "Valor": 1890.5},
                 {"Data": "10/02/2025 10:31:47", "Histórico": "TRANSFERENCIA", "Valor": "(1800.00)"}]
    arquivo.write_text(json.dumps({"registros": registros}, indent=2).replace("1890.5", "1890.50"), encoding="utf-8")
    assert [v["metadados"]["valor"] for v in _valores(arquivo, "txt")] == ["1890.50", "-1800.00"]


def test_pdf_de_extrato_em_ponto_decimal_com_natureza(tmp_path) -> None:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    arquivo = tmp_path / "extrato.pdf"
    folha = canvas.Canvas(str(arquivo), pagesize=A4)
    linhas = [*_CABECALHO, "Data Histórico Valor Saldo",
              "10/02/2025 TRANSFERENCIA ANA PAULA RIBEIRO 1890.00 C 2340.00",
              "10/02/2025 TRANSFERENCIA CARLOS EDUARDO MOTA 1800.00 D 540.00"]
    for n, texto in enumerate(linhas):
        folha.drawString(40, 800 - 16 * n, texto)
    folha.save()
    assert _resumo(_valores(arquivo, "pdf")) == [("1890.00", "credito"), ("-1800.00", "debito")]


def test_hora_do_pix_no_historico_de_um_csv_e_a_hora_do_lancamento(tmp_path) -> None:
    arquivo = tmp_path / "extrato.csv"
    arquivo.write_text("\n".join(["Data;Histórico;Contraparte;Valor;Saldo",
                                  "10/02/2025;PIX RECEBIDO HR 09:07:55;ANA PAULA RIBEIRO;1.890,00;2.000,00",
                                  "10/02/2025;PIX ENVIADO às 09:15;CARLOS EDUARDO MOTA;-1.800,00;200,00",
                                  "10/02/2025;TARIFA 10:00 E 11:00;BANCO;-1,00;199,00"]), encoding="utf-8")
    credito, debito, tarifa = _valores(arquivo, "csv")
    assert credito["metadados"]["hora"] == "09:07:55" and debito["metadados"]["hora"] == "09:15"
    assert "hora" not in tarifa["metadados"]  # duas horas no histórico: nenhuma é a do lançamento


def test_documento_da_contraparte_em_coluna_propria(tmp_path) -> None:
    arquivo = tmp_path / "extrato.csv"
    arquivo.write_text("\n".join(["Data;Histórico;Contraparte;CPF/CNPJ;Valor;Saldo",
                                  "10/02/2025;PIX RECEBIDO;ANA PAULA RIBEIRO;529.982.247-25;1.890,00;2.000,00",
                                  "10/02/2025;PIX RECEBIDO;BRUNO COSTA;•••.982.247-••;10,00;2.010,00",
                                  "11/02/2025;DEPOSITO;NAO INFORMADO;999.999.999-99;5,00;2.015,00"]), encoding="utf-8")
    completo, mascarado, nao_informado = _valores(arquivo, "csv")
    assert completo["metadados"]["contraparte_cpf"] == "52998224725"
    assert mascarado["metadados"]["contraparte_cpf_mascarado"] == "•••.982.247-••"
    assert "contraparte_cpf" not in mascarado["metadados"]
    assert "contraparte_cpf" not in nao_informado["metadados"]  # "não informado" nunca é documento


def test_validador_confere_valor_em_notacao_americana_no_local() -> None:
    from perito.validador.comparacao import CONTRADITO, PRESENTE, comparar

    local = "11/01/2018 17:09:08;Pix enviado;ANA LIMA;***.543.834-**;(1,230.00);2,000.00"
    encontrados = decompor(local)
    [citado] = [v for v in decompor("1,230.00") if v.tipo == "valor"]
    assert comparar(citado, encontrados, local).resultado == PRESENTE
    [em_reais] = [v for v in decompor("R$ 1.230,00") if v.tipo == "valor"]
    assert comparar(em_reais, encontrados, local).resultado == PRESENTE  # a mesma quantia noutra notação
    [outro] = [v for v in decompor("1,231.00") if v.tipo == "valor"]
    assert comparar(outro, encontrados, local).resultado == CONTRADITO


def test_json_com_campos_de_entrada_e_saida_e_o_campo_vazio_acima(tmp_path) -> None:
    """O campo vazio (`"Créditos (R$)": ""`) parece um rótulo solto; a linha de baixo vale pelo próprio rótulo."""
    arquivo = tmp_path / "extrato.json"
    registros = [{"Data": "10/02/2025 10:24:05", "Créditos (R$)": "1,890.00", "Saídas": ""},
                 {"Data": "10/02/2025 10:31:47", "Créditos (R$)": "", "Saídas": "1,800.00"}]
    arquivo.write_text(json.dumps({"registros": registros}, indent=2, ensure_ascii=False), encoding="utf-8")
    assert [v["metadados"]["valor"] for v in _valores(arquivo, "txt")] == ["1890.00", "-1800.00"]


def test_numero_json_sem_aspas_com_uma_casa_e_ponto_decimal() -> None:
    [a] = reconhecer('  "Valor": 1890.5,')
    assert a.dado == "1890.5" and a.metadados["valor"] == "1890.50"
    assert reconhecer('  "Valor": 1890,') == []  # inteiro sem dizer centavos continua sem valor


def test_hora_entre_o_sentido_e_o_nome_no_historico() -> None:
    [nome] = [a for a in reconhecer("PIX RECEBIDO às 14:02 de MARIA SOUZA LIMA") if a.campo == "nome_titular"]
    assert nome.dado == "MARIA SOUZA LIMA" and nome.metadados["papel"] == "remetente"
