"""A situação da chave escrita no particípio, na linha do DICT (vigésima primeira sessão, caso c24).

"Chave: +5511987654321 | ... | Titular: PAULO ... | Cadastro da chave: 02/01/2024 10:00:00 | Situação: EXCLUÍDA em
05/07/2025 18:22:10": a data depois de "EXCLUÍDA em" não tinha papel, e a identificação dizia que o cadastro de PAULO
"vale desde 02/01/2024, o que inclui os fatos" (14/07/2025), quando a chave já era de RAFAEL (resposta errada). Agora
"excluída", "cancelada", "desativada", "encerrada", "removida" em/desde/a partir de uma data são o fim do cadastro.
Armadilha: a data do cadastro da chave continua o começo.
"""

from __future__ import annotations

from pathlib import Path

from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_dos_textos

BO = ("BOLETIM DE OCORRÊNCIA 9912/2025 - 1º DP\nVítima: ANA BEATRIZ MOREIRA, CPF 526.018.159-06.\n"
      "No dia 14/07/2025, por volta das 15h20, a vítima transferiu R$ 2.350,00 via Pix para a chave (11) 98765-4321.\n")
DICT = ("BANCO CENTRAL DO BRASIL - DICT\nConsulta de chaves Pix - Ofício 3321/2025\n\n"
        "Chave: +5511987654321 | Tipo: celular | Titular: PAULO HENRIQUE ALVES | CPF: 628.194.821-12 | Participante: "
        "00360305 | Agência: 4410 | Conta: 00012345-6 | Cadastro da chave: 02/01/2024 10:00:00 | Situação: EXCLUÍDA em "
        "05/07/2025 18:22:10\n"
        "Chave: +5511987654321 | Tipo: celular | Titular: RAFAEL SOUZA PINTO | CPF: 083.016.613-05 | Participante: "
        "13140088 | Agência: 0001 | Conta: 4471239-8 | Cadastro da chave: 06/07/2025 09:14:02 | Situação: ATIVA\n")


def _papeis(texto: str) -> list[str | None]:
    return [a.metadados.get("papel") for a in reconhecer(texto) if a.campo == "data_evento"]


def test_participio_da_situacao_e_o_fim_do_cadastro() -> None:
    assert _papeis("Cadastro da chave: 02/01/2024 | Situação: EXCLUÍDA em 05/07/2025") == [
        "criacao_chave", "cancelamento_linha"]
    assert _papeis("Status: cancelada desde 05/07/2025") == ["cancelamento_linha"]
    assert _papeis("Pix recebido em 05/07/2025") == [None]


def test_cadastro_excluido_antes_dos_fatos_nao_vale(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"bo.txt": BO, "dict.txt": DICT})
    por_nome = {c["afirmacao"].split(" em nome de ")[1].split(",")[0]: c for c in conclusoes
                if c["tipo"] == "identificacao_titular" and " em nome de " in c["afirmacao"]}
    assert por_nome["PAULO HENRIQUE ALVES"]["grau_confianca"] == "fraco"
    assert "o cadastro termina em 05/07/2025 18:22:10, antes dos fatos" in por_nome["PAULO HENRIQUE ALVES"]["afirmacao"]
    assert "o cadastro vale desde 06/07/2025 09:14:02" in por_nome["RAFAEL SOUZA PINTO"]["afirmacao"]
