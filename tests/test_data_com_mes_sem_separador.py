"""O mês por nome sem separador ("15MAR2025", o DATE9 dos sistemas de grande porte e do SAS; "15MAR2025:14:33:50", o
DATETIME) e com pontos ("15.mar.2025").

Um extrato de sistema de banco escreve "15MAR2025 PIX RECEBIDO 1.000,00": sem a data, o crédito ficava sem dia, e a
materialidade sem o "mesmo dia" do relato.
"""

from __future__ import annotations

import pytest

from perito.chaves import tempo
from tests.conftest import analise_com_provedor, dados_da_pasta, veredicto_com_a_afirmacao_trocada


@pytest.mark.parametrize("escrita", ["15MAR2025", "15mar2025", "15.mar.2025", "15.MAR.2025"])
def test_a_data(escrita):
    assert tempo.data(escrita).isoformat() == "2025-03-15"


@pytest.mark.parametrize(("linha", "data"), [
    ("15MAR2025 PIX RECEBIDO JOSE PEREIRA 1.000,00", "15MAR2025"),
    ("15MAR2025:14:33:50 LOGIN 177.45.10.2", "15MAR2025"),
    ("Acesso em 15.mar.2025 14:33 do IP 177.45.10.2", "15.mar.2025"),
])
def test_na_linha(tmp_path, linha, data):
    (tmp_path / "doc.txt").write_text(f"Registros do sistema\n{linha}\n", encoding="utf-8")
    datas = [d for d in dados_da_pasta(tmp_path) if d["campo"] == "data_evento"]
    assert [d["metadados"]["data"] for d in datas] == [data]


@pytest.mark.parametrize("linha", [
    "REF15MAR2025X 177.45.10.2",  # colada a letras: pedaço de um identificador
    "Protocolo 0315MAR20251 177.45.10.2",  # colada a algarismos
])
def test_armadilha_pedaco_de_identificador(tmp_path, linha):
    (tmp_path / "doc.txt").write_text(f"Registros do sistema\n{linha}\n", encoding="utf-8")
    assert not any(d["campo"] == "data_evento" for d in dados_da_pasta(tmp_path))


def test_a_convergencia_pelo_instante_do_datetime(tmp_path):
    def escrever(caso):
        (caso / "banco.txt").write_text("BANCO X - registros de acesso ao internet banking (horário de Brasília)\n"
                                        "15MAR2025:11:34:02 LOGIN IP 177.45.10.2\n", encoding="utf-8")

    caso, conclusoes = analise_com_provedor(tmp_path, escrever)
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert "12s" in ip["afirmacao"] and ip["validacao"]["veredicto_geral"] == "VERIFICADO"
    # armadilha: o outro dia na afirmação não pode ser verificado contra o "15MAR2025" escrito
    assert veredicto_com_a_afirmacao_trocada(caso, conclusoes, "convergencia_ip", "15MAR2025", "16MAR2025") != "VERIFICADO"
