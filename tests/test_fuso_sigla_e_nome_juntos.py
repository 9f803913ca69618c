"""O fuso dito duas vezes na mesma frase, pela sigla e pelo nome ("Horários em BRT (horário de Brasília)",
"Horário de Brasília (BRT)"): é um fuso só, e não uma dúvida que deixa todas as horas do log sem instante.

Como "horário de Brasília (UTC-3)": o par só vale onde os dois concordam (fora do horário de verão); numa data de
verão de antes de 2019 o documento se contradiz e o instante fica sem leitura.
"""

from __future__ import annotations

import pytest

from perito.chaves import tempo
from perito.extratores.contexto import fuso_declarado_na_linha
from tests.conftest import dados_da_pasta


@pytest.mark.parametrize("frase", ["Horários em BRT (horário de Brasília)", "Horário de Brasília (BRT)",
                                   "Todos os horários estão em horário de Brasília - BRT"])
def test_sigla_e_nome_da_mesma_zona_sao_um_fuso(frase):
    fuso = fuso_declarado_na_linha(frase)
    assert fuso is not None
    assert tempo.iso_utc(tempo.instante("15/03/2025", "11:34:02", fuso)) == "2025-03-15T14:34:02Z"
    assert tempo.instante("10/01/2017", "11:34:02", fuso) is None  # verão de 2017: BRT e Brasília discordam


def test_armadilha_sigla_de_outra_zona_junto_de_brasilia_continua_sem_fuso():
    assert fuso_declarado_na_linha("Horários em AMT (horário de Brasília)") is None


def test_log_com_sigla_e_nome_no_preambulo_tem_instante_em_cada_linha(tmp_path):
    (tmp_path / "log.txt").write_text(
        "BANCO EXEMPLO S.A. - Registros de acesso ao internet banking\n"
        "Horários em BRT (horário de Brasília)\n"
        "Data Hora IP Porta\n"
        "15/03/2025 11:34:02 187.34.56.78 51234\n", encoding="utf-8")
    dados = dados_da_pasta(tmp_path)
    ips = [d for d in dados if d["tipo_dado"] == "ip"]
    assert ips and ips[0]["metadados"]["instante_utc"] == "2025-03-15T14:34:02Z"
