"""O fuso dito no título de uma seção, sem palavra de horário: "Registros de acesso (UTC)", "IP Activity [GMT-3]".

Antes só uma frase que falasse de horários ("Horários em UTC", "Registros de acesso da conta (horário UTC)")
declarava o fuso; o título da tabela com o fuso entre parênteses deixava os horários de baixo sem fuso, e a
convergência com o log do banco ficava fraca ("sem data-hora comparável").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores.contexto import fuso_do_titulo
from tests.conftest import DATA, conclusoes_dos_textos, dados_da_pasta

LOG_DO_BANCO = "Data;Hora (BRT);IP;Porta;Operação\n15/03/2025;11:34:02;177.45.10.2;51234;Login\n"


@pytest.mark.parametrize("titulo, fuso", [
    ("Registros de acesso (UTC)", "UTC"),
    ("IP Activity [GMT-3]", "GMT-3"),
    ("Conexões de dados - horário de Brasília", "horário de Brasília"),
    ("Logins em UTC", "UTC"),
    ("Access log in GMT-3", "GMT-3"),
    ("Conexões (America/Sao_Paulo)", "America/Sao_Paulo"),
    ("Acessos (-03:00):", "-03:00"),
    ("Logins \u2013 UTC\u22123", "UTC\u22123"),
])
def test_titulo_que_declara(titulo: str, fuso: str) -> None:
    assert fuso_do_titulo(titulo) == fuso


@pytest.mark.parametrize("linha", [
    "Cidade: São Paulo (BRT)",  # um campo com valor, não um título
    "MARIA DA SILVA (EST)",  # EST: a sigla dos EUA é também abreviação; num título, não vale
    "Protocolo 2025 (UTC)",  # algarismos: não é só título
    "Relatório gerado (UTC)",  # a emissão do documento diz o fuso dela, não o dos registros
    "(UTC)",  # sem título
    "Conta corrente - 12345",
    "Pagamentos em dinheiro",
    "Nome (Apelido)",
])
def test_o_que_nao_e_titulo_com_fuso(linha: str) -> None:
    assert fuso_do_titulo(linha) is None


def _instantes(pasta: Path) -> dict[str, str]:
    return {d["dado"]: d["metadados"].get("instante_utc") for d in dados_da_pasta(pasta) if d["tipo_dado"] == "ip"}


def test_cada_secao_com_o_fuso_do_seu_titulo(tmp_path: Path) -> None:
    # o título vale para o que vem embaixo dele, até o próximo: a seção em BRT e a seção em UTC do mesmo arquivo
    (tmp_path / "resposta.txt").write_text(
        "Resposta do provedor\n"
        "Acessos pelo aplicativo (BRT)\nData;Hora;IP\n2025-03-15;11:00:00;177.45.10.2\n\n"
        "Acessos pelo navegador (UTC)\nData;Hora;IP\n2025-03-15;11:00:00;200.1.2.3\n", encoding="utf-8")
    assert _instantes(tmp_path) == {"177.45.10.2": "2025-03-15T14:00:00Z", "200.1.2.3": "2025-03-15T11:00:00Z"}


def test_celula_de_titulo_numa_planilha(tmp_path: Path) -> None:
    from openpyxl import Workbook

    livro = Workbook()
    aba = livro.active
    aba.append(["Conexões (UTC)"])
    aba.append(["Data", "Hora", "IP", "Evento (GMT-3)"])  # o nome de uma coluna entre outras não é título
    aba.append(["15/03/2025", "14:00:00", "177.45.10.2", "login"])
    livro.save(tmp_path / "log.xlsx")
    assert _instantes(tmp_path) == {"177.45.10.2": "2025-03-15T14:00:00Z"}


def _resposta_em_html(fuso: str) -> str:
    return (f"<html><body><h2>Registros de acesso ({fuso})</h2><table>"
            "<tr><th>Data</th><th>Hora</th><th>IP</th><th>Porta</th></tr>"
            "<tr><td>2025-03-15</td><td>14:33:50</td><td>177.45.10.2</td><td>51234</td></tr>"
            "</table></body></html>")


def _convergencias(pasta: Path, fuso: str) -> list[dict]:
    """O log do banco (BRT) e a resposta do provedor em HTML com o fuso só no título, analisados."""
    conclusoes = conclusoes_dos_textos(pasta, {"log_banco.csv": LOG_DO_BANCO, "resposta.html": _resposta_em_html(fuso)},
                                       DATA)
    return [c for c in conclusoes if c["tipo"] == "convergencia_ip"]


def test_convergencia_com_o_fuso_do_titulo(tmp_path: Path) -> None:
    [ip] = _convergencias(tmp_path, "UTC")
    assert "14:33:50 UTC" in ip["afirmacao"]
    assert ip["grau_confianca"] == "moderado"
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_armadilha_o_titulo_em_brasilia_afasta_os_horarios(tmp_path: Path) -> None:
    # o mesmo título em horário de Brasília: 14:33:50 BRT é 17:33:50 UTC, três horas depois do login do banco
    [ip] = _convergencias(tmp_path, "BRT")
    assert "14:33:50 BRT" in ip["afirmacao"] and "distam" in ip["afirmacao"]
    assert ip["grau_confianca"] == "fraco"
