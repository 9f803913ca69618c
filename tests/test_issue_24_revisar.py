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


# --- revisar e relatorio não mostram nem dão fé a conclusões editadas à mão ---------------------------------

ESCAPE = "\x1b]0;janela\x07\x1b[2J"


def test_issue_24_conclusoes_editadas_a_mao_sao_recusadas_por_revisar_e_relatorio(tmp_path):
    """Antes: `revisar --todas` mostrava crus o tipo e o status de uma conclusão editada (escapes de terminal)."""
    caso, saida = montar(tmp_path)
    objeto = json.loads((saida / "conclusoes.json").read_text(encoding="utf-8"))
    objeto["conclusoes"][0]["tipo"] = "outro" + ESCAPE
    objeto["conclusoes"][0]["validacao"]["detalhes"][1]["status"] = "AMBIGUO" + ESCAPE
    (saida / "conclusoes.json").write_text(json.dumps(objeto), encoding="utf-8")
    for comando in (("revisar", saida, "--todas", "--analista", "Bruno"), ("relatorio", saida, "--caso", caso)):
        codigo, texto = rodar_cli(*comando)
        assert codigo == Saida.AUDITORIA_INVALIDA, texto
        assert "conclusoes.json diferente do registrado" in " ".join(texto.split())
        assert "\x1b" not in texto and "\x07" not in texto
    assert _revisao(saida) is None


def test_issue_24_campos_hostis_aparecem_escapados_na_revisao():
    """Defesa em profundidade: mesmo o que passou pela trilha sai sem caracteres de controle nem markup."""
    from rich.console import Console

    from perito.cli.revisar import _mostrar
    from perito.contratos.contexto import Contexto
    from perito.saida.revisao import Item

    conclusao = {"id": 1, "tipo": "outro" + ESCAPE, "afirmacao": "A [bold]afirmação[/]" + ESCAPE}
    referencia = {"arquivo": "a.txt" + ESCAPE, "pagina": "1" + ESCAPE, "linha_ou_celula": "linha 2",
                  "dado_citado": "x" + ESCAPE}
    item = Item(conclusao, 1, referencia, {"status": "AMBIGUO" + ESCAPE, "observacao": "o" + ESCAPE})
    anterior = {"decisao": "confirmado" + ESCAPE, "analista": "B", "momento": "2025" + ESCAPE,
                "situacao": "vigente" + ESCAPE, "motivo": "m"}
    console = Console(record=True, width=200, force_terminal=False, color_system=None)
    _mostrar(console, item, Contexto(), anterior)
    texto = console.export_text()
    assert "\x1b" not in texto and "\x07" not in texto
    assert "[bold]afirmação[/]" in texto  # o markup do documento aparece literal, não vira estilo
