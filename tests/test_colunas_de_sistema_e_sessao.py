"""Cabeçalhos de sistema abreviados (VL_TRANSACAO, DT_HR_ACESSO, DTHR_EVENTO) e a sessão de conexão sem fuso.

Antes "VL_TRANSACAO" não era coluna de valor (o "2500.00" dela, em notação americana, não virava dinheiro) e
"DTHR_EVENTO" era histórico. E a sessão "Início;Fim;IP" sem fuso declarado dava ao IP a data-hora mais perto dele na
linha, o fim da sessão: o início só era escolhido com os dois instantes em UTC.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores import colunas
from tests.conftest import dados_da_pasta


@pytest.mark.parametrize("nome, papel", [
    ("VL_TRANSACAO", "valor"), ("VL_LANCAMENTO", "valor"), ("DT_HR_ACESSO", "data_hora"), ("DTHR_EVENTO", "data_hora"),
    ("DT_HORA", "data_hora"), ("DT_ACESSO", "data"), ("HR_ACESSO", "hora"), ("NR_IP", "ip"), ("NR_PORTA", "porta"),
])
def test_papel_das_abreviaturas(nome: str, papel: str) -> None:
    assert colunas.papel(nome) == papel


def test_valor_em_coluna_vl(tmp_path: Path) -> None:
    (tmp_path / "log.csv").write_text("DT_HR_ACESSO;NR_IP;DS_OPERACAO;VL_TRANSACAO\n"
                                      "15/03/2025 11:34:02;177.45.10.2;PIX ENVIADO;2500.00\n", encoding="utf-8")
    valores = [d["metadados"]["valor"] for d in dados_da_pasta(tmp_path) if d["campo"] == "valor_transacao"]
    assert valores == ["2500.00"]


def _ip(pasta: Path, texto: str) -> dict:
    (pasta / "operadora.csv").write_text(texto, encoding="utf-8")
    [ip] = [d["metadados"] for d in dados_da_pasta(pasta) if d["tipo_dado"] == "ip"]
    return {k: ip.get(k) for k in ("hora", "data_hora_fim", "instante_utc")}


def test_sessao_sem_fuso_o_ip_e_do_inicio(tmp_path: Path) -> None:
    assert _ip(tmp_path, "Início da conexão;Fim da conexão;Linha;IP;Porta\n"
                         "15/03/2025 14:33:00;15/03/2025 14:35:00;5511912340000;177.45.10.2;51234\n") == {
        "hora": "14:33:00", "data_hora_fim": "15/03/2025 14:35:00", "instante_utc": None}


def test_sessao_compacta_sem_fuso(tmp_path: Path) -> None:
    assert _ip(tmp_path, "DTHR_INICIO;DTHR_FIM;NR_IP\n20250315143300;20250315143500;177.45.10.2\n") == {
        "hora": "14:33:00", "data_hora_fim": "20250315143500", "instante_utc": None}


def test_armadilha_inicio_e_fim_de_um_contrato_nao_sao_sessao(tmp_path: Path) -> None:
    # três dias entre o início e o fim: não é uma sessão de conexão, e o fim não vai com o IP
    assert _ip(tmp_path, "Início;Fim;IP\n12/03/2025 14:33:00;15/03/2025 14:35:00;177.45.10.2\n")["data_hora_fim"] is None
