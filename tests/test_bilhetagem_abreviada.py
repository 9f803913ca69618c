"""As colunas da bilhetagem exportada de sistema com nomes abreviados: "DT_INI|HR_INI|NUM_A|NUM_B|DUR_SEG|IMEI_A".

Sem o papel de telefone em NUM_A e NUM_B, a tabela não tinha linha e IMEI juntos e a resposta da operadora ficava sem
família (o cadastro dela não identificava o titular de nenhuma linha).
"""

from __future__ import annotations

import pytest

from perito.extratores import colunas, familias
from perito.leitura.texto import ler_texto


@pytest.mark.parametrize("nome", ["NUM_A", "NUM_B", "NR_A", "TEL_A", "FONE_B", "Tel", "Fone", "Tel. residencial"])
def test_abreviaturas_de_telefone(nome):
    assert colunas.papel(nome) == "telefone"


@pytest.mark.parametrize("nome", ["Num", "Número do documento", "NUM_PEDIDO"])
def test_armadilha_numero_que_nao_e_telefone(nome):
    assert colunas.papel(nome) != "telefone"


def test_a_bilhetagem_abreviada_e_da_operadora(tmp_path):
    caminho = tmp_path / "cdr.txt"
    caminho.write_text("DT_INI|HR_INI|NUM_A|NUM_B|DUR_SEG|IMEI_A\n"
                       "20250602|150102|31984441200|31999990000|45|354678102938474\n", encoding="utf-8")
    assert familias.classificar(ler_texto(caminho, caminho.name)).familia == "operadora"
