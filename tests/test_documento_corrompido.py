"""A resposta de ofício com extensão de documento (.xlsx, .docx, .ods, .pdf) cujo conteúdo é lixo binário (a cópia
corrompida, sonda da 26ª sessão) é falha relatada, como o arquivo vazio: "ERRO" na tabela de arquivos e a análise
incompleta. Antes saía "ignorado: arquivo binário de formato não reconhecido", fácil de passar despercebido."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from perito.leitura.inventario import listar
from perito.saida.arquivos import linha_manifesto

_LIXO = os.urandom(64) + b"\x00\x01\x02" * 200


@pytest.mark.parametrize(("nome", "estado"), [
    ("resposta_banco.xlsx", "erro"), ("oficio.docx", "erro"), ("planilha.ods", "erro"), ("extrato.pdf", "erro"),
    ("anexos.zip", "erro"),
    # armadilhas: o binário sem extensão de documento e o texto com bytes NUL continuam ignorados
    ("video.bin", "ignorado"), ("dump.txt", "ignorado"),
])
def test_o_documento_corrompido_e_falha(tmp_path: Path, nome: str, estado: str) -> None:
    (tmp_path / nome).write_bytes(_LIXO)
    (arquivo,) = listar(tmp_path)
    linha = linha_manifesto(arquivo, None, None)
    assert linha["situacao"] == estado
    if estado == "erro":
        assert linha["motivo"].startswith(f"extensão {Path(nome).suffix}, mas o conteúdo não é")
        assert "peça uma nova cópia à fonte" in linha["motivo"]


def test_a_pagina_html_salva_como_pdf_continua_ignorada(tmp_path: Path) -> None:
    (tmp_path / "pagina.pdf").write_text("<html><body>Erro 404</body></html>", encoding="utf-8")
    (arquivo,) = listar(tmp_path)
    assert linha_manifesto(arquivo, None, None)["situacao"] == "ignorado"
