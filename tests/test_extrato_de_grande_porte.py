"""O extrato impresso por um sistema de grande porte (sonda da 26ª sessão): a data do lançamento como "03SET" (dia e
sigla do mês colados, o ano no "Mês de referência: SET/2025"), o sentido abreviado junto do meio ("PIX REC PATRICIA
...", "PIX ENV JEFERSON ...") e o débito com o menos atrás ("1.450,00-"). Antes o lançamento ficava sem data e o crédito
sem sentido (só o débito tinha sinal), e não saía materialidade nem a cadeia do BO ao DICT e ao extrato."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.chaves.tempo_formas import dias_sem_ano
from tests.conftest import conclusoes_dos_textos, dados_da_pasta

_EXTRATO = """BANCO DO SUL S.A. - EXTRATO DE CONTA CORRENTE
Cliente: GUSTAVO HENRIQUE PRADO   Agência 0001   Conta 4455667-0
Mês de referência: SET/2025
DATA    HISTÓRICO                               VALOR
03SET   {credito} PATRICIA NUNES SALES            2.980,00
03SET   {debito} JEFERSON LIMA                   1.450,00-
03SET   {debito} RAQUEL DUTRA                    1.500,00-
"""
_BO = """BOLETIM DE OCORRÊNCIA Nº 7781/2025
Vítima: PATRÍCIA NUNES SALES
Histórico: A vítima relata que em 03/09/2025 transferiu via Pix R$ 2.980,00 para a chave aleatória 7f9c2d1e-4b3a-4c8d-9e0f-1a2b3c4d5e6f.
"""
_DICT = """DICT - Diretório de Identificadores de Contas Transacionais
Chave: 7f9c2d1e-4b3a-4c8d-9e0f-1a2b3c4d5e6f (EVP)
Nome: GUSTAVO HENRIQUE PRADO | CPF: 111.444.777-35 | ISPB: 18236120 | Agência: 0001 | Conta: 4455667-0 (CACC)
"""


def test_a_cadeia_do_relato_ao_extrato_de_grande_porte(tmp_path: Path) -> None:
    extrato = _EXTRATO.format(credito="PIX REC", debito="PIX ENV")
    conclusoes = conclusoes_dos_textos(tmp_path, {"bo.txt": _BO, "dict.txt": _DICT, "extrato.txt": extrato})
    tipos = {c["tipo"]: c for c in conclusoes}
    assert tipos["materialidade"]["grau_confianca"] == "forte"
    assert "extrato.txt, linha 5: 2.980,00 em 03SET" in tipos["materialidade"]["afirmacao"]
    assert "saem da conta" in tipos["vinculo_financeiro"]["afirmacao"]
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}


@pytest.mark.parametrize(("credito", "debito"), [
    ("PIX REC", "PIX ENV"), ("PIX RECEB", "PIX EMIT"), ("PIX CRED", "PIX DEB"), ("CRED PIX", "DEB PIX"),
    ("TED REC.", "TED DÉB."),
])
def test_o_sentido_abreviado_junto_do_meio(tmp_path: Path, credito: str, debito: str) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "extrato.txt").write_text(_EXTRATO.format(credito=credito, debito=debito).replace("-\n", "\n"), encoding="utf-8")
    valores = [d for d in dados_da_pasta(caso) if d["campo"] == "valor_transacao"]
    assert [d["metadados"].get("direcao") for d in valores] == ["credito", "debito", "debito"]


def test_a_abreviatura_sem_o_meio_nao_da_sentido(tmp_path: Path) -> None:
    """Armadilha: "PIX RECIFE SHOPPING" e "ENVELOPE" não são recebimento nem envio."""
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "extrato.txt").write_text(_EXTRATO.format(credito="PIX RECIFE SHOP", debito="ENVELOPE DEP").replace(
        "-\n", "\n"), encoding="utf-8")
    valores = [d for d in dados_da_pasta(caso) if d["campo"] == "valor_transacao"]
    assert [d["metadados"].get("direcao") for d in valores] == [None, None, None]


@pytest.mark.parametrize(("texto", "esperado"), [
    ("03SET   PIX", [(0, 5, 3, 9)]),
    ("31DEZ TARIFA", [(0, 5, 31, 12)]),
    ("15AUG  WIRE", [(0, 5, 15, 8)]),
    # armadilhas: a sigla em minúsculas, o mês por extenso, o ano colado, o dia de um algarismo, o número seguinte
    ("03set x", []), ("03SETEMBRO", []), ("03SET2025", []), ("3SET", []), ("ID 12MAR9", []),
])
def test_o_dia_e_a_sigla_do_mes_colados(texto: str, esperado: list) -> None:
    assert dias_sem_ano(texto) == esperado
