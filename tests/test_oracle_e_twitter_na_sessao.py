"""Sonda v3 da 28ª sessão (a resposta da TIM em texto de largura fixa, com o TIMESTAMP do Oracle, e o ip-audit do
X/Twitter, "Mon Jul 14 18:21:07 +0000 2025"). A convergência certa saía CONTRADITA, por dois motivos do mesmo caso:
- a hora do Oracle seguida de vírgula na afirmação ("até 14-JUL-25 04.40.03.000000 PM, porta 40122") era lida como
  04:40:03, sem o PM ("a afirmação cita o momento 14-JUL-25 04.40.03.000000, que nenhuma referência sustenta");
- a data do Twitter, com o ano depois da hora, não era citada (a citação era "177.9.144.212 | 40122 | 18:21:07 +0000"),
  e o validador não tinha o instante do acesso para pôr dentro da sessão."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.chaves.valores import decompor
from tests.conftest import conclusoes_dos_textos

_TIM = """TIM S.A.
Resposta ao Oficio n. 2210/2025
Consulta de IP com porta de origem

IP_ORIGEM       PORTA_ORIGEM  DT_INICIO                      DT_FIM                         MSISDN         NOME_ASSINANTE           DOC_ASSINANTE
177.9.144.212   40122         14-JUL-25 03.02.11.000000 PM   14-JUL-25 04.40.03.000000 PM   5511987654321  RAFAEL PINTO SOUZA       52998224725
177.9.144.212   40123         14-JUL-25 03.05.00.000000 PM   14-JUL-25 03.30.00.000000 PM   5511976543210  MARIA OLIVEIRA CAMPOS    12345678909

Obs.: datas e horas no horario oficial de Brasilia (GMT-3).
"""
_X = """X Corp. - Response to Legal Request
Account: @rafa_pinto88 (user id 1458220391)

ip-audit
created_at                          login_ip          login_port
Mon Jul 14 18:21:07 +0000 2025      177.9.144.212     {porta}
"""


def _conclusoes(tmp_path: Path, porta: str) -> list[dict]:
    return conclusoes_dos_textos(tmp_path, {"tim_resposta.txt": _TIM, "x_ip_audit.txt": _X.format(porta=porta)})


def test_o_acesso_do_twitter_na_sessao_do_oracle(tmp_path: Path) -> None:
    conclusoes = _conclusoes(tmp_path, "40122")
    (convergencia,) = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    assert convergencia["grau_confianca"] == "forte"
    assert "cai dentro da sessão de conexão registrada em tim_resposta.txt" in convergencia["afirmacao"]
    (titular,) = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert titular["afirmacao"].startswith("O IP 177.9.144.212 estava atribuído pela operadora a RAFAEL PINTO SOUZA")
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}
    # a data-hora do Twitter é citada inteira, como escrita
    citados = [r["dado_citado"] for r in convergencia["referencias"] if r["arquivo"] == "x_ip_audit.txt"]
    assert any("Mon Jul 14 18:21:07 +0000 2025" in c for c in citados)


def test_armadilha_outra_porta(tmp_path: Path) -> None:
    """A porta 40199 não é de nenhuma sessão: nenhum titular, e a convergência é fraca."""
    conclusoes = _conclusoes(tmp_path, "40199")
    assert not [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert all(c["grau_confianca"] == "fraco" for c in conclusoes if c["tipo"] == "convergencia_ip")


@pytest.mark.parametrize(("texto", "hora"), [
    ("até 14-JUL-25 04.40.03.000000 PM, porta 40122", "16:40:03"),
    ("15-MAR-25 02.33.50 PM, x", "14:33:50"),
    ("15-MAR-25 02.33.50.000000 PM", "14:33:50"),
])
def test_a_hora_do_oracle_com_am_pm_antes_da_virgula(texto: str, hora: str) -> None:
    assert [v.normal for v in decompor(texto) if v.tipo == "hora"] == [hora]


@pytest.mark.parametrize("texto", [
    "15-MAR-25 02.33.50.000000,1",  # a fração seguida de vírgula e número: o número continua, não é hora
    "14/07/2025 01.02.03.4",  # a versão do aplicativo ao lado da data
])
def test_armadilha_tres_numeros_com_pontos_nao_sao_hora(texto: str) -> None:
    assert not [v for v in decompor(texto) if v.tipo == "hora"]
