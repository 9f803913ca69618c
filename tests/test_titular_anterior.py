"""O histórico de titularidade de uma linha (sonda da 26ª sessão): "Titular anterior: RAFAEL ..." e "Titular atual:
JOSE ...". Antes nenhum dos dois nomes era lido; lido o anterior como qualquer nome do registro, a conclusão dizia "O
número ... está cadastrado em nome de RAFAEL SOUZA PINTO", o titular de antes, como se fosse o de hoje. Agora o titular
anterior tem o seu papel e não é dado como titular; o período dele e a época dos fatos ficam para o investigador ler
(limite no README)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import conclusoes_dos_textos, dados_da_pasta

_OPERADORA = """VIVO - Resposta
Linha: (11) 98765-4321
Titular anterior: RAFAEL SOUZA PINTO
CPF: 390.533.447-05
Período: 10/01/2024 a 20/08/2025

Titular atual: JOSE CARLOS PEREIRA
CPF: 083.016.613-05
Ativação: 01/09/2025
"""
_BO = ("BOLETIM DE OCORRÊNCIA Nº 5120/2025\nVítima: ANA BEATRIZ MOREIRA\nHistórico: em 14/07/2025 recebeu mensagens do "
       "número (11) 98765-4321 cobrando uma dívida falsa.\n")


def test_o_titular_anterior_nao_e_dado_como_titular(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"operadora.txt": _OPERADORA, "bo.txt": _BO})
    assert not any("em nome de RAFAEL" in c["afirmacao"] for c in conclusoes)
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}


@pytest.mark.parametrize(("linha", "papel"), [
    ("Titular anterior: RAFAEL SOUZA PINTO", "titular_anterior"),
    ("Ex-titular: RAFAEL SOUZA PINTO", "titular_anterior"),
    ("Assinante anterior: RAFAEL SOUZA PINTO", "titular_anterior"),
    ("Titular atual: RAFAEL SOUZA PINTO", "titular"),
    # armadilha: o titular sem qualificador continua titular
    ("Titular: RAFAEL SOUZA PINTO", "titular"),
])
def test_o_papel_de_quem_foi_titular(tmp_path: Path, linha: str, papel: str) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "ficha.txt").write_text("VIVO - Resposta\nLinha: (11) 98765-4321\n" + linha + "\n", encoding="utf-8")
    (nome,) = [d for d in dados_da_pasta(caso) if d["campo"] == "nome_titular"]
    assert nome["metadados"]["papel"] == papel
