"""O cabeçalho do extrato com o nome do titular sozinho numa linha, junto da linha da agência e da conta (sonda da 23ª
sessão, o extrato do Itaú: "agência: 1500  conta: 23456-7" / "JULIANA COSTA RAMOS"). Antes, só o CPF na linha de baixo
fazia do nome sozinho o titular; com a conta, a conta de passagem ficava "de titular não declarado" e o nome dito no
boletim não convergia com ninguém."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import dados_da_pasta, pdf_de_linhas

_LANCAMENTOS = ("data        lançamentos                          valor (R$)      saldo (R$)\n"
                "12/07/2025  SALDO ANTERIOR                                            75,30\n"
                "14/07/2025  PIX TRANSF ANA BEA14/07               2.350,00\n"
                "14/07/2025  PIX TRANSF LUCIANA14/07               2.300,00-         125,30\n")


def _titulares(tmp_path: Path, cabecalho: str) -> list[str]:
    pasta = tmp_path / "caso"
    pasta.mkdir()
    (pasta / "extrato.txt").write_text(cabecalho + "\n" + _LANCAMENTOS, encoding="utf-8")
    return [d["dado"] for d in dados_da_pasta(pasta) if d["campo"] == "nome_titular"
            and d["metadados"].get("papel") == "titular"]


@pytest.mark.parametrize("cabecalho", [
    "Itaú Unibanco S.A.\nextrato de conta corrente\nagência: 1500  conta: 23456-7\nJULIANA COSTA RAMOS\n",  # abaixo
    "extrato de conta corrente\nJULIANA COSTA RAMOS\nAgência 1500 Conta 23456-7\n",  # acima
])
def test_o_nome_junto_da_conta_e_o_titular(tmp_path: Path, cabecalho: str) -> None:
    assert _titulares(tmp_path, cabecalho) == ["JULIANA COSTA RAMOS"]


@pytest.mark.parametrize("cabecalho", [
    "ITAÚ UNIBANCO S.A.\nAgência 1500 Conta 23456-7\n",  # o timbre do banco acima da conta
    "BANCO DIGITAL DO BRASIL\nAgência 1500 Conta 23456-7\n",
    "Agência 1500 Conta 23456-7\nEXTRATO DE CONTA CORRENTE\n",  # o título, não um nome
    # a conta escrita num lançamento, e o nome na linha de baixo: a contraparte dele, não o titular
    "Agência 9999 Conta 11111-1\n14/07/2025  TED RECEBIDA Ag 1500 Conta 23456-7  2.350,00\nJULIANA COSTA RAMOS\n",
])
def test_armadilhas(tmp_path: Path, cabecalho: str) -> None:
    assert _titulares(tmp_path, cabecalho) == []


def test_a_conta_de_passagem_tem_o_titular(tmp_path: Path) -> None:
    from tests.conftest import conclusoes_do_caso

    pasta = tmp_path / "caso"
    pasta.mkdir()
    (pasta / "bo.txt").write_text(
        "BOLETIM DE OCORRÊNCIA Nº 1200/2025\nVítima: ANA BEATRIZ MOREIRA, CPF 526.018.159-06.\n"
        "Em 14/07/2025 a vítima transferiu R$ 2.350,00 via Pix para JULIANA COSTA RAMOS.\n", encoding="utf-8")
    (pasta / "extrato.txt").write_text("Itaú Unibanco S.A.\nagência: 1500  conta: 23456-7\nJULIANA COSTA RAMOS\n\n"
                                        + _LANCAMENTOS, encoding="utf-8")
    conclusoes = conclusoes_do_caso(pasta)
    laranja = next(c for c in conclusoes if c["tipo"] == "identificacao_laranja")
    assert laranja["afirmacao"].startswith("A conta de JULIANA COSTA RAMOS (extrato.txt)")
    nome = next(c for c in conclusoes if c["tipo"] == "convergencia_nome" and "JULIANA" in c["afirmacao"])
    assert nome["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_nome_com_cpf_mascarado_e_a_conta_na_mesma_linha_e_o_titular(tmp_path: Path) -> None:
    # o cabeçalho do extrato da conta digital em PDF: "JULIANA ... CPF •••.274.519-•• Agência 0001 Conta 91823-4"
    pasta = tmp_path / "caso"
    pasta.mkdir()
    pdf_de_linhas(pasta / "extrato.pdf", [
        "JULIANA COSTA RAMOS  CPF •••.274.519-••  Agência 0001  Conta 91823-4", "Movimentações",
        "14 JUL 2025   Total de entradas   + 2.350,00",
        "Transferência recebida pelo Pix ANA BEATRIZ MOREIRA - •••.018.159-•• - BCO BRADESCO S.A. (0237)   2.350,00"])
    valores = [d for d in dados_da_pasta(pasta) if d["campo"] == "valor_transacao"]
    assert [v["metadados"]["contexto_titular"]["nome"] for v in valores] == ["JULIANA COSTA RAMOS"]


def test_armadilha_o_comprovante_tem_os_dois_lados(tmp_path: Path) -> None:
    # as mesmas linhas de nome, CPF mascarado e conta num comprovante: as seções dizem quem pagou e quem recebeu
    pasta = tmp_path / "caso"
    pasta.mkdir()
    (pasta / "comprovante.txt").write_text(
        "Comprovante de transferência Pix\nPara\nLUCIANA FERREIRA DIAS CPF •••.305.611-•• Agência 4120 Conta 1288-4\n"
        "De\nJULIANA COSTA RAMOS CPF •••.274.519-•• Agência 0001 Conta 91823-4\nValor: R$ 2.300,00\n"
        "Data: 14/07/2025 15:38:40\n", encoding="utf-8")
    [valor] = [d for d in dados_da_pasta(pasta) if d["campo"] == "valor_transacao"]
    assert valor["metadados"]["contraparte"] == "LUCIANA FERREIRA DIAS"
    assert "contexto_titular" not in valor["metadados"]


@pytest.mark.parametrize("texto, chave", [
    ("Conta: 4120 | 001 | 00001288-4", "|4120|12884"),  # o extrato da Caixa: agência, operação e conta
    ("Conta 4120.001.00001288-4", "|4120|12884"),
])
def test_conta_da_caixa_com_a_operacao(texto: str, chave: str) -> None:
    from perito.extratores.reconhecedores import reconhecer

    [conta] = [a for a in reconhecer(texto) if a.campo == "conta_bancaria"]
    assert conta.metadados["conta_normalizada"] == chave and conta.metadados["operacao_da_conta"] == "001"


def test_a_caixa_escreve_o_sentido_antes_do_meio_e_o_nome_embaixo(tmp_path: Path) -> None:
    pasta = tmp_path / "caso"
    pasta.mkdir()
    (pasta / "extrato.txt").write_text(
        "CAIXA ECONOMICA FEDERAL\nExtrato por período\nCliente: JULIANA COSTA RAMOS\nConta: 4120 | 001 | 00001288-4\n\n"
        "Data Mov.   Nr. Doc.   Histórico          Valor          Saldo\n"
        "14/07/2025  141521     CRED PIX           2.350,00 C     2.425,30 C\n"
        "                       ANA BEATRIZ MOREIRA\n"
        "14/07/2025  141538     ENVIO PIX          2.300,00 D       125,30 C\n"
        "                       LUCIANA FERREIRA DIAS\n"
        "15/07/2025  141600     TARIFA CESTA          12,50 D       112,80 C\n"
        "                       PACOTE PADRAO\n", encoding="utf-8")
    valores = {d["dado"]: d["metadados"].get("contraparte") for d in dados_da_pasta(pasta)
               if d["campo"] == "valor_transacao"}
    assert valores == {"2.350,00": "ANA BEATRIZ MOREIRA", "2.300,00": "LUCIANA FERREIRA DIAS", "12,50": None}


def test_o_nome_entre_aspas_do_inter(tmp_path: Path) -> None:
    from perito.extratores.reconhecedores import reconhecer

    nomes = [(a.dado, a.metadados["papel"]) for a in reconhecer('Pix recebido: "JULIANA COSTA RAMOS" R$ 2.300,00')
             if a.campo == "nome_titular"]
    assert nomes == [("JULIANA COSTA RAMOS", "remetente")]
