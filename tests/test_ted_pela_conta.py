"""A TED seguida pela agência e pela conta (décima nona sessão, caso inteiro em leiautes novos).

A vítima conta a TED "para a conta corrente 10203-4, agência 7788"; o extrato dela escreve o destino como
"TED ENVIADA BCO 341 AG 7788 CC 0010203-4 FELIPE A MOURA" (o nome abreviado, que não é contraparte); o banco que
recebeu responde numa planilha com a aba "Cadastro" (Agência 7788-0, Conta 10.203-4) e a aba "Movimentação".

Antes: a agência "7788-0" virava "77880" e não era a "7788" do relato nem a do débito: nenhuma cadeia do relato até
a conta, e o salto entre os extratos ficava moderado com "só uma das contrapartes" (o débito não nomeia quem
recebe). Agora a agência é comparada sem o dígito verificador separado, e a conta escrita no débito reconhece quem
recebe. Armadilhas: outra agência não liga o relato à conta; outra conta no débito não reconhece quem recebe.
"""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl

from perito.analise import Parametros, analisar
from perito.chaves.conta import digitos_da_agencia
from tests.conftest import dados_da_pasta

_RELATO = ("TERMO DE DECLARAÇÕES\nDeclarante: MARIANA ALVES TEIXEIRA, CPF 526.018.159-06\n"
           "Disse que no dia 12/06/2025, às 15h12, transferiu R$ 5.000,00 via TED para a conta corrente 10203-4, "
           "agência {agencia}, do Banco Itaú (341), em nome de FELIPE AUGUSTO MOURA.\n")
_EXTRATO = ("Extrato de: Agência: 2231 | Conta: 40112-3 | MARIANA ALVES TEIXEIRA\n"
            "Data;Lançamento;Dcto.;Crédito (R$);Débito (R$);Saldo (R$)\n"
            "11/06/2025;SALDO ANTERIOR;;;;6.210,44\n"
            "12/06/2025;TED ENVIADA BCO 341 AG 7788 CC {conta} FELIPE A MOURA;4521;;-5.000,00;1.210,44\n")


def _resposta_do_banco(caminho: Path) -> None:
    livro = openpyxl.Workbook()
    cadastro = livro.active
    cadastro.title = "Cadastro"
    cadastro.append(["ITAÚ UNIBANCO S.A. - Resposta ao Ofício 912/2025"])
    cadastro.append([])
    cadastro.append(["Agência", "Conta", "Titular", "CPF", "Data de abertura"])
    cadastro.append(["7788-0", "10.203-4", "FELIPE AUGUSTO MOURA", "186.091.390-34", "02/05/2025"])
    movimento = livro.create_sheet("Movimentação")
    movimento.append(["Data", "Descrição", "Valor", "D/C", "Saldo"])
    movimento.append(["12/06/2025", "TED RECEBIDA - MARIANA ALVES TEIXEIRA - BCO 237", 5000.00, "C", 5012.10])
    movimento.append(["12/06/2025", "SAQUE CARTAO 24H", 2000.00, "D", 3012.10])
    livro.save(caminho)


def _vinculos(tmp_path: Path, agencia: str = "7788", conta: str = "0010203-4") -> list[dict]:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "termo_declaracao.txt").write_text(_RELATO.format(agencia=agencia), encoding="utf-8")
    (caso / "extrato_mariana.csv").write_text(_EXTRATO.format(conta=conta), encoding="cp1252")
    _resposta_do_banco(caso / "itau_resposta.xlsx")
    analisar(Parametros(caso, tmp_path / "saida", data_analise="2025-07-01"))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    assert all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in conclusoes)
    return [c for c in conclusoes if c["tipo"] == "vinculo_financeiro"]


def test_agencia_sem_o_digito_verificador() -> None:
    assert [digitos_da_agencia(a) for a in ("7788-0", "7788", "0001-9", "0001", "AG 3012 - X")] == \
        ["7788", "7788", "0001", "0001", "3012"]


def test_a_conta_do_relato_e_do_debito_e_a_da_resposta_do_banco(tmp_path: Path) -> None:
    vinculos = _vinculos(tmp_path)
    [cadeia] = [v for v in vinculos if v["afirmacao"].startswith("O relato")]
    assert "conta corrente 10203-4, agência 7788; essa conta registra o crédito" in cadeia["afirmacao"]
    [salto] = [v for v in vinculos if v["afirmacao"].startswith("O valor sai")]
    assert "as duas contrapartes se reconhecem (o débito escreve a agência e a conta de quem recebe" in salto["afirmacao"]
    assert any("BCO 341 AG 7788 CC 0010203-4" in r["dado_citado"] for r in salto["referencias"])


def test_outra_agencia_nao_liga_o_relato_a_conta(tmp_path: Path) -> None:
    assert not [v for v in _vinculos(tmp_path, agencia="7789") if v["afirmacao"].startswith("O relato")]


def test_outra_conta_no_debito_nao_reconhece_quem_recebe(tmp_path: Path) -> None:
    [salto] = [v for v in _vinculos(tmp_path, conta="0010203-5") if v["afirmacao"].startswith("O valor sai")]
    assert "só uma das contrapartes se reconhece" in salto["afirmacao"]


def _valores_da_planilha(tmp_path: Path, saldos: tuple[float, float]) -> list[tuple[str, str]]:
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.append(["BANCO X - EXTRATO DA CONTA - Titular: FELIPE AUGUSTO MOURA"])
    aba.append(["Data", "Descrição", "Valor", "D/C", "Saldo"])
    aba.append(["12/06/2025", "TED RECEBIDA - MARIANA ALVES TEIXEIRA", 5000, "C", saldos[0]])
    aba.append(["12/06/2025", "SAQUE CARTAO 24H", 2000, "D", saldos[1]])
    livro.save(tmp_path / "extrato.xlsx")
    return [(d["dado"], d["metadados"]["valor"]) for d in dados_da_pasta(tmp_path) if d["campo"] == "valor_transacao"]


def test_valor_inteiro_sem_formato_com_o_saldo_em_reais(tmp_path: Path) -> None:
    # o Excel mostra 5000 sem formato; o saldo ao lado, 5012,1, diz que a tabela está em reais
    assert _valores_da_planilha(tmp_path, (5012.1, 3012.1)) == [("5000", "5000.00"), ("2000", "-2000.00")]


def test_valor_inteiro_com_o_saldo_inteiro_continua_ambiguo(tmp_path: Path) -> None:
    # só inteiros, sem "R$" no cabeçalho: podem ser centavos (como no SIMBA), e não são lidos
    assert _valores_da_planilha(tmp_path, (501210, 301210)) == []
