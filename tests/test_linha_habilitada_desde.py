"""A carta da operadora em prosa (sonda da 23ª sessão): "a linha (11) 98765-4321 encontra-se habilitada, na modalidade
pré-paga, em nome de RAFAEL ..., CPF ..., desde 02/11/2024". A data vinha sem papel (entre o CPF e ela, só "desde"),
logo a identificação do titular não dizia a vigência do cadastro nem a conferia com os fatos, como faz com a coluna de
ativação de uma planilha."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_dos_textos


def _papeis(texto: str) -> list[str | None]:
    return [a.metadados.get("papel") for a in reconhecer(texto) if a.campo == "data_evento"]


@pytest.mark.parametrize("texto, papeis", [
    ("informamos que a linha (11) 98765-4321 encontra-se habilitada, na modalidade pré-paga, em nome de RAFAEL SOUZA "
     "PINTO, CPF 083.271.946-50, desde 02/11/2024, com endereço na Rua X", ["ativacao_linha"]),
    ("a linha (11) 97777-1234 está habilitada em nome de LUCIANA FERREIRA DIAS, CPF 412.305.611-00, a partir de "
     "30/06/2025, tendo sido cancelada em 20/07/2025", ["ativacao_linha", "cancelamento_linha"]),
    ("a TIM S.A. informa que a linha (21) 98877-6655 encontra-se ativa na modalidade pré-paga desde 20/02/2025, "
     "cadastrada em nome de RAFAEL AUGUSTO MENDES", ["ativacao_linha"]),
    # as armadilhas: a conta (não a linha) ativa desde; o "desde" de outra oração
    ("a conta 12345-6 está ativa desde 02/03/2024", [None]),
    ("A linha foi habilitada pela loja. Desde 02/11/2024 o cliente não paga", [None]),
])
def test_papel_da_data(texto: str, papeis: list) -> None:
    assert _papeis(texto) == papeis


def test_a_identificacao_confere_a_vigencia(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {
        "bo.txt": "BOLETIM DE OCORRÊNCIA Nº 1313/2025\nVítima: ANA BEATRIZ MOREIRA. Em 14/07/2025 recebeu pelo "
                  "WhatsApp, do número (11) 98765-4321, fotos de um celular anunciado.\n",
        "vivo.txt": "TELEFÔNICA BRASIL S.A. - VIVO\nEm resposta ao Ofício nº 118/2025, informamos que a linha (11) "
                    "98765-4321 encontra-se habilitada em nome de RAFAEL SOUZA PINTO, CPF 083.271.946-50, desde "
                    "15/07/2025.\n",
    })
    [titular] = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    # habilitada um dia depois dos fatos: o titular de hoje não era o de então
    assert titular["grau_confianca"] == "fraco" and "começa em 15/07/2025, depois dos fatos" in titular["afirmacao"]
