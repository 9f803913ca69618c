"""A carta da operadora com um bloco por acesso (sonda da 26ª sessão): "IP: ...  Porta: ...  Data: ..." numa linha e
"Cliente: ...  CPF: ..." na de baixo, dois clientes. Antes a porta dentro da linha lida como o campo "IP" se perdia (a
convergência saía "sem porta de origem"), e a carta com o timbre "CLARO S.A." era de família desconhecida: nenhuma
conclusão dizia de quem era a conexão."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores import familias
from perito.leitura.texto import ler_texto
from tests.conftest import conclusoes_dos_textos, dados_da_pasta

_CARTA = """CLARO S.A. - Resposta ao Ofício 77/2025
Horários em UTC-3.

IP: 189.40.77.212  Porta: 50123  Data: 14/07/2025 15:21:07
Cliente: RAFAEL SOUZA PINTO  CPF: 083.016.613-05

IP: 189.40.77.213  Porta: 50124  Data: 14/07/2025 15:25:44
Cliente: MARIA JOSE LIMA  CPF: 390.533.447-05
"""
_ACESSO = "event_time,client_ip,client_port,account_email,action\n2025-07-14T18:25:44Z,189.40.77.213,50124,c@x.com,LOGIN\n"


def test_o_cliente_da_conexao_e_o_do_bloco_do_ip(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"resposta_operadora.txt": _CARTA, "acessos.csv": _ACESSO})
    (titular,) = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert titular["afirmacao"].startswith("O IP 189.40.77.213 estava atribuído pela operadora a MARIA JOSE LIMA")
    assert "RAFAEL" not in titular["afirmacao"]
    (convergencia,) = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    assert convergencia["grau_confianca"] == "forte"
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}


def test_a_porta_na_linha_lida_como_um_campo(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "carta.txt").write_text(_CARTA, encoding="utf-8")
    ips = {d["dado"]: d["metadados"].get("porta") for d in dados_da_pasta(caso) if d["tipo_dado"] == "ip"}
    assert ips == {"189.40.77.212": "50123", "189.40.77.213": "50124"}


@pytest.mark.parametrize(("texto", "familia"), [
    (_CARTA, "operadora"),
    ("TIM S.A.\nResposta ao ofício\nIP 189.40.77.212 porta 50123 em 14/07/2025 15:21:07\n", "operadora"),
    # armadilha: o pagamento à operadora numa linha de extrato não é o timbre dela
    ("BANCO HORIZONTE S.A. - EXTRATO\nTitular: RAFAEL SOUZA PINTO\n14/07/2025 PAGTO CLARO S.A. -120,00\n"
     "15/07/2025 PIX RECEBIDO ANA LIMA 50,00\n", "banco"),
])
def test_o_timbre_da_operadora(tmp_path: Path, texto: str, familia: str) -> None:
    caminho = tmp_path / "documento.txt"
    caminho.write_text(texto, encoding="utf-8")
    assert familias.classificar(ler_texto(caminho, caminho.name)).familia == familia
