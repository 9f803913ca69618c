"""Formulário PDF preenchido (AcroForm): o valor de cada campo entra na linha do rótulo ao lado.

O valor de um campo é uma anotação desenhada sobre a página, fora da camada de texto: um formulário de resposta
preenchido saía só com os rótulos ("Titular:", "IP de acesso:"), sem nenhum dado. As duas leituras (PDFium e, no
validador, o pdfplumber pelo pdfminer) leem os campos, cada uma pela sua biblioteca, com a mesma regra.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.leitura.leitor import ler_documento
from perito.leitura.pdf_plumber import linhas_por_pagina
from tests.conftest import analise_com_provedor

CAMPOS = [("Titular:", "MARIA OLIVEIRA LIMA"), ("CPF:", "111.444.777-35"), ("IP de acesso:", "177.45.10.2"),
          ("Porta:", "51234"), ("Data e hora:", "15/03/2025 11:34:02")]


def _formulario(caminho: Path, campos=CAMPOS, marcar: bool = True) -> None:
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(caminho), invariant=1)
    c.setFont("Helvetica", 11)
    c.drawString(40, 800, "BANCO EXEMPLO S.A. - Formulário de resposta a ofício (horário de Brasília)")
    for i, (rotulo, valor) in enumerate(campos):
        y = 760 - 30 * i
        c.drawString(40, y, rotulo)
        c.acroForm.textfield(name=f"campo{i}", value=valor, x=140, y=y - 5, width=250, height=18, borderWidth=0,
                             fontSize=11)
    if marcar:  # a caixa de marcar não é dado do caso: o valor dela ("Yes") fica de fora
        c.drawString(40, 600, "Conta ativa")
        c.acroForm.checkbox(name="ativa", x=140, y=595, checked=True)
        # a lista de escolha (combobox) é dado: a opção escolhida
        c.drawString(40, 630, "Tipo de chave:")
        c.acroForm.choice(name="tipo", value="CPF", options=["CPF", "Telefone", "E-mail"], x=140, y=625, width=120,
                          height=18, fontSize=11, borderWidth=0)
    c.acroForm.textfield(name="observacao", value="", x=40, y=560, width=250, height=18, borderWidth=0)  # vazio
    c.showPage()
    c.save()


def test_valores_dos_campos_nas_linhas_dos_rotulos(tmp_path):
    _formulario(tmp_path / "formulario.pdf")
    doc = ler_documento(tmp_path / "formulario.pdf", "formulario.pdf", "pdf")
    linhas = [t.texto for t in doc.trechos]
    assert linhas[1:6] == [f"{rotulo} {valor}" for rotulo, valor in CAMPOS]
    assert linhas[6:8] == ["Tipo de chave: CPF", "Conta ativa"] and not any("Yes" in linha for linha in linhas)
    # a segunda leitura (pdfplumber), pela anotação que o pdfminer lê, dá as mesmas linhas
    assert linhas_por_pagina(tmp_path / "formulario.pdf")[1] == linhas


def test_pdf_sem_formulario_nao_muda(tmp_path):
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(tmp_path / "texto.pdf"), invariant=1)
    c.drawString(40, 800, "Titular: MARIA OLIVEIRA LIMA")
    c.showPage()
    c.save()
    assert [t.texto for t in ler_documento(tmp_path / "texto.pdf", "texto.pdf", "pdf").trechos] == [
        "Titular: MARIA OLIVEIRA LIMA"]


@pytest.fixture(scope="module")
def conclusoes(tmp_path_factory) -> dict:
    return analise_com_provedor(tmp_path_factory.mktemp("formulario"),
                                lambda caso: _formulario(caso / "resposta_banco.pdf"), porta=True)[1]


def test_ip_do_campo_preenchido_converge_verificado_pelas_duas_leituras(conclusoes):
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert "11:34:02 horário de Brasília, porta 51234" in ip["afirmacao"] and "distam 12s" in ip["afirmacao"]
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"
    assert all(d["status"] == "VERIFICADO" for d in ip["validacao"]["detalhes"])
