"""O extrato da Caixa com a operação separada por espaço e o nome na mesma linha do lançamento (sonda da 24ª sessão):
"Cliente: RAFAEL ...   Agência: 4120   Conta: 001 00001288-4" e "14/07/2025 CRED PIX ANA BEATRIZ MOREIRA 2.350,00 C".

Antes: a conta era "001" (a operação; a conta de verdade ficava de fora, e o validador dizia que "001 não está no
local": a conta de passagem ficava AMBIGUO), e o nome depois de "CRED PIX" não era a contraparte (a materialidade
caía para moderado: "o registro bancário não nomeia a vítima")."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_dos_textos

_EXTRATO = """CAIXA ECONÔMICA FEDERAL - Extrato por período
Cliente: RAFAEL SOUZA PINTO   Agência: 4120   Conta: 001 00001288-4

Data        Histórico                          Valor          Saldo
13/07/2025  SALDO ANTERIOR                                    60,55 C
14/07/2025  CRED PIX ANA BEATRIZ MOREIRA       2.350,00 C     2.410,55 C
14/07/2025  ENVIO PIX LUCIANA FERREIRA DIAS    2.300,00 D     110,55 C
15/07/2025  DEB TARIFA                         12,90 D        97,65 C
"""
_BO = ("BOLETIM DE OCORRÊNCIA Nº 4512/2025\nVítima: ANA BEATRIZ MOREIRA, CPF 318.274.519-04.\nHistórico: em 14/07/2025 "
       "a vítima transferiu R$ 2.350,00 via Pix para RAFAEL SOUZA PINTO.\n")


def _contas(linha: str) -> list[tuple[str, str, str | None]]:
    return [(a.metadados["agencia"], a.metadados["conta"], a.metadados.get("operacao_da_conta"))
            for a in reconhecer(linha) if a.campo == "conta_bancaria"]


def _nomes(linha: str) -> list[tuple[str, str]]:
    return [(a.dado, a.metadados["papel"]) for a in reconhecer(linha) if a.campo == "nome_titular"]


def test_a_operacao_antes_do_numero() -> None:
    assert _contas("Agência: 4120   Conta: 001 00001288-4") == [("4120", "12884", "001")]
    assert _contas("Ag 0001 Conta 013 00012345-6") == [("0001", "123456", "013")]


@pytest.mark.parametrize("linha", ["Agência 1234 Conta 012 3456", "Agência: 0001 Conta: 7712345-0"])
def test_armadilha_sem_operacao(linha: str) -> None:
    """Sem o dígito verificador depois do espaço, ou sem espaço: nada de operação."""
    assert all(operacao is None for _, _, operacao in _contas(linha))


def test_o_nome_depois_do_sentido_e_do_meio() -> None:
    assert _nomes("14/07/2025 CRED PIX ANA BEATRIZ MOREIRA 2.350,00 C") == [("ANA BEATRIZ MOREIRA", "remetente")]
    assert _nomes("14/07/2025 ENVIO PIX LUCIANA FERREIRA DIAS 2.300,00 D") == [("LUCIANA FERREIRA DIAS", "destinatario")]
    assert _nomes("14/07/2025 CRED PIX 2.350,00 C") == []  # o nome na linha de baixo: outra regra
    assert _nomes("15/07/2025 DEB PIX QR CODE 10,00 D") == []


def test_a_conta_de_passagem_verificada(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"extrato_caixa.txt": _EXTRATO, "bo.txt": _BO})
    (materialidade,) = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "forte" and "contraparte ANA BEATRIZ MOREIRA" in materialidade["afirmacao"]
    (laranja,) = [c for c in conclusoes if c["tipo"] == "identificacao_laranja"]
    citadas = [r["dado_citado"] for r in laranja["referencias"] if r["arquivo"] == "extrato_caixa.txt"]
    assert any("00001288-4" in d for d in citadas)
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}
