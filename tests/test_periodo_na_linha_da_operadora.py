"""Sonda v6 da 28ª sessão: a Oi lista cada alocação em duas linhas, o cabeçalho dito uma vez ("Endereço IP / Porta
origem / Período de alocação (hora local de Brasília)" / "Assinante / Documento / Terminal"), e o período escrito
"189.40.77.212 : 33012   de 14/07/2025 14:00:00 até 14/07/2025 18:00:00" com o assinante na linha de baixo. O período
de uma frase só fechava a sessão na prosa de uma carta (`montagem._periodo_na_frase`); numa linha de listagem, o IP
ficava só com o começo, e o acesso do provedor às 15:21:07 ia para a alocação que começou mais perto (15:10, de outro
assinante, porta 33013), "distam 11min07s", fraca, sem dizer o assinante."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import conclusoes_dos_textos

_OI = """OI S.A. - EM RECUPERAÇÃO JUDICIAL
Atendimento a Requisições Judiciais - Ofício 5512/2025

Endereço IP / Porta origem / Período de alocação (hora local de Brasília)
Assinante / Documento / Terminal

189.40.77.212 : 33012   de 14/07/2025 14:00:00 até 14/07/2025 18:00:00
    JOSE CARLOS MENDES   CPF 845.120.733-29   Terminal (21) 99876-5432
189.40.77.212 : 33013   de 14/07/2025 15:10:00 até 14/07/2025 15:40:00
    ANA PAULA RIBEIRO   CPF 371.284.650-90   Terminal (21) 98765-1111
"""
_PROVEDOR = """Kwai - resposta ao ofício 5512/2025
Horários em UTC.
IP: 189.40.77.212  Porta: {porta}  Login: 2025-07-14 {hora}
"""


@pytest.mark.parametrize(("porta", "assinante"), [("33012", "JOSE CARLOS MENDES"), ("33013", "ANA PAULA RIBEIRO")])
def test_o_periodo_escrito_na_linha_fecha_a_sessao(tmp_path: Path, porta: str, assinante: str) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"oi_resposta.txt": _OI,
                                                  "kwai.txt": _PROVEDOR.format(porta=porta, hora="18:21:07")})
    (titular,) = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert titular["afirmacao"].startswith(f"O IP 189.40.77.212 estava atribuído pela operadora a {assinante}")
    (convergencia,) = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    assert convergencia["grau_confianca"] != "fraco" and "cai dentro da sessão" in convergencia["afirmacao"]
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}


def test_armadilha_depois_do_fim_do_periodo(tmp_path: Path) -> None:
    """21:30:00 UTC = 18:30 em Brasília: depois do fim das duas alocações (18:00 e 15:40); nenhum assinante, e nenhum
    instante dentro de sessão (antes, sem o fim, o começo das 14:00 bastava para "o acesso mais perto")."""
    conclusoes = conclusoes_dos_textos(tmp_path, {"oi_resposta.txt": _OI,
                                                  "kwai.txt": _PROVEDOR.format(porta="33012", hora="21:30:00")})
    assert not [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert all("cai dentro da sessão" not in c["afirmacao"] for c in conclusoes)
