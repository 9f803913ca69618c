"""O extrato de uma conta internacional exportado em inglês (sonda da 23ª sessão): "Pix received from ANA ...", "Pix
sent to LUCIANA ...", valores "2,350.00" e datas mês/dia. A contraparte não era lida: a materialidade ficava moderada
("o registro bancário não nomeia a vítima"). A preposição diz o lado."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_do_caso


def _nomes(texto: str) -> list[tuple[str, str]]:
    return [(a.dado, a.metadados["papel"]) for a in reconhecer(texto) if a.campo == "nome_titular"]


@pytest.mark.parametrize("texto, nomes", [
    ("Pix received from ANA BEATRIZ MOREIRA", [("ANA BEATRIZ MOREIRA", "remetente")]),
    ("Pix sent to LUCIANA FERREIRA DIAS", [("LUCIANA FERREIRA DIAS", "destinatario")]),
    ("Transfer from Ana Beatriz Moreira", [("Ana Beatriz Moreira", "remetente")]),
    ("Wire transfer to LUCIANA FERREIRA DIAS", [("LUCIANA FERREIRA DIAS", "destinatario")]),
    # as armadilhas: o cabeçalho em inglês e a frase sem meio de pagamento
    ("Subscriber Information: Transfer to Account Holder Name", []),
    ("Welcome to Pix to Go", []),
    ("Message sent to LUCIANA FERREIRA DIAS", []),
])
def test_a_preposicao_diz_o_lado(texto: str, nomes: list) -> None:
    assert _nomes(texto) == nomes


def test_a_materialidade_nomeia_a_vitima(tmp_path: Path) -> None:
    pasta = tmp_path / "caso"
    pasta.mkdir()
    (pasta / "bo.txt").write_text("BOLETIM DE OCORRÊNCIA Nº 5120/2025\nVítima: ANA BEATRIZ MOREIRA.\nEm 14/07/2025 a "
                                  "vítima transferiu R$ 2.350,00 via Pix para JULIANA COSTA RAMOS.\n", encoding="utf-8")
    (pasta / "statement.csv").write_text(
        "Date,Description,Amount (BRL),Balance (BRL)\n07/13/2025,Pix received from JOAO PEDRO ALVES,60.00,135.30\n"
        '07/14/2025,Pix received from ANA BEATRIZ MOREIRA,"2,350.00","2,485.30"\n'
        '07/14/2025,Pix sent to LUCIANA FERREIRA DIAS,"-2,300.00",185.30\n', encoding="utf-8")
    [materialidade] = [c for c in conclusoes_do_caso(pasta) if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "forte" and "contraparte ANA BEATRIZ MOREIRA" in materialidade["afirmacao"]
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"
