"""Issue 24, achado 10 (pequenos): `revisar` com entradas ruins sai com código definido e nada registrado.

Antes: `--decisoes` com um motivo numérico saía com 70 (erro interno); `--analista` aceitava caracteres de
controle (escapes de terminal gravados na trilha e mostrados crus depois).
"""

from __future__ import annotations

import json

from perito.erros import Saida
from perito.saida.auditoria import verificar
from tests.conftest import rodar_cli
from tests.saida_pequena import montar


def _revisao(saida):
    caminho = saida / "revisao.json"
    return caminho.read_bytes() if caminho.exists() else None


def test_issue_24_motivo_numerico_no_arquivo_de_decisoes_e_entrada_invalida(tmp_path):
    _, saida = montar(tmp_path)
    antes = _revisao(saida)
    decisoes = tmp_path / "decisoes.json"
    decisoes.write_text(json.dumps([{"conclusao_id": 1, "referencia": 2, "decisao": "confirmado", "motivo": 3}]),
                        encoding="utf-8")
    codigo, texto = rodar_cli("revisar", saida, "--analista", "Bruno", "--decisoes", decisoes)
    assert codigo == Saida.ENTRADA_INVALIDA, texto
    assert "'motivo' precisa ser um texto" in texto
    assert _revisao(saida) == antes and verificar(saida) == []


def test_issue_24_analista_com_caractere_de_controle_e_recusado(tmp_path):
    _, saida = montar(tmp_path)
    antes = _revisao(saida)
    codigo, texto = rodar_cli("revisar", saida, "--analista", "Bruno\x1b[2J", "--decisao", "1.2=confirmado:conferi")
    assert codigo == Saida.USO, texto
    assert "--analista inválido" in texto
    assert _revisao(saida) == antes


def test_issue_24_decisao_comum_continua_registrada(tmp_path):
    """A armadilha: motivo em texto e analista comum passam."""
    _, saida = montar(tmp_path)
    decisoes = tmp_path / "decisoes.json"
    decisoes.write_text(json.dumps([{"conclusao_id": 1, "referencia": 2, "decisao": "confirmado", "motivo": "conferi"}]),
                        encoding="utf-8")
    codigo, texto = rodar_cli("revisar", saida, "--analista", "Bruno Lima", "--decisoes", decisoes)
    assert codigo == Saida.OK, texto
    assert verificar(saida) == []
