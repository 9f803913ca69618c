"""O comprovante de pagamento de boleto (o golpe do boleto falso), achado por uma sonda da 24ª sessão.

"Pagador: ANA ..." / "CPF: ***.274.519-**" / "Beneficiário: RS PINTO INTERMEDIACOES LTDA" / "CNPJ ..." e as parcelas
"Valor do documento", "(-) Desconto", "(+) Juros/Multa", "Valor pago". Antes: cada linha era um registro, o valor pago
não tinha data, direção nem contraparte, e o relato da vítima ("pagou um boleto falso de R$ 2.350,00") não tinha
materialidade. Juntando a página num comprovante só: o valor de face e as parcelas são dados com `operacao:
componente` (fora de toda conta de dinheiro: eram uma segunda materialidade do mesmo pagamento), a palavra "Juros" da
parcela não faz do pagamento um consumo, e a máscara do CPF da pagadora não vai para o beneficiário.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos, dados_da_pasta

_COMPROVANTE = """BCO BRADESCO S.A.
Comprovante de pagamento de boleto

Pagador: ANA BEATRIZ MOREIRA
CPF: ***.274.519-**
Agência: 2291  Conta: 778812-3

Beneficiário: RS PINTO INTERMEDIACOES LTDA
CNPJ: 40.432.544/0001-47
Linha digitável: 34191.79001 01043.510047 91020.150008 5 97450000235000
Data de vencimento: 20/07/2025
Data do pagamento: 14/07/2025 15:45:12
Valor do documento: R$ 2.350,00
(-) Desconto: R$ 0,00
(+) Juros/Multa: R$ 0,00
Valor pago: R$ 2.350,00
Autenticação mecânica: 8A3F21B977C04E1D9A6B5C3D2E1F0A9B
"""
_BO = """BOLETIM DE OCORRÊNCIA Nº 4512/2025
Vítima: ANA BEATRIZ MOREIRA, CPF 318.274.519-04.
Histórico: a vítima relata que, em 14/07/2025, pagou um boleto falso de R$ 2.350,00, recebido por e-mail, cujo
beneficiário era RS PINTO INTERMEDIACOES LTDA.
"""


def _valores(tmp_path: Path, texto: str) -> dict[str, dict]:
    (tmp_path / "comprovante.txt").write_text(texto, encoding="utf-8")
    return {d["linha_ou_celula"]: d["metadados"] for d in dados_da_pasta(tmp_path) if d["campo"] == "valor_transacao"}


def test_o_valor_pago_e_o_lancamento_e_as_parcelas_nao(tmp_path: Path) -> None:
    valores = _valores(tmp_path, _COMPROVANTE)
    pago = valores["linha 16"]
    assert (pago["direcao"], pago["data"], pago["hora"]) == ("debito", "14/07/2025", "15:45:12")
    assert pago["contraparte"] == "RS PINTO INTERMEDIACOES LTDA" and pago.get("operacao") != "consumo"
    assert "contraparte_cpf_mascarado" not in pago  # a máscara é da pagadora
    assert pago["contraparte_cpf"] == "40432544000147"
    assert {valores[linha].get("operacao") for linha in ("linha 13", "linha 14", "linha 15")} == {"componente"}


def test_uma_materialidade_do_pagamento(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"comprovante.txt": _COMPROVANTE, "bo.txt": _BO})
    (materialidade,) = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert "está debitada no extrato de quem pagou (comprovante.txt, linha 16: R$ 2.350,00" in materialidade["afirmacao"]
    assert materialidade["grau_confianca"] == "forte"
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_armadilha_o_unico_valor_do_comprovante_nao_e_parcela(tmp_path: Path) -> None:
    """Sem "Valor pago", o valor do documento é o único valor do comprovante: continua lançamento."""
    sem_pago = "\n".join(linha for linha in _COMPROVANTE.splitlines()
                         if not linha.startswith(("Valor pago", "(-)", "(+)")))
    valores = _valores(tmp_path, sem_pago)
    assert [m.get("operacao") for m in valores.values()] != ["componente"]
