"""Sonda v7 da 28ª sessão: a operadora lista as sessões de CGNAT (IP, porta, início e fim em BRT) e o provedor (Kwai)
escreve o login em tempo Unix em milissegundos ("login_time_ms" 1752517267000 = 2025-07-14 18:21:07 UTC). A convergência
certa ("o instante em kwai_resposta.csv cai dentro da sessão de conexão registrada em ...") era CONTRADITA e saía da
lista final: a conferência da sessão (`validador/figuras._sessoes`) contava só as datas-horas escritas, não o instante
que o próprio validador deriva do tempo Unix citado com o cabeçalho da coluna ("nenhum instante citado de
kwai_resposta.csv entre 17:00:00 e 21:00:00 UTC")."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos

_OPERADORA = """IP_PUBLICO;PORTA;INICIO (BRT);FIM (BRT);ASSINANTE;CPF
189.40.77.212;33012;14/07/2025 14:00:00;14/07/2025 18:00:00;JOSE CARLOS MENDES;845.120.733-29
189.40.77.212;33013;14/07/2025 15:10:00;14/07/2025 15:40:00;ANA PAULA RIBEIRO;371.284.650-90
"""
_KWAI = """user_id,login_ip,client_port,login_time_ms,device
889120031,189.40.77.212,33012,{ms},Redmi Note 12
"""


def _conclusoes(tmp_path: Path, ms: str) -> list[dict]:
    return conclusoes_dos_textos(tmp_path, {"operadora_sessoes.csv": _OPERADORA, "kwai_resposta.csv": _KWAI.format(ms=ms)})


def test_o_instante_em_tempo_unix_dentro_da_sessao_e_verificado(tmp_path: Path) -> None:
    conclusoes = _conclusoes(tmp_path, "1752517267000")  # 18:21:07 UTC = 15:21:07 BRT, dentro de 14:00–18:00 BRT
    (convergencia,) = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    assert "cai dentro da sessão de conexão registrada em operadora_sessoes.csv" in convergencia["afirmacao"]
    assert "linha 2 (14/07/2025 14:00:00 BRT até 14/07/2025 18:00:00, porta 33012" in convergencia["afirmacao"]
    assert convergencia["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_armadilha_o_instante_fora_da_sessao(tmp_path: Path) -> None:
    """1752530000000 ms = 21:53:20 UTC (18:53:20 BRT): depois do fim da sessão das 18:00 BRT; nenhuma afirmação de
    instante dentro da sessão."""
    conclusoes = _conclusoes(tmp_path, "1752530000000")
    assert all("cai dentro da sessão" not in c["afirmacao"] for c in conclusoes)
    assert all(c["grau_confianca"] == "fraco" for c in conclusoes if c["tipo"] == "convergencia_ip")
