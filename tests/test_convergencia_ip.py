"""convergencia_ip de ponta a ponta (CSV e TXT reais, referências VERIFICADAS pelo validador).

Os graus e as armadilhas (CGNAT, UTC e BRT, sem fuso, não roteáveis, uma família só, hora ambígua) são
testados sobre lotes montados à mão em `tests/test_regras_graus.py`.
"""

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


def test_ipv6_mesmo_endereco_na_janela_e_forte_em_formas_diferentes(tmp_path):
    conclusoes = _caso(
        tmp_path,
        ["2025-03-15 18:20:05 UTC 2804:14C:65A1:4000:0:0:0:1B 443"],
        ["15/03/2025;15:21:00;BRT;2804:14c:65a1:4000::1b;443"],
    )
    assert _graus(conclusoes, "2804:14c:65a1:4000::1b") == ["forte"]


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
