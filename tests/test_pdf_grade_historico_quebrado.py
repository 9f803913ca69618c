"""O extrato em PDF com grade cuja célula de histórico quebra em duas linhas ("Pix recebido" / "HELENA MARQUES VIANA",
o extrato de banco digital feito com tabela), vigésima sessão.

Antes: o nome ficava sozinho na linha de baixo, sem rótulo, e nada o lia; o crédito ficava sem pagador e a
materialidade, moderada. Agora o nome da linha de baixo, lido pelo histórico inteiro da célula (que diz o lado), é a
contraparte do lançamento de cima, citado na linha onde está escrito. Armadilhas: o fim de célula que não é nome
("REF 889123") e o histórico que não é transferência ("Compra no débito" / "PADARIA REAL LTDA") não dão contraparte.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_do_caso, dados_da_pasta

_BOLETIM = ("DELEGACIA DE POLÍCIA - 12ª DP\nREGISTRO DE OCORRÊNCIA 912-03311/2025\n"
            "Vítima: HELENA MARQUES VIANA, CPF 285.110.437-30\n"
            "Narrativa: Informa a vítima que em 05/09/2025 pagou R$ 6.300,00, via Pix, a título de caução.\n")


def _extrato(caminho: Path, linhas: list[tuple[str, str, str, str]]) -> None:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle

    estilos = getSampleStyleSheet()
    tabela = Table([["Data", "Descrição", "Valor", "Saldo"],
                    *[[d, Paragraph(h, estilos["Normal"]), v, s] for d, h, v, s in linhas]], colWidths=[70, 220, 90, 90])
    tabela.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, colors.black), ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    SimpleDocTemplate(str(caminho), pagesize=A4).build([
        Paragraph("Banco Inter S.A. - Extrato de conta corrente", estilos["Title"]),
        Paragraph("Titular: CAMILA ROCHA DUTRA - CPF 034.219.876-96 - Agência 0001 Conta 1234567-8", estilos["Normal"]),
        tabela])


def test_o_nome_na_linha_de_baixo_da_celula(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "bo.txt").write_text(_BOLETIM, encoding="utf-8")
    _extrato(caso / "extrato.pdf", [("05/09/2025", "Pix recebido<br/>HELENA MARQUES VIANA", "R$ 6.300,00", "R$ 6.510,55"),
                                    ("05/09/2025", "Pix enviado<br/>WALTER BRAGA JUNIOR", "-R$ 3.000,00", "R$ 3.510,55")])
    dados = dados_da_pasta(caso)
    contrapartes = [(d["dado"], d["linha_ou_celula"], d["metadados"]["papel"]) for d in dados
                    if d["campo"] == "nome_titular" and d["arquivo_fonte"] == "extrato.pdf"
                    and d["metadados"].get("papel") != "titular"]
    assert contrapartes == [("HELENA MARQUES VIANA", "linha 5", "remetente"),
                            ("WALTER BRAGA JUNIOR", "linha 7", "destinatario")]
    [materialidade] = [c for c in conclusoes_do_caso(caso) if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "forte"
    assert "o pagador no registro bancário é a vítima" in materialidade["afirmacao"]
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_fim_de_celula_que_nao_e_nome_ou_nao_e_transferencia(tmp_path: Path) -> None:
    (tmp_path / "c").mkdir()
    _extrato(tmp_path / "c" / "extrato.pdf", [
        ("05/09/2025", "Pix recebido<br/>REF 889123", "R$ 6.300,00", "R$ 6.510,55"),
        ("06/09/2025", "Compra no débito<br/>PADARIA REAL LTDA", "-R$ 45,90", "R$ 6.464,65")])
    nomes = [d for d in dados_da_pasta(tmp_path / "c") if d["campo"] == "nome_titular"
             and d["metadados"].get("papel") != "titular"]
    assert nomes == []
