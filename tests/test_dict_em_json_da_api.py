"""A resposta do DICT em JSON, como a API do Banco Central a devolve (sonda da 26ª sessão): cada vínculo com a conta
("nomeParticipante": a instituição) e o dono ("dono": {"nome", "cpfCnpj"}). Antes o nome da instituição era lido como
titular, e as conclusões diziam, VERIFICADO, que a chave estava "cadastrada em nome de BANCO DO SUL S.A. CPF/CNPJ ..."."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from perito.extratores import colunas
from tests.conftest import conclusoes_dos_textos

_DICT = {"consulta": {"protocolo": "DICT-2025-000918"}, "vinculos": [{
    "chave": "+5521988776655", "tipoChave": "PHONE",
    "conta": {"participante": "18236120", "nomeParticipante": "BANCO DO SUL S.A.", "agencia": "0001",
              "numero": "44556670", "tipoConta": "CACC"},
    "dono": {"tipoPessoa": "NATURAL_PERSON", "nome": "GUSTAVO HENRIQUE PRADO", "cpfCnpj": "11144477735"}}]}
_BO = ("BOLETIM DE OCORRÊNCIA Nº 7781/2025\nVítima: PATRÍCIA NUNES SALES\nHistórico: A vítima relata que em 03/09/2025 "
       "transferiu via Pix R$ 2.980,00 para a chave celular (21) 98877-6655.\n")
_EXTRATO = ("EXTRATO CONTA 4455667-0 - TITULAR GUSTAVO HENRIQUE PRADO - CPF 111.444.777-35\nData;Descrição;Valor;D/C\n"
            "03/09/2025 16:41;PIX REC PATRICIA NUNES SALES;2.980,00;C\n03/09/2025 16:52;PIX ENV JEFERSON LIMA;1.450,00;D\n")


def test_o_dono_da_chave_e_o_do_vinculo_nao_a_instituicao(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"dict.json": json.dumps(_DICT, indent=2, ensure_ascii=False),
                                                  "bo.txt": _BO, "extrato.csv": _EXTRATO})
    (titular,) = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert "cadastrado em nome de GUSTAVO HENRIQUE PRADO" in titular["afirmacao"]
    (vinculo,) = [c for c in conclusoes if c["tipo"] == "vinculo_financeiro"]
    assert "vincula essa chave a GUSTAVO HENRIQUE PRADO" in vinculo["afirmacao"]
    assert not any("em nome de BANCO" in c["afirmacao"] or "chave a BANCO" in c["afirmacao"] for c in conclusoes)
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}


@pytest.mark.parametrize(("coluna", "papel"), [
    ("nomeParticipante", None), ("Nome do PSP", None), ("nome_emissor", None),
    # armadilhas: o nome do dono, do titular, do cliente, e o do participante de um grupo (em inglês) continuam nomes
    ("dono.nome", "nome"), ("Nome do titular", "nome"), ("nomeCliente", "nome"), ("Participant Name", "nome"),
    ("Nome do titular na operadora", "nome"),
])
def test_o_nome_da_instituicao_nao_e_nome_de_pessoa(coluna: str, papel: str | None) -> None:
    assert colunas.papel(coluna) == papel


def _titular_citado(nome: str, linha: str) -> dict:
    return {"id": 1, "tipo": "identificacao_titular", "grau_confianca": "moderado",
            "afirmacao": (f"O número +5521988776655 está cadastrado em nome de {nome}, CPF/CNPJ 11144477735 (chave Pix "
                          "no DICT em dict.json, linha 7)."),
            "referencias": [
                {"arquivo": "dict.json", "pagina": None, "linha_ou_celula": "linha 7", "dado_citado": "+5521988776655"},
                {"arquivo": "dict.json", "pagina": None, "linha_ou_celula": linha, "dado_citado": nome},
                {"arquivo": "dict.json", "pagina": None, "linha_ou_celula": "linha 19", "dado_citado": "11144477735"}]}


@pytest.mark.parametrize(("nome", "linha", "veredicto"), [
    ("GUSTAVO HENRIQUE PRADO", "linha 18", "VERIFICADO"),
    # o erro que a leitura fazia: cada referência certa, o nome da instituição com o CPF do dono
    ("BANCO DO SUL S.A.", "linha 11", "CONTRADITO"),
])
def test_o_validador_nao_aceita_cpf_de_pessoa_juridica(tmp_path: Path, nome: str, linha: str, veredicto: str) -> None:
    from perito.validador.agente import validar

    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "dict.json").write_text(json.dumps(_DICT, indent=2, ensure_ascii=False), encoding="utf-8")
    resultado = validar({"conclusoes": [_titular_citado(nome, linha)]}, caso, "2025-12-01")
    assert resultado["validacoes"][0]["veredicto_geral"] == veredicto
