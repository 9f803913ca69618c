"""A conta de pessoa jurídica com representante legal e procurador na ficha (sonda da 26ª sessão): "Titular: AUTO PRIME
VEÍCULOS LTDA - CNPJ ...", "Representante legal: LUCAS ... - CPF ...", "Procurador: MARCOS ... - CPF ...". Antes o
titular declarado levava o CPF do representante (o primeiro CPF do registro), e o indício de conta de passagem dizia "A
conta de AUTO PRIME VEÍCULOS LTDA CPF/CNPJ 52998224725"; a convergência do nome da empresa, com o mesmo CNPJ nos dois
lados, saía moderada ("sem o mesmo CPF")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import conclusoes_dos_textos, dados_da_pasta

_BO = ("BOLETIM DE OCORRÊNCIA Nº 8812/2025\nVítima: HELENA PRADO CASTRO, CPF 390.533.447-05\nHistórico: A vítima relata "
       "que em 21/08/2025 transferiu via Pix R$ 7.250,00 para a chave CNPJ 11.222.333/0001-81.\n")
_BANCO = """BANCO HORIZONTE S.A.
Resposta ao Ofício nº 321/2025

Dados cadastrais da conta 0001 / 7788990-1
Titular: AUTO PRIME VEÍCULOS LTDA - CNPJ 11.222.333/0001-81
Representante legal: LUCAS GABRIEL MENDES - CPF 529.982.247-25
Procurador: MARCOS VINICIUS LIMA - CPF 111.444.777-35

Lançamentos do período:
21/08/2025 14:06:02  PIX RECEBIDO HELENA PRADO CASTRO            7.250,00
21/08/2025 14:19:40  PIX ENVIADO BRUNO TEIXEIRA LOPES            -3.000,00
21/08/2025 14:22:15  PIX ENVIADO DIEGO ALMEIDA SOUSA             -4.200,00
"""
_DICT = ("DICT - chave 11.222.333/0001-81 (CNPJ) vinculada à conta 0001/7788990-1 do BANCO HORIZONTE S.A., titular AUTO "
         "PRIME VEÍCULOS LTDA, CNPJ 11.222.333/0001-81.\n")


def test_a_conta_da_empresa_leva_o_cnpj_dela(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"bo.txt": _BO, "resposta_banco.txt": _BANCO, "dict.txt": _DICT})
    (laranja,) = [c for c in conclusoes if c["tipo"] == "identificacao_laranja"]
    assert laranja["afirmacao"].startswith("A conta de AUTO PRIME VEÍCULOS LTDA CPF/CNPJ 11222333000181")
    assert not any("52998224725" in c["afirmacao"] or "11144477735" in c["afirmacao"] for c in conclusoes)
    (empresa,) = [c for c in conclusoes if c["tipo"] == "convergencia_nome" and "AUTO PRIME" in c["afirmacao"]]
    assert empresa["grau_confianca"] == "forte" and "o mesmo CNPJ 11.222.333/0001-81" in empresa["afirmacao"]
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}


@pytest.mark.parametrize(("linha", "papel"), [
    ("Representante legal: LUCAS GABRIEL MENDES - CPF 529.982.247-25", "representante"),
    ("Procuradora: ANA LIMA SOUZA", "representante"),
    ("Sócio administrador: JOSE CARLOS PEREIRA", "representante"),
    # armadilha: na prosa, sem os dois-pontos, não é rótulo de ficha
    ("o representante LUCAS GABRIEL MENDES compareceu", None),
])
def test_quem_age_pela_conta(tmp_path: Path, linha: str, papel: str | None) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "ficha.txt").write_text("BANCO HORIZONTE S.A.\nTitular: AUTO PRIME VEÍCULOS LTDA\n" + linha + "\n",
                                    encoding="utf-8")
    papeis = [d["metadados"].get("papel") for d in dados_da_pasta(caso)
              if d["campo"] == "nome_titular" and "AUTO PRIME" not in d["dado"]]
    if papel is None:
        assert "representante" not in papeis
    else:
        assert papeis == [papel]


def test_o_cpf_na_linha_de_baixo_do_titular_continua_dele(tmp_path: Path) -> None:
    """Armadilha: "Titular: RAFAEL ..." e, na linha de baixo, só "CPF: ..." (nenhuma outra pessoa): o CPF é do titular."""
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "extrato.txt").write_text(
        "BANCO HORIZONTE S.A. - EXTRATO\nTitular: RAFAEL SOUZA PINTO\nCPF: 083.016.613-05\nAgência 0001 Conta 4471239-8\n"
        "14/07/2025 15:21:09  PIX RECEBIDO ANA BEATRIZ MOREIRA  2.350,00\n", encoding="utf-8")
    (valor,) = [d for d in dados_da_pasta(caso) if d["campo"] == "valor_transacao"]
    assert valor["metadados"]["contexto_titular"]["cpf"] == "083.016.613-05"
