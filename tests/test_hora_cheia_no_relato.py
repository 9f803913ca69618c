"""A hora cheia que o relato conta ("por volta das 15h", "pelas 9h"): a hora em ponto do fato.

Nos limites desde a 25ª sessão; a 27ª a lê. Antes, "em 14/07/2025, por volta das 15h" dava só o dia, e um crédito de
mesmo valor às 22h do mesmo dia servia de materialidade como o das 15h21. Só depois da preposição da hora: "SAQUE 24H",
"em 48h" e "plantão de 12 horas" não são hora do dia.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from perito.chaves import tempo
from tests.conftest import conclusoes_dos_textos, dados_da_pasta


@pytest.mark.parametrize("texto, hora", [
    ("no dia 14/07/2025, por volta das 15h, transferiu", "15h"),
    ("em 14/07/2025, pelas 9h, transferiu", "9h"),
    # "15 horas" fica de fora: numa afirmação, "10 horas" é lido como intervalo (a sonda u5 ficava AMBIGUO)
    ("em 14/07/2025 às 15 horas transferiu", None),
    ("em 14/07/2025, as 21h transferiu", "21h"),
    ("SAQUE 24H em 14/07/2025", None),
    ("o dinheiro saiu em 48h", None),
    ("plantão de 12 horas em 14/07/2025", None),
    ("às 25h", None),  # não existe
])
def test_a_hora_cheia_depois_da_preposicao(texto: str, hora: str | None) -> None:
    achadas = [m.group("hora") for m in tempo.PADRAO_HORA_CHEIA.finditer(texto) if tempo.hora(m.group("hora"))]
    assert achadas == ([hora] if hora else [])


def test_leitura_da_hora_cheia() -> None:
    assert tempo.hora("15h") == dt.time(15, 0)
    assert tempo.hora("9H") == dt.time(9, 0)
    assert tempo.hora("24h") is None


_BO = """BOLETIM DE OCORRÊNCIA Nº 2025/331871
Vítima: HELENA MARQUES DUARTE, CPF 713.450.118-30
Histórico: no dia 14/07/2025, por volta das 15h, a vítima transferiu R$ 2.350,00 via Pix para MATEUS HENRIQUE LOPES.
"""
_EXTRATO = """SICREDI - EXTRATO DE CONTA CORRENTE
Associado: MATEUS HENRIQUE LOPES   CPF: 402.118.730-80
Cooperativa 0812  Conta 44102-7
Período: 13/07/2025 a 15/07/2025 (horário de Brasília)
14/07/2025 {hora}  PIX RECEBIDO    2.350,00 C
"""


def test_o_valor_do_relato_leva_a_hora_cheia(tmp_path: Path) -> None:
    (tmp_path / "bo.txt").write_text(_BO, encoding="utf-8")
    (valor,) = [d for d in dados_da_pasta(tmp_path) if d["campo"] == "valor_transacao"]
    assert (valor["metadados"]["data"], valor["metadados"]["hora"]) == ("14/07/2025", "15h")


def test_a_materialidade_cita_a_hora_e_o_validador_a_confere(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"bo.txt": _BO, "extrato.txt": _EXTRATO.format(hora="15:21:07")})
    (materialidade,) = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert "bo.txt, linha 3: R$ 2.350,00 em 14/07/2025 15h" in materialidade["afirmacao"]
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_armadilha_o_credito_horas_depois_nao_e_o_relatado(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"bo.txt": _BO, "extrato.txt": _EXTRATO.format(hora="22:40:11")})
    assert not [c for c in conclusoes if c["tipo"] == "materialidade"]
