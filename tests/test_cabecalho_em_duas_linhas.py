"""A tabela de largura fixa com o cabeçalho em duas linhas (sonda da 25ª sessão): a resposta da operadora sobre IP e
porta com `PORTA   PORTA` em cima e `INICIAL FINAL` embaixo. Antes: a segunda linha não completava os nomes, a coluna
do fim do bloco de portas não tinha papel (o IP ficava só com a porta 50000, e a convergência com o acesso na porta
50123 era "portas de origem diferentes", fraca), e a resposta era de família desconhecida."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores import familias
from perito.extratores.registros.tabela_fixa import completados
from perito.leitura.texto import ler_texto
from tests.conftest import conclusoes_dos_textos, dados_da_pasta

_CABECALHO = ("DATA        HORA       IP PUBLICO        PORTA   PORTA   CLIENTE                 CPF\n"
              "INICIO      INICIO                       INICIAL FINAL\n")
_OPERADORA = ("OI S.A. - RESPOSTA A OFÍCIO - CONSULTA DE IP COM PORTA\nHorários em UTC-3\n\n" + _CABECALHO
              + "14/07/2025  14:02:00   189.40.77.212     50000   50255   RAFAEL SOUZA PINTO      083.016.613-05\n")
_PROVEDOR = ("Resposta do provedor de aplicação - Registros de acesso (UTC)\n"
             "IP 189.40.77.212 porta 50123 em 2025-07-14 17:05:11\n")


@pytest.mark.parametrize(("de_baixo", "esperado"), [
    ("INICIO      INICIO                       INICIAL FINAL",
     ["DATA INICIO", "HORA INICIO", "IP PUBLICO", "PORTA INICIAL", "PORTA FINAL", "CLIENTE", "CPF"]),
    # armadilha: a palavra no vão entre duas colunas (longe do nome de cima) não completa nome nenhum
    ("                                     SOLTA", None),
])
def test_a_segunda_linha_completa_os_nomes(de_baixo: str, esperado: list[str] | None) -> None:
    nomes = ["DATA", "HORA", "IP PUBLICO", "PORTA", "PORTA", "CLIENTE", "CPF"]
    assert completados(nomes, [0, 12, 23, 41, 49, 57, 81], de_baixo) == esperado


def test_o_bloco_de_portas_da_segunda_linha(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "resposta_operadora.txt").write_text(_OPERADORA, encoding="utf-8")
    assert familias.classificar(ler_texto(caso / "resposta_operadora.txt", "resposta_operadora.txt")).familia == "operadora"
    (ip,) = [d for d in dados_da_pasta(caso) if d["campo"] == "ip_acesso"]
    assert (ip["metadados"]["porta"], ip["metadados"]["porta_final"]) == ("50000", "50255")


def test_uma_linha_de_dados_sem_algarismos_nao_e_cabecalho(tmp_path: Path) -> None:
    # armadilha: a linha de baixo com algarismos é dado, não a segunda linha do cabeçalho
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "resposta.txt").write_text(_OPERADORA.replace(_CABECALHO, _CABECALHO.splitlines()[0] + "\n"),
                                       encoding="utf-8")
    (ip,) = [d for d in dados_da_pasta(caso) if d["campo"] == "ip_acesso"]
    assert "porta_final" not in ip["metadados"]


def test_a_convergencia_dentro_do_bloco(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"resposta_operadora.txt": _OPERADORA, "provedor.txt": _PROVEDOR})
    (convergencia,) = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    assert "bloco de portas 50000 a 50255" in convergencia["afirmacao"]
    assert convergencia["grau_confianca"] == "forte"
    assert convergencia["validacao"]["veredicto_geral"] == "VERIFICADO"
