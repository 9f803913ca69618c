"""A hora antes da data na prosa ("às 14:20:05 de 18/09/2025", "às 14h20 do dia 18/09/2025"), achada por sonda: com
outra data antes na mesma linha ("desde 02/11/2024 e que a conexão ... às 14:20:05 de 18/09/2025"), o IP ia com
02/11/2024 14:20:05. E a declaração "All dates are UTC." (resposta do Telegram) não era declaração de fuso.
"""

from __future__ import annotations

from perito.chaves.valores import decompor
from perito.extratores.contexto import fuso_declarado_na_linha
from perito.extratores.reconhecedores import reconhecer


def _datas(texto: str) -> list[tuple[str, str | None, str | None]]:
    return [(a.dado, a.metadados.get("data"), a.metadados.get("hora")) for a in reconhecer(texto) if a.campo == "data_evento"]


def test_hora_antes_da_data_com_outra_data_na_linha() -> None:
    linha = "desde 02/11/2024 e que a conexão de IP 177.53.140.22, porta 40211, às 14:20:05 de 18/09/2025, partiu"
    assert _datas(linha) == [("02/11/2024", "02/11/2024", None), ("14:20:05 de 18/09/2025", "18/09/2025", "14:20:05")]
    assert _datas("às 14h20 do dia 18/09/2025") == [("14h20 do dia 18/09/2025", "18/09/2025", "14h20")]
    # a data antes da hora continua como era; "14 de agosto" não é hora
    assert _datas("em 02/08/2025 às 13:10") == [("02/08/2025 às 13:10", "02/08/2025", "13:10")]


def test_validador_le_a_hora_antes_da_data() -> None:
    from perito.validador.instantes import momentos

    [momento] = momentos(decompor("às 14:20:05 de 18/09/2025 UTC"))
    assert momento.instante is not None and momento.instante.isoformat() == "2025-09-18T14:20:05+00:00"


def test_todas_as_datas_em_utc() -> None:
    assert fuso_declarado_na_linha("All dates are UTC.") == "UTC"
    assert fuso_declarado_na_linha("Todas as datas estão em UTC") == "UTC"


def test_fuso_entre_a_hora_e_a_data() -> None:
    """Achado por sonda: em "14:33:50 UTC-03:00 de 15.03.2025" o "03:00" do deslocamento era a hora (11 h de erro,
    sem alerta, no extrator e no validador); agora a hora é 14:33:50 e o fuso, o escrito entre ela e a data."""
    from perito.validador.instantes import momentos

    [achado] = [a for a in reconhecer("Horário: 14:33:50 UTC-03:00 de 15.03.2025 IP 177.45.10.2")
                if a.campo == "data_evento"]
    assert (achado.dado, achado.fuso, achado.metadados["hora"]) == ("14:33:50 UTC-03:00 de 15.03.2025", "UTC-03:00",
                                                                     "14:33:50")
    assert achado.metadados["instante_utc"].startswith("2025-03-15T17:33:50")
    [momento] = momentos(decompor("14:33:50 (GMT-3) do dia 15/03/2025"))
    assert momento.instante is not None and momento.instante.isoformat() == "2025-03-15T17:33:50+00:00"


def test_deslocamento_antes_de_uma_data_nao_e_hora() -> None:
    # a armadilha: sem hora escrita, o deslocamento não vira a hora da data
    assert _datas("fuso UTC-03:00 de 15/03/2025") == [("15/03/2025", "15/03/2025", None)]
    assert _datas("offset -03:00 em 15/03/2025") == [("15/03/2025", "15/03/2025", None)]
