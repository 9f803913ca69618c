"""O extrato do Itaú corta o nome da outra parte e cola nele o dia do Pix ("PIX TRANSF HELENA M05/09"), vigésima
sessão, caso inteiro: dois boletins de vítimas e o extrato em PDF da conta que recebeu.

Antes: nenhum nome era lido dessas linhas (o dia colado à inicial), e a materialidade ficava moderada "só valor e dia".
Agora o nome cortado é a contraparte, e o pagador com o primeiro nome igual e o resto começando as palavras do nome da
vítima, na ordem, é ela com o nome abreviado pelo banco. Armadilhas: outro primeiro nome ("HELENO M"), o primeiro nome
cortado ("HELEN M") ou uma inicial que não começa nenhuma palavra seguinte ("HELENA S") não são a vítima; sem o dia
colado, "PIX TRANSF MARIAS15/03" (uma palavra só) não vira nome.
"""

from __future__ import annotations

from pathlib import Path

from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_do_caso, pdf_de_linhas

_BOLETIM = ("DELEGACIA DE POLÍCIA - 12ª DP\nREGISTRO DE OCORRÊNCIA 912-03311/2025\n"
            "Vítima: HELENA MARQUES VIANA, CPF 285.110.437-30\n"
            "Narrativa: Informa a vítima que em 05/09/2025 pagou R$ 6.300,00, via Pix, a título de caução para locação "
            "de imóvel anunciado em site, o qual não existia.\n")


def _materialidade(tmp_path: Path, pagador: str) -> dict:
    caso = tmp_path / "caso"
    caso.mkdir(parents=True)
    (caso / "bo.txt").write_text(_BOLETIM, encoding="utf-8")
    pdf_de_linhas(caso / "itau_extrato.pdf", [
        "Itaú Unibanco S.A. - extrato conta corrente",
        "nome: CAMILA ROCHA DUTRA      agência: 4451   conta: 01234-5",
        "data        lançamentos                  valor (R$)     saldo (R$)",
        f"05/09/2025  PIX TRANSF {pagador}05/09     6.300,00",
        "05/09/2025  PIX TRANSF WALTER B05/09     -3.000,00",
        "05/09/2025  SALDO DO DIA                                 3.510,55",
    ])
    [materialidade] = [c for c in conclusoes_do_caso(caso) if c["tipo"] == "materialidade"]
    return materialidade


def test_o_nome_cortado_com_o_dia_colado() -> None:
    for texto, nome in [("PIX TRANSF HELENA M05/09", "HELENA M"), ("PIX QRS OSVALDO P08/09", "OSVALDO P"),
                        ("PIX TRANSF JOSE CA15/03 -3.500,00", "JOSE CA")]:
        assert [a.dado for a in reconhecer(texto) if a.campo == "nome_titular"] == [nome]
    assert [a for a in reconhecer("PIX TRANSF MARIAS15/03") if a.campo == "nome_titular"] == []


def test_a_vitima_com_o_nome_abreviado_pelo_banco(tmp_path: Path) -> None:
    materialidade = _materialidade(tmp_path, "HELENA M")
    assert materialidade["grau_confianca"] == "forte"
    assert ("o pagador no registro bancário é a vítima, com o nome abreviado pelo banco (HELENA M, de HELENA MARQUES "
            "VIANA)") in materialidade["afirmacao"]
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_outro_primeiro_nome_ou_inicial_que_nao_bate(tmp_path: Path) -> None:
    for pagador in ("HELENO M", "HELEN M", "HELENA S"):
        materialidade = _materialidade(tmp_path / pagador.replace(" ", "_"), pagador)
        assert materialidade["grau_confianca"] == "moderado", pagador
        assert f"(o pagador ali é {pagador})" in materialidade["afirmacao"]
