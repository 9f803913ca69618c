"""Extrato em PDF com os lançamentos impressos em duas colunas lado a lado (sonda da vigésima sétima sessão).

O cabeçalho "DATA HISTÓRICO VALOR     DATA HISTÓRICO VALOR" e, embaixo, em cada metade da página, uma tabela inteira de
lançamentos: a camada de texto juntava o da esquerda e o da direita numa `linha N`, e o da direita ficava com a data,
o sentido e a contraparte do da esquerda (o crédito da vítima, de 14/07, saía com 10/07 e a contraparte JORGE; um
crédito da direita virava débito). Cada coluna é lida como as suas linhas (`leitura/pdf_lado_a_lado.py`): a da
esquerda inteira, depois a da direita; a segunda leitura do validador (pdfplumber) faz o mesmo, e a conclusão que
cita a linha da direita é VERIFICADO. Armadilhas: o extrato de uma coluna com o histórico comprido e a ficha de
provedor em pares rótulo/valor lado a lado continuam lidos como sempre.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from perito.extratores.lotes import extrair_documento
from perito.leitura import pdf_lado_a_lado
from perito.leitura.leitor import ler_documento
from perito.leitura.pdf_plumber import linhas_por_pagina
from tests.conftest import BO_DA_ANA, conclusoes_do_caso

_ESQUERDA = [("10/07/2025", "PIX RECEBIDO JORGE ALVES NUNES", "500,00 C"),
             ("10/07/2025", "TARIFA PACOTE SERVICOS", "35,90 D"),
             ("11/07/2025", "PIX ENVIADO LUCIANA F DIAS", "120,00 D"),
             ("12/07/2025", "TED RECEBIDA MARCOS LIMA", "1.000,00 C")]
_DIREITA = [("14/07/2025", "PIX RECEBIDO ANA BEATRIZ MOREIRA", "2.350,00 C"),
            ("14/07/2025", "PIX ENVIADO LUCIANA FERREIRA DIAS", "2.300,00 D"),
            ("15/07/2025", "PIX RECEBIDO CARLOS EDUARDO ROCHA", "80,00 C")]
_CABECALHO = ["BANCO HORIZONTE S.A. - EXTRATO DE CONTA CORRENTE", "Titular: RAFAEL SOUZA PINTO - CPF 083.016.613-05",
              "Agência 0001 - Conta 4471239-8", "Período: 01/07/2025 a 31/07/2025"]


def _extrato(caminho: Path, separacao: str = "espaco", esquerda=_ESQUERDA, direita=_DIREITA) -> None:
    """O extrato de uma página: o cabeçalho do titular e as duas colunas de lançamentos. `separacao`: "espaco" (só o
    vão), "regua" (uma régua vertical entre as colunas), "grade" (cada coluna numa grade de réguas) ou "largura_fixa"
    (fonte de largura fixa, cada linha da página escrita de uma vez, com os espaços)."""
    tela = canvas.Canvas(str(caminho), pagesize=A4)
    y = 800
    for texto in _CABECALHO:
        tela.setFont("Helvetica", 9)
        tela.drawString(40, y, texto)
        y -= 14
    y -= 10
    linhas = max(len(esquerda), len(direita))
    if separacao == "largura_fixa":
        tela.setFont("Courier", 7)
        tela.drawString(30, y, f"{'DATA':<11}{'HISTÓRICO':<36}{'VALOR':>12}   {'DATA':<11}{'HISTÓRICO':<36}{'VALOR':>12}")
        for indice in range(linhas):
            y -= 10
            lados = [lado[indice] if indice < len(lado) else ("", "", "") for lado in (esquerda, direita)]
            tela.drawString(30, y, "   ".join(f"{d:<11}{h:<36}{v:>12}" for d, h, v in lados).rstrip())
        tela.save()
        return
    tela.setFont("Helvetica-Bold", 8)
    for x in (40, 310):
        tela.drawString(x, y, "DATA")
        tela.drawString(x + 48, y, "HISTÓRICO")
        tela.drawRightString(x + 250, y, "VALOR")
    topo = y
    tela.setFont("Helvetica", 7)
    for indice in range(linhas):
        y -= 12
        for x, lado in ((40, esquerda), (310, direita)):
            if indice < len(lado):
                data, historico, valor = lado[indice]
                tela.drawString(x, y, data)
                tela.drawString(x + 48, y, historico)
                tela.drawRightString(x + 250, y, valor)
    if separacao == "regua":
        tela.line(300, topo + 10, 300, y - 4)
    if separacao == "grade":
        for x in (38, 308):
            for k in range(linhas + 2):
                tela.line(x, topo + 9 - 12 * k, x + 254, topo + 9 - 12 * k)
            for dx in (0, 46, 190, 254):
                tela.line(x + dx, topo + 9, x + dx, topo + 9 - 12 * (linhas + 1))
    tela.setFont("Helvetica", 8)
    tela.drawString(40, y - 30, "Saldo final em 31/07/2025: 3.474,10")
    tela.save()


def _lancamentos(caminho: Path) -> set[tuple[str, str | None, str | None, str | None]]:
    documento = ler_documento(caminho, caminho.name, "pdf")
    return {(d["dado"], d["metadados"].get("data"), d["metadados"].get("direcao"), d["metadados"].get("contraparte"))
            for d in extrair_documento(documento).todos() if d["campo"] == "valor_transacao"}


def _esperados(*lados) -> set[tuple[str, str | None, str | None, str | None]]:
    saida = set()
    for lado in lados:
        for data, historico, valor in lado:
            contraparte = " ".join(historico.split()[2:]) if historico.startswith(("PIX", "TED")) else None
            saida.add((valor[:-2], data, "credito" if valor.endswith("C") else "debito", contraparte))
    return saida


@pytest.mark.parametrize("separacao", ["espaco", "regua", "grade", "largura_fixa"])
def test_cada_lancamento_com_a_sua_data_o_seu_sentido_e_a_sua_contraparte(tmp_path, separacao):
    _extrato(tmp_path / "extrato.pdf", separacao)
    assert _lancamentos(tmp_path / "extrato.pdf") == _esperados(_ESQUERDA, _DIREITA)


@pytest.mark.parametrize(("esquerda", "direita"), [(_ESQUERDA, _DIREITA[:1]), (_ESQUERDA[:2], _DIREITA)],
                         ids=["direita_mais_curta", "esquerda_mais_curta"])
def test_uma_coluna_mais_curta_que_a_outra(tmp_path, esquerda, direita):
    _extrato(tmp_path / "extrato.pdf", "espaco", esquerda, direita)
    assert _lancamentos(tmp_path / "extrato.pdf") == _esperados(esquerda, direita)


@pytest.mark.parametrize("separacao", ["espaco", "regua", "grade", "largura_fixa"])
def test_a_coluna_da_esquerda_inteira_depois_a_da_direita_nas_duas_leituras(tmp_path, separacao):
    """`linha N` segue a coluna da esquerda de cima para baixo e depois a da direita; a segunda leitura do validador
    (pdfplumber, outra geometria) dá as mesmas linhas, e o alerta do documento diz onde está cada coluna."""
    _extrato(tmp_path / "extrato.pdf", separacao)
    documento = ler_documento(tmp_path / "extrato.pdf", "extrato.pdf", "pdf")
    linhas = [t.texto for t in documento.trechos]
    primeira = linhas.index("DATA HISTÓRICO VALOR")
    assert linhas[primeira:primeira + 9] == [
        "DATA HISTÓRICO VALOR", *(" ".join(lanc) for lanc in _ESQUERDA),
        "DATA HISTÓRICO VALOR", *(" ".join(lanc) for lanc in _DIREITA)]
    segunda = linhas_por_pagina(tmp_path / "extrato.pdf")[1]
    assert ["".join(x.split()) for x in segunda] == ["".join(x.split()) for x in linhas]
    assert any(f"a da esquerda nas linhas {primeira + 1}-{primeira + 5}, a da direita nas linhas {primeira + 6}-"
               f"{primeira + 9}" in alerta for alerta in documento.alertas)


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
    laranja = next(c for c in conclusoes if c["tipo"] == "identificacao_laranja")
    assert laranja["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_o_lancamento_que_atravessa_as_colunas_encerra_a_separacao_com_um_alerta(tmp_path):
    """Um histórico comprido demais na coluna da esquerda invade a da direita: daquela linha para baixo não há como
    dizer de que coluna é cada pedaço; as linhas de cima são separadas, e o alerta diz onde a separação parou."""
    esquerda = [*_ESQUERDA[:2], ("11/07/2025", "PIX ENVIADO LUCIANA FERREIRA DIAS DE ALBUQUERQUE E SOUZA", "120,00 D"),
                _ESQUERDA[3]]
    _extrato(tmp_path / "extrato.pdf", "espaco", esquerda, _DIREITA)
    documento = ler_documento(tmp_path / "extrato.pdf", "extrato.pdf", "pdf")
    linhas = [t.texto for t in documento.trechos]
    assert " ".join(_ESQUERDA[0]) in linhas and " ".join(_DIREITA[0]) in linhas
    assert any("uma linha que não cabe nas colunas" in alerta and "dali para baixo" in alerta
               for alerta in documento.alertas)


def _duas_paginas(caminho: Path, cabecalho_na_segunda: bool) -> None:
    """Duas páginas de lançamentos lado a lado; a segunda com ou sem o cabeçalho das colunas repetido."""
    tela = canvas.Canvas(str(caminho), pagesize=A4)
    for pagina, (esquerda, direita) in enumerate([(_ESQUERDA, _DIREITA), (_DIREITA, _ESQUERDA[:3])]):
        tela.setFont("Helvetica", 9)
        tela.drawString(40, 800, _CABECALHO[1] if pagina == 0 else "Extrato - continuação")
        y = 770
        if pagina == 0 or cabecalho_na_segunda:
            tela.setFont("Helvetica-Bold", 8)
            for x in (40, 310):
                tela.drawString(x, y, "DATA")
                tela.drawString(x + 48, y, "HISTÓRICO")
                tela.drawRightString(x + 250, y, "VALOR")
        tela.setFont("Helvetica", 7)
        for indice in range(len(esquerda)):
            y -= 12
            for x, lado in ((40, esquerda), (310, direita)):
                if indice < len(lado):
                    tela.drawString(x, y, lado[indice][0])
                    tela.drawString(x + 48, y, lado[indice][1])
                    tela.drawRightString(x + 250, y, lado[indice][2])
        tela.setFont("Helvetica", 8)
        tela.drawString(260, 40, f"Página {pagina + 1} de 2")
        tela.showPage()
    tela.save()


def test_a_segunda_pagina_sem_o_cabecalho_fica_com_um_alerta(tmp_path):
    """Sem o cabeçalho repetido, a página de baixo não é separada (a segunda leitura do validador lê só a página
    citada e não saberia da de cima): as linhas ficam como sempre, e um alerta diz que uma linha pode juntar dois
    lançamentos."""
    _duas_paginas(tmp_path / "extrato.pdf", cabecalho_na_segunda=False)
    documento = ler_documento(tmp_path / "extrato.pdf", "extrato.pdf", "pdf")
    segunda = [t.texto for t in documento.trechos if t.pagina == 2]
    assert segunda[1] == " ".join(_DIREITA[0]) + " " + " ".join(_ESQUERDA[0])
    assert any("página 2: parece continuar a tabela de lançamentos em duas colunas lado a lado" in alerta
               for alerta in documento.alertas)


def test_a_segunda_pagina_com_o_cabecalho_e_separada_sem_o_alerta_de_continuacao(tmp_path):
    _duas_paginas(tmp_path / "extrato.pdf", cabecalho_na_segunda=True)
    documento = ler_documento(tmp_path / "extrato.pdf", "extrato.pdf", "pdf")
    segunda = [t.texto for t in documento.trechos if t.pagina == 2]
    assert segunda[1:] == ["DATA HISTÓRICO VALOR", *(" ".join(lanc) for lanc in _DIREITA), "DATA HISTÓRICO VALOR",
                           *(" ".join(lanc) for lanc in _ESQUERDA[:3]), "Página 2 de 2"]
    assert not any("parece continuar" in alerta for alerta in documento.alertas)


def test_armadilha_extrato_de_uma_coluna_com_o_historico_comprido(tmp_path):
    """O histórico longo de um extrato de uma coluna só não é uma segunda coluna: cada lançamento, uma linha."""
    lancamentos = [("14/07/2025", "PIX RECEBIDO ANA BEATRIZ MOREIRA 526.018.159-06 BANCO 0260 AG 0001 CC 12345-6 "
                    "REF 0d3b7c1e PIX RECEBIDO", "2.350,00 C"),
                   ("14/07/2025", "PIX ENVIADO LUCIANA FERREIRA DIAS 311.402.118-30 BANCO 0077 AG 0001 CC 998877-1 "
                    "PIX ENVIADO", "2.300,00 D")]
    tela = canvas.Canvas(str(tmp_path / "extrato.pdf"), pagesize=A4)
    tela.setFont("Helvetica", 8)
    tela.drawString(30, 800, _CABECALHO[1])
    for x, nome in ((30, "DATA"), (80, "HISTÓRICO"), (500, "VALOR"), (540, "SALDO")):
        tela.drawString(x, 780, nome)
    for indice, (data, historico, valor) in enumerate(lancamentos):
        y = 768 - 12 * indice
        tela.drawString(30, y, data)
        tela.drawString(80, y, historico)
        tela.drawRightString(530, y, valor)
        tela.drawRightString(570, y, "100,00")
    tela.save()
    documento = ler_documento(tmp_path / "extrato.pdf", "extrato.pdf", "pdf")
    assert [t.texto for t in documento.trechos] == [
        _CABECALHO[1], "DATA HISTÓRICO VALOR SALDO", *(f"{d} {h} {v} 100,00" for d, h, v in lancamentos)]
    assert not any("lado a lado" in alerta for alerta in documento.alertas)
    assert _lancamentos(tmp_path / "extrato.pdf") == {("2.350,00", "14/07/2025", "credito", "ANA BEATRIZ MOREIRA"),
                                                      ("2.300,00", "14/07/2025", "debito", "LUCIANA FERREIRA DIAS")}


def test_armadilha_ficha_do_provedor_em_pares_lado_a_lado(tmp_path):
    """"Nome: ...      CPF: ..." em duas colunas de rótulo e valor: cada linha da ficha continua uma linha."""
    pares = [("Nome: ANA BEATRIZ MOREIRA", "CPF: 526.018.159-06"), ("Telefone: (11) 91234-0000", "E-mail: ana@exemplo.com"),
             ("Cidade: São Paulo", "Cadastro: 01/02/2020 10:11:12 UTC"), ("Situação: ativa", "Tipo: pessoa física")]
    tela = canvas.Canvas(str(tmp_path / "ficha.pdf"), pagesize=A4)
    tela.setFont("Helvetica", 9)
    tela.drawString(40, 800, "Resposta do provedor - dados cadastrais da conta")
    for indice, (esquerda, direita) in enumerate(pares):
        tela.drawString(40, 770 - 14 * indice, esquerda)
        tela.drawString(310, 770 - 14 * indice, direita)
    tela.save()
    documento = ler_documento(tmp_path / "ficha.pdf", "ficha.pdf", "pdf")
    assert [t.texto for t in documento.trechos] == ["Resposta do provedor - dados cadastrais da conta",
                                                    *(f"{e} {d}" for e, d in pares)]
    assert not any("lado a lado" in alerta for alerta in documento.alertas)


@pytest.mark.parametrize("linha", ["DATA HISTÓRICO VALOR DATA HISTÓRICO VALOR", "Data Histórico Valor DATA HISTORICO VALOR"])
def test_a_linha_dobrada_pelas_palavras(linha):
    assert pdf_lado_a_lado.linha_dobrada(linha)


@pytest.mark.parametrize("linha", ["Data Valor Data Valor", "IP Porta Data IP Porta Hora", "DATA HISTÓRICO VALOR SALDO",
                                   "Nome: ANA CPF: 1 Nome: ANA CPF: 2"])
def test_armadilha_linhas_que_nao_sao_cabecalho_dobrado(linha):
    assert not pdf_lado_a_lado.linha_dobrada(linha)
