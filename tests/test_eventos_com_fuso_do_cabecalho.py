"""'N eventos entre A e B' (padrao_temporal) com o fuso dito uma vez no cabeçalho da coluna ("Timestamp (UTC)"), achado
por uma sonda com a resposta do Google em PDF: o citado do evento é "2025-09-14 19:07:00 | 2804:..." (o IP depois da
hora), o fuso vem noutra referência, e o validador só compunha o fuso quando ele ficava logo depois da hora — o evento
não era contado e a conclusão ficava AMBIGUO. Armadilhas: o evento fora do intervalo não conta; sem o fuso citado, o
evento não se compõe."""

from __future__ import annotations

from perito.validador import figuras

_TEXTO = ("Pelo IP 2804:14d:5c81:8000:1234:5678:9abc:def0, o provedor registra {} entre 2025-09-14 19:07:00 UTC e "
          "2025-09-14 19:07:00 UTC; a transação vem depois")


def _conclusao(*citados: str) -> dict:
    return {"referencias": [{"arquivo": "google.pdf", "pagina": 1, "linha_ou_celula": f"linha {n}", "dado_citado": c}
                            for n, c in enumerate(citados, start=5)]}


def test_evento_com_o_fuso_do_cabecalho_e_contado() -> None:
    conclusao = _conclusao("UTC", "2025-09-14 19:07:00 | 2804:14d:5c81:8000:1234:5678:9abc:def0")
    assert figuras.conferir(conclusao, _TEXTO.format("1 evento")) == []


def test_evento_fora_do_intervalo_nao_conta() -> None:
    conclusao = _conclusao("UTC", "2025-09-14 19:09:00 | 2804:14d:5c81:8000:1234:5678:9abc:def0")
    assert figuras.conferir(conclusao, _TEXTO.format("1 evento")) != []


def test_sem_o_fuso_citado_o_evento_nao_se_compoe() -> None:
    conclusao = _conclusao("2025-09-14 19:07:00 | 2804:14d:5c81:8000:1234:5678:9abc:def0")
    assert figuras.conferir(conclusao, _TEXTO.format("1 evento")) != []
