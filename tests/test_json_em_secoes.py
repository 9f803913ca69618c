"""A resposta estruturada dividida em seções: a chave Pix numa, o titular e a conta noutra.

A API do cadastro Pix responde `{"consulta": {"chave": ...}, "vinculo": {"titular": {...}, "conta": {...}}}`: sem a
sigla DICT, sem tabela, e a chave longe de quem a tem. Um objeto só de objetos é uma coisa descrita em partes (um
registro); com uma lista, as partes são seções, e a resposta curta ainda diz a família pelo conjunto delas.
"""

from __future__ import annotations

import json

from perito.extratores import familias
from perito.leitura.texto import ler_texto
from tests.conftest import conclusoes_dos_textos

_CONSULTA = {"chave": "+5521998765432", "tipoChave": "PHONE", "dataConsulta": "2025-04-20T10:00:00-03:00"}
_VINCULO = {
    "titular": {"nome": "RAFAELA SOUZA LIMA", "cpfCnpj": "15736819384", "tipoPessoa": "NATURAL_PERSON"},
    "conta": {"ispb": "18236120", "agencia": "0001", "numero": "77889901", "tipoConta": "CACC"},
}
#: o cadastro da linha na operadora, com o mesmo CPF: o titular da chave e o da linha são a mesma pessoa
_OPERADORA = ("OPERADORA VELOZ S/A - DADOS CADASTRAIS DAS LINHAS\n"
              "Linha: (21) 99876-5432  Assinante: RAFAELA SOUZA LIMA  CPF: 157.368.193-84\n")


def _documento(tmp_path, conteudo: dict):
    caminho = tmp_path / "consulta.json"
    caminho.write_text(json.dumps(conteudo, ensure_ascii=False, indent=2), encoding="utf-8")
    return ler_texto(caminho, caminho.name)


def _titular_da_chave(conclusoes: list[dict]) -> list[dict]:
    return [c for c in conclusoes if c["tipo"] == "identificacao_titular" and "+5521998765432" in c["afirmacao"]]


def test_objeto_so_de_objetos_e_um_registro(tmp_path):
    documento = _documento(tmp_path, {"consulta": _CONSULTA, "vinculo": _VINCULO})
    assert len(documento.registros) == 1
    rotulos = [c.rotulo for c in documento.registros[0].campos]
    assert "consulta chave" in rotulos and "titular nome" in rotulos and "conta agencia" in rotulos
    assert familias.classificar(documento).familia == "registro"


def test_com_uma_lista_as_partes_sao_secoes(tmp_path):
    # armadilha: o cabeçalho e o log de acessos são coisas distintas; a hora do cabeçalho não é a de nenhum acesso
    documento = _documento(tmp_path, {
        "cabecalho": {"conta": "+5521998765432", "geradoEm": "2025-04-20 10:00:00"},
        "acessos": [{"ip": "187.64.22.9", "porta": 50321, "hora": "2025-04-10 10:15:07"}],
    })
    assert len(documento.registros) == 2


def test_vinculos_numa_lista_ainda_sao_o_cadastro_pix(tmp_path):
    documento = _documento(tmp_path, {"consulta": _CONSULTA, "vinculos": [_VINCULO]})
    assert familias.classificar(documento).familia == "registro"


def test_lista_curta_de_pix_com_valor_nao_e_o_cadastro(tmp_path):
    # armadilha: a relação de Pix de um banco (o cliente numa seção, a chave de destino e o valor noutra) não é o
    # cadastro de chaves: tem valor
    documento = _documento(tmp_path, {"cliente": {"nome": "RAFAELA SOUZA LIMA", "cpf": "157.368.193-84"}, "pix": [
        {"chave": "+5521981234567", "tipoChave": "PHONE", "valor": "3100.00"},
        {"chave": "+5521981234568", "tipoChave": "PHONE", "valor": "50.00"},
    ]})
    assert familias.classificar(documento).pontos["registro"] == 0


def test_o_titular_da_chave_em_secoes_pelo_cpf(tmp_path):
    conclusoes = conclusoes_dos_textos(tmp_path, {
        "consulta.json": json.dumps({"consulta": _CONSULTA, "vinculo": _VINCULO}, ensure_ascii=False, indent=2),
        "operadora.txt": _OPERADORA,
    })
    titular = _titular_da_chave(conclusoes)
    assert titular and "RAFAELA SOUZA LIMA" in titular[0]["afirmacao"]
    assert {r["arquivo"] for r in titular[0]["referencias"]} == {"consulta.json", "operadora.txt"}
    assert titular[0]["validacao"]["veredicto_geral"] == "VERIFICADO"
