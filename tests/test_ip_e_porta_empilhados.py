"""O IP e a porta empilhados na mesma célula de uma tabela ("IP<br>Porta" no cabeçalho de um HTML, "177.45.10.2<br>51234"
embaixo), achado por sonda: a leitura da tabela junta as linhas da célula ("IP Porta", "177.45.10.2 51234"), e o IP
ficava sem porta (a convergência com o log do banco, moderada). Na planilha isso já era lido; agora também no HTML,
no DOCX e no CSV, e o validador relê a porta na mesma célula.
"""

from __future__ import annotations

import json
from pathlib import Path

from perito.analise import Parametros, analisar
from tests.conftest import DATA, dados_da_pasta, status_com_a_citacao_trocada

HTML = ("<html><body><h1>Resposta ao Ofício - Registros de acesso à aplicação</h1><p>Todos os horários em UTC.</p>"
        "<table border='1'><tr><th>Data e hora</th><th>{cabecalho}</th><th>Evento</th></tr>"
        "<tr><td>2025-03-15 14:33:50</td><td>177.45.10.2<br>51234</td><td>Login</td></tr>"
        "<tr><td>2025-03-16 09:10:00</td><td>189.20.30.40<br>40000</td><td>Login</td></tr></table></body></html>")
LOG_DO_BANCO = ("Log de acessos - Banco Exemplo S.A. - internet banking\nHorário de Brasília\nData;Hora;IP;Porta;Canal\n"
                "15/03/2025;11:34:02;177.45.10.2;51234;APP\n")


def _portas(pasta: Path, cabecalho: str) -> dict[str, str | None]:
    (pasta / "registros.html").write_text(HTML.format(cabecalho=cabecalho), encoding="utf-8")
    return {d["dado"]: d["metadados"].get("porta") for d in dados_da_pasta(pasta) if d["tipo_dado"] == "ip"}


def test_porta_empilhada_no_html(tmp_path: Path) -> None:
    assert _portas(tmp_path, "IP<br>Porta") == {"177.45.10.2": "51234", "189.20.30.40": "40000"}


def test_sem_porta_no_cabecalho_o_numero_nao_e_porta(tmp_path: Path) -> None:
    # a armadilha: o cabeçalho só diz IP; o número embaixo dele pode ser outra coisa
    assert _portas(tmp_path, "IP") == {"177.45.10.2": None, "189.20.30.40": None}


def test_convergencia_forte_e_a_porta_de_outra_linha_citada(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "registros.html").write_text(HTML.format(cabecalho="IP<br>Porta"), encoding="utf-8")
    (caso / "log_banco.csv").write_text(LOG_DO_BANCO, encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise=DATA))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))
    [ip] = [c for c in conclusoes["conclusoes"] if c["tipo"] == "convergencia_ip"]
    assert ip["grau_confianca"] == "forte" and ip["validacao"]["veredicto_geral"] == "VERIFICADO"
    assert status_com_a_citacao_trocada(caso, conclusoes, ip, "registros.html", "177.45.10.2 | 51234",
                                        "177.45.10.2 | 40000") == ["CONTRADITO"]
