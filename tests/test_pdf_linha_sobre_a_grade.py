"""Grade de PDF em que cada registro tem uma segunda linha escrita de um lado a outro, por cima das bordas.

Antes (variantes, semente 56): o localizador de tabelas cortava "IP de origen: ::ffff:179.115.78.142 Puerto: 24677"
pelas bordas das células ("::ffff:1" numa, "79.115.78.142 Puerto: 246" noutra); o IP perdia a hora e a porta e a
convergência saía `fraco`. Uma palavra cortada por uma borda desfaz a leitura por células: ficam as linhas de
texto, e o registro de duas linhas junta o IP da linha de baixo à hora da de cima. O IMEI com hífens
(`86-804705-877199-1`) sob o cabeçalho "IMEI" continua lido.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import A4, landscape
from reportlab.pdfgen import canvas

from perito.extratores.registro import escolher
from perito.leitura.leitor import ler_documento

_X = [40, 190, 330, 470, 590, 650, 790]
_REGISTROS = [
    (["16/05/25 14:13:08 UTC-3", "Vinculación de dispositivo", "Samsung Galaxy A15", "35-203678-164192-1", "ÉXITO",
      "149180"], "IP de origen: ::ffff:179.115.78.142 Puerto: 24677"),
    (["29/05/25 12:29:00 UTC-3", "Envío Pix", "Samsung Galaxy S23 Ultra", "86-804705-877199-1", "ÉXITO", "917998"],
     "IP de origen: ::ffff:152.194.90.158 Puerto: 44776"),
    (["01/06/25 12:09:23 UTC-3", "Inicio de sesión", "Samsung Galaxy S23 Ultra", "86-804705-877199-1", "ÉXITO",
      "174388"], "IP de origen: ::ffff:200.88.212.126 Puerto: 35125"),
]


def _pdf(caminho: Path) -> None:
    c = canvas.Canvas(str(caminho), pagesize=landscape(A4))
    c.setFont("Helvetica", 8)
    c.drawString(36, 550, "BANCO EXEMPLO S.A. — Registros de acceso")
    c.drawString(36, 536, "Titular: Jéssica Dias Teixeira Honorato")
    y = 510
    for x, nome in zip(_X, ["Fecha y hora", "Evento", "Modelo", "IMEI", "Resultado", "Registro"], strict=False):
        c.drawString(x, y, nome)
    for celulas, segunda in _REGISTROS:
        y -= 26
        for inicio, fim in zip(_X, _X[1:], strict=False):  # uma caixa por célula, da altura das duas linhas
            c.rect(inicio - 4, y - 15, fim - inicio, 26, stroke=1, fill=0)
        for x, texto in zip(_X, celulas, strict=False):
            c.drawString(x, y, texto)
        c.drawString(_X[0], y - 11, segunda)
    c.save()


def test_linha_que_passa_por_cima_das_bordas_fica_como_texto(tmp_path):
    _pdf(tmp_path / "acesso.pdf")
    documento = ler_documento(tmp_path / "acesso.pdf", "acesso.pdf", "pdf")
    assert all(t.celulas is None for t in documento.trechos)  # nenhuma célula cortando palavras
    dados = escolher(documento).extrair(documento).dados
    ips = {d["dado"]: d["metadados"] for d in dados if d["tipo_dado"] == "ip"}
    assert ips["152.194.90.158"]["porta"] == "44776"
    assert ips["152.194.90.158"]["instante_utc"] == "2025-05-29T15:29:00Z"
    imeis = sorted(d["metadados"]["imei_corpo"] for d in dados if d["campo"] == "imei")
    assert imeis == ["35203678164192", "86804705877199", "86804705877199"]
