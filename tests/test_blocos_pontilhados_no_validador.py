"""Sonda v2 da 28ª sessão: a Claro responde sobre um prefixo IPv6 delegado em blocos de rótulos alinhados por pontilhado
("Prefixo delegado ........ 2804:14c:5b81:8a1e::/64" / "Início da atribuição .... 2025-07-14 12:00:31" / "Fim da
atribuição ....... ..." / "Cliente ....... JOANA ..."), e o log do servidor de hospedagem (formato combinado do nginx)
mostra um endereço dentro do prefixo. A extração já lia o pontilhado como rótulo e valor; o validador, que segmenta os
registros por conta própria, só conhecia "Rótulo: valor", e as linhas do bloco ficavam soltas: o fim da atribuição, duas
linhas abaixo do prefixo, ia a AMBIGUO ("linhas diferentes de um texto sem registros reconhecíveis"). Agora o bloco
pontilhado é um registro também para ele, e a conclusão certa é VERIFICADO."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos

_CLARO = """CLARO S.A.
Gerência de Atendimento a Ofícios Judiciais
Ref.: Ofício 889/2025

Em resposta, seguem os dados cadastrais do usuário do endereço IPv6 solicitado.
Horários em UTC.

Registro 1
  Prefixo delegado ........ 2804:14c:5b81:8a1e::/64
  Início da atribuição .... 2025-07-14 12:00:31
  Fim da atribuição ....... 2025-07-15 00:10:09
  Cliente ................. JOANA PRADO MENDES
  CPF ..................... 371.284.650-90

Registro 2
  Prefixo delegado ........ 2804:14c:5b81:9f00::/64
  Início da atribuição .... 2025-07-14 10:00:00
  Fim da atribuição ....... 2025-07-14 23:00:00
  Cliente ................. PEDRO HENRIQUE ALVES
  CPF ..................... 845.120.733-29
"""
_NGINX = """HOSTNET HOSPEDAGEM LTDA
Resposta ao Ofício 889/2025 - registros de acesso do site lojadamarcela.com.br

187.11.20.5 - - [14/Jul/2025:14:58:01 -0300] "GET / HTTP/1.1" 200 5120 "-" "Mozilla/5.0 (Windows NT 10.0; Win64; x64)"
{ip} - - [14/Jul/2025:15:21:07 -0300] "POST /wp-login.php HTTP/1.1" 302 0 "-" "Mozilla/5.0 (Linux; Android 13)"
"""


def _conclusoes(tmp_path: Path, ip: str) -> list[dict]:
    return conclusoes_dos_textos(tmp_path, {"claro_resposta.txt": _CLARO, "hostnet_access_log.txt": _NGINX.format(ip=ip)})


def test_o_bloco_pontilhado_e_um_registro_para_o_validador(tmp_path: Path) -> None:
    conclusoes = _conclusoes(tmp_path, "2804:14c:5b81:8a1e:d4f1:2a3b:9c10:7e21")
    (titular,) = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert titular["afirmacao"].startswith("O prefixo IPv6 2804:14c:5b81:8a1e::/64 estava atribuído pela operadora a "
                                           "JOANA PRADO MENDES")
    assert titular["validacao"]["veredicto_geral"] == "VERIFICADO"
    fim = [d for d in titular["validacao"]["detalhes"] if d["dado_citado"] == "2025-07-15 00:10:09"]
    assert fim and fim[0]["status"] == "VERIFICADO"


def test_armadilha_endereco_de_outro_prefixo(tmp_path: Path) -> None:
    """O endereço em 2804:14c:5b81:8a1f::/64 não está em prefixo nenhum da resposta: nenhum titular."""
    conclusoes = _conclusoes(tmp_path, "2804:14c:5b81:8a1f:d4f1:2a3b:9c10:7e21")
    assert not [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
