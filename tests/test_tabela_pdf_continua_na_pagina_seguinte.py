"""Tabela sem réguas de um PDF que continua na página seguinte sem repetir o cabeçalho (o log de acessos do banco em
duas páginas, "Página 1 de 2" no pé): os registros do topo da página 2 que cabem nas colunas da tabela de cima são
registros dela, com as mesmas colunas. Antes a página 2 ficava como texto e o IP perdia a porta (convergência a
moderado).

Armadilhas: registros da página 2 em outras colunas não continuam a tabela; uma tabela que não chega ao pé da sua
página (texto depois dela) também não.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento
from tests.conftest import dados_da_pasta

_COLUNAS = (40, 120, 190, 290, 350)
_CABECALHO = ("Data", "Hora", "IP", "Porta", "Operação")
_PAGINA_1 = [("14/03/2025", "19:07:12", "192.168.0.10", "50022", "Login"),
             ("15/03/2025", "09:45:10", "177.20.30.40", "38000", "Consulta de saldo"),
             ("15/03/2025", "10:02:55", "200.150.10.5", "40110", "Logout")]
_PAGINA_2 = [("15/03/2025", "11:34:02", "187.34.56.78", "51234", "Login"),
             ("15/03/2025", "11:36:40", "187.34.56.78", "51234", "Transferência PIX")]


def _pdf(caminho: Path, depois_da_tabela: list[str], colunas_da_2: tuple[int, ...] = _COLUNAS,
         linhas_da_2: list[tuple[str, ...]] = _PAGINA_2) -> None:
    tela = canvas.Canvas(str(caminho), pagesize=A4)
    tela.setFont("Helvetica", 10)
    y = 800
    for texto in ("Banco Destino S.A. - Registro de acessos ao Internet Banking", "Horários em BRT."):
        tela.drawString(40, y, texto)
        y -= 15
    for linha in (_CABECALHO, *_PAGINA_1):
        for x, celula in zip(_COLUNAS, linha):
            tela.drawString(x, y, celula)  # cada célula desenhada à parte, como o gerador do banco faz
        y -= 15
    for texto in (*depois_da_tabela, "Página 1 de 2"):
        tela.drawString(40, y, texto)
        y -= 15
    tela.showPage()
    tela.setFont("Helvetica", 10)
    y = 800
    for linha in linhas_da_2:
        for x, celula in zip(colunas_da_2, linha):
            tela.drawString(x, y, celula)
        y -= 15
    tela.drawString(40, y, "Página 2 de 2")
    tela.save()


def _ips_da_pagina_2(pasta: Path) -> list[dict]:
    return [d for d in dados_da_pasta(pasta) if d["tipo_dado"] == "ip" and d["pagina"] == 2]


def test_registros_da_pagina_seguinte_levam_as_colunas_de_cima(tmp_path):
    _pdf(tmp_path / "log.pdf", [])
    ips = _ips_da_pagina_2(tmp_path)
    assert len(ips) == 2 and all(d["metadados"].get("porta") == "51234" for d in ips)
    assert ips[0]["metadados"]["instante_utc"] == "2025-03-15T14:34:02Z"


def test_armadilha_outras_colunas_na_pagina_seguinte_ou_tabela_que_nao_chega_ao_pe(tmp_path):
    (tmp_path / "a").mkdir()
    _pdf(tmp_path / "a" / "log.pdf", [], (40, 60, 80, 300, 450))  # outro leiaute: as células não caem nas colunas
    assert all("porta" not in d["metadados"] for d in _ips_da_pagina_2(tmp_path / "a"))
    (tmp_path / "b").mkdir()
    _pdf(tmp_path / "b" / "log.pdf", ["Fim da relação de acessos da conta 0001/12345-6 conforme solicitado."])
    assert all("porta" not in d["metadados"] for d in _ips_da_pagina_2(tmp_path / "b"))


def test_armadilha_rotulo_e_valor_na_pagina_seguinte_nao_sao_registros_do_log(tmp_path):
    """A página 2 da resposta da Meta começa com "Device Model  SM-A546E": dois pedaços que cabem nas colunas do log de
    cima, mas sem a forma dele (a coluna da data tem algarismos em todo registro; "Device Model", não)."""
    _pdf(tmp_path / "log.pdf", [], linhas_da_2=[("Device Model", "", "SM-A546E"), ("OS Version", "", "Android 14")])
    arquivo = next(iter(listar(tmp_path)))
    documento = ler_documento(arquivo.caminho, arquivo.nome, arquivo.tipo)
    assert all(t.celulas is None for t in documento.trechos if t.pagina == 2)


def test_numero_da_pagina_no_meio_de_um_log_de_largura_fixa_nao_encerra_a_tabela(tmp_path):
    """O mesmo num TXT de largura fixa impresso com o número da página entre os registros."""
    (tmp_path / "log.txt").write_text(
        "Banco Destino S.A. - Registro de acessos. Horários em BRT.\n"
        "DATA        HORA      IP               PORTA  OPERACAO\n"
        "----------  --------  ---------------  -----  --------\n"
        "15/03/2025  10:02:55  200.150.10.5     40110  Login\n"
        "Página 1 de 2\n"
        "15/03/2025  11:34:02  187.34.56.78     51234  Login\n", encoding="utf-8")
    ips = {d["dado"]: d["metadados"] for d in dados_da_pasta(tmp_path) if d["tipo_dado"] == "ip"}
    assert ips["187.34.56.78"].get("porta") == "51234"

