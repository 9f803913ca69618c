"""RTF (o boletim, o ofício e a carta que sistemas e o Word salvam como Rich Text), lido com as localizações do DOCX.

Antes: lido como texto cru, com "extensão .rtf desconhecida". "JOS\\'c9 CARLOS" e "hor\\'e1rio de Bras\\'edlia"
ficavam assim: o nome com acento não era o nome, e o fuso dito por extenso não era lido (a convergência ficava fraca).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento
from tests.conftest import analise_com_provedor, veredicto_com_a_afirmacao_trocada

IP = "177.45.10.2"

BO_RTF = (
    r"{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0 Arial;}}{\*\generator Sistema BO;}"
    r"{\header P\'e1gina 1}"  # o cabeçalho de página fica de fora
    "\n"
    r"\f0\fs20 BOLETIM DE OCORR\'caNCIA n\'ba 1234/2025\par"
    "\n"
    r"\par"  # um parágrafo vazio conta, como no DOCX
    "\n"
    r"V\'edtima: JOS\'c9 CARLOS DA SILVA, CPF 529.982.247-25\par"
    "\n"
    r"{\pict\pngblip\picw10\pich10 89504e470d0a1a0a0000000d49484452}"  # a imagem não vira texto
    r"O autor acessou a conta da v\u237?tima de " + IP + r" em 15/03/2025 11:34:02 (hor\'e1rio de Bras\'edlia).\par"
    "\n"
    r"\trowd\cellx2000\cellx5000 Linha\cell Titular\cell\row"
    "\n"
    r"\trowd\cellx2000\cellx5000 (11) 98765-4321\cell CARLOS PEREIRA SOUZA\cell\row"
    "\n"
    r"\pard Delegado de Pol\'edcia\par}"
)


def test_paragrafos_e_tabela_com_os_acentos_da_pagina_de_codigo(tmp_path):
    (tmp_path / "bo.rtf").write_text(BO_RTF, encoding="ascii")
    doc = ler_documento(tmp_path / "bo.rtf", "bo.rtf", "rtf")
    textos = {t.localizacao: t.texto for t in doc.trechos}
    assert textos["paragrafo 1"] == "BOLETIM DE OCORRÊNCIA nº 1234/2025"
    assert textos["paragrafo 3"] == "Vítima: JOSÉ CARLOS DA SILVA, CPF 529.982.247-25"
    assert textos["paragrafo 4"].startswith("O autor acessou a conta da vítima de")
    assert "(horário de Brasília)" in textos["paragrafo 4"]
    linha = doc.trecho(None, "tabela 1 linha 2")
    assert linha.celulas == ("(11) 98765-4321", "CARLOS PEREIRA SOUZA")
    assert linha.texto == "(11) 98765-4321 | CARLOS PEREIRA SOUZA"
    assert not any("Página 1" in t or "89504e47" in t for t in textos.values())
    assert textos["paragrafo 5"] == "Delegado de Polícia"  # o parágrafo depois da tabela segue a numeração


def test_inventario_pelo_conteudo(tmp_path):
    (tmp_path / "bo.rtf").write_text(BO_RTF, encoding="ascii")
    (tmp_path / "oficio.doc").write_text(BO_RTF, encoding="ascii")  # o Word salva RTF com a extensão .doc
    (tmp_path / "nota.txt").write_text("Nota: o RTF começa por {\\rtf1 no arquivo, não aqui.\n", encoding="utf-8")
    itens = {a.nome: a for a in listar(tmp_path)}
    assert itens["bo.rtf"].tipo == "rtf" and itens["bo.rtf"].alerta is None
    assert itens["oficio.doc"].tipo == "rtf" and "RTF" in (itens["oficio.doc"].alerta or "")
    assert itens["nota.txt"].tipo == "txt"


@pytest.fixture(scope="module")
def caso(tmp_path_factory) -> tuple[Path, dict]:
    return analise_com_provedor(tmp_path_factory.mktemp("rtf"),
                                lambda caso: (caso / "bo.rtf").write_text(BO_RTF, encoding="ascii"))


def test_fuso_por_extenso_do_rtf_da_a_convergencia_verificada(caso):
    _, conclusoes = caso
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert ip["grau_confianca"] == "moderado" and "distam 12s" in ip["afirmacao"]
    citadas = {r["linha_ou_celula"] for r in ip["referencias"] if r["arquivo"] == "bo.rtf"}
    assert "paragrafo 4" in citadas
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_outra_hora_na_afirmacao_nao_e_verificada(caso):
    assert veredicto_com_a_afirmacao_trocada(*caso, "convergencia_ip", "11:34:02", "11:44:02") != "VERIFICADO"
