"""O pagador "Nao Informado" de um depósito em espécie, na coluna do nome de um extrato em planilha (vigésima sessão,
achado nas variantes: a conta de passagem dizia "6 pagadores distintos (..., Nao Informado, ...)" e o validador a
deixava AMBIGUO, porque nenhuma referência cita esse pagador).

O marcador fica no lote, marcado `nao_informado`, mas não é pessoa nem a contraparte do lançamento. Armadilha: o nome
de verdade na mesma coluna continua contraparte.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import dados_da_pasta


def test_o_marcador_na_coluna_do_nome_nao_e_contraparte(tmp_path: Path) -> None:
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "extrato.csv").write_text(
        "Data;Operação;Nome;CPF/CNPJ;Valor;Saldo\n"
        "10/08/2024;PIX RECEBIDO;GERALDO TEIXEIRA HONORATO;762.244.323-92;900,00;950,00\n"
        "15/08/2024;DEPOSITO EM ESPECIE;Nao Informado;99999999999;720,00;1.670,00\n", encoding="utf-8")
    dados = dados_da_pasta(tmp_path / "c")
    valores = {d["linha_ou_celula"]: d["metadados"].get("contraparte") for d in dados if d["campo"] == "valor_transacao"}
    assert valores == {"linha 2": "GERALDO TEIXEIRA HONORATO", "linha 3": None}
    [marcador] = [d for d in dados if d["campo"] == "nome_titular" and d["dado"] == "Nao Informado"]
    assert marcador["metadados"]["nao_informado"] is True
