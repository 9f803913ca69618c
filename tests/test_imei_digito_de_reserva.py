"""IMEI com o dígito de reserva zerado na resposta da operadora (3GPP TS 23.003: o aparelho transmite o IMEI com o
15º dígito 0, e a bilhetagem o grava assim). Antes, `865432077123450` na planilha da operadora contra o
`865432077123452` do auto de apreensão rebaixava a convergência "por possível erro de digitação". Armadilha: o 0
inválido escrito à mão num relato continua rebaixando, e sem o IMEI válido noutra fonte também.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_do_caso

_OPERADORA = ("TIM S.A. - Resposta ao Ofício 1187/2025 - histórico de IMEI da linha\n"
              "Linha;IMEI;Data início uso\n5521998765432;{imei};01/07/2025\n")
_AUTO = ("POLÍCIA CIVIL DO ESTADO DO RIO DE JANEIRO\nAUTO DE APREENSÃO\n"
         "Foi apreendido um aparelho celular Samsung Galaxy A15, IMEI 1: {imei}, em poder do investigado.\n")


def _imeis(tmp_path: Path, na_operadora: str, no_auto: str) -> list[dict]:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "operadora.csv").write_text(_OPERADORA.format(imei=na_operadora), encoding="utf-8")
    (caso / "auto_de_apreensao.txt").write_text(_AUTO.format(imei=no_auto), encoding="utf-8")
    return [c for c in conclusoes_do_caso(caso) if c["tipo"] == "convergencia_imei"]


def test_zero_de_reserva_na_operadora_nao_rebaixa(tmp_path: Path) -> None:
    [conclusao] = _imeis(tmp_path, "865432077123450", "865432077123452")
    assert conclusao["grau_confianca"] == "forte", conclusao["afirmacao"]
    assert "dígito de reserva" in conclusao["afirmacao"]
    assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_zero_invalido_escrito_no_relato_continua_rebaixando(tmp_path: Path) -> None:
    # (no texto corrido, um número de 15 dígitos com Luhn inválido nem é lido como IMEI)
    assert all(c["grau_confianca"] != "forte" for c in _imeis(tmp_path, "865432077123452", "865432077123450"))
