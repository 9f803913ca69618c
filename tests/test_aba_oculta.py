"""Aba oculta numa planilha (a capa com o titular escondida): é lida e pode ser citada, como as outras, mas quem abrir
a planilha não a vê; o documento diz isso num alerta, com o caminho para reexibi-la (antes: nenhum aviso)."""

from __future__ import annotations

import openpyxl

from perito.leitura.leitor import ler_documento


def _planilha(caminho, estado: str) -> None:
    livro = openpyxl.Workbook()
    livro.active.title = "Acessos"
    livro.active.append(["Data", "IP"])
    capa = livro.create_sheet("Capa")
    capa.append(["Titular", "MARIA OLIVEIRA LIMA"])
    capa.sheet_state = estado
    livro.save(caminho)


def test_aba_oculta_e_lida_e_avisada(tmp_path):
    _planilha(tmp_path / "p.xlsx", "hidden")
    documento = ler_documento(tmp_path / "p.xlsx", "p.xlsx", "xlsx")
    assert any(t.aba == "Capa" and "MARIA" in t.texto for t in documento.trechos)
    assert any("'Capa' está oculta" in a for a in documento.alertas)


def test_aba_visivel_nao_gera_alerta(tmp_path):
    _planilha(tmp_path / "p.xlsx", "visible")
    assert not any("oculta" in a for a in ler_documento(tmp_path / "p.xlsx", "p.xlsx", "xlsx").alertas)
