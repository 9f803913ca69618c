"""A ligação que a vítima conta, achada na bilhetagem da operadora entre o número do golpista e o telefone dela, no dia
contado (décima nona sessão, caso inteiro: boletim com o telefone da vítima na qualificação e a bilhetagem da linha do
golpista com Origem, Destino, ERB).

Antes: só duas conclusões de número igual, cada uma dizendo que o número "aparece como linha na operadora"; nada dizia
que a chamada entre as duas linhas aconteceu no dia do fato. Armadilhas: a chamada noutro dia, ou com um terceiro
número, não é a relatada; sem o telefone da vítima na linha dela, o relato não diz quem recebeu; a afirmação com o nome
de outra pessoa não fica VERIFICADO.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from perito.analise import Parametros, analisar
from perito.validador.agente import validar

_BOLETIM = ("BOLETIM DE OCORRÊNCIA Nº 5120/2025\n"
            "Vítima: MARIANA ALVES TEIXEIRA, CPF 526.018.159-06, telefone (11) 97766-1234\n"
            "Histórico: em 12/06/2025, por volta das 14h10, a vítima recebeu ligação do número (21) 98877-6655, de pessoa "
            "que se dizia funcionário do banco.\n")
_BILHETAGEM = ("TIM S.A. - Extrato de chamadas da linha (21) 98877-6655 - horário de Brasília\n"
               "Data;Hora;Origem;Destino;Duração;Tipo;ERB\n"
               "{dia};14:09:51;21988776655;{destino};00:12:33;VOZ SAINTE;RJ-COPACABANA-03\n"
               "12/06/2025;16:02:44;21988776655;21999990000;00:01:05;VOZ SAINTE;RJ-BOTAFOGO-01\n")


def _analise(tmp_path: Path, dia: str = "12/06/2025", destino: str = "11977661234",
             boletim: str = _BOLETIM) -> tuple[Path, dict]:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "boletim.txt").write_text(boletim, encoding="utf-8")
    (caso / "tim_bilhetagem.csv").write_text(_BILHETAGEM.format(dia=dia, destino=destino), encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise="2025-07-01"))
    return caso, json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))


def _chamadas(conclusoes: dict) -> list[dict]:
    return [c for c in conclusoes["conclusoes"] if c["afirmacao"].startswith("A bilhetagem da operadora registra")]


def test_a_chamada_relatada_esta_na_bilhetagem(tmp_path: Path) -> None:
    caso, conclusoes = _analise(tmp_path)
    [chamada] = _chamadas(conclusoes)
    assert chamada["tipo"] == "vinculo_telefone" and chamada["grau_confianca"] == "forte"
    assert ("registra 1 chamada entre +5521988776655 e +5511977661234 no dia do fato: tim_bilhetagem.csv, linha 3 "
            "(12/06/2025 14:09:51 horário de Brasília)") in chamada["afirmacao"]
    assert "+5511977661234 é o telefone de MARIANA ALVES TEIXEIRA (boletim.txt, linha 2)" in chamada["afirmacao"]
    assert chamada["validacao"]["veredicto_geral"] == "VERIFICADO"
    trocada = copy.deepcopy(chamada)
    trocada["afirmacao"] = trocada["afirmacao"].replace("MARIANA ALVES TEIXEIRA", "JOANA ALVES TEIXEIRA")
    trocada["validacao"] = None
    [validacao] = validar({**conclusoes, "conclusoes": [trocada]}, caso, "2025-07-01")["validacoes"]
    assert validacao["veredicto_geral"] != "VERIFICADO"


def test_chamada_noutro_dia_nao_e_a_relatada(tmp_path: Path) -> None:
    assert _chamadas(_analise(tmp_path, dia="11/06/2025")[1]) == []


def test_chamada_para_outro_numero_nao_e_a_relatada(tmp_path: Path) -> None:
    assert _chamadas(_analise(tmp_path, destino="11977660000")[1]) == []


def test_sem_o_telefone_da_vitima_na_linha_dela(tmp_path: Path) -> None:
    sem_telefone = _BOLETIM.replace(", telefone (11) 97766-1234", "")
    assert _chamadas(_analise(tmp_path, boletim=sem_telefone)[1]) == []
