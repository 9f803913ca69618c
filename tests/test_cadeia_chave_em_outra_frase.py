"""A cadeia relato → chave Pix → DICT → crédito quando cada peça está noutro lugar do documento (sonda de site falso):

- o boletim dá a chave numa frase ("o site gerou um QR Code Pix com a chave aleatória 7d9f...") e o valor noutra
  ("Às 14h22 daquele dia a comunicante pagou R$ 389,90"): vale a chave única do relato;
- o DICT responde uma chave só em seções ("Chave Pix consultada", "Vínculo da chave" com "Agência" e "Número da conta"
  em linhas separadas, "Titular" com CPF e nome): chave, conta e titular são um registro.

Antes nenhum vínculo financeiro saía. Armadilhas: com duas chaves no relato o valor não escolhe nenhuma; com duas
chaves no DICT, a seção de uma não empresta o titular à outra.
"""

from __future__ import annotations

from tests.conftest import conclusoes_do_caso, pdf_de_linhas
from tests.test_extrato_bb_e_quadro_da_vitima import _LANCAMENTOS, _TOPO

_CHAVE = "7d9f0b2c-3e41-4a8d-9c2f-5b6e1a0d4f37"
_OUTRA = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"


def _dict(chaves: list[str]) -> list[str]:
    linhas = ["BANCO CENTRAL DO BRASIL", "Diretório de Identificadores de Contas Transacionais (DICT)",
              "Resposta ao Ofício nº 089/2025 - DRCI/PCPR"]
    for chave in chaves:
        linhas += [f"Chave Pix consultada: {chave}", "Tipo da chave: Aleatória (EVP)", "Situação: Ativa",
                   "Vínculo da chave", "Participante: 00000000 - BCO DO BRASIL S.A.", "Agência: 3421",
                   "Número da conta: 451129", "Tipo de conta: Conta corrente"]
    return linhas + ["Titular", "Tipo de pessoa: Física", "CPF: 427.391.806-40", "Nome: JULIANA PEREIRA SANTOS"]


def _boletim(chaves: list[str]) -> str:
    return ("POLÍCIA CIVIL DO ESTADO DO PARANÁ\nBOLETIM DE OCORRÊNCIA Nº 2025/318772\n\nCOMUNICANTE / VÍTIMA\n"
            "Nome: CLÁUDIA REGINA FONSECA\nCPF: 536.820.147-80\n\nRELATO\n"
            "A comunicante relata que no dia 12/03/2025 acessou o site e escolheu uma air fryer. Ao finalizar a\n"
            f"compra, o site gerou um QR Code Pix copia e cola com a chave aleatória {' e depois '.join(chaves)},\n"
            "em favor de JULIANA PEREIRA SANTOS, Banco do Brasil.\n"
            "Às 14h22 daquele dia a comunicante pagou R$ 389,90 a partir de sua conta no Banco Itaú.\n")


def _vinculos(tmp_path, chaves_do_relato: list[str], chaves_do_dict: list[str]) -> list[dict]:
    caso = tmp_path / "caso"
    caso.mkdir()
    pdf_de_linhas(caso / "extrato_bb.pdf", _TOPO + _LANCAMENTOS)
    pdf_de_linhas(caso / "dict.pdf", _dict(chaves_do_dict))
    (caso / "boletim.txt").write_text(_boletim(chaves_do_relato), encoding="utf-8")
    return [c for c in conclusoes_do_caso(caso) if c["tipo"] == "vinculo_financeiro"]


def test_cadeia_com_a_chave_noutra_frase_e_o_dict_em_secoes(tmp_path):
    (vinculo,) = _vinculos(tmp_path, [_CHAVE], [_CHAVE])
    assert _CHAVE in vinculo["afirmacao"] and "JULIANA PEREIRA SANTOS" in vinculo["afirmacao"]
    assert "RAFAEL AUGUSTO MENDES" in vinculo["afirmacao"] and vinculo["grau_confianca"] == "forte"
    assert vinculo["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_armadilha_duas_chaves_no_relato(tmp_path):
    assert _vinculos(tmp_path, [_CHAVE, _OUTRA], [_CHAVE]) == []


def test_armadilha_duas_chaves_no_dict(tmp_path):
    assert _vinculos(tmp_path, [_CHAVE], [_OUTRA, _CHAVE]) == []
