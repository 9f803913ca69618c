"""A resposta de CGNAT com duas sessões no mesmo IP, cada uma com o seu bloco de portas e o seu cliente (décima nona
sessão): a convergência com o acesso do provedor é a da sessão que o contém.

Antes: o par era procurado só entre vizinhos na ordem dos inícios (e na mesma porta exata); a sessão do FELIPE
(16:55–18:02 UTC, portas 51200–51263) começa antes da da CARLA (17:01–19:30, 51264–51327), e o acesso das 17:20:05 na
porta 51234 só era comparado com a da CARLA: "fraco, portas diferentes", citando a sessão errada. Armadilhas: a porta
do bloco da CARLA dá a sessão dela; um acesso fora das duas sessões não fica forte.
"""

from __future__ import annotations

import json
from pathlib import Path

from perito.analise import Parametros, analisar

_OPERADORA = ("CLARO S.A. - Resposta ao Ofício 338/2025 - Conexões de dados (CGNAT)\n"
              "Horários em UTC-3 (horário de Brasília)\n"
              "IP Público;Porta Inicial;Porta Final;Início da Sessão;Fim da Sessão;Cliente;CPF\n"
              "189.120.44.17;51200;51263;12/06/2025 13:55:10;12/06/2025 15:02:44;FELIPE AUGUSTO MOURA;186.091.390-34\n"
              "189.120.44.17;51264;51327;12/06/2025 14:01:00;12/06/2025 16:30:00;CARLA DIAS PORTO;526.018.159-06\n")


def _conclusoes(tmp_path: Path, porta: str, hora: str = "17:20:05") -> list[dict]:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "claro_cgnat.csv").write_text(_OPERADORA, encoding="utf-8")
    (caso / "records.txt").write_text(
        "WhatsApp Business Record\nService WhatsApp\nAccount Identifier +5521988776655\n\nIp Addresses\n"
        f"Time 2025-06-12 {hora} UTC\nIp Address 189.120.44.17\nPort {porta}\n", encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise="2025-07-01"))
    return json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]


def _convergencia(conclusoes: list[dict]) -> dict:
    [convergencia] = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    return convergencia


def test_a_sessao_que_contem_o_acesso(tmp_path: Path) -> None:
    conclusoes = _conclusoes(tmp_path, "51234")
    convergencia = _convergencia(conclusoes)
    assert convergencia["grau_confianca"] == "forte"
    assert "claro_cgnat.csv, linha 4 (12/06/2025 13:55:10" in convergencia["afirmacao"]
    assert "bloco de portas 51200 a 51263" in convergencia["afirmacao"]
    assert convergencia["validacao"]["veredicto_geral"] == "VERIFICADO"
    [titular] = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert "atribuído pela operadora a FELIPE AUGUSTO MOURA" in titular["afirmacao"]


def test_a_porta_do_outro_bloco_da_a_outra_sessao(tmp_path: Path) -> None:
    conclusoes = _conclusoes(tmp_path, "51300")
    convergencia = _convergencia(conclusoes)
    assert convergencia["grau_confianca"] == "forte"
    assert "claro_cgnat.csv, linha 5 (12/06/2025 14:01:00" in convergencia["afirmacao"]
    [titular] = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert "atribuído pela operadora a CARLA DIAS PORTO" in titular["afirmacao"]


def test_acesso_fora_das_sessoes_nao_e_forte(tmp_path: Path) -> None:
    conclusoes = _conclusoes(tmp_path, "51234", hora="21:40:00")
    assert _convergencia(conclusoes)["grau_confianca"] != "forte"
    assert not [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
