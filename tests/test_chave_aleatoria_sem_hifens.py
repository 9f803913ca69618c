"""A chave aleatória escrita sem os hífens (sonda da 24ª sessão): o DICT que imprime "Chave:
3F2B8C1E7D4A4E9B9C215A6B7C8D9E0F" e o boletim com "3f2b8c1e-7d4a-4e9b-9c21-5a6b7c8d9e0f". A chave do DICT não era
lida (nem chave, nem nada), e o titular da chave que a vítima pagou não era identificado. Agora a forma sem hífens do
UUID aleatório (versão 4, variante 8/9/a/b), onde o rótulo ou a coluna dizem que é chave, é a mesma chave; o
validador a compara na linha citada."""

from __future__ import annotations

from pathlib import Path

from perito.chaves import evp
from perito.extratores.chaves_pix import tipo_de_chave
from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_dos_textos

_COMPACTA = "3F2B8C1E7D4A4E9B9C215A6B7C8D9E0F"
_BO = ("BOLETIM DE OCORRÊNCIA Nº 4512/2025\nVítima: ANA BEATRIZ MOREIRA, CPF 318.274.519-04.\nHistórico: em 14/07/2025 "
       "a vítima transferiu R$ 2.350,00 via Pix para a chave aleatória 3f2b8c1e-7d4a-4e9b-9c21-5a6b7c8d9e0f.\n")
_DICT = f"""BANCO CENTRAL DO BRASIL - DICT - Consulta de vínculos
Chave: {_COMPACTA}
Tipo: EVP
Titular: RAFAEL SOUZA PINTO
CPF: 083.271.946-31
Participante: 00416968 - BANCO INTER S.A.
Agência: 0001
Conta: 7712345-0
"""


def test_a_forma_sem_hifens() -> None:
    assert tipo_de_chave(_COMPACTA) == "aleatoria"
    assert evp.normalizar(_COMPACTA) == "3f2b8c1e-7d4a-4e9b-9c21-5a6b7c8d9e0f"
    assert not evp.corrigida(_COMPACTA)  # não é troca de OCR


def test_armadilhas_32_hexadecimais_que_nao_sao_chave() -> None:
    assert evp.normalizar("8A3F21B977C0AE1D9A6B5C3D2E1F0A9B") is None  # sem a versão 4 do UUID aleatório
    # solta, sem rótulo de chave (uma autenticação, um hash): não é dado de chave nenhuma
    assert not [a for a in reconhecer(f"Autenticação mecânica: {_COMPACTA}") if a.campo == "chave_pix"]


def test_o_titular_da_chave_pelo_dict(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"bo.txt": _BO, "dict.txt": _DICT})
    (titular,) = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert titular["afirmacao"].startswith("A chave Pix 3f2b8c1e-7d4a-4e9b-9c21-5a6b7c8d9e0f está cadastrada em nome "
                                           "de RAFAEL SOUZA PINTO")
    assert titular["validacao"]["veredicto_geral"] == "VERIFICADO"
