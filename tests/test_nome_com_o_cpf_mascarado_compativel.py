"""O nome com o CPF inteiro numa família (DICT) e, noutra, com o CPF mascarado do extrato cujos dígitos visíveis são
os dele (sonda da 26ª sessão: "LUCAS GABRIEL MENDES ***.982.247-**" no relatório da instituição de pagamento e
"Titular: LUCAS GABRIEL MENDES / CPF: 529.982.247-25" no DICT). Antes a convergência de nome saía moderada ("sem o
mesmo CPF nos dois lados: um homônimo não está descartado"), embora a materialidade já aceitasse os dígitos visíveis
para dizer que o pagador é a vítima."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import conclusoes_dos_textos

_DICT = """Resposta DICT - Chave: vendas.autoprime@outlook.com
Tipo de chave: EMAIL
Titular: LUCAS GABRIEL MENDES
CPF: 529.982.247-25
Instituição: NOVAPAY IP S.A.   Agência: 0001   Conta: 7788990-1
"""
_EXTRATO = """NOVAPAY IP S.A. - Extrato da conta 7788990-1
Data        Hora      Lançamento                                   Valor
21/08/2025  14:06:02  PIX RECEBIDO HELENA PRADO CASTRO               7.250,00
21/08/2025  14:19:40  PIX ENVIADO LUCAS GABRIEL MENDES {mascara}   -3.000,00
"""


def _convergencia(tmp_path: Path, mascara: str) -> list[dict]:
    conclusoes = conclusoes_dos_textos(tmp_path, {"dict.txt": _DICT, "extrato.txt": _EXTRATO.format(mascara=mascara)})
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} <= {"VERIFICADO"}
    return [c for c in conclusoes if c["tipo"] == "convergencia_nome" and "LUCAS GABRIEL MENDES" in c["afirmacao"]]


def test_a_mascara_compativel_com_o_cpf_e_forte(tmp_path: Path) -> None:
    (conclusao,) = _convergencia(tmp_path, "***.982.247-**")
    assert conclusao["grau_confianca"] == "forte"
    assert "os dígitos visíveis do CPF mascarado ***.982.247-**" in conclusao["afirmacao"]
    assert "529.982.247-25" in {r["dado_citado"] for r in conclusao["referencias"]}


@pytest.mark.parametrize(("mascara", "esperado"), [
    # armadilha: os dígitos visíveis de outro CPF são outra pessoa (homônimo): nenhuma convergência dos dois
    ("***.111.222-**", []),
    # armadilha: a máscara sem dígito visível não diz quem é: continua moderado
    ("***.***.***-**", ["moderado"]),
])
def test_a_mascara_que_nao_confirma(tmp_path: Path, mascara: str, esperado: list[str]) -> None:
    assert [c["grau_confianca"] for c in _convergencia(tmp_path, mascara)] == esperado
