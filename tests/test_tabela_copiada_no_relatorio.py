"""A tabela que um relatório policial copia de uma resposta, logo abaixo da frase que a atribui ("a operadora CLARO
informou os dados cadastrais abaixo:"), é cópia: os dados ficam no lote marcados `de_outra_resposta` e não cruzam
(décima nona sessão; a frase já era marcada desde a décima oitava, a tabela de baixo não).

Antes: o telefone e o CPF da tabela copiada contavam como relato policial, e o cadastro da operadora com a cópia dele
davam "2 famílias de fonte independentes" a partir de uma resposta só. Armadilhas: o parágrafo seguinte, de texto
corrido, fecha a cópia (o número que a vítima informou depois continua relato); a tabela sem legenda que a atribua
continua relato.
"""

from __future__ import annotations

import json
from pathlib import Path

import docx

from perito.analise import Parametros, analisar
from tests.conftest import dados_da_pasta

_LEGENDA = "Em resposta ao ofício, a operadora CLARO informou os dados cadastrais abaixo:"
_DEPOIS = ("Diante do exposto, a vítima informou ainda que recebeu ligação do número (21) 97777-1111 no dia dos fatos, "
           "o que será apurado.")


def _relatorio(caminho: Path, legenda: str = _LEGENDA) -> None:
    documento = docx.Document()
    for paragrafo in ("POLÍCIA CIVIL DO ESTADO DO RIO DE JANEIRO", "RELATÓRIO DE ANÁLISE Nº 12/2025 - 12ª DP", legenda):
        documento.add_paragraph(paragrafo)
    tabela = documento.add_table(rows=2, cols=3)
    for celula, texto in zip(tabela.rows[0].cells, ["Linha", "Titular", "CPF"]):
        celula.text = texto
    for celula, texto in zip(tabela.rows[1].cells, ["(21) 98877-6655", "FELIPE AUGUSTO MOURA", "186.091.390-34"]):
        celula.text = texto
    documento.add_paragraph(_DEPOIS)
    documento.save(str(caminho))


def _copias(tmp_path: Path, legenda: str = _LEGENDA) -> dict[str, bool]:
    _relatorio(tmp_path / "relatorio.docx", legenda)
    return {d["dado"]: bool(d["metadados"].get("de_outra_resposta"))
            for d in dados_da_pasta(tmp_path) if d["campo"] in ("telefone", "cpf")}


def test_tabela_abaixo_da_legenda_e_copia_e_o_paragrafo_seguinte_nao(tmp_path: Path) -> None:
    assert _copias(tmp_path) == {"(21) 98877-6655": True, "186.091.390-34": True, "(21) 97777-1111": False}


def test_tabela_sem_legenda_que_a_atribua_continua_relato(tmp_path: Path) -> None:
    copias = _copias(tmp_path, legenda="Os dados cadastrais dos investigados estão abaixo:")
    assert copias == {"(21) 98877-6655": False, "186.091.390-34": False, "(21) 97777-1111": False}


def test_a_copia_nao_e_outra_familia_para_o_cadastro(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "claro_cadastro.csv").write_text("CLARO S.A. - Dados cadastrais das linhas\nLinha;Titular;CPF\n"
                                             "(21) 98877-6655;FELIPE AUGUSTO MOURA;186.091.390-34\n", encoding="utf-8")
    _relatorio(caso / "relatorio.docx")
    analisar(Parametros(caso, tmp_path / "saida", data_analise="2025-07-01"))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    assert not [c for c in conclusoes if "relatorio.docx" in json.dumps(c["referencias"]) and "98877" in c["afirmacao"]]
