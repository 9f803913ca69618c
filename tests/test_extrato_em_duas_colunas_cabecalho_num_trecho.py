"""Extrato em duas colunas lado a lado cujo gerador escreve vários nomes de coluna num trecho só (sonda u24).

O cabeçalho dobrado era reconhecido só com um pedaço medido por nome de coluna (`DATA`, `HISTÓRICO`, `VALOR` cada um
desenhado à parte). O gerador da sonda escreve cada metade do cabeçalho de uma vez ("DATA HISTÓRICO VALOR" num trecho,
os lançamentos célula a célula): o PDFium mede dois pedaços, e a página ficava só com o alerta, o crédito da vítima
de 14/07 com a data 10/07 do lançamento da esquerda. Outros geradores escrevem cada metade de um lançamento de uma vez,
ou o cabeçalho inteiro num trecho. O cabeçalho agora se reconhece pelas palavras (a posição de cada uma pelos
caracteres), nas duas leituras. Armadilhas: a metade da esquerda do cabeçalho acaba bem antes dos valores da
coluna dela (a fronteira não pode ser o meio do vão entre as metades do cabeçalho); a linha de palavras repetidas
escrita num trecho só, com um espaço entre as metades, não é um cabeçalho dobrado.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from perito.leitura import pdf_lado_a_lado
from perito.leitura.leitor import ler_documento
from perito.leitura.pdf_colunas import Pedaco
from perito.leitura.pdf_lado_a_lado import Palavra
from perito.leitura.pdf_plumber import linhas_por_pagina
from tests.conftest import BO_DA_ANA, conclusoes_do_caso
from tests.test_extrato_em_duas_colunas_lado_a_lado import _CABECALHO, _DIREITA, _ESQUERDA, _esperados, _lancamentos

_NOMES = "DATA HISTÓRICO VALOR"


def _extrato(caminho: Path, cabecalho: str = "metade", lancamentos: str = "celulas", esquerda=_ESQUERDA,
             direita=_DIREITA, x_direita: float = 310) -> None:
    """O extrato de uma página em duas colunas. `cabecalho`: "metade" (cada metade num trecho, os nomes juntos),
    "celulas" (um trecho por nome) ou "linha" (a linha inteira num trecho, espaços até a metade da direita);
    `lancamentos`: "celulas" (um trecho por célula) ou "metade" (cada metade de uma linha num trecho)."""
    tela = canvas.Canvas(str(caminho), pagesize=A4)
    y = 800
    for texto in _CABECALHO:
        tela.setFont("Helvetica", 9)
        tela.drawString(40, y, texto)
        y -= 14
    y -= 10
    tela.setFont("Helvetica-Bold", 8)
    if cabecalho == "metade_com_espacos":  # como na sonda: cada nome em cima da sua coluna, com espaços, num trecho
        espaco = stringWidth(" ", "Helvetica-Bold", 8)
        antes = round((48 - stringWidth("DATA", "Helvetica-Bold", 8)) / espaco)
        depois = round((250 - stringWidth("VALOR", "Helvetica-Bold", 8) - 48 - stringWidth("HISTÓRICO", "Helvetica-Bold", 8))
                       / espaco)
        for x in (40, x_direita):
            tela.drawString(x, y, "DATA" + " " * antes + "HISTÓRICO" + " " * depois + "VALOR")
    if cabecalho == "linha":
        espaco = stringWidth(" ", "Helvetica-Bold", 8)
        espacos = round((270 - stringWidth(_NOMES, "Helvetica-Bold", 8)) / espaco)
        tela.drawString(40, y, _NOMES + " " * espacos + _NOMES)
    for x in (40, x_direita):
        if cabecalho == "metade":
            tela.drawString(x, y, _NOMES)
        elif cabecalho == "celulas":
            tela.drawString(x, y, "DATA")
            tela.drawString(x + 48, y, "HISTÓRICO")
            tela.drawRightString(x + 250, y, "VALOR")
    tela.setFont("Helvetica", 7)
    for indice in range(max(len(esquerda), len(direita))):
        y -= 12
        for x, lado in ((40, esquerda), (x_direita, direita)):
            if indice < len(lado):
                data, historico, valor = lado[indice]
                if lancamentos == "metade":
                    tela.drawString(x, y, f"{data} {historico} {valor}")
                    continue
                tela.drawString(x, y, data)
                tela.drawString(x + 48, y, historico)
                tela.drawRightString(x + 250, y, valor)
    tela.setFont("Helvetica", 8)
    tela.drawString(40, y - 30, "Saldo final em 31/07/2025: 3.474,10")
    tela.save()


_FORMAS = [("metade", "celulas"), ("metade_com_espacos", "celulas"), ("metade", "metade"), ("celulas", "metade"), ("linha", "celulas"),
           ("linha", "metade")]
_IDS = ["cabecalho_por_metade", "cabecalho_por_metade_com_espacos", "tudo_por_metade", "lancamento_por_metade", "cabecalho_num_trecho",
        "cabecalho_num_trecho_lancamento_por_metade"]


@pytest.mark.parametrize(("cabecalho", "lancamentos"), _FORMAS, ids=_IDS)
def test_cada_lancamento_com_a_sua_data_o_seu_sentido_e_a_sua_contraparte(tmp_path, cabecalho, lancamentos):
    _extrato(tmp_path / "extrato.pdf", cabecalho, lancamentos)
    assert _lancamentos(tmp_path / "extrato.pdf") == _esperados(_ESQUERDA, _DIREITA)


@pytest.mark.parametrize(("cabecalho", "lancamentos"), _FORMAS, ids=_IDS)
def test_a_coluna_da_esquerda_inteira_depois_a_da_direita_nas_duas_leituras(tmp_path, cabecalho, lancamentos):
    """Com cada metade de um lançamento num trecho, o último da esquerda (um pedaço só, sem par na direita) não se
    distingue de um pé de página: a região acaba no último com as duas metades, e ele fica logo depois da coluna da
    direita, sozinho na linha dele (com a sua data)."""
    _extrato(tmp_path / "extrato.pdf", cabecalho, lancamentos)
    documento = ler_documento(tmp_path / "extrato.pdf", "extrato.pdf", "pdf")
    linhas = [t.texto for t in documento.trechos]
    primeira = linhas.index(_NOMES)
    esquerda, depois = (_ESQUERDA, []) if lancamentos == "celulas" else (_ESQUERDA[:3], _ESQUERDA[3:])
    assert linhas[primeira:primeira + 9] == [_NOMES, *(" ".join(lanc) for lanc in esquerda),
                                             _NOMES, *(" ".join(lanc) for lanc in [*_DIREITA, *depois])]
    segunda = linhas_por_pagina(tmp_path / "extrato.pdf")[1]
    assert ["".join(x.split()) for x in segunda] == ["".join(x.split()) for x in linhas]
    meio = primeira + 1 + len(esquerda)
    assert any(f"a da esquerda nas linhas {primeira + 1}-{meio}, a da direita nas linhas {meio + 1}-{meio + 4}"
               in alerta for alerta in documento.alertas)
    assert not any("não puderam ser separadas" in alerta for alerta in documento.alertas)
    # sem células: a posição de uma palavra do trecho não faz coluna nas tabelas sem réguas (`pdf_colunas`)
    assert cabecalho == "celulas" or all(t.celulas is None for t in documento.trechos)


@pytest.mark.parametrize(("esquerda", "direita"), [(_ESQUERDA, _DIREITA[:1]), (_ESQUERDA[:2], _DIREITA)],
                         ids=["direita_mais_curta", "esquerda_mais_curta"])
@pytest.mark.parametrize("lancamentos", ["celulas", "metade"])
def test_uma_coluna_mais_curta_que_a_outra(tmp_path, esquerda, direita, lancamentos):
    _extrato(tmp_path / "extrato.pdf", "metade", lancamentos, esquerda, direita)
    assert _lancamentos(tmp_path / "extrato.pdf") == _esperados(esquerda, direita)


def test_as_colunas_apertadas_pelos_pedacos_que_o_pdfium_mede(tmp_path):
    """O valor da esquerda a 6 pt da data da direita: pelos caracteres (o vão menor que a altura das letras) os dois
    seriam um pedaço só, por cima da fronteira; a leitura principal usa os pedaços medidos pelo PDFium, um por
    célula, e o cabeçalho pelas palavras deles."""
    _extrato(tmp_path / "extrato.pdf", "metade", "celulas", x_direita=296)
    assert _lancamentos(tmp_path / "extrato.pdf") == _esperados(_ESQUERDA, _DIREITA)


def test_o_credito_da_vitima_na_coluna_da_direita_e_verificado_com_a_sua_data(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "bo.txt").write_text(BO_DA_ANA, encoding="utf-8")
    _extrato(caso / "extrato.pdf")
    conclusoes = conclusoes_do_caso(caso)
    materialidade = next(c for c in conclusoes if c["tipo"] == "materialidade")
    assert "extrato.pdf, p. 1, linha 11: 2.350,00 em 14/07/2025, contraparte ANA BEATRIZ MOREIRA" in \
        materialidade["afirmacao"]
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"
    citada = next(r for r in materialidade["referencias"] if r["arquivo"] == "extrato.pdf" and "2.350,00" in
                  r["dado_citado"])
    assert (citada["pagina"], citada["linha_ou_celula"]) == (1, "linha 11")


def test_o_lancamento_que_atravessa_as_colunas_encerra_a_separacao_com_um_alerta(tmp_path):
    """A regra de sempre com o cabeçalho pelas palavras: o histórico que invade a coluna da direita encerra a
    separação, e as linhas dali para baixo ficam como estão."""
    esquerda = [*_ESQUERDA[:2], ("11/07/2025", "PIX ENVIADO LUCIANA FERREIRA DIAS DE ALBUQUERQUE E SOUZA", "120,00 D"),
                _ESQUERDA[3]]
    _extrato(tmp_path / "extrato.pdf", "metade", "celulas", esquerda, _DIREITA)
    documento = ler_documento(tmp_path / "extrato.pdf", "extrato.pdf", "pdf")
    linhas = [t.texto for t in documento.trechos]
    assert " ".join(_ESQUERDA[0]) in linhas and " ".join(_DIREITA[0]) in linhas
    assert any("uma linha que não cabe nas colunas" in alerta and "dali para baixo" in alerta
               for alerta in documento.alertas)


def test_armadilha_as_palavras_repetidas_num_trecho_com_um_espaco_no_meio(tmp_path):
    """"DATA HISTÓRICO VALOR DATA HISTÓRICO VALOR" escrito de uma vez, com um espaço só entre as metades, sobre um
    extrato de uma coluna: em letra grande, o espaço passa do vão mínimo entre as metades de dois trechos, mas não da
    altura das letras; não há vão de coluna, e as linhas ficam como estão."""
    tela = canvas.Canvas(str(tmp_path / "extrato.pdf"), pagesize=A4)
    tela.setFont("Helvetica", 9)
    tela.drawString(40, 800, _CABECALHO[1])
    tela.setFont("Helvetica", 14)
    tela.drawString(40, 780, f"{_NOMES} {_NOMES}")
    tela.setFont("Helvetica", 9)
    lancamentos = [(data, historico.split()[0], valor) for data, historico, valor in _ESQUERDA]
    for indice, (data, historico, valor) in enumerate(lancamentos):
        y = 766 - 12 * indice
        tela.drawString(40, y, data)
        tela.drawString(100, y, historico)  # curto: só o valor fica à direita do meio da linha de cima
        tela.drawRightString(330, y, valor)
    tela.save()
    documento = ler_documento(tmp_path / "extrato.pdf", "extrato.pdf", "pdf")
    assert [t.texto for t in documento.trechos] == [_CABECALHO[1], f"{_NOMES} {_NOMES}",
                                                    *(" ".join(lanc) for lanc in lancamentos)]
    assert linhas_por_pagina(tmp_path / "extrato.pdf")[1] == [t.texto for t in documento.trechos]
    assert not any("cada coluna foi lida" in alerta for alerta in documento.alertas)


def test_a_fronteira_do_cabecalho_pelas_palavras_e_o_meio_do_vao_nas_linhas_da_regiao():
    """A metade da esquerda do cabeçalho (um trecho, "DATA HISTÓRICO VALOR") acaba em 200, antes dos valores da
    coluna dela (até 290): o meio do vão entre as metades do cabeçalho (255) cortaria a coluna de valores; a
    fronteira é o meio do vão entre 290 e 310, nas linhas da região."""
    def metade(x: float) -> list[Pedaco]:
        trecho = Pedaco(x, x + 170, 778, _NOMES)
        return [Palavra(x, x + 24, 778, "DATA", trecho, 10), Palavra(x + 29, x + 79, 778, "HISTÓRICO", trecho, 10),
                Palavra(x + 139, x + 170, 778, "VALOR", trecho, 10)]
    linhas = [[*metade(30), *metade(310)],
              [Pedaco(31, 52, 763, "10/07"), Pedaco(63, 194, 763, "PIX RECEBIDO JOAO MENDES"),
               Pedaco(263, 290, 762, "150,00"), Pedaco(311, 332, 763, "14/07"),
               Pedaco(343, 512, 763, "PIX RECEBIDO ANA BEATRIZ MOREIRA"), Pedaco(535, 570, 762, "2.350,00")]]
    assert [(r.cabecalho, r.linhas, r.fronteira) for r in pdf_lado_a_lado.regioes(linhas)] == [(0, (1,), 300.0)]
