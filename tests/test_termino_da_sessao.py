"""Sonda v8 da 28ª sessão: a Vivo responde em planilha sobre prefixos IPv6 (`Prefixo IPv6 | Início | Término | Linha |
Cliente | CPF`, o fuso numa nota abaixo da tabela) e o Google lista o acesso com o IPv6 em maiúsculas e zeros
(`2804:0A1B:0C00:0012:0000:0000:0000:00F3`). "Término" era lido só como o cancelamento de uma linha: a atribuição do
prefixo ficava sem fim, e nenhuma conclusão dizia o cliente do prefixo. Ao lado de um "Início", na mesma linha, o
término é o fim da sessão (até 24 h; a ativação e o cancelamento de uma linha continuam o que eram)."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook

from tests.conftest import conclusoes_do_caso

_GOOGLE = """Google LLC
Subscriber Information
Name: Rafael Souza

IP Activity
Time (UTC)                 IP Address                                  Activity
{quando} UTC    2804:0A1B:0C00:0012:0000:0000:0000:00F3     Login
"""


def _caso(tmp_path: Path, prefixo: str, quando: str) -> list[dict]:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "google_resposta.txt").write_text(_GOOGLE.format(quando=quando), encoding="utf-8")
    livro = Workbook()
    aba = livro.active
    aba.title = "Resultado"
    aba.append(["TELEFÔNICA BRASIL S.A. - Resposta ao Ofício 991/2025"])
    aba.append([])
    aba.append(["Prefixo IPv6", "Início", "Término", "Linha", "Cliente", "CPF"])
    aba.append([prefixo, "14/07/2025 14:00:00", "14/07/2025 23:59:59", "(11) 98765-4321", "RAFAEL PINTO SOUZA",
                "529.982.247-25"])
    aba.append(["2804:a1b:c00:99::/64", "14/07/2025 10:00:00", "14/07/2025 23:00:00", "(11) 97766-1234",
                "MARIA OLIVEIRA CAMPOS", "123.456.789-09"])
    aba.append([])
    aba.append(["* Horários informados no horário de Brasília (UTC-3)."])
    livro.save(caso / "vivo_resposta.xlsx")
    return conclusoes_do_caso(caso, "2025-12-01")


def _do_prefixo(conclusoes: list[dict]) -> list[dict]:
    return [c for c in conclusoes if c["tipo"] == "identificacao_titular" and c["afirmacao"].startswith("O prefixo IPv6")]


def test_o_termino_fecha_a_atribuicao_do_prefixo(tmp_path: Path) -> None:
    (titular,) = _do_prefixo(_caso(tmp_path, "2804:a1b:c00:12::/64", "2025-07-14 18:21:07"))
    assert titular["afirmacao"].startswith("O prefixo IPv6 2804:a1b:c00:12::/64 estava atribuído pela operadora a "
                                           "RAFAEL PINTO SOUZA")
    assert "até 14/07/2025 23:59:59" in titular["afirmacao"]
    assert titular["validacao"]["veredicto_geral"] == "VERIFICADO"


@pytest.mark.parametrize(("prefixo", "quando"), [
    ("2804:a1b:c00:13::/64", "2025-07-14 18:21:07"),  # o acesso é de outro /64
    ("2804:a1b:c00:12::/64", "2025-07-15 03:30:00"),  # 00:30 em Brasília: depois do término (23:59:59)
])
def test_armadilhas_outro_prefixo_e_depois_do_termino(tmp_path: Path, prefixo: str, quando: str) -> None:
    assert not _do_prefixo(_caso(tmp_path, prefixo, quando))
