"""A resposta de um banco escrita em carta, achada por uma sonda: "a chave Pix do tipo celular +55 11 98765-4321 está
vinculada à conta corrente nº 0012345-6, agência 0001, de titularidade de MARIA ..." e "a referida conta recebeu, em
02/08/2025, transferência Pix no valor de" | "R$ 1.250,90, oriunda de JOSÉ ...". Antes:
- o valor seguido de vírgula ("R$ 1.250,90, oriunda") não era valor;
- a conta antes da agência não era conta; "de titularidade de NOME" não dava o titular;
- a chave Pix com espaços ou parênteses depois de "chave Pix do tipo celular" ficava só telefone;
- a página, lida em blocos de linhas como um extrato, separava a data (numa linha) do valor (na de baixo), e
  "recebeu"/"oriunda de" não diziam crédito: a transferência do boletim não tinha materialidade.
"""

from __future__ import annotations

import json
from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_do_caso

_CARTA = [
    "BANCO XPTO S.A.", "São Paulo, 12 de setembro de 2025", "",
    "Ao Excelentíssimo Senhor Delegado de Polícia", "Ref.: Ofício nº 2231/2025 - IP 0457/2025", "",
    "Em atenção ao ofício em referência, informamos que a chave Pix do tipo celular +55 11 98765-4321",
    "está vinculada à conta corrente nº 0012345-6, agência 0001,",
    "de titularidade de MARIA DA SILVA SOUZA, inscrita no CPF sob o nº 123.456.789-09, cadastrada em 10/01/2024.",
    "Informamos ainda que a referida conta recebeu, em 02/08/2025, transferência Pix no valor de",
    "R$ 1.250,90, oriunda de JOSÉ PEREIRA LIMA, CPF ***.321.654-**.", "",
    "Atenciosamente,", "Departamento Jurídico - Atendimento a Ofícios",
]


def _pdf(caminho: Path, linhas: list[str]) -> None:
    tela = canvas.Canvas(str(caminho), pagesize=A4)
    y = 800
    for linha in linhas:
        tela.setFont("Helvetica", 10)
        tela.drawString(50, y, linha)
        y -= 16
    tela.save()


def _achados(texto: str) -> list[tuple[str, str]]:
    return [(a.campo, a.dado) for a in reconhecer(texto)]


def test_valor_seguido_de_virgula_na_frase() -> None:
    assert ("valor_transacao", "R$ 1.250,90") in _achados("no valor de R$ 1.250,90, oriunda de X")
    # armadilha: a vírgula seguida de dígito continua impedindo ler um pedaço de outro número
    assert not [c for c, _ in _achados("códigos 1,25,90 e 3,40,10") if c == "valor_transacao"]


def test_conta_antes_da_agencia() -> None:
    (conta,) = reconhecer("vinculada à conta corrente nº 0012345-6, agência 0001, de titularidade de")
    assert (conta.campo, conta.metadados["agencia"], conta.metadados["conta"]) == ("conta_bancaria", "0001", "123456")
    assert [a.metadados["conta"] for a in reconhecer("conta 0012345-6 da agência 0001")] == ["123456"]
    assert not [a for a in reconhecer("desconta 123, agência 1") if a.campo == "conta_bancaria"]  # "conta" dentro da palavra


def test_titularidade_e_chave_com_espacos() -> None:
    assert ("nome_titular", "MARIA DA SILVA SOUZA") in _achados("de titularidade de MARIA DA SILVA SOUZA, inscrita")
    assert ("chave_pix", "+55 11 98765-4321") in _achados("a chave Pix do tipo celular +55 11 98765-4321 está")
    assert ("chave_pix", "(21) 99876-5432") in _achados("chave Pix (21) 99876-5432 em nome de")
    # armadilha: um número depois de outra palavra ("a chave 2 do cofre") não é chave
    assert ("telefone", "(11) 98765-4321") in _achados("a chave 2 do cofre (11) 98765-4321")


def test_carta_do_banco_da_materialidade_verificada(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    _pdf(caso / "resposta_banco_xpto.pdf", _CARTA)
    (caso / "boletim.txt").write_text(
        "BOLETIM DE OCORRÊNCIA Nº 4411/2025\nVítima: JOSÉ PEREIRA LIMA\n"
        "Histórico: A vítima informa que, em 02/08/2025, após contato pelo WhatsApp do número (11) 98765-4321,\n"
        "transferiu R$ 1.250,90 por Pix para a chave de celular informada pelo golpista.\n", encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso)
    (materialidade,) = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert "resposta_banco_xpto.pdf" in materialidade["afirmacao"] and "R$ 1.250,90" in materialidade["afirmacao"]
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"
    lotes = [json.loads(p.read_text(encoding="utf-8")) for p in (tmp_path / "saida" / "lotes").glob("*.json")]
    da_carta = {(d["campo"], d["dado"]) for lote in lotes for d in lote["dados_extraidos"]
                if d["arquivo_fonte"] == "resposta_banco_xpto.pdf"}
    assert {("chave_pix", "+55 11 98765-4321"), ("nome_titular", "MARIA DA SILVA SOUZA"),
            ("conta_bancaria", "conta corrente nº 0012345-6, agência 0001")} <= da_carta
