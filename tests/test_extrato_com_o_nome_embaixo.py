"""O extrato em PDF de uma conta digital (sonda da 23ª sessão, como o PicPay imprime): o cabeçalho "Nome: RAFAEL ...
CPF: ***.271.946-**", a tabela "Data e hora | Movimentação | Valor" e o histórico que termina na preposição, com o nome
da contraparte na linha de baixo ("Pix recebido de" / "ANA BEATRIZ MOREIRA"). Antes: a conta ficava de "titular não
declarado" (o nome rotulado com CPF mascarado era tido por contraparte) e a coluna "Movimentação" não tinha papel, logo
a contraparte não era lida e a materialidade caía para moderado ("o registro bancário não nomeia a vítima")."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores import colunas
from tests.conftest import conclusoes_do_caso, dados_da_pasta

_BO = ("BOLETIM DE OCORRÊNCIA Nº 3321/2025 - 5º DP\nVítima: ANA BEATRIZ MOREIRA, CPF 526.018.159-06.\n"
       "Relato: no dia 14/07/2025, às 15h20, a vítima fez um Pix de R$ 2.350,00 para RAFAEL SOUZA PINTO.\n")
_LINHAS = [
    ("13/07/2025 às 10:02", "Pix recebido de", "JOAO PEDRO ALVES", "+ R$ 60,00"),
    ("14/07/2025 às 15:21", "Pix recebido de", "ANA BEATRIZ MOREIRA", "+ R$ 2.350,00"),
    ("14/07/2025 às 15:38", "Pix enviado para", "LUCIANA FERREIRA DIAS", "- R$ 2.300,00"),
]


def _extrato_pdf(caminho: Path, cabecalho: str = "Nome: RAFAEL SOUZA PINTO", coluna: str = "Movimentação") -> None:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    tela = canvas.Canvas(str(caminho), pagesize=A4)
    tela.setFont("Helvetica", 9)
    y = 790
    tela.drawString(40, y, "Extrato da conta")
    y -= 14
    tela.drawString(40, y, cabecalho)
    tela.drawString(300, y, "CPF: ***.271.946-**")
    y -= 24
    for x, texto in ((40, "Data e hora"), (170, coluna), (450, "Valor")):
        tela.drawString(x, y, texto)
    y -= 16
    for quando, historico, nome, valor in _LINHAS:
        tela.drawString(40, y, quando)
        tela.drawString(170, y, historico)
        tela.drawString(450, y, valor)
        y -= 12
        tela.drawString(170, y, nome)
        y -= 18
    tela.save()


@pytest.fixture
def caso(tmp_path: Path) -> Path:
    pasta = tmp_path / "caso"
    pasta.mkdir()
    (pasta / "bo.txt").write_text(_BO, encoding="utf-8")
    _extrato_pdf(pasta / "extrato.pdf")
    return pasta


def test_titular_contraparte_e_materialidade(caso: Path) -> None:
    conclusoes = conclusoes_do_caso(caso)
    laranja = next(c for c in conclusoes if c["tipo"] == "identificacao_laranja")
    assert laranja["afirmacao"].startswith("A conta de RAFAEL SOUZA PINTO (extrato.pdf)")
    materialidade = next(c for c in conclusoes if c["tipo"] == "materialidade")
    assert materialidade["grau_confianca"] == "forte"
    assert "contraparte ANA BEATRIZ MOREIRA" in materialidade["afirmacao"]
    assert all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in (laranja, materialidade))


def test_cada_nome_e_a_contraparte_do_seu_lancamento(caso: Path) -> None:
    nomes = {d["dado"]: d["metadados"]["papel"] for d in dados_da_pasta(caso)
             if d["arquivo_fonte"] == "extrato.pdf" and d["campo"] == "nome_titular"}
    assert nomes == {"RAFAEL SOUZA PINTO": "nome", "JOAO PEDRO ALVES": "remetente",
                     "ANA BEATRIZ MOREIRA": "remetente", "LUCIANA FERREIRA DIAS": "destinatario"}


def test_o_nome_com_cpf_mascarado_depois_de_um_lancamento_continua_contraparte(tmp_path: Path) -> None:
    # a armadilha: "Nome: ... CPF: ***" escrito depois do primeiro lançamento é de quem pagou, não o titular
    pasta = tmp_path / "caso"
    pasta.mkdir()
    (pasta / "bo.txt").write_text(_BO, encoding="utf-8")
    (pasta / "comprovantes.txt").write_text(
        "Extrato da conta\nData e hora          Movimentação          Valor\n"
        "14/07/2025 15:21     Pix recebido          + R$ 2.350,00\n"
        "Nome: ANA BEATRIZ MOREIRA   CPF: ***.018.159-**\n"
        "14/07/2025 15:38     Pix enviado           - R$ 2.300,00\n", encoding="utf-8")
    laranjas = [c for c in conclusoes_do_caso(pasta) if c["tipo"] == "identificacao_laranja"]
    assert all("A conta de ANA" not in c["afirmacao"] for c in laranjas)


@pytest.mark.parametrize("nome, papel", [
    ("Movimentação", "historico"), ("Transação", "historico"), ("Movimento", "historico"),
    # o número de um registro não é telefone nem histórico ("Número" sozinho, na bilhetagem, é a linha)
    ("Número da transação", None), ("Nº Lançamento", None), ("Transaction Number", None), ("Número", "telefone"),
])
def test_papel_da_coluna(nome: str, papel: str | None) -> None:
    assert colunas.papel(nome) == papel


def test_a_preposicao_pede_o_nome_tambem_sem_coluna_de_saldo(tmp_path: Path) -> None:
    # o mesmo extrato em texto, sem tabela: a linha de baixo é a contraparte porque a de cima termina em "de"/"para"
    pasta = tmp_path / "caso"
    pasta.mkdir()
    (pasta / "extrato.txt").write_text(
        "Extrato da conta\nTitular: RAFAEL SOUZA PINTO\n"
        "14/07/2025 às 15:21 Pix recebido de + R$ 2.350,00\nANA BEATRIZ MOREIRA\n"
        "14/07/2025 às 15:38 Pix enviado para - R$ 2.300,00\nLUCIANA FERREIRA DIAS\n", encoding="utf-8")
    nomes = {d["dado"]: (d["metadados"]["papel"], d["linha_ou_celula"]) for d in dados_da_pasta(pasta)
             if d["campo"] == "nome_titular"}
    assert nomes["ANA BEATRIZ MOREIRA"] == ("remetente", "linha 4")
    assert nomes["LUCIANA FERREIRA DIAS"] == ("destinatario", "linha 6")
