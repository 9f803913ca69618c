"""Uma planilha com uma aba por conta: o titular da primeira não governa a de outra conta; e o nome da aba citado na
afirmação ("aba Conta 7788990-1") é onde o dado está, não um número afirmado.

Sonda: o crédito da aba "Conta 5544332-1" saía como da conta de RAFAELA (o titular declarado na primeira aba), e a
convergência de nome que citava "aba Conta 7788990-1" ficava AMBIGUO ("a afirmação cita o número 7788990-1").
"""

from __future__ import annotations

from openpyxl import Workbook

from tests.conftest import DATA, conclusoes_do_caso, dados_da_pasta

_CABECALHO = ["Extrato de conta corrente - RAFAELA SOUZA LIMA - CPF 157.368.193-84"]


def _livro(caminho, segunda_aba: str) -> None:
    livro = Workbook()
    primeira = livro.active
    primeira.title = "Conta 7788990-1"
    for linha in (_CABECALHO, ["Agência: 0001", "Conta: 7788990-1"], ["Data", "Histórico", "Valor", "Saldo"],
                  ["10/04/2025", "PIX RECEBIDO ANA CLARA MENDES", "3.200,00", "3.285,40"],
                  ["10/04/2025", "PIX ENVIADO MARCOS VINICIUS ALVES", "-3.100,00", "185,40"]):
        primeira.append(linha)
    segunda = livro.create_sheet(segunda_aba)
    segunda.append(["Data", "Histórico", "Valor", "Saldo"])
    segunda.append(["11/04/2025", "PIX RECEBIDO JOSE PEREIRA", "500,00", "685,40"])
    livro.save(caminho)


def _titular_da_segunda_aba(pasta, aba: str) -> str | None:
    [valor] = [d for d in dados_da_pasta(pasta) if d["campo"] == "valor_transacao" and d.get("aba_planilha") == aba]
    return (valor["metadados"].get("contexto_titular") or {}).get("nome")


def test_a_aba_de_outra_conta_nao_herda_o_titular(tmp_path):
    _livro(tmp_path / "extratos.xlsx", "Conta 5544332-1")
    assert _titular_da_segunda_aba(tmp_path, "Conta 5544332-1") is None


def test_armadilha_a_aba_do_mes_seguinte_continua_do_titular(tmp_path):
    _livro(tmp_path / "extratos.xlsx", "Maio 2025")
    assert _titular_da_segunda_aba(tmp_path, "Maio 2025") == "RAFAELA SOUZA LIMA"


def test_o_nome_da_aba_citado_nao_e_numero_afirmado(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    _livro(caso / "extratos.xlsx", "Conta 5544332-1")
    (caso / "bo.txt").write_text("POLÍCIA CIVIL - BOLETIM DE OCORRÊNCIA\nVítima: ANA CLARA MENDES, CPF 945.807.302-24.\n"
                                 "Relata que em 10/04/2025 transferiu R$ 3.200,00 via Pix para RAFAELA SOUZA LIMA.\n",
                                 encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso, DATA)
    com_aba = [c for c in conclusoes if "aba Conta 7788990-1" in c["afirmacao"]]
    assert com_aba and all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in com_aba)
