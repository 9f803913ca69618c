"""Regras de convergencia_ip sobre casos pequenos gerados aqui (CSV e TXT reais)."""

from __future__ import annotations

from pathlib import Path

from perito.analise import Parametros, analisar
from tests.conftest import DATA

CABECALHO_PROVEDOR = "Law Enforcement Response\nInternal Ticket Number 1\nTime IP Address Port\n"
CABECALHO_BANCO = "Data;Hora;Fuso;IP;Porta;Operação\n"


def _caso(tmp_path: Path, linhas_provedor: list[str], linhas_banco: list[str]) -> list[dict]:
    caso = tmp_path / "caso"
    caso.mkdir(parents=True)
    (caso / "provedor.txt").write_text(CABECALHO_PROVEDOR + "\n".join(linhas_provedor) + "\n", encoding="utf-8")
    (caso / "banco.csv").write_text(
        CABECALHO_BANCO + "\n".join(f"{l};Transferência PIX saldo" for l in linhas_banco) + "\n", encoding="cp1252"
    )
    resultado = analisar(Parametros(caso, tmp_path / "saida", data_analise=DATA))
    detalhes = [d for v in resultado.validacoes["validacoes"] for d in v["detalhes"]]
    assert all(d["status"] == "VERIFICADO" for d in detalhes), detalhes
    return resultado.finais["conclusoes"]


def _graus(conclusoes, ip):
    return [c["grau_confianca"] for c in conclusoes if f"O IP {ip} " in c["afirmacao"]]


def test_mesma_porta_minutos_depois_e_forte(tmp_path):
    conclusoes = _caso(tmp_path, ["2025-03-15 14:32:17 UTC 187.34.56.78 51234"], ["15/03/2025;11:34:02;BRT;187.34.56.78;51234"])
    assert _graus(conclusoes, "187.34.56.78") == ["forte"]


def test_mesmo_horario_de_relogio_em_utc_e_brt_nao_e_simultaneo(tmp_path):
    """14:32:17 UTC e 14:32:17 BRT distam 3 horas: nunca forte."""
    conclusoes = _caso(tmp_path, ["2025-03-15 14:32:17 UTC 187.34.56.78 51234"], ["15/03/2025;14:32:17;BRT;187.34.56.78;51234"])
    [conclusao] = [c for c in conclusoes if "187.34.56.78" in c["afirmacao"]]
    assert conclusao["grau_confianca"] == "fraco"
    assert "3h00min00s" in conclusao["afirmacao"]


def test_sem_porta_dentro_da_janela_e_moderado(tmp_path):
    caso = tmp_path
    conclusoes = _caso(caso, ["2025-03-15 14:32:17 UTC 187.34.56.78"], ["15/03/2025;11:33:00;BRT;187.34.56.78;"])
    assert _graus(conclusoes, "187.34.56.78") == ["moderado"]


def test_portas_diferentes_dentro_da_janela_e_fraco(tmp_path):
    conclusoes = _caso(tmp_path, ["2025-03-15 14:32:17 UTC 187.34.56.78 51234"], ["15/03/2025;11:33:00;BRT;187.34.56.78;40000"])
    assert _graus(conclusoes, "187.34.56.78") == ["fraco"]


def test_sem_fuso_nao_afirma_simultaneidade(tmp_path):
    conclusoes = _caso(tmp_path, ["2025-03-15 14:32:17 187.34.56.78 51234"], ["15/03/2025;11:34:02;BRT;187.34.56.78;51234"])
    [conclusao] = [c for c in conclusoes if "187.34.56.78" in c["afirmacao"]]
    assert conclusao["grau_confianca"] == "fraco"
    assert "sem data-hora com fuso declarado" in conclusao["afirmacao"]


def test_enderecos_nao_roteaveis_nunca_convergem(tmp_path):
    ips = ["10.1.2.3", "172.16.5.4", "192.168.1.1", "100.64.10.20", "127.0.0.1", "169.254.3.3"]
    conclusoes = _caso(
        tmp_path,
        [f"2025-03-15 14:32:17 UTC {ip} 51234" for ip in ips],
        [f"15/03/2025;11:32:17;BRT;{ip};51234" for ip in ips],
    )
    assert conclusoes == []


def test_ipv6_mesmo_endereco_na_janela_e_forte_em_formas_diferentes(tmp_path):
    conclusoes = _caso(
        tmp_path,
        ["2025-03-15 18:20:05 UTC 2804:14C:65A1:4000:0:0:0:1B 443"],
        ["15/03/2025;15:21:00;BRT;2804:14c:65a1:4000::1b;443"],
    )
    assert _graus(conclusoes, "2804:14c:65a1:4000::1b") == ["forte"]


def test_uma_conclusao_por_ip_e_grupo_de_fontes(tmp_path):
    conclusoes = _caso(
        tmp_path,
        ["2025-03-15 14:32:17 UTC 187.34.56.78 51234", "2025-03-15 14:40:00 UTC 187.34.56.78 51234"],
        ["15/03/2025;11:34:02;BRT;187.34.56.78;51234", "15/03/2025;11:41:00;BRT;187.34.56.78;51234"],
    )
    assert _graus(conclusoes, "187.34.56.78") == ["forte"]


def test_ipv6_do_mesmo_prefixo_64_na_janela_e_moderado(tmp_path):
    conclusoes = _caso(
        tmp_path,
        ["2025-03-15 18:20:05 UTC 2804:14c:65a1:4000::1b 443"],
        ["15/03/2025;15:21:00;BRT;2804:14c:65a1:4000:9f3e::7;443"],
    )
    [conclusao] = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    assert conclusao["grau_confianca"] == "moderado"
    assert "rede /64" in conclusao["afirmacao"] and "2804:14c:65a1:4000," in conclusao["afirmacao"]
    assert "55s" in conclusao["afirmacao"]


def test_ipv6_de_outro_prefixo_ou_fora_da_janela_nao_converge(tmp_path):
    outro_prefixo = _caso(
        tmp_path / "a",
        ["2025-03-15 18:20:05 UTC 2804:14c:65a1:4000::1b 443"],
        ["15/03/2025;15:21:00;BRT;2804:14c:65a1:4001::1b;443"],
    )
    assert outro_prefixo == []
    fora_da_janela = _caso(
        tmp_path / "b",
        ["2025-03-15 18:20:05 UTC 2804:14c:65a1:4000::1b 443"],
        ["15/03/2025;19:21:00;BRT;2804:14c:65a1:4000:9f3e::7;443"],
    )
    assert fora_da_janela == []
