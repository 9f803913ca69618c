"""O extrato listado em seções, "ENTRADAS" e depois "SAÍDAS", sem sinal, sem D/C e sem sentido no histórico (sonda da
24ª sessão, como algumas contas digitais imprimem): `14/07/2025 15:21  PIX  ANA BEATRIZ MOREIRA   R$ 2.350,00`. O título
da seção é o contexto dito uma vez que dá o lado de cada valor abaixo dele; o nome na coluna seguinte ao meio é a
contraparte. Antes: nenhum valor tinha lado e nenhum nome era contraparte — sem materialidade forte e sem conta de
passagem."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos, dados_da_pasta

_EXTRATO = """C6 BANK S.A. - Extrato de conta
Titular: RAFAEL SOUZA PINTO   CPF: 083.271.946-31   Agência: 0001   Conta: 7712345-0

ENTRADAS
14/07/2025 15:21  PIX  ANA BEATRIZ MOREIRA          R$ 2.350,00
16/07/2025 10:02  TED  JOAO PEDRO ALVES             R$ 120,00

SAÍDAS
14/07/2025 15:38  PIX  LUCIANA FERREIRA DIAS        R$ 2.300,00
15/07/2025 09:00  BOLETO  ENEL SP                   {boleto}
"""
_BO = ("BOLETIM DE OCORRÊNCIA Nº 4512/2025\nVítima: ANA BEATRIZ MOREIRA, CPF 318.274.519-04.\nHistórico: em 14/07/2025 "
       "a vítima transferiu R$ 2.350,00 via Pix para RAFAEL SOUZA PINTO.\n")


def _valores(tmp_path: Path, boleto: str = "R$ 187,45") -> dict[str, dict]:
    (tmp_path / "extrato.txt").write_text(_EXTRATO.format(boleto=boleto), encoding="utf-8")
    return {d["dado"]: d["metadados"] for d in dados_da_pasta(tmp_path) if d["campo"] == "valor_transacao"}


def test_o_titulo_da_secao_da_o_lado(tmp_path: Path) -> None:
    valores = _valores(tmp_path)
    lados = {dado: meta.get("direcao") for dado, meta in valores.items()}
    assert lados == {"R$ 2.350,00": "credito", "R$ 120,00": "credito", "R$ 2.300,00": "debito", "R$ 187,45": "debito"}
    assert valores["R$ 2.350,00"]["contraparte"] == "ANA BEATRIZ MOREIRA"
    assert valores["R$ 2.300,00"]["contraparte"] == "LUCIANA FERREIRA DIAS"


def test_armadilha_o_sinal_escrito_vale_mais(tmp_path: Path) -> None:
    """Sob "SAÍDAS", o valor com o sinal de crédito escrito ("+ R$ 50,00", um estorno listado ali) segue o sinal."""
    assert _valores(tmp_path, "+ R$ 50,00")["R$ 50,00"].get("direcao") != "debito"


def test_materialidade_e_conta_de_passagem(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"extrato.txt": _EXTRATO.format(boleto="R$ 187,45"), "bo.txt": _BO})
    (materialidade,) = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "forte" and "creditada na conta de quem recebeu" in materialidade["afirmacao"]
    (laranja,) = [c for c in conclusoes if c["tipo"] == "identificacao_laranja"]
    assert "entra R$ 2.350,00 em 14/07/2025 15:21 e saem R$ 2.300,00, 97% do que entrou" in laranja["afirmacao"]
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}
