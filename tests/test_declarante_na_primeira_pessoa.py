"""O termo de declarações na primeira pessoa (sonda da 23ª sessão): "Eu, ANA BEATRIZ MOREIRA, brasileira, ..., CPF ...,
declaro que no dia 14/07/2025 ... transferi R$ 2.350,00 via Pix para JULIANA ...". Sem "Vítima:" rotulado, o relato não
tinha vítima, e a materialidade ficava moderada. Quem declara na primeira pessoa é a vítima quando o termo não qualifica
um investigado (o interrogatório também se escreve na primeira pessoa)."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_dos_textos

_EXTRATO = ("BANCO SANTANDER (BRASIL) S.A. - Extrato de conta corrente\nTitular: JULIANA COSTA RAMOS\n\n"
            "Data        Histórico                                        Valor\n"
            "14/07/2025  PIX RECEBIDO ANA BEATRIZ MOREIRA                  2.350,00\n")
_DECLARACAO = ("Eu, ANA BEATRIZ MOREIRA, brasileira, portadora do CPF 526.018.159-06, declaro que no dia 14/07/2025, "
               "por volta das 15h20, transferi R$ 2.350,00 via Pix para JULIANA COSTA RAMOS.\n")


@pytest.mark.parametrize("texto, nomes", [
    ("Eu, ANA BEATRIZ MOREIRA, brasileira, solteira, declaro", ["ANA BEATRIZ MOREIRA"]),
    ("Compareceu nesta data. EU, Sr. CARLOS EDUARDO NUNES, qualificado acima, declaro", ["CARLOS EDUARDO NUNES"]),
    ("Quando eu, ANA BEATRIZ, cheguei ao local", []),  # "eu" no meio da frase, sem a qualificação depois
])
def test_quem_declara(texto: str, nomes: list) -> None:
    assert [a.dado for a in reconhecer(texto) if a.metadados.get("papel") == "declarante"] == nomes


def test_a_declarante_e_a_vitima(tmp_path: Path) -> None:
    termo = "TERMO DE DECLARAÇÕES\nAos quinze dias do mês de julho de 2025, compareceu nesta Delegacia.\n" + _DECLARACAO
    [materialidade] = [c for c in conclusoes_dos_textos(tmp_path, {"termo.txt": termo, "extrato.txt": _EXTRATO})
                       if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "forte" and "vítima ANA BEATRIZ MOREIRA" in materialidade["afirmacao"]
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_armadilha_no_interrogatorio_quem_declara_nao_e_vitima(tmp_path: Path) -> None:
    termo = ("TERMO DE INTERROGATÓRIO\nInterrogado: ANA BEATRIZ MOREIRA\n" + _DECLARACAO)
    conclusoes = conclusoes_dos_textos(tmp_path, {"termo.txt": termo, "extrato.txt": _EXTRATO})
    assert all("vítima ANA BEATRIZ MOREIRA" not in c["afirmacao"] for c in conclusoes)
