"""O fuso dito com o nome e o deslocamento juntos ("horário de Brasília (UTC-3)", "horário de Brasília (GMT-03:00)"),
achado por uma sonda: os dois eram lidos como declarações em conflito (em 2018 o horário de Brasília era UTC-2 no
verão), e o log inteiro ficava sem fuso: a convergência de IP saía fraca, "sem data-hora com fuso declarado".

Agora o par vale como escrito; o instante só existe nas datas em que os dois concordam. Num verão de antes de 2019 o
documento se contradiz (nome UTC-2, deslocamento UTC-3): nenhum instante, nunca um dos dois escolhido em silêncio.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.chaves import tempo
from perito.extratores.contexto import fuso_declarado_na_linha
from tests.conftest import conclusoes_do_caso


@pytest.mark.parametrize(("linha", "fuso"), [
    ("LOG DE ACESSOS (horário de Brasília, UTC-3)", "horário de Brasília, UTC-3"),
    ("Horários em horário de Brasília (GMT-03:00)", "horário de Brasília (GMT-03:00)"),
    ("Times in UTC (GMT+0)", "UTC"),  # o mesmo fuso escrito duas vezes, como antes
    ("Horários: horário de Brasília / UTC+1", None),  # não concordam em data nenhuma: conflito
])
def test_nome_e_deslocamento_na_mesma_declaracao(linha: str, fuso: str | None) -> None:
    assert fuso_declarado_na_linha(linha) == fuso


def test_o_par_so_da_instante_onde_os_dois_concordam() -> None:
    par = "horário de Brasília (UTC-3)"
    assert tempo.iso_utc(tempo.instante("02/08/2025", "13:10:12", par)) == "2025-08-02T16:10:12Z"
    assert tempo.iso_utc(tempo.instante("15/07/2018", "13:10:12", par)) == "2018-07-15T16:10:12Z"  # inverno
    # verão de 2018: o nome diz UTC-2, o deslocamento UTC-3
    assert tempo.instante("15/01/2018", "13:10:12", par) is None
    assert tempo.ambiguo("15/01/2018", "13:10:12", par)
    assert tempo.instante("15/01/2018", "13:10:12", "horário de Brasília") is not None  # o nome sozinho lê o verão


def test_convergencia_com_o_fuso_do_titulo_do_log(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "log_acesso_banco.csv").write_text(
        "LOG DE ACESSOS (horário de Brasília, UTC-3)\nCOD_CLIENTE;DT_HR_ACESSO;IP_ORIGEM;PORTA;CANAL;EVENTO\n"
        "88812;02/08/2025 13:10:12;189.40.12.7;54321;APP;LOGIN\n", encoding="utf-8")
    (caso / "resposta_meta.txt").write_text(
        "Meta Platforms, Inc. - Response to Legal Process\nService: WhatsApp\nAccount Identifier: +55 11 98765-4321\n"
        "IP Addresses (all times UTC)\n2025-08-02 16:10:44 UTC 189.40.12.7:54321\n", encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso)
    (ip,) = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    assert ip["grau_confianca"] == "forte" and "distam 32s" in ip["afirmacao"]
    assert ip["validacao"]["veredicto_geral"] == "VERIFICADO"
