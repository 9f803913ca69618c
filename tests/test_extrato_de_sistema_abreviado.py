"""Formas curtas de extrato (sonda da 25ª sessão): a data com pontos e o ano de dois dígitos (`14.07.25  15h21`), o
mais solto antes do valor (`+ R$ 2.350,00   Pix de ANA ...`) e o associado de uma cooperativa de crédito
(`Associado: RAFAEL ...`). Antes: sem data nenhuma (nenhuma materialidade), o crédito sem lado (a materialidade e a
conta de passagem sumiam) e a conta "de titular não declarado"."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.chaves import tempo
from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_dos_textos

_BO = ("BOLETIM DE OCORRÊNCIA Nº 991/2025\nVítima: ANA BEATRIZ MOREIRA, CPF 318.274.519-04.\nHistórico: em 14/07/2025, "
       "por volta das 15h20, a vítima transferiu R$ 2.350,00 via Pix para RAFAEL SOUZA PINTO.\n")


@pytest.mark.parametrize(("texto", "data"), [
    ("14.07.25  15h21  2.350,00", "2025-07-14"), ("31.12.24 15:00", "2024-12-31"),
    # armadilhas: o pedaço de um IP, de uma versão, um valor; e a forma sem hora depois (a versão do aplicativo na
    # coluna ao lado: "20.10.59" também seria um dia válido)
    ("IP 189.10.12.25", None), ("versao 10.12.25.4", None), ("Saldo 14.07", None), ("1.234.567,89", None),
    ("Versão do app: 20.10.59", None), ("Xiaomi Redmi Note 11;354671120399019;20.12.67;BR", None),
])
def test_data_com_pontos_e_ano_curto(texto: str, data: str | None) -> None:
    datas = [a.metadados["data"] for a in reconhecer(texto) if a.campo == "data_evento"]
    assert [tempo.data(d).isoformat() for d in datas] == ([data] if data else [])


@pytest.mark.parametrize(("extrato", "trecho"), [
    ("BANCO SOL S.A. - EXTRATO\nTitular: RAFAEL SOUZA PINTO   CPF 083.016.613-05   Ag 0001 Cc 4471239-8\n"
     "Data      Hora   Valor        D/C  Histórico\n"
     "14.07.25  15h21  2.350,00     C    PIX RECEBIDO ANA BEATRIZ MOREIRA\n"
     "14.07.25  15h38  2.300,00     D    PIX ENVIADO LUCIANA FERREIRA DIAS\n", "2.350,00 em 14.07.25 15h21"),
    ("BANCO ATLÂNTICO S.A.\nCliente: RAFAEL SOUZA PINTO - CPF 083.016.613-05 - Agência 0001 - Conta 4471239-8\n"
     "Lançamentos (horário de Brasília)\n"
     "14/07/2025 15:21   + R$ 2.350,00   Pix de ANA BEATRIZ MOREIRA (CPF ***.274.519-**)\n"
     "14/07/2025 15:38   - R$ 2.300,00   Pix para LUCIANA FERREIRA DIAS (CPF ***.982.247-**)\n", "R$ 2.350,00 em"),
    ("COOPERATIVA DE CRÉDITO VALE S.A.\nExtrato de conta corrente\nAssociado: RAFAEL SOUZA PINTO\n"
     "CPF: 083.016.613-05   Conta: 4471239-8   Cooperativa: 3021\n"
     "DATA        DOCUMENTO   HISTÓRICO                                      VALOR\n"
     "14/07/2025  E341202507  CRÉDITO PIX                                 2.350,00 C\n"
     "                        ANA BEATRIZ MOREIRA\n"
     "14/07/2025  E341202508  DÉBITO PIX                                  2.300,00 D\n"
     "                        LUCIANA FERREIRA DIAS\n", "2.350,00 em 14/07/2025"),
])
def test_materialidade_e_conta_de_passagem(tmp_path: Path, extrato: str, trecho: str) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"extrato.txt": extrato, "bo.txt": _BO})
    (materialidade,) = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert trecho in materialidade["afirmacao"] and materialidade["grau_confianca"] == "forte"
    (laranja,) = [c for c in conclusoes if c["tipo"] == "identificacao_laranja"]
    assert laranja["afirmacao"].startswith("A conta de RAFAEL SOUZA PINTO")
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}


@pytest.mark.parametrize(("linha", "direcao"), [
    ("14/07/2025 15:21   + R$ 2.350,00   Pix de ANA BEATRIZ MOREIRA", "credito"),
    ("14/07/2025 15:21   +2.350,00   TRANSFERENCIA", "credito"),
    # armadilha: a parcela "(+) Juros" do boleto não é crédito
    ("(+) Juros/Multa: R$ 10,00", None),
])
def test_o_mais_antes_do_valor(tmp_path: Path, linha: str, direcao: str | None) -> None:
    from tests.conftest import dados_da_pasta

    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "extrato.txt").write_text(f"Lançamentos\n{linha}\n", encoding="utf-8")
    (valor,) = [d for d in dados_da_pasta(caso) if d["campo"] == "valor_transacao"]
    assert valor["metadados"].get("direcao") == direcao


def test_associado_so_com_os_dois_pontos() -> None:
    nomes = [(a.dado, a.metadados["papel"]) for a in reconhecer("Associado: RAFAEL SOUZA PINTO") if a.campo == "nome_titular"]
    assert nomes == [("RAFAEL SOUZA PINTO", "cliente")]
    # armadilha: "associado a" numa frase
    assert not [a for a in reconhecer("o IP associado a RAFAEL SOUZA PINTO") if a.metadados.get("papel") == "cliente"]
