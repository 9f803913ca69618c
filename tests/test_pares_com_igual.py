"""Linhas de pares CHAVE=valor: o cadastro com barras de uma operadora, o logfmt de um sistema.

"TITULAR=DIEGO FERREIRA BRAGA|CPF=11760865028|LINHA=31984441200|ATIVACAO=2024-08-01": sem ler o igual como rótulo,
o nome e o CPF da linha ficavam sem dado, e o titular da linha não se identificava.
"""

from __future__ import annotations

import pytest

from tests.conftest import conclusoes_dos_textos, dados_da_pasta

_CADASTRO = "TITULAR=DIEGO FERREIRA BRAGA|CPF=11760865028|LINHA=31984441200|ATIVACAO=2024-08-01"
_BILHETES = ("DT_INI|HR_INI|NUM_A|NUM_B|DUR_SEG|IMEI_A\n"
             "20250602|150102|31984441200|31999990000|45|354678102938474\n")


def _dados(pasta, texto: str) -> list[dict]:
    (pasta / "operadora.txt").write_text(f"OPERADORA VELOZ - resposta ao ofício\n{texto}\n", encoding="utf-8")
    return [d for d in dados_da_pasta(pasta) if d["linha_ou_celula"] == "linha 2"]


@pytest.mark.parametrize("linha", [
    _CADASTRO,
    "TITULAR=DIEGO FERREIRA BRAGA CPF=11760865028 LINHA=31984441200",
    'titular="DIEGO FERREIRA BRAGA" cpf="11760865028" linha="31984441200"',
    "TITULAR=DIEGO FERREIRA BRAGA; CPF=11760865028; LINHA=31984441200",
])
def test_cada_par_e_um_campo_rotulado(tmp_path, linha):
    dados = {d["campo"]: d for d in _dados(tmp_path, linha)}
    assert dados["nome_titular"]["dado"] == "DIEGO FERREIRA BRAGA"
    assert dados["cpf"]["dado"] == "11760865028"
    assert dados["telefone"]["metadados"]["e164"] == "+5531984441200"


@pytest.mark.parametrize("linha", [
    "Observação: a senha=123 foi trocada pelo cliente em 02/06/2025",  # prosa com um igual no meio
    "Acesso a https://exemplo.com/?cpf=11760865028&linha=31984441200",  # a URL
    "CPF=11760865028",  # um par só não faz registro
])
def test_armadilha_linha_que_nao_e_de_pares(tmp_path, linha):
    assert not any(d["campo"] == "cpf" and d["metadados"].get("papel") for d in _dados(tmp_path, linha))
    assert not any(d["campo"] == "nome_titular" for d in _dados(tmp_path, linha))


def test_o_titular_da_linha_pelo_cadastro_com_barras(tmp_path):
    conclusoes = conclusoes_dos_textos(tmp_path, {
        "op_cdr.txt": f"{_CADASTRO}\n{_BILHETES}",
        "provedor.txt": "VIAJA FÁCIL TECNOLOGIA - registros de acesso à aplicação\n"
                        "Usuário cadastrado com o telefone (31) 98444-1200\n",
    })
    [titular] = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert "DIEGO FERREIRA BRAGA" in titular["afirmacao"] and "+5531984441200" in titular["afirmacao"]
    citados = " ".join(r["dado_citado"] for r in titular["referencias"] if r["arquivo"] == "op_cdr.txt")
    assert "DIEGO FERREIRA BRAGA" in citados and "11760865028" in citados
    assert titular["validacao"]["veredicto_geral"] == "VERIFICADO"
