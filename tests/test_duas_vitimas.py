"""Um relato com duas vítimas: cada valor narrado com a vítima da sua oração, nunca a primeira do relato para todos.

"Vítima: ANA ...", "Vítima: BEATRIZ ...", e "ANA CLARA MENDES transferiu R$ 1.000,00 e BEATRIZ MENDES COSTA transferiu
R$ 500,00": a materialidade dizia "R$ 500,00 ..., vítima ANA CLARA MENDES" (e o crédito de BEATRIZ no extrato), VERIFICADO.
"""

from __future__ import annotations

from tests.conftest import DATA, conclusoes_do_caso

_QUALIFICACAO = ("POLÍCIA CIVIL - BOLETIM DE OCORRÊNCIA\nVítima: ANA CLARA MENDES, CPF 787.789.328-07.\n"
                 "Vítima: BEATRIZ MENDES COSTA, CPF 945.807.302-24.\n")
_EXTRATO = ("Extrato de conta corrente - RAFAELA SOUZA LIMA - CPF 157.368.193-84\nAgência: 0001 Conta: 7788990-1\n\n"
            "Data;Histórico;Valor;Saldo\n10/04/2025;PIX RECEBIDO ANA CLARA MENDES;1.000,00;1.085,40\n"
            "10/04/2025;PIX RECEBIDO BEATRIZ MENDES COSTA;500,00;1.585,40\n")


def _materialidades(tmp_path, narrativa: str) -> dict[str, str]:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "bo.txt").write_text(_QUALIFICACAO + narrativa + "\n", encoding="utf-8")
    (caso / "extrato.csv").write_text(_EXTRATO, encoding="utf-8")
    conclusoes = [c for c in conclusoes_do_caso(caso, DATA) if c["tipo"] == "materialidade"]
    return {next(v for v in ("R$ 1.000,00", "R$ 500,00") if f"{v} em" in c["afirmacao"]): c["afirmacao"] for c in conclusoes}


def test_cada_valor_com_a_vitima_da_sua_oracao(tmp_path):
    afirmacoes = _materialidades(tmp_path, "Relatam que em 10/04/2025 ANA CLARA MENDES transferiu R$ 1.000,00 e "
                                           "BEATRIZ MENDES COSTA transferiu R$ 500,00 para a conta de RAFAELA.")
    assert "vítima ANA CLARA MENDES" in afirmacoes["R$ 1.000,00"]
    assert "vítima BEATRIZ MENDES COSTA" in afirmacoes["R$ 500,00"] and "ANA CLARA" not in afirmacoes["R$ 500,00"]


def test_armadilha_sem_nome_na_oracao_nenhuma_vitima(tmp_path):
    # as duas vítimas e nenhuma nomeada junto de cada valor: nenhuma é dita de nenhum (antes, a primeira de todos)
    afirmacoes = _materialidades(tmp_path, "Relatam que em 10/04/2025 transferiram R$ 1.000,00 e R$ 500,00 para a "
                                           "conta de RAFAELA.")
    assert afirmacoes and not any("vítima ANA" in a for a in afirmacoes.values())
