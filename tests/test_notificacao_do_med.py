"""A notificação de infração do MED (sonda da 24ª sessão): "MECANISMO ESPECIAL DE DEVOLUÇÃO (MED) - NOTIFICAÇÃO DE
INFRAÇÃO", a transação contestada ("Valor: R$ 2.350,00", pagador e recebedor) e a situação da notificação ("em
análise"). O valor da transação saía com `operacao: devolucao` (pelo nome do mecanismo no título) ou `nao_efetivada`
(pela situação da notificação), e ficava fora de todo dinheiro do caso: a transação aconteceu. Agora, na notificação,
só a palavra escrita na linha do próprio valor diz a operação dele."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import dados_da_pasta

_NOTIFICACAO = """BCO BRADESCO S.A.
MECANISMO ESPECIAL DE DEVOLUÇÃO (MED) - NOTIFICAÇÃO DE INFRAÇÃO

End to End ID: E60746948202507141821a7Kq9mZx2Lp
Data/hora da transação: 14/07/2025 15:21:07 (horário de Brasília)
Valor: R$ 2.350,00
{devolvido}
Pagador
Nome: ANA BEATRIZ MOREIRA
CPF: ***.274.519-**

Recebedor
Nome: RAFAEL SOUZA PINTO
CPF: ***.271.946-**

Situação: em análise pela instituição do recebedor.
"""


def _operacoes(tmp_path: Path, devolvido: str = "") -> dict[str, str | None]:
    (tmp_path / "notificacao.txt").write_text(_NOTIFICACAO.format(devolvido=devolvido), encoding="utf-8")
    return {d["dado"]: d["metadados"].get("operacao") for d in dados_da_pasta(tmp_path) if d["campo"] == "valor_transacao"}


def test_a_transacao_notificada_nao_e_devolucao_nem_espera(tmp_path: Path) -> None:
    assert _operacoes(tmp_path) == {"R$ 2.350,00": None}


def test_o_valor_devolvido_na_propria_linha_e_devolucao(tmp_path: Path) -> None:
    operacoes = _operacoes(tmp_path, "Valor devolvido: R$ 50,00")
    assert operacoes == {"R$ 2.350,00": None, "R$ 50,00": "devolucao"}


def test_armadilha_a_devolucao_med_no_extrato(tmp_path: Path) -> None:
    (tmp_path / "extrato.txt").write_text(
        "Extrato - RAFAEL SOUZA PINTO - CPF 083.271.946-31 - Agência 0001 - Conta 7712345-0\n"
        "Data Histórico Valor Saldo\n16/07/2025 Pix - Devolução MED ANA BEATRIZ MOREIRA -50,00 60,55\n",
        encoding="utf-8")
    operacoes = [d["metadados"].get("operacao") for d in dados_da_pasta(tmp_path) if d["campo"] == "valor_transacao"]
    assert operacoes == ["devolucao"]
