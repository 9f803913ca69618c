"""Dois acessos de um provedor com cada rótulo numa linha e o valor na de baixo, sem linha em branco entre eles
("Time" / "2025-..." / "IP Address" / "189..." / "Port" / "51234", duas vezes): o records.html da Meta feito de
`div`s, e o mesmo em texto (décima nona sessão).

Antes: os blocos de rótulos só valiam repetidos três vezes (dois podiam ser a origem e o destino de um comprovante); com
dois acessos, a leitura por linhas dava ao primeiro IP a hora do segundo acesso e nenhuma porta, e o segundo IP ficava
sem hora; com um acesso só, o IP ficava sem hora e sem porta. Agora um bloco que tem um IP e uma data-hora é um acesso,
repetido ou não. Armadilha: a origem e o destino de um comprovante (nome e instituição duas vezes, sem IP) continuam um
evento só.
"""

from __future__ import annotations

import json
from pathlib import Path

from perito.analise import Parametros, analisar
from tests.conftest import dados_da_pasta


def _div(rotulo: str, valor: str) -> str:
    return f'<div class="t i">{rotulo}<div class="m"><div>{valor}<div class="p"></div></div></div></div>'


_ACESSOS = [("2025-06-12 17:20:05 UTC", "189.120.44.17", "51234"), ("2025-06-12 16:58:44 UTC", "177.45.10.2", "40123")]
_HTML = ('<html><body><div class="t o">' + _div("Service", "WhatsApp") + _div("Account Identifier", "+5521988776655")
         + '</div><div class="t o"><div class="t i">Ip Addresses<div class="m"><div>'
         + "".join('<div class="t o">' + _div("Time", t) + _div("IP Address", ip) + _div("Port", p) + "</div>"
                   for t, ip, p in _ACESSOS)
         + "</div></div></div></div></body></html>")
_TEXTO = ("Service\nWhatsApp\nAccount Identifier\n+5521988776655\nIp Addresses\n"
          + "".join(f"Time\n{t}\nIP Address\n{ip}\nPort\n{p}\n" for t, ip, p in _ACESSOS))


def _acessos(tmp_path: Path, nome: str, texto: str) -> dict[str, tuple[str | None, str | None]]:
    (tmp_path / nome).write_text(texto, encoding="utf-8")
    return {d["dado"]: (d["metadados"].get("instante_utc"), d["metadados"].get("porta"))
            for d in dados_da_pasta(tmp_path) if d["campo"] == "ip_acesso"}


def test_records_html_de_divs_com_dois_acessos(tmp_path: Path) -> None:
    assert _acessos(tmp_path, "records.html", _HTML) == {
        "189.120.44.17": ("2025-06-12T17:20:05Z", "51234"), "177.45.10.2": ("2025-06-12T16:58:44Z", "40123")}


def test_um_acesso_so(tmp_path: Path) -> None:
    um = _HTML.replace("".join('<div class="t o">' + _div("Time", t) + _div("IP Address", ip) + _div("Port", p) + "</div>"
                               for t, ip, p in _ACESSOS[1:]), "")
    assert _acessos(tmp_path, "records.html", um) == {"189.120.44.17": ("2025-06-12T17:20:05Z", "51234")}


def test_o_mesmo_em_texto(tmp_path: Path) -> None:
    assert _acessos(tmp_path, "records.txt", _TEXTO) == {
        "189.120.44.17": ("2025-06-12T17:20:05Z", "51234"), "177.45.10.2": ("2025-06-12T16:58:44Z", "40123")}


def test_origem_e_destino_do_comprovante_continuam_um_evento(tmp_path: Path) -> None:
    (tmp_path / "comprovante.txt").write_text(
        "Comprovante de transferência\nValor\nR$ 2.890,00\nData\n12/06/2025 14:38\nOrigem\nNome\nMARIANA ALVES TEIXEIRA\n"
        "Instituição\nBCO BRADESCO S.A.\nDestino\nNome\nRODRIGO SILVA PRATES\nInstituição\nNU PAGAMENTOS - IP\n",
        encoding="utf-8")
    assert len({d["metadados"]["registro"] for d in dados_da_pasta(tmp_path)}) == 1


def test_convergencia_com_o_log_do_banco(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "records.html").write_text(_HTML, encoding="utf-8")
    (caso / "log_banco.csv").write_text("Data Hora (horário de Brasília);IP;Porta;Canal;Evento\n"
                                        "12/06/2025 14:20:07;189.120.44.17;51234;APP;PIX ENVIADO\n", encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise="2025-07-01"))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    [convergencia] = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    assert convergencia["grau_confianca"] == "forte"
    assert "2025-06-12 17:20:05 UTC, porta 51234" in convergencia["afirmacao"]
    assert "distam 2s" in convergencia["afirmacao"]
    assert convergencia["validacao"]["veredicto_geral"] == "VERIFICADO"
