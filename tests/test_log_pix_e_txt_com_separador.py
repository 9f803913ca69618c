"""Dois leiautes de um caso inteiro da décima nona sessão: o log de acessos de uma carteira digital em JSON Lines,
cujos eventos são operações Pix em código de sistema ("PIX_TRANSFER_OUT"), e a exportação de um sistema gravada como
.txt com as colunas separadas por `;` ou `|`.

Antes: o log ficava de família desconhecida (só "pix" contava, 1 ponto), e o mesmo modelo de aparelho no provedor e
no banco não dava convergência; o TXT só tinha células com TAB, e a coluna do nome ("Cliente"), sem rótulo na linha,
se perdia. Armadilhas: o pagamento por Pix no log de uma loja ("PIX_PAYMENT") não faz dela um banco; prosa com `;`
continua texto; um JSON com `|` nos valores continua JSON.
"""

from __future__ import annotations

import json
from pathlib import Path

from perito.extratores.familias import classificar
from perito.leitura.leitor import ler_documento
from tests.conftest import dados_da_pasta


def _log(eventos: list[str]) -> str:
    linhas = [{"timestamp": f"2025-06-12T17:4{i}:02.118Z", "cpf": "08301661305", "ip": f"189.120.44.{17 + i}",
               "port": 51240 + i, "device": "SM-A546E", "event": evento} for i, evento in enumerate(eventos)]
    return "\n".join(json.dumps(linha) for linha in linhas) + "\n"


def _familia(caminho: Path, texto: str, tipo: str = "txt") -> str:
    caminho.write_text(texto, encoding="utf-8")
    return classificar(ler_documento(caminho, caminho.name, tipo)).familia


def test_log_com_operacoes_pix_e_do_banco(tmp_path: Path) -> None:
    assert _familia(tmp_path / "log.jsonl", _log(["LOGIN", "PIX_TRANSFER_OUT"])) == "banco"
    assert _familia(tmp_path / "log2.jsonl", _log(["LOGIN", "PIX_CASH_IN"])) == "banco"


def test_pagamento_por_pix_numa_loja_nao_e_banco(tmp_path: Path) -> None:
    assert _familia(tmp_path / "log.jsonl", _log(["LOGIN", "PIX_PAYMENT"])) != "banco"
    assert _familia(tmp_path / "log2.jsonl", _log(["LOGIN", "ORDER_PAID_PIX"])) != "banco"


def _celulas(caminho: Path, texto: str) -> list[tuple[str, ...] | None]:
    caminho.write_text(texto, encoding="utf-8")
    return [t.celulas for t in ler_documento(caminho, caminho.name, "txt").trechos]


def test_txt_separado_por_ponto_e_virgula_tem_celulas(tmp_path: Path) -> None:
    celulas = _celulas(tmp_path / "r.txt", "RESPOSTA AO OFÍCIO 55/2025\nIP;Porta;Cliente\n"
                                           "189.120.44.17;51234;\"MOURA; FELIPE AUGUSTO\"\n189.120.44.18;61000;CARLA\n")
    assert celulas == [None, ("IP", "Porta", "Cliente"), ("189.120.44.17", "51234", "MOURA; FELIPE AUGUSTO"),
                       ("189.120.44.18", "61000", "CARLA")]


def test_txt_de_mainframe_com_barras_tem_celulas(tmp_path: Path) -> None:
    celulas = _celulas(tmp_path / "r.txt", "|DATA      |IP            |NOME            |\n"
                                           "|12/06/2025|189.120.44.17 |FELIPE A MOURA  |\n"
                                           "|13/06/2025|189.120.44.18 |CARLA DIAS PORTO|\n")
    assert celulas[1] == ("12/06/2025", "189.120.44.17", "FELIPE A MOURA")


def test_coluna_do_cliente_no_txt_e_nome(tmp_path: Path) -> None:
    (tmp_path / "resposta.txt").write_text(
        "TELECOM SUL S.A. - Resposta ao Ofício 55/2025\nIP;Porta;Data;Hora;Cliente;CPF\n"
        "189.120.44.17;51234;12/06/2025;14:20:05;FELIPE AUGUSTO MOURA;186.091.390-34\n"
        "189.120.44.17;61000;12/06/2025;14:20:05;CARLA DIAS PORTO;526.018.159-06\n", encoding="utf-8")
    nomes = [(d["dado"], d["linha_ou_celula"]) for d in dados_da_pasta(tmp_path) if d["campo"] == "nome_titular"]
    assert nomes == [("FELIPE AUGUSTO MOURA", "linha 3"), ("CARLA DIAS PORTO", "linha 4")]


def test_prosa_com_ponto_e_virgula_continua_texto(tmp_path: Path) -> None:
    prosa = ("A vítima relata que recebeu mensagens; que pagou; que depois percebeu o golpe.\n"
             "Informa ainda que o autor usava dois números; um deles; o outro não lembra.\n"
             "Nada mais disse.\n")
    assert _celulas(tmp_path / "bo.txt", prosa) == [None, None, None]


def test_json_com_barras_nos_valores_continua_json(tmp_path: Path) -> None:
    caminho = tmp_path / "log.jsonl"
    caminho.write_text("\n".join(json.dumps({"ua": "app|android|13|x", "ip": f"189.1.1.{i}"}) for i in range(4)) + "\n",
                       encoding="utf-8")
    documento = ler_documento(caminho, caminho.name, "txt")
    assert documento.registros and all(t.celulas is None for t in documento.trechos)


def test_a_leitura_em_partes_decide_o_separador_como_a_inteira(tmp_path: Path) -> None:
    # o volumoso é lido em partes (`leitura.em_partes`): a mesma decisão, pela amostra do começo
    from perito.leitura import em_partes

    jsonl = tmp_path / "log.jsonl"
    jsonl.write_text("\n".join(json.dumps({"ua": "app|android|13|x", "ip": f"189.1.1.{i}"}) for i in range(4)) + "\n",
                     encoding="utf-8")
    assert all(t.celulas is None for t in em_partes.trechos(jsonl, "txt"))
    tabela = tmp_path / "r.txt"
    tabela.write_text("RESPOSTA\nIP;Porta;Cliente\n189.120.44.17;51234;FELIPE\n189.120.44.18;61000;CARLA\n", encoding="utf-8")
    assert [t.celulas for t in em_partes.trechos(tabela, "txt")] == [t.celulas for t in ler_documento(
        tabela, tabela.name, "txt").trechos]
