"""Issue 25, item 5, no relatorio.html: a situação exibida segue a revisão (o veredicto da máquina fica ao lado), o
filtro de veredicto filtra por ela."""

from __future__ import annotations

import json
import re

from tests.test_issue_25_decisoes import _cli, _modelo, pasta  # noqa: F401 — fixtures do mesmo caso pequeno


def _cartoes(html: str) -> dict[str, tuple[str, str]]:
    return {m.group(1): (m.group(2), m.group(3)) for m in re.finditer(
        r'<div class="conclusao" id="conclusao-(\d+)"[^>]*data-veredicto="([^"]*)" data-veredicto-maquina="([^"]*)"', html)}


def _dados(html: str) -> dict:
    bruto = re.search(r'<script type="application/json" id="dados-grafo">(.*?)</script>', html, re.S)
    assert bruto is not None
    return json.loads(bruto.group(1))


def test_revisao_muda_a_situacao_no_html_com_a_maquina_ao_lado(pasta):  # noqa: F811
    caso, saida = pasta
    assert _cli("relatorio", saida, "--caso", caso)[0] == 0
    antes = (saida / "relatorio.html").read_text(encoding="utf-8")
    assert _cartoes(antes)["1"] == ("AMBIGUO", "AMBIGUO")
    codigo, texto = _cli("revisar", saida, "--analista", "Bruno", "--decisao", "1=confirmado:conferi no original",
                         "--decisao", "2.2=rejeitado:a linha 9 não existe")
    assert codigo == 0, texto
    assert _cli("relatorio", saida, "--caso", caso)[0] == 0
    html = (saida / "relatorio.html").read_text(encoding="utf-8")
    cartoes = _cartoes(html)
    assert cartoes["1"] == ("VERIFICADO", "AMBIGUO") and cartoes["2"] == ("CONTRADITO", "AMBIGUO")
    assert "VERIFICADO (confirmado na revisão)" in html and "(máquina: AMBIGUO)" in html
    dados = _dados(html)  # o filtro de veredicto do gráfico e da linha do tempo lê a situação exibida
    assert dados["conclusoes"]["1"]["veredicto"] == "VERIFICADO" and dados["conclusoes"]["2"]["veredicto"] == "CONTRADITO"
