"""O termo de declarações com a tabela das transferências (sonda da 25ª sessão): `Data/Hora | Valor | Chave Pix |
Favorecido`, com a chave escrita como telefone, "(11) 98765-4321". Antes: a coluna fazia do telefone uma chave Pix,
mas a chave era comparada pelo texto escrito, não pelo número (+5511987654321), e o relato não se ligava ao DICT nem ao
extrato: o vínculo financeiro só saía para a transferência cuja chave era um e-mail."""

from __future__ import annotations

from pathlib import Path

from docx import Document

from tests.conftest import conclusoes_do_caso

_DICT = ("BANCO CENTRAL DO BRASIL - DICT\n"
         "Chave: +5511987654321   Tipo: Celular   Titular: RAFAEL SOUZA PINTO   CPF: 083.016.613-05   Agência: 0001   "
         "Conta: 4471239-8\n")
_EXTRATO = ("Banco Horizonte S.A. - Extrato\nTitular: RAFAEL SOUZA PINTO - CPF 083.016.613-05 - Agência 0001 - Conta "
            "4471239-8\nHorário de Brasília\nData;Hora;Descrição;Valor;Saldo\n"
            "14/07/2025;15:21:07;PIX RECEBIDO ANA BEATRIZ MOREIRA;2.350,00;2.410,55\n")


def _termo(caminho: Path, chave: str) -> None:
    documento = Document()
    documento.add_heading("TERMO DE DECLARAÇÕES", 1)
    documento.add_paragraph("Declarante: ANA BEATRIZ MOREIRA, CPF 318.274.519-04.")
    documento.add_paragraph("Às perguntas, respondeu que realizou a transferência abaixo:")
    tabela = documento.add_table(rows=1, cols=4)
    for i, titulo in enumerate(["Data/Hora", "Valor", "Chave Pix", "Favorecido"]):
        tabela.rows[0].cells[i].text = titulo
    for i, valor in enumerate(["14/07/2025 15:21", "R$ 2.350,00", chave, "RAFAEL SOUZA PINTO"]):
        tabela.add_row()
        tabela.rows[1].cells[i].text = valor
    documento.save(str(caminho))


def _casos(tmp_path: Path, chave: str) -> list[dict]:
    caso = tmp_path / "caso"
    caso.mkdir()
    _termo(caso / "termo_declaracoes.docx", chave)
    (caso / "dict.txt").write_text(_DICT, encoding="utf-8")
    (caso / "extrato.csv").write_text(_EXTRATO, encoding="utf-8")
    return conclusoes_do_caso(caso)


def test_a_chave_telefone_da_coluna_liga_o_relato_ao_dict(tmp_path: Path) -> None:
    conclusoes = _casos(tmp_path, "(11) 98765-4321")
    (vinculo,) = [c for c in conclusoes if c["tipo"] == "vinculo_financeiro"]
    assert "conta a transferência para a chave Pix (11) 98765-4321" in vinculo["afirmacao"]
    assert "RAFAEL SOUZA PINTO" in vinculo["afirmacao"]
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}


def test_outro_numero_nao_liga(tmp_path: Path) -> None:
    # armadilha: outro telefone na coluna da chave não é a chave do DICT
    assert not [c for c in _casos(tmp_path, "(11) 98765-4320") if c["tipo"] == "vinculo_financeiro"]
