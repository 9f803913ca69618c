"""A carta de uma linha da operadora sobre um IP, sem "cliente" (sonda da 25ª sessão): "Claro S.A. informa que o IP
189.40.77.212 em 14/07/2025 às 15:21:07 (horário de Brasília) estava atribuído a RAFAEL SOUZA PINTO, CPF ...". Antes:
família desconhecida (só o nome da operadora no texto), e nenhuma conclusão dizia o cliente da conexão."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores import familias
from perito.leitura.texto import ler_texto
from tests.conftest import conclusoes_dos_textos

_CARTA = ("Claro S.A. informa que o IP 189.40.77.212 em 14/07/2025 às 15:21:07 (horário de Brasília) estava atribuído "
          "a RAFAEL SOUZA PINTO, CPF 083.016.613-05.\n")
_TELEGRAM = ("Telegram Messenger Inc.\nUser ID: 5544332211\nPhone number: +55 11 98765-4321\n"
             "Known IP addresses (UTC):\n2025-07-14 18:21:07 — 189.40.77.212\n")


@pytest.mark.parametrize(("texto", "familia"), [
    (_CARTA, "operadora"),
    (_CARTA.replace("estava atribuído a", "esteve alocado a"), "operadora"),
    # armadilha: o boletim que conta a mesma frase continua relato
    ("BOLETIM DE OCORRÊNCIA Nº 12/2025\nHistórico: " + _CARTA, "relato"),
])
def test_a_frase_do_ip_atribuido_e_da_operadora(tmp_path: Path, texto: str, familia: str) -> None:
    caminho = tmp_path / "carta.txt"
    caminho.write_text(texto, encoding="utf-8")
    assert familias.classificar(ler_texto(caminho, caminho.name)).familia == familia


def test_o_cliente_da_conexao(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"oficio_operadora.txt": _CARTA, "telegram.txt": _TELEGRAM})
    (titular,) = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert titular["afirmacao"].startswith("O IP 189.40.77.212 estava atribuído pela operadora a RAFAEL SOUZA PINTO")
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}
