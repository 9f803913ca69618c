"""O boleto falso pago pela vítima, emitido em nome de uma empresa ("emitido em nome de RAPIDO COBRANCAS LTDA, CNPJ" /
"11.222.333/0001-81, linha digitável ..."), e o extrato da empresa com o título "Extrato - RAPIDO COBRANCAS LTDA -
CNPJ ...". Achado por sonda: o título sem o nome da instituição entre "Extrato" e o traço não dava o titular, e o CNPJ
que a quebra de linha separou do nome no boletim não ia com ele: o mesmo nome com o mesmo CNPJ nos dois lados era
"moderado, sem o mesmo CPF nos dois lados". Armadilha: outro CNPJ no boletim não converge."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from perito.analise import Parametros, analisar
from perito.extratores.reconhecedores import reconhecer


def test_titulo_do_extrato_sem_a_instituicao() -> None:
    texto = "Extrato - RAPIDO COBRANCAS LTDA - CNPJ 11.222.333/0001-81 - Agência 1500 Conta 77889-0"
    nomes = [(a.dado, a.metadados.get("papel")) for a in reconhecer(texto) if a.campo == "nome_titular"]
    assert nomes == [("RAPIDO COBRANCAS LTDA", "titular")]
    # o título sem nome de pessoa não dá titular
    assert not [a for a in reconhecer("Extrato - Julho/2025 - CPF 111.444.777-35") if a.campo == "nome_titular"]


@pytest.mark.parametrize(("cnpj_do_boleto", "grau"), [("11.222.333/0001-81", "forte"), ("44.555.666/0001-81", None)])
def test_a_empresa_do_boleto_e_a_do_extrato(tmp_path: Path, cnpj_do_boleto: str, grau: str | None) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "bo_boleto.txt").write_text(
        "BOLETIM DE OCORRÊNCIA Nº 9911/2025 - 5º DP\nVÍTIMA: HELENA MARQUES COSTA, CPF 123.456.789-09\nHISTÓRICO:\n"
        "A vítima relata que no dia 14/07/2025 recebeu por e-mail um boleto de renegociação de dívida e o pagou, no valor\n"
        "de R$ 2.350,00, pelo aplicativo do seu banco. O boleto foi emitido em nome de RAPIDO COBRANCAS LTDA, CNPJ\n"
        f"{cnpj_do_boleto}, linha digitável 34191.79001 01043.510047 91020.150008 1 11230000235000.\n",
        encoding="utf-8")
    (caso / "extrato_rapido.csv").write_text(
        "Extrato - RAPIDO COBRANCAS LTDA - CNPJ 11.222.333/0001-81 - Agência 1500 Conta 77889-0\n"
        "Data;Histórico;Valor;Saldo\n14/07/2025;LIQUIDACAO BOLETO - PAGADOR HELENA MARQUES COSTA;2.350,00;2.400,00\n",
        encoding="utf-8")
    saida = tmp_path / "saida"
    analisar(Parametros(caso, saida, data_analise="2025-09-01"))
    conclusoes = json.loads((saida / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    empresas = [c for c in conclusoes if c["tipo"] == "convergencia_nome" and "RAPIDO COBRANCAS LTDA" in c["afirmacao"]]
    if grau is None:
        assert empresas == []  # o mesmo nome com outro CNPJ: outra empresa (o CNPJ é único), nenhuma convergência
        return
    (empresa,) = empresas
    assert empresa["grau_confianca"] == grau
    assert empresa["validacao"]["veredicto_geral"] == "VERIFICADO"
