"""Um arquivo com os extratos de duas contas, um embaixo do outro, cada um sob a sua declaração de titular (sonda da
25ª sessão: a resposta do banco que manda as contas de JOANA e de RAFAEL no mesmo TXT). Antes, uma resposta errada:
"A conta de JOANA DA SILVA ... tem 2 indícios de conta de passagem", com o crédito da vítima na conta de RAFAEL, e
"1 de 2 créditos" juntando as duas contas; o vínculo financeiro listava a saída da conta de JOANA como repasse do
crédito na de RAFAEL."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.principal import contas_do_arquivo
from tests.conftest import conclusoes_dos_textos

_EXTRATOS = """BANCO HORIZONTE S.A. - EXTRATOS (resposta ao Ofício 881/2025)
Horários de Brasília

Titular: JOANA DA SILVA - CPF 529.982.247-25 - Agência 0001 - Conta 1112223-4
Data        Hora      Histórico                                   Valor        Saldo
10/07/2025  10:00:00  PIX RECEBIDO CARLOS DIAS                    500,00 C     600,00
14/07/2025  15:30:00  PIX ENVIADO MERCADO BOM LTDA                480,00 D     120,00

Titular: RAFAEL SOUZA PINTO - CPF 083.016.613-05 - Agência 0001 - Conta 4471239-8
Data        Hora      Histórico                                   Valor        Saldo
14/07/2025  15:21:07  PIX RECEBIDO ANA BEATRIZ MOREIRA          2.350,00 C   2.410,55
14/07/2025  15:38:40  PIX ENVIADO LUCIANA FERREIRA DIAS         2.300,00 D     110,55
"""
_DICT = ("DICT - Consulta de chave Pix\nChave: +5511987654321   Titular: RAFAEL SOUZA PINTO   CPF: 083.016.613-05   "
         "Agência: 0001   Conta: 4471239-8\n")
_BO = ("BOLETIM DE OCORRÊNCIA Nº 991/2025\nVítima: ANA BEATRIZ MOREIRA, CPF 318.274.519-04.\nHistórico: em 14/07/2025, "
       "por volta das 15h20, a vítima transferiu R$ 2.350,00 via Pix para a chave (11) 98765-4321.\n")


def test_cada_lancamento_na_conta_do_seu_titular(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"extratos.txt": _EXTRATOS, "dict.txt": _DICT, "bo.txt": _BO})
    (laranja,) = [c for c in conclusoes if c["tipo"] == "identificacao_laranja"]
    assert laranja["afirmacao"].startswith("A conta de RAFAEL SOUZA PINTO")
    assert "1 de 1 crédito" in laranja["afirmacao"] and "JOANA" not in laranja["afirmacao"]
    (vinculo,) = [c for c in conclusoes if c["tipo"] == "vinculo_financeiro"]
    assert "LUCIANA FERREIRA DIAS" in vinculo["afirmacao"]
    assert "480,00" not in vinculo["afirmacao"] and "MERCADO BOM" not in vinculo["afirmacao"]
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}


def test_o_mesmo_titular_repetido_continua_um_extrato(tmp_path: Path) -> None:
    # armadilha: o cabeçalho repetido (a mesma conta declarada duas vezes, como a cada página) não parte o extrato
    repetido = _EXTRATOS.replace("Titular: JOANA DA SILVA - CPF 529.982.247-25 - Agência 0001 - Conta 1112223-4",
                                 "Titular: RAFAEL SOUZA PINTO - CPF 083.016.613-05 - Agência 0001 - Conta 4471239-8")
    conclusoes = conclusoes_dos_textos(tmp_path, {"extratos.txt": repetido, "bo.txt": _BO, "dict.txt": _DICT})
    (laranja,) = [c for c in conclusoes if c["tipo"] == "identificacao_laranja"]
    assert "em 1 de 2 créditos" in laranja["afirmacao"]


def test_o_validador_contradiz_o_titular_de_outra_conta(tmp_path: Path) -> None:
    """A conclusão com o titular da primeira conta citado para o lançamento da segunda (o que o principal dizia até
    a 25ª sessão): as duas referências existem, mas o lançamento está sob a declaração de outro titular."""
    import copy
    import json

    from perito.analise import Parametros, analisar
    from perito.validador.agente import validar

    caso = tmp_path / "caso"
    caso.mkdir()
    for nome, texto in {"extratos.txt": _EXTRATOS, "dict.txt": _DICT, "bo.txt": _BO}.items():
        (caso / nome).write_text(texto, encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise="2025-12-01"))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))
    (laranja,) = [copy.deepcopy(c) for c in conclusoes["conclusoes"] if c["tipo"] == "identificacao_laranja"]
    (titular,) = [r for r in laranja["referencias"] if r["arquivo"] == "extratos.txt" and r["linha_ou_celula"] == "linha 9"
                  and "RAFAEL" in r["dado_citado"]]
    titular["linha_ou_celula"], titular["dado_citado"] = "linha 4", "JOANA DA SILVA"
    laranja["afirmacao"] = laranja["afirmacao"].replace("RAFAEL SOUZA PINTO CPF/CNPJ 08301661305", "JOANA DA SILVA")
    laranja["validacao"] = None
    detalhes = validar({**conclusoes, "conclusoes": [laranja]}, caso, "2025-12-01")["validacoes"][0]["detalhes"]
    (trocado,) = [d for d in detalhes if d["linha_ou_celula"] == "linha 4"]
    assert trocado["status"] == "CONTRADITO"
    assert "sob a declaração de titular de linha 9 (RAFAEL SOUZA PINTO)" in trocado["observacao"]
    # e a conclusão verdadeira continua VERIFICADO
    assert [c for c in conclusoes["conclusoes"] if c["tipo"] == "identificacao_laranja"][0]["validacao"][
        "veredicto_geral"] == "VERIFICADO"


def test_a_pagina_que_repete_so_o_nome_nao_e_outra_conta(tmp_path: Path) -> None:
    # armadilha: o cabeçalho da página seguinte repete só o nome (sem a conta, sem o CPF): a saída continua da conta
    extrato = ("BANCO HORIZONTE S.A. - EXTRATO\nHorários de Brasília\n"
               "Titular: RAFAEL SOUZA PINTO - CPF 083.016.613-05 - Agência 0001 - Conta 4471239-8\n"
               "Data        Hora      Histórico                                   Valor        Saldo\n"
               "14/07/2025  15:21:07  PIX RECEBIDO ANA BEATRIZ MOREIRA          2.350,00 C   2.410,55\n\n"
               "Titular: RAFAEL SOUZA PINTO\n"
               "Data        Hora      Histórico                                   Valor        Saldo\n"
               "14/07/2025  15:38:40  PIX ENVIADO LUCIANA FERREIRA DIAS         2.300,00 D     110,55\n")
    conclusoes = conclusoes_dos_textos(tmp_path, {"extrato.txt": extrato, "dict.txt": _DICT, "bo.txt": _BO})
    (vinculo,) = [c for c in conclusoes if c["tipo"] == "vinculo_financeiro"]
    assert "em seguida saem da conta" in vinculo["afirmacao"] and "LUCIANA FERREIRA DIAS" in vinculo["afirmacao"]
    (laranja,) = [c for c in conclusoes if c["tipo"] == "identificacao_laranja"]
    assert "repasse rápido em 1 de 1 crédito" in laranja["afirmacao"]


@pytest.mark.parametrize(("contextos", "campo"), [
    ([{"nome": "JOANA", "conta_chave": "1"}, {"nome": "RAFAEL", "conta_chave": "2"}], "conta_chave"),
    ([{"nome": "JOANA", "cpf": "529.982.247-25"}, {"nome": "RAFAEL", "cpf": "083.016.613-05"}], "cpf"),
    ([{"nome": "JOANA"}, {"nome": "RAFAEL", "conta_chave": "2"}], "nome"),
    # armadilhas: a mesma conta dita duas vezes, uma vez sem a conta, e o mesmo nome em caixas diferentes
    ([{"nome": "RAFAEL", "conta_chave": "2"}, {"nome": "RAFAEL"}], None),
    ([{"nome": "Rafael Souza Pinto"}, {"nome": "RAFAEL SOUZA PINTO"}], None),
    ([None, {"nome": "RAFAEL"}], None),
])
def test_o_campo_que_separa_as_contas(contextos: list, campo: str | None) -> None:
    assert contas_do_arquivo.chave_da_secao(contextos) == campo
