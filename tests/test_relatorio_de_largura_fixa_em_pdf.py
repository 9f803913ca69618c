"""Sonda v3 da 28ª sessão, em PDF: a resposta da TIM impressa por um sistema em Courier, cada linha desenhada como um
texto só, com as colunas alinhadas por espaços (`IP_ORIGEM  PORTA_ORIGEM  DT_INICIO ... NOME_ASSINANTE  DOC_ASSINANTE`).
O PDFium junta os espaços da camada de texto: sem as colunas, a linha "177.9.144.212 40122 14-JUL-25 ... 5511987654321
RAFAEL PINTO SOUZA 52998224725" não dava o telefone, o nome nem o CPF, o fim da sessão não era lido, e o acesso do
X/Twitter ia para a sessão de outra porta ("distam 16min07s", fraca), sem assinante. Agora a caixa de cada caractere
mostra as colunas numa fonte de largura fixa (`leitura/pdf_monoespacado.py`), e a coluna `DOC_ASSINANTE` é o documento
da pessoa (antes, pela palavra "assinante", uma coluna de nome)."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.lib.pagesizes import A4, landscape
from reportlab.pdfgen import canvas

from perito.extratores import colunas
from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento
from tests.conftest import conclusoes_do_caso

_LINHAS = [
    "TIM S.A.",
    "Resposta ao Oficio n. 2210/2025 - Processo 0012345-67.2025.8.26.0050",
    "Consulta de IP com porta de origem",
    "",
    "IP_ORIGEM       PORTA_ORIGEM  DT_INICIO                      DT_FIM                         MSISDN         "
    "NOME_ASSINANTE           DOC_ASSINANTE",
    "177.9.144.212   40122         14-JUL-25 03.02.11.000000 PM   14-JUL-25 04.40.03.000000 PM   5511987654321  "
    "RAFAEL PINTO SOUZA       52998224725",
    "177.9.144.212   40123         14-JUL-25 03.05.00.000000 PM   14-JUL-25 03.30.00.000000 PM   5511976543210  "
    "MARIA OLIVEIRA CAMPOS    12345678909",
    "",
    "Obs.: datas e horas no horario oficial de Brasilia (GMT-3).",
]
_X = """X Corp. - Response to Legal Request
Account: @rafa_pinto88 (user id 1458220391)

ip-audit
created_at                          login_ip          login_port
Mon Jul 14 18:21:07 +0000 2025      177.9.144.212     {porta}
"""


def _pdf(caminho: Path, linhas: list[str], fonte: str = "Courier") -> None:
    folha = canvas.Canvas(str(caminho), pagesize=landscape(A4))
    y = 560
    for linha in linhas:
        folha.setFont(fonte, 7)
        folha.drawString(30, y, linha)
        y -= 12
    folha.save()


def _caso(tmp_path: Path, porta: str) -> list[dict]:
    caso = tmp_path / "caso"
    caso.mkdir()
    _pdf(caso / "tim_resposta.pdf", _LINHAS)
    (caso / "x_ip_audit.txt").write_text(_X.format(porta=porta), encoding="utf-8")
    return conclusoes_do_caso(caso, "2025-12-01")


def _celulas(caminho: Path) -> list[tuple[str, ...] | None]:
    arquivo = next(a for a in listar(caminho.parent) if a.nome == caminho.name)
    return [t.celulas for t in ler_documento(arquivo.caminho, arquivo.nome, arquivo.tipo).trechos]


def test_as_colunas_do_relatorio_em_courier_dao_o_assinante(tmp_path: Path) -> None:
    conclusoes = _caso(tmp_path, "40122")
    (titular,) = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert titular["afirmacao"].startswith("O IP 177.9.144.212 estava atribuído pela operadora a RAFAEL PINTO SOUZA, "
                                           "CPF/CNPJ 52998224725")
    assert "até 14-JUL-25 04.40.03.000000 PM, porta 40122" in titular["afirmacao"]
    (convergencia,) = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    assert convergencia["grau_confianca"] == "forte"
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}


def test_armadilha_porta_de_nenhuma_sessao(tmp_path: Path) -> None:
    conclusoes = _caso(tmp_path, "40199")
    assert not [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert all(c["grau_confianca"] == "fraco" for c in conclusoes if c["tipo"] == "convergencia_ip")


def test_as_celulas_da_linha_em_courier(tmp_path: Path) -> None:
    _pdf(tmp_path / "r.pdf", _LINHAS)
    linhas = _celulas(tmp_path / "r.pdf")
    assert linhas[3] == ("IP_ORIGEM", "PORTA_ORIGEM", "DT_INICIO", "DT_FIM", "MSISDN", "NOME_ASSINANTE", "DOC_ASSINANTE")
    assert linhas[4] == ("177.9.144.212", "40122", "14-JUL-25 03.02.11.000000 PM", "14-JUL-25 04.40.03.000000 PM",
                         "5511987654321", "RAFAEL PINTO SOUZA", "52998224725")


def test_armadilha_fonte_proporcional_nao_se_parte(tmp_path: Path) -> None:
    """Em Helvetica, os espaços não alinham colunas (as larguras das letras variam): nenhuma célula."""
    _pdf(tmp_path / "r.pdf", _LINHAS, "Helvetica")
    assert all(c is None for c in _celulas(tmp_path / "r.pdf"))


def test_armadilha_linha_de_rotulos_nao_e_linha_de_tabela(tmp_path: Path) -> None:
    """A 2ª linha de um registro em rótulos ("IP de origem: ...   Porta: ...") fica inteira, e o registro de duas
    linhas continua lido como texto."""
    linhas = ["Data e hora              Evento          Modelo             IMEI",
              "16/05/25 14:13:08 UTC-3  Login           Samsung Galaxy A15 35-203678-164192-1",
              "   IP de origem: 179.115.78.142     Porta: 24677",
              "16/05/25 14:14:04 UTC-3  Login           Samsung Galaxy A15 35-203678-164192-1",
              "   IP de origem: 179.115.78.142     Porta: 54104"]
    _pdf(tmp_path / "r.pdf", linhas)
    assert all(c is None for c in _celulas(tmp_path / "r.pdf"))


@pytest.mark.parametrize(("nome", "papel"), [
    ("DOC_ASSINANTE", "documento"), ("Documento do assinante", "documento"), ("DOC_CLIENTE", "documento"),
    ("NOME_ASSINANTE", "nome"), ("ASSINANTE", "nome"),
])
def test_o_documento_da_pessoa_abreviado(nome: str, papel: str) -> None:
    assert colunas.papel(nome) == papel
