"""O extrato de conta digital em CSV com o meio numa coluna e o histórico noutra (sonda da 24ª sessão, como o PicPay
exporta): `Data;Hora;Tipo;Descrição;Entrada;Saída;Saldo` / `14/07/2025;15:21:07;Pix;Recebido de ANA ...;2.350,00;;...`,
e o título `Extrato PicPay - RAFAEL SOUZA PINTO - CPF ***.271.946-**`. Antes: o nome depois de "Recebido de" não era
a contraparte (sem "Pix" na mesma célula), a materialidade caía para moderado, e a conta era de "titular não
declarado" (o título com o nome da instituição no lugar de "de conta")."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_dos_textos

_EXTRATO = """Extrato PicPay - RAFAEL SOUZA PINTO - CPF ***.271.946-**
Data;Hora;Tipo;Descrição;Entrada;Saída;Saldo
14/07/2025;15:21:07;Pix;Recebido de ANA BEATRIZ MOREIRA;2.350,00;;2.410,55
14/07/2025;15:38:40;Pix;Enviado para LUCIANA FERREIRA DIAS;;2.300,00;110,55
15/07/2025;09:00:00;Pagamento;Recarga de celular;;20,00;90,55
"""
_BO = ("BOLETIM DE OCORRÊNCIA Nº 4512/2025\nVítima: ANA BEATRIZ MOREIRA, CPF 318.274.519-04.\nHistórico: em 14/07/2025 "
       "a vítima transferiu R$ 2.350,00 via Pix para RAFAEL SOUZA PINTO.\n")


def _nomes(texto: str) -> list[tuple[str, str]]:
    return [(a.dado, a.metadados["papel"]) for a in reconhecer(texto) if a.campo == "nome_titular"]


@pytest.mark.parametrize(("linha", "nomes"), [
    ("14/07/2025;15:21:07;Pix;Recebido de ANA BEATRIZ MOREIRA;2.350,00", [("ANA BEATRIZ MOREIRA", "remetente")]),
    ("14/07/2025  Pix   Enviado para LUCIANA FERREIRA DIAS   2.300,00", [("LUCIANA FERREIRA DIAS", "destinatario")]),
    ("Extrato PicPay - RAFAEL SOUZA PINTO - CPF ***.271.946-**", [("RAFAEL SOUZA PINTO", "titular")]),
    # armadilhas: no meio de uma frase de relato, "recebido de" não faz papel de contraparte de lançamento
    ("Histórico: o valor recebido de ANA BEATRIZ MOREIRA foi devolvido", []),
    ("A vítima informou que foi enviado para JOSE CARLOS LIMA o valor", []),
])
def test_o_sentido_e_a_preposicao_no_comeco_da_celula(linha: str, nomes: list[tuple[str, str]]) -> None:
    assert _nomes(linha) == nomes


def test_materialidade_e_titular(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"extrato_picpay.csv": _EXTRATO, "bo.txt": _BO})
    (materialidade,) = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "forte" and "contraparte ANA BEATRIZ MOREIRA" in materialidade["afirmacao"]
    (laranja,) = [c for c in conclusoes if c["tipo"] == "identificacao_laranja"]
    assert laranja["afirmacao"].startswith("A conta de RAFAEL SOUZA PINTO (extrato_picpay.csv)")
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}
