"""O relatório da ferramenta de extração do celular apreendido (Cellebrite UFED, Magnet AXIOM, Oxygen, XRY), com o
título em inglês ("Cellebrite UFED Physical Analyzer - Extraction Report") e a ficha do aparelho (IMEI, MSISDN,
ICCID). Achado por sonda: sem o título em português ("relatório de extração"), o MSISDN e o ICCID faziam dele uma
resposta de operadora, e o IMEI do aparelho apreendido com o da resposta da Vivo era "uma família só" (moderado, "tudo
vem da resposta da operadora"). O aparelho lido pela perícia é relato policial, independente da operadora."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openpyxl import Workbook

from perito.analise import Parametros, analisar

_IMEI = "352099001761481"


def _ficha(caminho: Path, titulo: str | None) -> None:
    livro = Workbook()
    aba = livro.active
    aba.title = "Device Info"
    if titulo:
        aba.append([titulo])
        aba.append([])
    aba.append(["Name", "Value"])
    for linha in (["Model", "SM-A515F"], ["IMEI", _IMEI], ["MSISDN", "+5511988776655"], ["ICCID", "8955031234567890123"]):
        aba.append(linha)
    livro.save(caminho)


@pytest.mark.parametrize(("titulo", "grau"), [
    ("Cellebrite UFED Physical Analyzer - Extraction Report", "forte"),
    ("Magnet AXIOM - Case Report", "forte"),
    (None, "moderado"),  # sem o título da ferramenta, a ficha com MSISDN e ICCID ainda parece a da operadora
])
def test_o_aparelho_apreendido_e_a_operadora_sao_duas_fontes(tmp_path: Path, titulo: str | None, grau: str) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    _ficha(caso / "relatorio_aparelho.xlsx", titulo)
    (caso / "vivo_imei_x_linha.csv").write_text(
        "RESPOSTA OFÍCIO 880/2025 - TELEFÔNICA BRASIL S.A. (VIVO)\n"
        "IMEI;LINHA;NOME_ASSINANTE;CPF_ASSINANTE;DATA_INICIO_USO;DATA_FIM_USO\n"
        f"{_IMEI};5511988776655;RAFAEL DUARTE LIMA;529.982.247-25;03/02/2025 08:12:40;20/07/2025 22:01:05\n",
        encoding="utf-8")
    saida = tmp_path / "saida"
    analisar(Parametros(caso, saida, data_analise="2025-09-01"))
    conclusoes = json.loads((saida / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    (imei,) = [c for c in conclusoes if c["tipo"] == "convergencia_imei" and "relatorio_aparelho.xlsx" in c["afirmacao"]]
    assert imei["grau_confianca"] == grau
    assert imei["validacao"]["veredicto_geral"] == "VERIFICADO"
