"""Datas numéricas com o mês antes do dia (padrão dos EUA) lidas nessa ordem, em todo leitor, e conferidas pelo
validador na ordem que ele mesmo decide do que releu.

Respostas de empresas americanas (Microsoft, Apple, exportações do Excel em inglês) escrevem `8/2/2025 1:10:44 PM`
para 2 de agosto, muitas vezes sem o zero à esquerda. Até 6/12 essas datas não eram lidas (o IP ficava sem instante e
toda convergência com ele, fraca) ou, com dois algarismos, eram lidas como 8 de fevereiro quando a ordem não se decidia.
A ordem é do documento (`chaves/ordem_das_datas.py`); o lote leva a data lida como dia/mês/ano e a escrita em
`data_escrita`, e a referência cita a escrita.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
from pathlib import Path

import openpyxl
import pytest

from perito.analise import Parametros, analisar
from perito.chaves import tempo, tempo_formas
from perito.chaves.valores import decompor
from tests.conftest import dados_da_pasta, pdf_de_linhas

DATA = "2025-09-01"

#: uma resposta no estilo da Microsoft: o mês primeiro, sem zeros à esquerda, hora de 12 h, UTC dito no cabeçalho
MICROSOFT = (
    "Account,Event,Date/Time (UTC),IP Address,Source Port\n"
    "joao.silva77@outlook.com,Sign-in,7/30/2025 9:02:11 PM,189.40.77.12,40211\n"
    "joao.silva77@outlook.com,Sign-in,8/2/2025 1:10:44 PM,177.45.10.2,51234\n"
    "joao.silva77@outlook.com,Sign-in,8/13/2025 3:15:09 AM,191.22.8.40,60111\n"
)
#: a operadora brasileira com os mesmos IPs e portas, dia/mês, horário de Brasília
OPERADORA = (
    "IP;PORTA;DATA;HORA;FUSO;LINHA;TITULAR\n"
    "177.45.10.2;51234;02/08/2025;10:12:30;BRT;(11) 98765-4321;JOAO DA SILVA\n"
    "191.22.8.40;60111;13/08/2025;00:16:00;BRT;(11) 98765-4321;JOAO DA SILVA\n"
)


@pytest.mark.parametrize(("escrito", "dia_primeiro", "mes_primeiro"), [
    ("8/2/2025", "2025-02-08", "2025-08-02"),
    ("08/02/2025", "2025-02-08", "2025-08-02"),
    ("8/13/2025", None, "2025-08-13"),
    ("13/8/2025", "2025-08-13", None),
    ("8/2/25", "2025-02-08", "2025-08-02"),
    # as outras formas dizem a ordem sozinhas: o ano na frente, o hífen e o ponto (só brasileiros), o mês por nome
    ("2025-08-02", "2025-08-02", "2025-08-02"),
    ("02-08-2025", "2025-08-02", "2025-08-02"),
    ("Aug 2, 2025", "2025-08-02", "2025-08-02"),
])
def test_so_a_data_numerica_com_barras_muda_com_a_ordem(escrito, dia_primeiro, mes_primeiro):
    for mes_antes, esperada in ((False, dia_primeiro), (True, mes_primeiro)):
        lida = tempo_formas.ler_data(escrito, mes_antes_do_dia=mes_antes)
        assert (lida.isoformat() if lida else None) == esperada
        with tempo_formas.na_ordem(mes_antes):
            lida = tempo.data(escrito)  # a de todo o resto da extração, guardada por ordem
            assert (lida.isoformat() if lida else None) == esperada
    assert tempo.data("8/2/2025") == dt.date(2025, 2, 8)  # fora do bloco, a ordem brasileira de volta


def test_a_decomposicao_do_validador_tambem_segue_a_ordem():
    with tempo_formas.na_ordem(True):
        americana = [v.normal for v in decompor("8/2/2025 1:10:44 PM") if v.tipo == "data"]
    assert americana == ["2025-08-02"]
    assert [v.normal for v in decompor("8/2/2025 1:10:44 PM") if v.tipo == "data"] == ["2025-02-08"]


def _por_ip(dados: list[dict]) -> dict[str, dict]:
    return {d["dado"]: d["metadados"] for d in dados if d["tipo_dado"] == "ip"}


def test_csv_americano_da_o_instante_de_cada_acesso(tmp_path):
    (tmp_path / "resposta_microsoft.csv").write_text(MICROSOFT, encoding="utf-8")
    ips = _por_ip(dados_da_pasta(tmp_path))
    assert ips["177.45.10.2"]["instante_utc"] == "2025-08-02T13:10:44Z"
    assert ips["191.22.8.40"]["instante_utc"] == "2025-08-13T03:15:09Z"
    assert ips["189.40.77.12"]["instante_utc"] == "2025-07-30T21:02:11Z"
    meta = ips["177.45.10.2"]
    assert (meta["data"], meta["data_escrita"], meta["ordem_data"]) == ("02/08/2025", "8/2/2025", "mes_dia")


def test_planilha_americana_com_datas_em_texto(tmp_path):
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.append(["Date/Time (UTC)", "IP Address", "Port"])
    aba.append(["8/2/2025 1:10:44 PM", "177.45.10.2", 51234])
    aba.append(["8/13/2025 3:15:09 AM", "191.22.8.40", 60111])  # o 13 decide a ordem (numa planilha o AM/PM não)
    livro.save(tmp_path / "signins.xlsx")
    ips = _por_ip(dados_da_pasta(tmp_path))
    assert ips["177.45.10.2"]["instante_utc"] == "2025-08-02T13:10:44Z"
    assert ips["191.22.8.40"]["instante_utc"] == "2025-08-13T03:15:09Z"


def test_pdf_americano(tmp_path):
    pdf_de_linhas(tmp_path / "apple_response.pdf", [
        "Apple Inc. - Response to Legal Process", "All times are in UTC.", "",
        "Date              IP Address       Activity",
        "8/2/2025 1:10:44 PM   177.45.10.2   iCloud sign-in",
        "8/13/2025 3:15:09 AM   191.22.8.40   iCloud sign-in",
    ])
    ips = _por_ip(dados_da_pasta(tmp_path))
    assert ips["177.45.10.2"]["instante_utc"] == "2025-08-02T13:10:44Z"
    assert ips["191.22.8.40"]["instante_utc"] == "2025-08-13T03:15:09Z"


def test_documento_brasileiro_le_a_data_sem_zero_na_ordem_brasileira(tmp_path):
    (tmp_path / "operadora.txt").write_text(
        "Resposta da operadora. Horário de Brasília (BRT).\nIP 177.45.10.2 porta 51234 em 1/3/2025 10:00:00\n"
        "IP 191.22.8.40 porta 60111 em 15/03/2025 10:00:00\n", encoding="utf-8")
    ips = _por_ip(dados_da_pasta(tmp_path))
    assert ips["177.45.10.2"]["instante_utc"] == "2025-03-01T13:00:00Z"  # 1º de março, não 3 de janeiro
    assert "ordem_data" not in ips["177.45.10.2"]


@pytest.fixture(scope="module")
def caso_americano(tmp_path_factory) -> tuple[Path, dict]:
    pasta = tmp_path_factory.mktemp("americano")
    caso = pasta / "caso"
    caso.mkdir()
    (caso / "resposta_microsoft.csv").write_text(MICROSOFT, encoding="utf-8")
    (caso / "operadora_vivo.csv").write_text(OPERADORA, encoding="utf-8")
    # um arquivo brasileiro (o 13 antes do mês decide) com a mesma "8/2/2025" escrita: ali é 8 de fevereiro
    (caso / "relato.txt").write_text(
        "Boletim de ocorrência lavrado em 13/08/2025. A vítima relata acesso indevido em 8/2/2025.\n", encoding="utf-8")
    analisar(Parametros(caso, pasta / "saida", data_analise=DATA))
    return caso, json.loads((pasta / "saida" / "conclusoes.json").read_text(encoding="utf-8"))


def test_oficio_pede_o_instante_lido_e_mostra_a_data_escrita(caso_americano):
    """O rascunho de ofício à operadora diz a data como ela a lê (dia/mês), a escrita ao lado e o UTC, também com a
    hora de 12 h; a referência dele cita a data como escrita, que é o que a releitura acha no documento."""
    caso, _ = caso_americano
    oficio = (caso.parent / "saida" / "oficios" / "ip_177.45.10.2.md").read_text(encoding="utf-8")
    assert "| 02/08/2025 1:10:44 PM (escrita 8/2/2025, mês antes do dia) | UTC | 2025-08-02T13:10:44Z |" in oficio
    assert "8 de fevereiro" not in oficio and "08/02/2025" not in oficio


def _convergencia(conclusoes: dict, ip: str) -> dict:
    [conclusao] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip" and ip in c["afirmacao"]]
    return conclusao


@pytest.mark.parametrize(("ip", "dito", "intervalo"), [
    ("177.45.10.2", "02/08/2025 1:10:44 PM UTC", "1min46s"),
    ("191.22.8.40", "13/08/2025 3:15:09 AM UTC", "51s"),
])
def test_convergencia_com_a_resposta_americana_e_verificada(caso_americano, ip, dito, intervalo):
    _, conclusoes = caso_americano
    conclusao = _convergencia(conclusoes, ip)
    assert f"{dito}, data lida com o mês antes do dia" in conclusao["afirmacao"]
    assert f"os instantes distam {intervalo}" in conclusao["afirmacao"]
    americana = next(r for r in conclusao["referencias"] if r["arquivo"] == "resposta_microsoft.csv" and ip in r["dado_citado"])
    assert ("8/2/2025" if ip == "177.45.10.2" else "8/13/2025") in americana["dado_citado"]  # citada como escrita
    assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO"


def _revalidar(caso: Path, conclusoes: dict, conclusao: dict) -> dict:
    from perito.validador.agente import validar

    conclusao = {**conclusao, "validacao": None}
    return validar({**conclusoes, "conclusoes": [conclusao]}, caso, DATA)["validacoes"][0]


def test_a_leitura_dia_mes_da_data_americana_nao_e_verificada(caso_americano):
    """A afirmação que tivesse lido `8/2/2025` como 8 de fevereiro não se sustenta na releitura."""
    caso, conclusoes = caso_americano
    conclusao = copy.deepcopy(_convergencia(conclusoes, "177.45.10.2"))
    conclusao["afirmacao"] = conclusao["afirmacao"].replace("02/08/2025 1:10:44 PM UTC", "08/02/2025 1:10:44 PM UTC")
    refeita = _revalidar(caso, conclusoes, conclusao)
    assert refeita["veredicto_geral"] != "VERIFICADO"
    assert "08/02/2025 1:10:44 PM UTC" in " ".join(d["observacao"] for d in refeita["detalhes"])


@pytest.mark.parametrize(("arquivo", "linha", "dito", "verificado"), [
    # no arquivo americano, "8/2/2025" é 2 de agosto
    ("resposta_microsoft.csv", "linha 3", "02/08/2025", True),
    ("resposta_microsoft.csv", "linha 3", "08/02/2025", False),
    # no relato brasileiro, o validador decide a ordem pelo que releu dele: a mesma escrita é 8 de fevereiro
    ("relato.txt", "linha 1", "08/02/2025", True),
    ("relato.txt", "linha 1", "02/08/2025", False),
])
def test_a_ordem_e_a_do_arquivo_citado_decidida_na_releitura(caso_americano, arquivo, linha, dito, verificado):
    caso, conclusoes = caso_americano
    ref = {"arquivo": arquivo, "pagina": None, "linha_ou_celula": linha, "dado_citado": "8/2/2025",
           "extrator_id": "extrator_generico_01"}
    conclusao = {"id": 1, "tipo": "outro", "afirmacao": f"Evento em {dito} ({arquivo}, {linha}).",
                 "grau_confianca": "fraco", "referencias": [ref]}
    refeita = _revalidar(caso, conclusoes, conclusao)
    assert (refeita["veredicto_geral"] == "VERIFICADO") is verificado, refeita["detalhes"][0]["observacao"]


def test_hora_de_24_h_num_fuso_dos_eua_decide_o_mes_primeiro(tmp_path):
    """Sem AM/PM e sem número acima de 12, a hora da Califórnia escrita ao lado diz de onde é o costume."""
    (tmp_path / "apple.txt").write_text(
        "Apple Inc.\niCloud sign-in history\n08/02/2025 13:10:44 PDT  177.45.10.2\n", encoding="utf-8")
    ips = _por_ip(dados_da_pasta(tmp_path))
    assert ips["177.45.10.2"]["instante_utc"] == "2025-08-02T20:10:44Z"  # 2 de agosto, 13:10:44 UTC-7
