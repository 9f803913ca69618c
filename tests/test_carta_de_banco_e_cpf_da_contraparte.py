"""A carta de um banco pelo timbre, e o CPF da titular que não é o de quem pagou.

Sonda: "BANCO HORIZONTE S.A. / Informamos que a chave Pix ... está vinculada à conta de titularidade de LUANA ..., CPF
792..., que recebeu em 20/05/2025 o crédito de R$ 4.750,00, oriundo de JOAO PEDRO FARIAS." ficava de família
desconhecida (nenhuma palavra de extrato), e o CPF da titular, o único do registro, ia para quem pagou ("contraparte
JOAO PEDRO FARIAS CPF/CNPJ 79217421812"): o pagador parecia outra pessoa que a vítima, e a materialidade ficava moderada.
"""

from __future__ import annotations

import pytest

from perito.extratores.familias import classificar
from perito.leitura.texto import ler_texto
from tests.conftest import DATA, conclusoes_dos_textos, dados_da_pasta

_CARTA = ("BANCO HORIZONTE S.A.\nResposta ao Ofício 455/2025\n"
          "Informamos que a chave Pix (11) 94444-3322 está vinculada à conta de titularidade de LUANA MARTINS COSTA, "
          "CPF 792.174.218-12, que recebeu em 20/05/2025 o crédito de R$ 4.750,00, oriundo de JOAO PEDRO FARIAS.\n")


@pytest.mark.parametrize(("timbre", "familia"), [
    ("BANCO HORIZONTE S.A.", "banco"),
    ("NU PAGAMENTOS S.A. - INSTITUIÇÃO DE PAGAMENTO", "banco"),
    ("COOPERATIVA DE CRÉDITO DO VALE", "banco"),
])
def test_o_timbre_do_banco(tmp_path, timbre, familia):
    (tmp_path / "carta.txt").write_text(_CARTA.replace("BANCO HORIZONTE S.A.", timbre), encoding="utf-8")
    assert classificar(ler_texto(tmp_path / "carta.txt", "carta.txt")).familia == familia


def test_armadilha_o_banco_central_e_o_oficio_ao_banco_nao_sao_timbre_de_banco(tmp_path):
    (tmp_path / "bcb.txt").write_text("BANCO CENTRAL DO BRASIL S.A.\nA chave consultada pertence a LUANA.\n",
                                      encoding="utf-8")
    assert classificar(ler_texto(tmp_path / "bcb.txt", "bcb.txt")).pontos.get("banco", 0) == 0
    (tmp_path / "oficio.txt").write_text("POLÍCIA CIVIL\nAo BANCO HORIZONTE S.A.\nRequisito o extrato da conta.\n",
                                         encoding="utf-8")
    assert classificar(ler_texto(tmp_path / "oficio.txt", "oficio.txt")).familia != "banco"


def test_o_cpf_da_titular_nao_e_o_de_quem_pagou(tmp_path):
    (tmp_path / "carta.txt").write_text(_CARTA, encoding="utf-8")
    [valor] = [d for d in dados_da_pasta(tmp_path) if d["campo"] == "valor_transacao"]
    assert valor["metadados"]["contraparte"] == "JOAO PEDRO FARIAS"
    assert "contraparte_cpf" not in valor["metadados"]


def test_a_materialidade_pela_carta_do_banco(tmp_path):
    conclusoes = conclusoes_dos_textos(tmp_path, {
        "carta.txt": _CARTA,
        "bo.txt": "POLÍCIA CIVIL - BOLETIM DE OCORRÊNCIA\nVítima: JOAO PEDRO FARIAS, CPF 787.789.328-07.\n"
                  "Em 20/05/2025 fez um Pix de R$ 4.750,00 para a chave (11) 94444-3322.\n",
    }, DATA)
    [materialidade] = [c for c in conclusoes if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "forte" and materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"
