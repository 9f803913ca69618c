"""O que a suíte de mutações achou fora do caso de exemplo (issue 23: variantes, caso público, sementes 21-30).

Cada teste escreve aqui o arquivo no leiaute em que a mutação passou como VERIFICADO e cita, como o
principal citaria, o valor trocado; ao lado, a citação certa continua VERIFICADO (a armadilha).
"""

from __future__ import annotations

import openpyxl
import pytest
from reportlab.pdfgen import canvas

from perito.chaves.valores import decompor
from tests.test_contexto_registros import _dados, _xlsx
from tests.test_validador_registros import _ref, _validar


def _pdf(destino, linhas):
    tela = canvas.Canvas(str(destino), pagesize=(842, 595), invariant=1)
    tela.setFont("Helvetica", 8)
    for i, linha in enumerate(linhas):
        tela.drawString(30, 560 - 14 * i, linha)
    tela.save()


# ------------------------------------------------------------ tipo de evento com hífen (semente 26)


def test_tipo_de_evento_com_hifen_e_uma_palavra_so():
    """"SMS-O" e "SMS-T" eram ambos a palavra "SMS" (uma letra solta não é palavra): a célula errada passava."""
    assert [v.normal for v in decompor("SMS-O")] == ["sms-o"]
    assert decompor("SMS-O") != decompor("SMS-T")
    assert [v.normal for v in decompor("a casa - e o carro")] == ["casa", "carro"]  # letras soltas seguem fora


