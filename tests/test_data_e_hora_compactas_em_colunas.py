"""Data e hora compactas em colunas separadas (`DATA;HORA` com `20250315;143502`), como exportam sistemas de bancos
e bilhetagens antigas: a coluna diz que o número é data ou hora, o dado cita o número como escrito, e o validador o
relê como o instante que a afirmação diz. Sozinho, um número de 8 dígitos é conta, CEP ou telefone antigo: nunca data.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from perito.analise import Parametros, analisar
from perito.chaves.tempo_formas import ler_data_compacta, ler_hora_compacta
from perito.extratores.lotes import extrair_documento
from perito.leitura.leitor import ler_documento
from perito.validador.agente import validar

DATA = "2025-04-01"
IP = "187.34.56.78"


def _dados(caminho: Path) -> list[dict]:
    return extrair_documento(ler_documento(caminho, caminho.name, "csv")).todos()


@pytest.mark.parametrize(("escrito", "lida"), [
    ("20250315", "2025-03-15"), ("15032025", "2025-03-15"), ("01012025", "2025-01-01"),
    ("20251399", None), ("19891231", None), ("12345678", None), ("2025031", None), ("2025-03-15", None),
])
def test_data_compacta_nas_duas_ordens_e_so_valida(escrito, lida):
    data = ler_data_compacta(escrito)
    assert (data.isoformat() if data else None) == lida


@pytest.mark.parametrize(("escrito", "lida"), [
    ("143502", "14:35:02"), ("1435", "14:35:00"), ("91500", "09:15:00"), ("915", "09:15:00"),
    ("2561", None), ("246000", None), ("12", None), ("1234567", None),
])
def test_hora_compacta_e_o_zero_que_a_planilha_perdeu(escrito, lida):
    hora = ler_hora_compacta(escrito)
    assert (hora.strftime("%H:%M:%S") if hora else None) == lida


def test_colunas_data_e_hora_compactas_dao_o_instante_com_o_fuso_do_cabecalho(tmp_path):
    log = tmp_path / "log.csv"
    log.write_text(f"DATA;HORA (BRT);IP;PORTA\n20250315;143502;{IP};51234\n16032025;91500;177.1.2.3;40000\n",
                   encoding="utf-8")
    ips = {d["dado"]: d["metadados"] for d in _dados(log) if d["campo"] == "ip_acesso"}
    assert ips[IP]["instante_utc"] == "2025-03-15T17:35:02Z"
    assert (ips[IP]["data_literal"], ips[IP]["hora_literal"]) == ("20250315", "143502")
    assert ips["177.1.2.3"]["instante_utc"] == "2025-03-16T12:15:00Z"  # DDMMAAAA e a hora sem o zero da esquerda


def test_oito_digitos_fora_da_coluna_de_data_ou_invalidos_nao_viram_data(tmp_path):
    extrato = tmp_path / "extrato.csv"
    extrato.write_text("DATA;CONTA;HISTORICO;VALOR\n20250315;20211130;PIX RECEBIDO;1.500,00\n"
                       "20251399;12345678;PIX ENVIADO;-100,00\n", encoding="utf-8")
    dados = _dados(extrato)
    datas = [d["dado"] for d in dados if d["campo"] == "data_evento"]
    assert datas == ["20250315"]  # a conta 20211130 seria 30/11/2021; o 20251399 não é data
    valores = {d["dado"]: d["metadados"].get("data") for d in dados if d["campo"] == "valor_transacao"}
    assert valores == {"1.500,00": "2025-03-15", "-100,00": None}


def test_hora_compacta_invalida_deixa_a_data_sem_hora(tmp_path):
    log = tmp_path / "log.csv"
    log.write_text(f"DATA;HORA;IP\n20250315;2561;{IP}\n", encoding="utf-8")
    [data] = [d for d in _dados(log) if d["campo"] == "data_evento"]
    assert data["dado"] == "20250315" and data["metadados"]["data"] == "2025-03-15"
    assert "hora" not in data["metadados"] and "instante_utc" not in data["metadados"]


@pytest.fixture(scope="module")
def caso_compacto(tmp_path_factory) -> tuple[Path, dict]:
    pasta = tmp_path_factory.mktemp("compacto")
    caso = pasta / "caso"
    caso.mkdir()
    (caso / "log_banco.csv").write_text(
        f"DATA;HORA (BRT);IP;PORTA;EVENTO\n20250314;101010;10.0.0.1;1000;LOGIN\n20250315;143502;{IP};51234;LOGIN\n",
        encoding="utf-8")
    (caso / "provedor.txt").write_text(
        f"Resposta do provedor.\nRegistros de acesso da conta alvo (horário UTC):\nIP {IP} porta 51234 em 15/03/2025 "
        "17:35:10\n", encoding="utf-8")
    (caso / "extrato.csv").write_text(
        "DT_LANCAMENTO;HISTORICO;VALOR;SALDO\n20250315;PIX RECEBIDO MARIA SILVA;1.500,00;2.000,00\n"
        "20250315;PIX ENVIADO JOAO;-1.450,00;550,00\n", encoding="utf-8")
    (caso / "relato.txt").write_text(
        "Boletim de ocorrência. A vítima transferiu R$ 1.500,00 via Pix em 15/03/2025.\n", encoding="utf-8")
    analisar(Parametros(caso, pasta / "saida", data_analise=DATA))
    return caso, json.loads((pasta / "saida" / "conclusoes.json").read_text(encoding="utf-8"))


def test_convergencia_pelo_instante_das_colunas_compactas_e_verificada(caso_compacto):
    _, conclusoes = caso_compacto
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert "os instantes distam 8s" in ip["afirmacao"]
    do_banco = next(r for r in ip["referencias"] if r["arquivo"] == "log_banco.csv" and IP in r["dado_citado"])
    assert "20250315" in do_banco["dado_citado"] and "143502" in do_banco["dado_citado"]  # como escritos na linha
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"
    materialidade = next(c for c in conclusoes["conclusoes"] if c["tipo"] == "materialidade")
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_afirmacao_com_outra_hora_que_a_compacta_citada_nao_e_verificada(caso_compacto):
    caso, conclusoes = caso_compacto
    [ip] = [copy.deepcopy(c) for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert "14:35:02 BRT" in ip["afirmacao"]
    ip["afirmacao"] = ip["afirmacao"].replace("14:35:02 BRT", "14:45:02 BRT")
    ip["validacao"] = None
    refeita = validar({**conclusoes, "conclusoes": [ip]}, caso, DATA)["validacoes"][0]
    assert refeita["veredicto_geral"] != "VERIFICADO"
    assert "14:45:02" in " ".join(d["observacao"] for d in refeita["detalhes"])


@pytest.mark.parametrize(("dia", "verificado"), [("15/03/2025", True), ("16/03/2025", False)])
def test_data_da_afirmacao_sustentada_pela_data_compacta_citada(caso_compacto, dia, verificado):
    """Sem o relato, a data do lançamento só está na data compacta citada ("1.500,00 | 20250315"): ela sustenta a
    data certa da afirmação e não sustenta outra."""
    caso, conclusoes = caso_compacto
    ref = {"arquivo": "extrato.csv", "pagina": None, "linha_ou_celula": "linha 2", "dado_citado": "1.500,00 | 20250315",
           "extrator_id": "extrator_bancario_01"}
    conclusao = {"id": 1, "tipo": "outro", "afirmacao": f"Crédito de R$ 1.500,00 em {dia} (extrato.csv, linha 2).",
                 "grau_confianca": "fraco", "referencias": [ref], "validacao": None}
    refeita = validar({**conclusoes, "conclusoes": [conclusao]}, caso, DATA)["validacoes"][0]
    assert (refeita["veredicto_geral"] == "VERIFICADO") is verificado, refeita["detalhes"][0]["observacao"]


def _planilha_compacta(caminho: Path) -> None:
    import openpyxl

    livro = openpyxl.Workbook()
    aba = livro.active
    aba.title = "Acessos"
    aba.append(["DATA", "HORA (BRT)", "IP", "PORTA", "EVENTO"])  # gravadas como números por um sistema de banco
    aba.append([20250314, 91500, "177.1.2.3", 1000, "LOGIN"])  # a hora que perdeu o zero da esquerda
    aba.append([20250315, 143502, IP, 51234, "LOGIN"])
    livro.save(caminho)


def test_planilha_com_data_e_hora_gravadas_como_numeros(tmp_path):
    _planilha_compacta(tmp_path / "log.xlsx")
    from tests.conftest import dados_da_pasta

    ips = {d["dado"]: d["metadados"] for d in dados_da_pasta(tmp_path) if d["campo"] == "ip_acesso"}
    assert ips[IP]["instante_utc"] == "2025-03-15T17:35:02Z"
    assert (ips[IP]["data_literal"], ips[IP]["hora_literal"]) == ("20250315", "143502")
    assert ips["177.1.2.3"]["instante_utc"] == "2025-03-14T12:15:00Z"


@pytest.fixture(scope="module")
def caso_planilha(tmp_path_factory) -> tuple[Path, dict]:
    pasta = tmp_path_factory.mktemp("planilha_compacta")
    caso = pasta / "caso"
    caso.mkdir()
    _planilha_compacta(caso / "log_banco.xlsx")
    (caso / "provedor.txt").write_text(
        f"Resposta do provedor.\nRegistros de acesso da conta alvo (horário UTC):\nIP {IP} porta 51234 em 15/03/2025 "
        "17:35:10\n", encoding="utf-8")
    analisar(Parametros(caso, pasta / "saida", data_analise=DATA))
    return caso, json.loads((pasta / "saida" / "conclusoes.json").read_text(encoding="utf-8"))


def test_convergencia_pelas_celulas_compactas_da_planilha_e_verificada(caso_planilha):
    """O validador compõe a data da célula A3 com a hora da B3, da coluna cujo cabeçalho citado (HORA (BRT)) releu."""
    _, conclusoes = caso_planilha
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert "os instantes distam 8s" in ip["afirmacao"]
    citadas = {r["linha_ou_celula"]: r["dado_citado"] for r in ip["referencias"] if r["arquivo"] == "log_banco.xlsx"}
    assert citadas["celula A3"] == "20250315" and citadas["celula B3"] == "143502"
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"


@pytest.mark.parametrize(("trocar", "por"), [
    ("14:35:02 BRT", "14:45:02 BRT"),  # outra hora
    ("2025-03-15 14:35:02 BRT", "2025-03-15 05:12:34 BRT"),  # a porta 51234 lida como hora: nunca
])
def test_afirmacao_que_as_celulas_nao_sustentam_nao_e_verificada(caso_planilha, trocar, por):
    caso, conclusoes = caso_planilha
    [ip] = [copy.deepcopy(c) for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert trocar in ip["afirmacao"]
    ip["afirmacao"] = ip["afirmacao"].replace(trocar, por)
    ip["validacao"] = None
    refeita = validar({**conclusoes, "conclusoes": [ip]}, caso, DATA)["validacoes"][0]
    assert refeita["veredicto_geral"] != "VERIFICADO"


def test_sem_o_cabecalho_da_hora_citado_a_celula_nao_vira_hora(caso_planilha):
    """Sem a célula do cabeçalho entre as referências, o validador não sabe que B3 é hora: não compõe nada."""
    caso, conclusoes = caso_planilha
    [ip] = [copy.deepcopy(c) for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    ip["referencias"] = [r for r in ip["referencias"] if r["linha_ou_celula"] != "celula B1"]
    ip["validacao"] = None
    refeita = validar({**conclusoes, "conclusoes": [ip]}, caso, DATA)["validacoes"][0]
    assert refeita["veredicto_geral"] != "VERIFICADO"
