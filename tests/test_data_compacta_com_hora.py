"""A data compacta seguida de uma hora com dois-pontos ("20250315 11:34:02", "15032025 11:34:02"), achada por sonda: o
log de um sistema de banco exportado assim ficava sem data-hora, e a convergência de IP caía para fraco. Só antes de uma
hora: sozinho, um número de oito algarismos é uma conta, um CEP ou um protocolo.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.chaves.valores import decompor
from perito.extratores.reconhecedores import reconhecer
from perito.validador.instantes import momentos
from tests.conftest import analise_com_provedor, veredicto_com_a_afirmacao_trocada


def _instantes(texto: str) -> list[tuple[str, str]]:
    return [(a.dado, a.metadados.get("instante_utc", "")[:19]) for a in reconhecer(texto) if a.campo == "data_evento"]


@pytest.mark.parametrize("texto, esperado", [
    ("20250315 11:34:02 BRT 177.45.10.2", [("20250315 11:34:02", "2025-03-15T14:34:02")]),
    ("15032025 11:34:02 UTC", [("15032025 11:34:02", "2025-03-15T11:34:02")]),
    ("20250315T11:34:02Z", [("20250315T11:34:02", "2025-03-15T11:34:02")]),
    # armadilhas: um número que não é data (mês 13, dia 99), uma conta antes de uma hora, a data compacta sem hora
    ("20251399 11:34:02 UTC", []), ("Conta 12345678 14:33 UTC", []), ("Protocolo 20250315", []),
    ("NSU 120250315 11:34:02", []),
])
def test_data_compacta_antes_da_hora(texto: str, esperado: list) -> None:
    assert _instantes(texto) == esperado


def test_o_validador_le_a_mesma_forma() -> None:
    [momento] = momentos(decompor("20250315 11:34:02 BRT;177.45.10.2;51234"))
    assert momento.instante is not None and momento.instante.isoformat() == "2025-03-15T14:34:02+00:00"


def test_convergencia_com_o_log_do_banco(tmp_path: Path) -> None:
    def escrever(caso: Path) -> None:
        (caso / "log_banco.csv").write_text("DT_EVENTO;IP;PORTA;FUSO\n20250315 11:34:02;177.45.10.2;51234;BRT\n"
                                            "20250315 12:00:00;201.2.3.4;30000;BRT\n", encoding="utf-8")

    caso, conclusoes = analise_com_provedor(tmp_path, escrever, porta=True)
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert "20250315 11:34:02 BRT" in ip["afirmacao"] and "distam 12s" in ip["afirmacao"]
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"
    # a armadilha: outro dia citado para o mesmo acesso não fica verificado
    assert veredicto_com_a_afirmacao_trocada(caso, conclusoes, "convergencia_ip", "20250315 11:34:02",
                                             "20250316 11:34:02") != "VERIFICADO"


def test_data_curta_do_excel_antes_da_hora(tmp_path: Path) -> None:
    """"3/15/25 2:33 PM" (a data curta do Excel dos EUA: mês de um algarismo e ano de dois), achada por sonda: ficava sem
    data. Só antes de uma hora, e na ordem que o documento prova (aqui o 15 só pode ser o dia)."""
    from tests.conftest import dados_da_pasta

    (tmp_path / "log.txt").write_text("Sign-in log\n3/15/25 2:33 PM UTC 177.45.10.2\n3/16/25 9:10 AM UTC 189.20.30.40\n",
                                      encoding="utf-8")
    assert {d["dado"]: d["metadados"].get("instante_utc") for d in dados_da_pasta(tmp_path) if d["tipo_dado"] == "ip"} == {
        "177.45.10.2": "2025-03-15T14:33:00Z", "189.20.30.40": "2025-03-16T09:10:00Z"}
    # sozinha, sem hora, a forma curta não é data
    assert _instantes("item 1/2/25 do anexo") == []
