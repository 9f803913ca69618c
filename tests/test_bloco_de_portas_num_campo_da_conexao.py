"""Sonda v5 da 28ª sessão: o provedor regional que responde com um bloco de rótulos por conexão ("Endereço público:
..." / "Intervalo de portas: 40000-40255" / "Conectado em: ..." / "Desconectado em: ..." / "Assinante: ...") e o fuso
dito uma vez no topo; do outro lado, o acesso da Microsoft com "IP:porta" numa coluna. Antes: o bloco de portas, no
campo de baixo do IP, não ia para o IP, e "Desconectado em" não fechava a sessão; a convergência comparava o acesso só
com o começo da conexão ("distam 21min05s", fraca) e nenhuma conclusão dizia o assinante. O validador também não lia
as pontas do bloco escrito com hífen ("40000 | 40255 não estão no local")."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores import rotulos
from tests.conftest import conclusoes_dos_textos

_PROVEDOR = """NETLIGA TELECOMUNICAÇÕES LTDA - ME
Provedor de acesso à internet - Campinas/SP
Resposta ao Ofício 771/2025

Fuso horário de todos os registros abaixo: {fuso}

--- Conexão 1 ---
Endereço público: 177.9.144.212
Intervalo de portas: 40000-40255
Conectado em: 14/07/2025 15:00:02
Desconectado em: 14/07/2025 17:12:45
Assinante: RAFAEL PINTO SOUZA
Documento: 529.982.247-25

--- Conexão 2 ---
Endereço público: 177.9.144.212
Intervalo de portas: 40256-40511
Conectado em: 14/07/2025 14:30:00
Desconectado em: 14/07/2025 18:00:00
Assinante: MARIA OLIVEIRA CAMPOS
Documento: 123.456.789-09
"""
_MICROSOFT = """Microsoft Corporation - Law Enforcement Response
Account: rafa.pinto88@outlook.com
Sign-in activity

Date (UTC),IP Address,Activity,Result
2025-07-14T18:21:07Z,177.9.144.212:{porta},Sign in,Success
"""
_BRASILIA = "UTC-03:00 (horário de Brasília)"


def _conclusoes(tmp_path: Path, porta: str, fuso: str = _BRASILIA) -> list[dict]:
    return conclusoes_dos_textos(tmp_path, {"netliga_resposta.txt": _PROVEDOR.format(fuso=fuso),
                                            "microsoft_signin.csv": _MICROSOFT.format(porta=porta)})


@pytest.mark.parametrize(("porta", "assinante"), [("40122", "RAFAEL PINTO SOUZA"), ("40300", "MARIA OLIVEIRA CAMPOS")])
def test_a_porta_do_acesso_no_bloco_da_conexao_da_o_assinante(tmp_path: Path, porta: str, assinante: str) -> None:
    conclusoes = _conclusoes(tmp_path, porta)
    (titular,) = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert titular["afirmacao"].startswith(f"O IP 177.9.144.212 estava atribuído pela operadora a {assinante}")
    assert "até 14/07/2025" in titular["afirmacao"] and "bloco de portas" in titular["afirmacao"]
    (convergencia,) = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    assert convergencia["grau_confianca"] == "forte"
    assert "cai dentro da sessão de conexão" in convergencia["afirmacao"]
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}


def test_armadilha_porta_fora_dos_blocos(tmp_path: Path) -> None:
    """A porta 41000 não está em bloco nenhum: nenhum assinante, e a convergência não é forte."""
    conclusoes = _conclusoes(tmp_path, "41000")
    assert not [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert all(c["grau_confianca"] != "forte" for c in conclusoes if c["tipo"] == "convergencia_ip")


def test_armadilha_fuso_utc_poe_o_acesso_fora_da_sessao(tmp_path: Path) -> None:
    """Com a resposta em UTC, 18:21:07 UTC fica depois de "Desconectado em 17:12:45": nenhum assinante."""
    conclusoes = _conclusoes(tmp_path, "40122", "UTC")
    assert not [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert all(c["grau_confianca"] == "fraco" for c in conclusoes if c["tipo"] == "convergencia_ip")


@pytest.mark.parametrize(("rotulo", "papel"), [
    ("Desconectado em", "fim_uso"), ("Desconexão", "fim_uso"), ("Disconnected at", "fim_uso"),
    ("Data da desconexão", "fim_uso"),
    # armadilhas: o começo da conexão e o logout de um log de provedor (um evento) não fecham a sessão
    ("Conectado em", None), ("Logout", None), ("Connected at", None),
])
def test_a_desconexao_fecha_a_sessao(rotulo: str, papel: str | None) -> None:
    assert rotulos.papel_da_data(rotulo) == papel
