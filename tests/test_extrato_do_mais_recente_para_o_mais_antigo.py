"""O extrato sem hora listado do mais recente para o mais antigo (sonda da 24ª sessão).

Num extrato que só dá o dia, o repasse do mesmo dia são as saídas escritas logo depois do crédito. Listado do mais
recente para o mais antigo, o que está escrito abaixo do crédito aconteceu *antes* dele: a conclusão dizia que o
dinheiro da vítima saiu nos R$ 1.900,00 para MARCOS (pagos antes de ela depositar), e não nos R$ 2.300,00 para
LUCIANA, escritos acima. Agora o sentido do extrato vem das datas (o dia desce de uma linha para a outra mais vezes do
que sobe) e as saídas depois do crédito são as escritas acima dele, ditas assim.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos

_BO = ("BOLETIM DE OCORRÊNCIA Nº 4512/2025\nVítima: ANA BEATRIZ MOREIRA, CPF 318.274.519-04.\nHistórico: em 14/07/2025 "
       "a vítima transferiu R$ 2.350,00 via Pix para RAFAEL SOUZA PINTO.\n")
_CABECALHO = ("NU PAGAMENTOS S.A. - INSTITUIÇÃO DE PAGAMENTO\nExtrato de conta - RAFAEL SOUZA PINTO - CPF 083.271.946-31 - "
              "Agência 0001 - Conta 7712345-0\n\n")
_LINHAS = [
    "15/07/2025  Pagamento de boleto ENEL SP                                  - R$ 187,45",
    "14/07/2025  Transferência enviada pelo Pix LUCIANA FERREIRA DIAS         - R$ 2.300,00",
    "14/07/2025  Transferência recebida pelo Pix ANA BEATRIZ MOREIRA          + R$ 2.350,00",
    "14/07/2025  Transferência enviada pelo Pix MARCOS PAULO REIS             - R$ 1.900,00",
    "13/07/2025  Transferência recebida pelo Pix JOAO PEDRO ALVES             + R$ 2.000,00",
]


def _repasse(tmp_path: Path, linhas: list[str]) -> str:
    extrato = _CABECALHO + "\n".join(linhas) + "\n"
    conclusoes = conclusoes_dos_textos(tmp_path, {"extrato.txt": extrato, "bo.txt": _BO})
    (laranja,) = [c for c in conclusoes if c["tipo"] == "identificacao_laranja"]
    assert laranja["validacao"]["veredicto_geral"] == "VERIFICADO"
    return laranja["afirmacao"].split("(2) ", 1)[1]


def test_do_mais_recente_para_o_mais_antigo(tmp_path: Path) -> None:
    repasse = _repasse(tmp_path, _LINHAS)
    assert repasse.startswith("repasse no mesmo dia em 1 de 2 créditos: entra R$ 2.350,00 em 14/07/2025 e saem "
                              "- R$ 2.300,00, 97% do que entrou, no mesmo dia, escritas logo acima do crédito (o extrato "
                              "vem do mais recente para o mais antigo")
    assert "1.900,00" not in repasse


def test_armadilha_o_extrato_em_ordem_crescente(tmp_path: Path) -> None:
    """O mesmo extrato do mais antigo para o mais recente: a saída depois do crédito é a escrita abaixo dele."""
    crescente = list(reversed(_LINHAS))
    repasse = _repasse(tmp_path, crescente)
    assert "saem - R$ 2.300,00, 97% do que entrou, no mesmo dia, escritas logo abaixo do crédito" in repasse
    assert "mais recente" not in repasse and "1.900,00" not in repasse
