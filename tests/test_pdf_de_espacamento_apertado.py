"""O PDF de espaçamento apertado: as palavras separadas por menos que a tolerância do pdfplumber (sonda da 24ª sessão).

O PDFium lê "14/07/2025 Pix recebido ANA BEATRIZ MOREIRA 2.350,00 2.410,55"; o pdfplumber, a segunda leitura do
validador, cola tudo ("14/07/2025PixrecebidoANABEATRIZMOREIRA2.350,002.410,55"). Os caracteres são os mesmos, na
mesma ordem, mas as duas leituras "divergiam" e toda referência do extrato ficava AMBIGUO: todas as conclusões iam
para a revisão manual. Agora a diferença só de espaços não é divergência quando a fronteira do valor não depende do
espaço (`validador.duas_leituras.so_sem_os_espacos`).
"""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from perito.validador.duas_leituras import so_sem_os_espacos
from tests.conftest import conclusoes_do_caso

_BO = ("BOLETIM DE OCORRÊNCIA Nº 4512/2025\nVítima: ANA BEATRIZ MOREIRA, CPF 318.274.519-04.\nHistórico: em 14/07/2025 "
       "a vítima transferiu R$ 2.350,00 via Pix para RAFAEL SOUZA PINTO.\n")
_LINHAS = [
    "Extrato de conta corrente - Banco Inter S.A.",
    "Titular: RAFAEL SOUZA PINTO CPF: 083.271.946-31 Agência: 0001 Conta: 7712345-0",
    "Data Descrição Valor Saldo",
    "14/07/2025 Pix recebido ANA BEATRIZ MOREIRA 2.350,00 2.410,55",
    "14/07/2025 Pix enviado LUCIANA FERREIRA DIAS -2.300,00 110,55",
]


def _pdf_apertado(caminho: Path) -> None:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen import canvas

    tela = canvas.Canvas(str(caminho), pagesize=A4)
    tela.setFont("Helvetica", 9)
    y = 800
    for linha in _LINHAS:
        x = 40.0
        for palavra in linha.split(" "):  # cada palavra desenhada sozinha, 1,6 pt depois da anterior (< 3 pt)
            tela.drawString(x, y, palavra)
            x += stringWidth(palavra, "Helvetica", 9) + 1.6
        y -= 14
    tela.save()


def test_o_extrato_apertado_e_verificado(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    _pdf_apertado(caso / "extrato.pdf")
    (caso / "bo.txt").write_text(_BO, encoding="utf-8")
    with pdfplumber.open(caso / "extrato.pdf") as pdf:  # o caso é mesmo o das palavras coladas
        assert "PixrecebidoANABEATRIZMOREIRA2.350,00" in pdf.pages[0].extract_text()
    conclusoes = conclusoes_do_caso(caso)
    assert {c["tipo"] for c in conclusoes} >= {"materialidade", "identificacao_laranja"}
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}


@pytest.mark.parametrize(("escrito", "principal", "segunda", "tipo"), [
    ("2.350,00", "MOREIRA 2.350,00 2.410,55", "MOREIRA2.350,002.410,55", "valor"),  # a quantia fecha nas duas casas
    ("2.350,00", "14/07/2025 2.350,00", "14/07/20252.350,00", "valor"),  # a data de antes fecha no ano
    ("ANA BEATRIZ MOREIRA", "Pix recebido ANA BEATRIZ MOREIRA 2.350,00", "PixrecebidoANABEATRIZMOREIRA2.350,00",
     "palavra"),
    ("RAFAEL SOUZA PINTO", "Titular: RAFAEL SOUZA PINTO CPF: 083", "Titular:RAFAELSOUZAPINTOCPF:083", "palavra"),
])
def test_so_os_espacos(escrito: str, principal: str, segunda: str, tipo: str) -> None:
    assert so_sem_os_espacos(escrito, principal, segunda, tipo)


@pytest.mark.parametrize(("escrito", "principal", "segunda", "tipo"), [
    ("2.350,00", "1 2.350,00", "12.350,00", "valor"),  # o espaço do PDFium dentro de um número: outro valor
    ("ANA BEATRIZ", "JO ANA BEATRIZ", "JOANABEATRIZ", "palavra"),  # "JOANA"?
    ("ANA BEATRIZ", "PIX RECEBIDO ANA BEATRIZ", "PIXRECEBIDOANABEATRIZ", "palavra"),  # tudo maiúsculo: sem fronteira
    ("2.350,00", "MOREIRA 2.350,00", "MOREIRA 2.850,00", "valor"),  # outros caracteres: divergência de verdade
])
def test_armadilhas_a_fronteira_que_depende_do_espaco(escrito: str, principal: str, segunda: str, tipo: str) -> None:
    assert not so_sem_os_espacos(escrito, principal, segunda, tipo)