def test_celula_com_outro_tipo_de_evento_nao_e_verificada(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.title = "Response"
    aba.append(["event_time", "Event Type", "A Number", "B Number"])
    aba.append(["2019-01-11 13:34:13", "SMS-T", "(88) 97817-0862", "(88) 97480-9998"])
    aba.append(["2019-01-16 15:02:51", "SMS-O", "(88) 97480-9998", "(88) 98845-1438"])
    livro.save(caso / "bilhetagem.xlsx")
    errada = _validar(caso, _ref("bilhetagem.xlsx", "celula B2", "SMS-O", aba="Response"))
    assert errada["veredicto_geral"] != "VERIFICADO", errada["detalhes"]
    certa = _validar(caso, _ref("bilhetagem.xlsx", "celula B3", "SMS-O", aba="Response"))
    assert certa["veredicto_geral"] == "VERIFICADO", certa["detalhes"]


# ------------------------------------------------------------ resposta do DICT impressa (caso público)

_DICT = [
    "Banco Central do Brasil - DICT - Resposta ao Oficio 0731/2025",
    "Chave Tipo Titular CPF/CNPJ Participante Agencia Conta Abertura",
    "+5548988150374 Celular Debora Cristina Fontalva 284.907.163-31 47110329 0001 8840217-6 12/12/2024 18:41:05",
    "9b1f6c2e-47d3-4a85-b0e9-3c72d5a81f46 Aleatoria (EVP) Ramiro Estacio Vellacorte 506.381.927-30 52904816 0001 "
    "3308815-2 22/06/2023 10:17:45",
    "+5548996472031 Celular Ramiro Estacio Vellacorte 506.381.927-30 52904816 0001 3308815-2 22/06/2023 10:15:02",
]


@pytest.fixture(scope="module")
def caso_dict(tmp_path_factory):
    caso = tmp_path_factory.mktemp("dict") / "caso"
    caso.mkdir()
    _pdf(caso / "dict.pdf", _DICT)
    return caso


def test_chave_aleatoria_e_um_valor_conferido(caso_dict):
    """Um UUID não tinha valor nenhum na decomposição: citado na linha da chave de celular, passava."""
    assert [v.tipo for v in decompor("9b1f6c2e-47d3-4a85-b0e9-3c72d5a81f46")] == ["chave"]
    evp = "506.381.927-30 | 9b1f6c2e-47d3-4a85-b0e9-3c72d5a81f46 Ramiro Estacio Vellacorte"
    errada = _validar(caso_dict, _ref("dict.pdf", "linha 5", evp, pagina=1))
    assert errada["veredicto_geral"] != "VERIFICADO", errada["detalhes"]
    assert "9b1f6c2e" in errada["detalhes"][0]["observacao"]
    certa = _validar(caso_dict, _ref("dict.pdf", "linha 4", evp, pagina=1))
    assert certa["veredicto_geral"] == "VERIFICADO", certa["detalhes"]


def test_linhas_do_dict_com_chaves_de_tipos_diferentes_sao_registros_pares(caso_dict):
    """A chave de celular e o nome da linha 3 com o CPF da linha 4 (chave aleatória): as linhas não tinham as
    mesmas espécies de valor e não eram pares; cada citação certa sozinha, o vínculo não."""
    errada = _validar(caso_dict, _ref("dict.pdf", "linha 3", "+5548988150374 | Debora Cristina Fontalva", pagina=1),
                      _ref("dict.pdf", "linha 4", "506.381.927-30", pagina=1))
    assert errada["veredicto_geral"] == "CONTRADITO", errada["detalhes"]
    observacao = " ".join(d["observacao"] for d in errada["detalhes"])
    assert "linha 3" in observacao and "linha 4" in observacao and "28490716331" in observacao
    certa = _validar(caso_dict, _ref("dict.pdf", "linha 3", "+5548988150374 | Debora Cristina Fontalva", pagina=1),
                     _ref("dict.pdf", "linha 3", "284.907.163-31", pagina=1))
    assert certa["veredicto_geral"] == "VERIFICADO", certa["detalhes"]


# ------------------------------------------------------------ nome de uma linha impressa (semente 25)


def test_nome_de_uma_linha_impressa_com_o_cpf_da_linha_vizinha(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    _pdf(caso / "operadora.pdf", [
        "Operadora - Resposta ao Oficio 1702/2023",
        "Linha Assinante CPF Endereco Ativacao Plano",
        "+5524994470568 GUSTAVO MAGALHAES DE ROCHA 371.555.108-90 Rua das Acacias, 929 24/11/2021 POS-PAGO",
        "+5524974985491 MATEUS MARIO BEZERRA BORGES 168.869.436-69 Rua Sete, 12 02/03/2020 PRE-PAGO",
    ])
    errada = _validar(caso, _ref("operadora.pdf", "linha 4", "MATEUS MARIO BEZERRA BORGES", pagina=1),
                      _ref("operadora.pdf", "linha 3", "371.555.108-90", pagina=1))
    assert errada["veredicto_geral"] == "CONTRADITO", errada["detalhes"]
    assert "16886943669" in errada["detalhes"][0]["observacao"]
    certa = _validar(caso, _ref("operadora.pdf", "linha 4", "MATEUS MARIO BEZERRA BORGES", pagina=1),
                     _ref("operadora.pdf", "linha 4", "168.869.436-69", pagina=1))
    assert certa["veredicto_geral"] == "VERIFICADO", certa["detalhes"]


# ------------------------------------------------------------ SIMBA: centavos com a hora do lançamento seguinte


def test_simba_valor_em_centavos_com_a_hora_do_lancamento_seguinte(tmp_path):
    """"125090" e "08012025" não têm forma conhecida (a coluna diz que são centavos e data): o registro deles
    não entrava na conferência, e a hora da linha 3 passava como a do crédito da linha 2."""
    caso = tmp_path / "caso"
    caso.mkdir()
    cabecalho = "CODIGO\tDATA_LANCAMENTO\tDESCRICAO_LANCAMENTO\tVALOR_LANCAMENTO\tNATUREZA_LANCAMENTO"
    (caso / "EXTRATO.txt").write_text("\n".join([
        cabecalho,
        "100\t08012025\tPIX RECEBIDO HR 09:07:55\t125090\tC",
        "101\t08012025\tPIX ENVIADO HR 09:21:14\t120000\tD",
    ]) + "\n", encoding="utf-8")
    errada = _validar(caso, _ref("EXTRATO.txt", "linha 2", "125090 | 08012025"), _ref("EXTRATO.txt", "linha 3", "09:21:14"))
    assert errada["veredicto_geral"] == "CONTRADITO", errada["detalhes"]
    assert "09:07:55" in " ".join(d["observacao"] for d in errada["detalhes"])
    certa = _validar(caso, _ref("EXTRATO.txt", "linha 2", "125090 | 08012025"), _ref("EXTRATO.txt", "linha 2", "09:07:55"))
    assert certa["veredicto_geral"] == "VERIFICADO", certa["detalhes"]


# ------------------------------------------------------------ planilha com duas tabelas (semente 26)


def test_planilha_com_cadastro_e_bilhetagem_cada_tabela_com_seu_cabecalho():
    """O cabeçalho do cadastro valia para a bilhetagem embaixo: "SMS-T" virava o nome do titular da linha."""
    from perito.extratores.operadora import ExtratorOperadora

    doc = _xlsx([
        ["MARÉ TELEFONIA — Response to court order 4713/2019"],
        ["(times in GMT-03:00)"],
        [],
        ["MSISDN", "Subscriber", "Document", "Activation Date"],
        ["(88) 97480-9998", "VALÉRIA BITENCOURT DA ZANETTI", "35537501899", "18/06/2017"],
        [],
        ["Call detail records"],
        ["event_time", "Event Type", "A Number", "B Number", "Duration (s)"],
        ["2019-01-11 13:34:13", "SMS-T", "(88) 97272-7268", "(88) 97480-9998", "0"],
        ["2019-01-16 15:02:51", "SMS-O", "(88) 97480-9998", "(88) 97272-7268", "0"],
    ], aba="Response")
    nomes = {d["dado"] for d in _dados(ExtratorOperadora(), doc, "nome_titular")}
    assert nomes == {"VALÉRIA BITENCOURT DA ZANETTI"}


def test_uma_palavra_na_coluna_de_nome_nao_e_titular():
    from perito.extratores.operadora import ExtratorOperadora

    doc = _xlsx([["MSISDN", "Subscriber", "Document"], ["(88) 97480-9998", "ATIVO", "35537501899"],
                 ["(88) 97272-7268", "JÚLIO PEIXOTO", "93460378069"]], aba="Response")
    assert {d["dado"] for d in _dados(ExtratorOperadora(), doc, "nome_titular")} == {"JÚLIO PEIXOTO"}
