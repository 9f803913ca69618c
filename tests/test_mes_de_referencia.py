"""O ano do dia sem ano dito pelo mês de referência ("Mês de referência: 03/2025"), achado por sonda: o extrator lia o
ano e citava "2025" na linha do mês, mas o validador lia "03/2025" como um número só e não achava "2025" lá: a
materialidade e a conta de passagem ficavam AMBIGUO.
"""

from __future__ import annotations

from pathlib import Path

from perito.chaves.valores import decompor
from tests.conftest import conclusoes_do_caso


def test_mes_e_ano_citaveis_cada_um() -> None:
    assert [v.normal for v in decompor("Mês de referência: 03/2025") if v.tipo == "digitos"] == ["03", "2025"]
    # a data inteira e o número de processo continuam como eram
    assert [(v.tipo, v.normal) for v in decompor("15/03/2025")] == [("data", "2025-03-15")]
    assert [(v.tipo, v.normal) for v in decompor("Processo 123/2025") if v.tipo == "digitos"] == [("digitos", "1232025")]


def test_materialidade_verificada(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "extrato.txt").write_text(
        "BANCO EXEMPLO S.A. - EXTRATO DE CONTA CORRENTE\n"
        "Titular: MARIA OLIVEIRA LIMA  CPF: 111.444.777-35  Agência: 0001  Conta: 12345-6\n"
        "Mês de referência: 03/2025\nData   Histórico                                   Valor\n"
        "15/03  PIX RECEBIDO JOSE PEREIRA SANTOS            2.500,00 C\n"
        "15/03  PIX ENVIADO CARLOS ALBERTO SOUZA            2.400,00 D\n", encoding="utf-8")
    (caso / "bo.txt").write_text(
        "BOLETIM DE OCORRÊNCIA Nº 1234/2025\nVítima: JOSE PEREIRA SANTOS, CPF 987.654.321-00\n"
        "Histórico: A vítima relata que no dia 15/03/2025 transferiu via Pix R$ 2.500,00 para a chave (11) "
        "91234-0000.\n", encoding="utf-8")
    [materialidade] = [c for c in conclusoes_do_caso(caso) if c["tipo"] == "materialidade"]
    assert any(r["linha_ou_celula"] == "linha 3" and r["dado_citado"] == "2025" for r in materialidade["referencias"])
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"
