"""O fuso dos horários de um anexo dito na carta que o encaminha (sonda da 25ª sessão): "encaminhamos em anexo o
arquivo acessos_conta_5511987654321.csv ... Todos os horários do arquivo estão em UTC", e o CSV só com data, hora, IP
e porta. Antes: o CSV ficava sem fuso e a convergência com a resposta da operadora era fraca ("sem data-hora com fuso
declarado ... não se afirma simultaneidade")."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from perito.analise import Parametros, analisar
from perito.validador.agente import validar
from tests.conftest import conclusoes_dos_textos, dados_da_pasta

_CARTA = ("ZAPT Mensageria Ltda.\nSão Paulo, 20 de agosto de 2025.\nRef.: Ofício 90/2025\n"
          "Em atenção ao ofício, encaminhamos em anexo o arquivo acessos_conta_5511987654321.csv, com os registros de "
          "acesso da conta vinculada ao número +55 11 98765-4321. Todos os horários do arquivo estão em UTC.\n"
          "Atenciosamente, Departamento Jurídico.\n")
_CSV = "data;hora;ip;porta\n14/07/2025;18:21:07;189.40.77.212;50123\n12/07/2025;09:00:01;201.17.88.4;41234\n"
_OPERADORA = ("Claro S.A. informa que o IP 189.40.77.212, porta 50123, em 14/07/2025 às 15:21:07 (horário de Brasília) "
              "estava atribuído a RAFAEL SOUZA PINTO, CPF 083.016.613-05.\n")
_ARQUIVOS = {"carta_resposta.txt": _CARTA, "acessos_conta_5511987654321.csv": _CSV, "oficio_operadora.txt": _OPERADORA}


def test_o_anexo_leva_o_fuso_da_carta(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, _ARQUIVOS)
    (convergencia,) = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    assert convergencia["grau_confianca"] == "forte" and "distam 0s" in convergencia["afirmacao"]
    assert "fuso UTC declarado na carta que encaminha o arquivo, carta_resposta.txt, linha 4" in convergencia["afirmacao"]
    assert any(r["arquivo"] == "carta_resposta.txt" and r["dado_citado"] == "UTC" for r in convergencia["referencias"])
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}


def test_sem_o_nome_do_arquivo_na_frase_nada_muda(tmp_path: Path) -> None:
    # armadilha: a frase do fuso que não nomeia o arquivo (pode falar dos horários da própria carta)
    carta = _CARTA.replace("o arquivo acessos_conta_5511987654321.csv, com os", "os").replace(
        "Todos os horários do arquivo estão em UTC.", "\nTodos os horários estão em UTC.")
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "carta_resposta.txt").write_text(carta, encoding="utf-8")
    (caso / "acessos_conta_5511987654321.csv").write_text(_CSV, encoding="utf-8")
    assert not [d for d in dados_da_pasta(caso) if d["arquivo_fonte"].endswith(".csv") and "contexto_fuso" in d["metadados"]]


def test_o_arquivo_com_o_seu_fuso_fica_com_ele(tmp_path: Path) -> None:
    # armadilha: o anexo que declara o próprio fuso (o cabeçalho "Hora (BRT)") não leva o da carta
    conclusoes = conclusoes_dos_textos(tmp_path, {**_ARQUIVOS, "acessos_conta_5511987654321.csv": _CSV.replace(
        "hora;", "hora (BRT);")})
    (convergencia,) = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    assert "carta" not in convergencia["afirmacao"] and "distam 3h00min00s" in convergencia["afirmacao"]


def test_o_validador_so_aceita_a_carta_que_nomeia_o_arquivo(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    for nome, texto in _ARQUIVOS.items():
        (caso / nome).write_text(texto + ("Os horários desta carta estão em UTC.\n" if nome.startswith("carta") else ""),
                                 encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise="2025-12-01"))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))
    (convergencia,) = [copy.deepcopy(c) for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert convergencia["validacao"]["veredicto_geral"] == "VERIFICADO"
    (fuso,) = [r for r in convergencia["referencias"] if r["arquivo"] == "carta_resposta.txt"]
    fuso["linha_ou_celula"] = "linha 6"  # a linha do fuso que não nomeia o arquivo
    convergencia["validacao"] = None
    veredicto = validar({**conclusoes, "conclusoes": [convergencia]}, caso, "2025-12-01")["validacoes"][0]
    assert veredicto["veredicto_geral"] == "AMBIGUO"
