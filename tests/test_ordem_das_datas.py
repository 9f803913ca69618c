"""Datas numéricas com o mês antes do dia (padrão dos EUA): nunca lidas em silêncio como dia/mês.

Achado por uma sonda com leiautes que nenhum exemplo tinha: uma resposta no estilo da Microsoft ("08/02/2025
01:10:44 PM", "8/13/2025 9:05:00 AM") tinha o 2 de agosto lido como 8 de fevereiro, e o instante errado entrava
no cruzamento. A ordem é decidida pelas datas do próprio documento (`chaves/ordem_das_datas.py`). Desde 6/12 o
documento que escreve o mês antes do dia é lido nessa ordem (`tests/test_datas_mes_antes_do_dia.py`); o que escreve
as duas ordens (um conflito) deixa a data que as duas leem como escrita, sem dia nem instante, com alerta.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from perito.analise import Parametros, analisar
from perito.chaves import ordem_das_datas as od
from perito.extratores.provedores import ExtratorProvedores
from perito.leitura.leitor import ler_documento


@pytest.mark.parametrize(("linhas", "planilha", "esperada"), [
    (["8/13/2025 9:05:00 AM  177.12.200.4"], False, od.MES_DIA),  # 13 só pode ser dia: mês primeiro
    (["13/08/2025 09:05:00  177.12.200.4"], False, od.DIA_MES),
    (["08/02/2025 01:10:44 PM 187.34.56.78"], False, od.MES_DIA),  # AM/PM, o costume americano
    (["15/03/2025 02:30 PM", "08/02/2025 01:10 PM"], False, od.DIA_MES),  # o 15 decide: dia/mês, mesmo com AM/PM
    (["08/02/2025 01:10:44 PM"], True, od.DIA_MES),  # planilha: o formato "dd/mm/aaaa h:mm AM/PM" existe
    (["02/08/2025 13:10:44 BRT"], False, od.DIA_MES),  # nada decide: a ordem brasileira
    (["São Paulo, 20/08/2025", "8/13/2025 9:05 AM"], False, od.CONFLITO),  # ofício brasileiro e log americano
    (["Processo 0001234/2025, fls. 12/13"], False, od.DIA_MES),  # não são datas
    (["08/02/2025 13:10:44 PDT 187.34.56.78"], False, od.MES_DIA),  # a hora da Califórnia: o costume de lá
    (["08/02/2025 13:10:44 Pacific Time"], True, od.MES_DIA),  # texto de célula, não formato: vale na planilha
    (["08/02/2025 1:10:44 PM (EDT)"], True, od.MES_DIA),
    (["08/02/2025 13:10:44 BRT"], False, od.DIA_MES),
    (["08/02/2025 13:10:44 CST"], False, od.DIA_MES),  # CST também é a hora da China: não decide
    (["15/03/2025 13:10 PDT", "08/02/2025 13:10 PDT"], False, od.DIA_MES),  # o 15 decide
])
def test_decidir(linhas: list[str], planilha: bool, esperada: str) -> None:
    assert od.decidir(linhas, planilha=planilha).ordem == esperada


def _dados(caminho: Path) -> tuple[list[dict], list[str]]:
    resultado = ExtratorProvedores().extrair(ler_documento(caminho, caminho.name, "txt"))
    return resultado.dados, resultado.alertas


_AMERICANO = (
    "Microsoft Corporation - Law Enforcement Response\nAll times are in UTC.\n\nIP Connection History\n"
    "Date/Time                 IP Address        Event\n"
    "08/02/2025 01:10:44 PM    187.34.56.78      Sign-in\n"
    "8/13/2025 9:05:00 AM      177.12.200.4      Sign-in\n"
)


def test_data_que_as_duas_ordens_leem_e_lida_com_o_mes_primeiro(tmp_path: Path) -> None:
    caminho = tmp_path / "microsoft_response.txt"
    caminho.write_text(_AMERICANO, encoding="utf-8")
    dados, alertas = _dados(caminho)
    ip = next(d for d in dados if d["dado"] == "187.34.56.78")
    meta = ip["metadados"]
    assert meta["data_escrita"] == "08/02/2025" and meta["ordem_data"] == od.MES_DIA
    assert meta["data"] == "02/08/2025" and meta["instante_utc"] == "2025-08-02T13:10:44Z"  # nunca 8 de fevereiro
    outro = next(d for d in dados if d["dado"] == "177.12.200.4")
    assert outro["metadados"]["instante_utc"] == "2025-08-13T09:05:00Z"  # "8/13/2025", que a ordem brasileira nem lê
    assert any("mês antes do dia" in a and "8/13/2025" in a for a in alertas)


def test_no_conflito_a_data_que_as_duas_ordens_leem_fica_sem_instante(tmp_path: Path) -> None:
    caminho = tmp_path / "microsoft_response.txt"
    caminho.write_text("Ofício recebido em São Paulo, 20/08/2025\n" + _AMERICANO, encoding="utf-8")
    dados, alertas = _dados(caminho)
    ip = next(d for d in dados if d["dado"] == "187.34.56.78")
    assert ip["metadados"]["data_escrita"] == "08/02/2025" and ip["metadados"]["ordem_data"] == od.CONFLITO
    assert "data" not in ip["metadados"] and "instante_utc" not in ip["metadados"]
    assert any("duas ordens" in a for a in alertas)


def test_documento_brasileiro_nao_muda(tmp_path: Path) -> None:
    caminho = tmp_path / "provedor.txt"
    caminho.write_text(_AMERICANO.replace("08/02/2025 01:10:44 PM", "02/08/2025 13:10:44   ")
                       .replace("8/13/2025 9:05:00 AM", "13/08/2025 09:05:00  "), encoding="utf-8")
    dados, alertas = _dados(caminho)
    ip = next(d for d in dados if d["dado"] == "187.34.56.78")
    assert ip["metadados"]["instante_utc"] == "2025-08-02T13:10:44Z" and "ordem_data" not in ip["metadados"]
    assert not any("mês antes do dia" in a for a in alertas)


def test_ponta_a_ponta_a_data_americana_nao_vira_8_de_fevereiro(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "microsoft_response.txt").write_text(_AMERICANO, encoding="utf-8")
    (caso / "meta_records.txt").write_text(
        "Meta Platforms, Inc.\nRecords\nService WhatsApp\nAccount Identifier +5511987654321\n"
        "Date Range 2025-08-01 00:00:00 UTC to 2025-08-20 23:59:59 UTC\n\nIp Addresses\n"
        "Time 2025-02-08 13:10:50 UTC\nIP Address 187.34.56.78:51234\n", encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise="2025-09-01"))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    (ip,) = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    # lida como dia/mês, a data americana seria 8 de fevereiro, a 6 s da Meta: uma simultaneidade inventada
    assert ip["grau_confianca"] == "fraco" and "distam 174d23h59min" in ip["afirmacao"]
    assert "02/08/2025 01:10:44 PM UTC, data lida com o mês antes do dia" in ip["afirmacao"]
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"


def _decidir_um_por_um(textos, planilha=False):
    """A decisão texto a texto, como era antes do exame em blocos (o oráculo do teste abaixo)."""
    mes = dia = doze = eua = None
    for texto in textos:
        for m in od._NUMERICA.finditer(texto):
            primeiro, segundo = int(m.group(1)), int(m.group(2))
            if primeiro > 31 or segundo > 31 or not primeiro or not segundo:
                continue
            if segundo > 12 and primeiro <= 12:
                mes = mes or m.group(0)
            elif primeiro > 12 and segundo <= 12:
                dia = dia or m.group(0)
            elif doze is None and not planilha and od._DOZE_HORAS_DEPOIS.match(texto, m.end()):
                doze = m.group(0)
            elif eua is None and od._FUSO_DOS_EUA_DEPOIS.match(texto, m.end()):
                eua = m.group(0)
    if mes and dia:
        return od.Ordem(od.CONFLITO, f"{mes} só se lê com o mês primeiro e {dia}, só com o dia")
    if mes:
        return od.Ordem(od.MES_DIA, f"{mes} só se lê com o mês antes do dia")
    if dia:
        return od.Ordem(od.DIA_MES)
    if doze:
        return od.Ordem(od.MES_DIA, f"{doze} vem com hora de 12 h (AM/PM), o costume dos EUA")
    if eua:
        return od.Ordem(od.MES_DIA, f"{eua} vem com a hora num fuso dos EUA, onde o mês vem antes do dia")
    return od.Ordem(od.DIA_MES)


_PEDACOS = ["1", "01", "12", "13", "31", "32", "0", "00", "013", "2025", "25", "202", "/", "/", ".", " ", "  ", ",",
            "\n", "\x00", "PM", "am", "a.m.", "9:05", "10:44:01", "h", "x", ";", "-", "\t",
            # datas e horas inteiras, para que a borda entre textos caia entre uma e outra
            "01/02/2025", "2/13/2025", "13/2/25", "1:00 PM", " 10:44 am", "9:05:00 P.M.", "1:00 PM 3/4/25",
            " 13:10:44 PDT", " 9:05 Pacific Time", " 13:10 BRT", "EST"]


def test_decidir_em_blocos_e_o_mesmo_que_um_por_um():
    """As bordas entre textos (o separador), a hora de 12 h logo no fim de um texto, datas coladas a dígitos, barras
    e pontos, e blocos maiores que `_POR_VEZ`: o exame em blocos decide como o de um texto por vez."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    texto = st.lists(st.sampled_from(_PEDACOS), max_size=14).map("".join)

    @settings(max_examples=1500, deadline=None)
    @given(st.lists(texto, max_size=12), st.booleans(), st.integers(0, 3))
    def conferir(textos, planilha, repeticoes):
        # os mesmos textos repetidos depois de muitas linhas neutras: a decisão atravessa a borda de um bloco
        todos = textos + ["sem data 1/2"] * (od._POR_VEZ * repeticoes) + textos[::-1]
        assert od.decidir(iter(todos), planilha) == _decidir_um_por_um(todos, planilha)

    conferir()


@pytest.mark.parametrize(("textos", "esperada"), [
    (["13/08/2025"] + ["x"] * 5000 + ["8/13/2025"], od.CONFLITO),  # a outra ordem depois de vários blocos
    (["8/13/2025"] + ["01/02/2025 1:00 PM"] * 3000 + ["13/8/2025"], od.CONFLITO),
    (["01/02/2025"] * 4000 + ["01/02/2025 1:00 PM"], od.MES_DIA),  # a hora de 12 h só no fim
    (["01/02/2025 1:00"] * 4000 + ["31/12/2025"], od.DIA_MES),
    (["01/02/2025", "1:00 PM em 5/6/2025"], od.DIA_MES),  # a hora de 12 h de outro texto não é desta data
])
def test_decidir_atravessa_os_blocos(textos, esperada):
    assert od.decidir(textos).ordem == esperada == _decidir_um_por_um(textos).ordem
