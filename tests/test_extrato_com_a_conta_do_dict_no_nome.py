"""O extrato exportado sem cabeçalho (o CSV do Nubank, "NU_88123456_01JUL2025_31JUL2025.csv") traz no nome a conta;
a resposta do DICT sobre a chave do relato (JSON da API, uma conta e um titular) declara essa conta e o titular dela.
Achado por sonda: só a carta do banco servia para dar o titular ao extrato; com o DICT, a cadeia relato → chave →
conta → crédito não saía e a conta de passagem era "de titular não declarado". Armadilha: outro número no nome."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from perito.analise import Parametros, analisar
from tests.conftest import BO_DA_HELENA

_DICT = {"entries": [{
    "key": "7c1e5b2a-3f4d-4e8a-9b6c-2d1f0a9e8b7c", "keyType": "EVP",
    "account": {"participant": "18236120", "branch": "0001", "accountNumber": "88123456", "accountType": "CACC"},
    "owner": {"type": "NATURAL_PERSON", "taxIdNumber": "52998224725", "name": "RAFAEL DUARTE LIMA"}}]}
_EXTRATO = (
    "Data,Valor,Identificador,Descrição\n"
    "14/07/2025,2350.00,6893a1f2-2222-4c1e,Transferência recebida pelo Pix - HELENA MARQUES COSTA - •••.456.789-•• - "
    "BCO DO BRASIL S.A. (0001) Agência: 3344 Conta: 10987-2\n"
    "14/07/2025,-2300.00,6893a1f2-3333-4c1e,Transferência enviada pelo Pix - JOAO VITOR ALMEIDA - •••.444.777-•• - "
    "CAIXA ECONOMICA FEDERAL (0104) Agência: 410 Conta: 5566-7\n")
_BOLETIM = BO_DA_HELENA


@pytest.mark.parametrize(("nome", "ligado"), [("NU_88123456_01JUL2025_31JUL2025.csv", True),
                                              ("NU_88123457_01JUL2025_31JUL2025.csv", False)])
def test_o_extrato_leva_a_conta_e_o_titular_do_dict(tmp_path: Path, nome: str, ligado: bool) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "resposta_dict.json").write_text(json.dumps(_DICT, indent=2), encoding="utf-8")
    (caso / nome).write_text(_EXTRATO, encoding="utf-8")
    (caso / "boletim.txt").write_text(_BOLETIM, encoding="utf-8")
    saida = tmp_path / "saida"
    analisar(Parametros(caso, saida, data_analise="2025-09-01"))
    conclusoes = json.loads((saida / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    tipos = {c["tipo"]: c for c in conclusoes}
    assert ("vinculo_financeiro" in tipos) is ligado
    laranja = tipos["identificacao_laranja"]["afirmacao"]
    if ligado:
        assert "conta que o nome do arquivo do extrato traz" in laranja and "RAFAEL DUARTE LIMA" in laranja
    else:
        assert "titular não declarado" in laranja
    assert all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in conclusoes)
