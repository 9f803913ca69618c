"""Variantes de leitura: `records.html` da Meta, comprovante de Pix escaneado (JPEG) e um pacote ZIP.

Escritas a partir de ../shared/FORMATOS.md (§3 respostas de provedores, §4 comprovante
escaneado), não do código que as lê:

- `meta_records.html`: preâmbulo (Service, Account Identifier, Date Range em UTC,
  Generated) numa tabela de rótulo e valor, seção Ip Addresses em tabela com
  cabeçalho `Time` / `IP Address` (IPv4 `IP:porta` e IPv6 `[IPv6]:porta`, horários com
  `UTC`), e Device Information em blocos `<div>` (rótulo numa linha, valor na seguinte).
- `comprovante_pix.jpg`: comprovante de Pix fotografado/escaneado (valor, data e hora,
  pagador e recebedor com instituição, chave), só imagem: lido por OCR.
- `pacote_meta.zip`: o que a Meta entrega — `records.html` e a mídia
  (`linked_media/captura_conversa.png`), lidos sem extrair, citados como
  `pacote_meta.zip!/records.html`.

Cada documento é montado como uma lista de LINHAS, uma por linha canônica (um bloco
ou uma linha de tabela do HTML; uma linha de texto da imagem): a verdade sai da mesma
lista. No HTML a linha N é a N-ésima linha não vazia; no OCR a verdade fixa só a página.
Nos membros do ZIP cada item da verdade leva `membro` (o caminho interno).
"""

from __future__ import annotations

import html
import io
import zipfile
from pathlib import Path

from geradores.verdade import conferir_na_linha, d, registro

FONTES = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
]
DATA_ZIP = (2024, 3, 2, 18, 5, 0)


def _luhn(corpo: str) -> str:
    soma = 0
    for i, c in enumerate(reversed(corpo)):
        n = int(c) * (2 if i % 2 == 0 else 1)
        soma += n - 9 if n > 9 else n
    return corpo + str((10 - soma % 10) % 10)


IMEI = _luhn("35693803564380")

# -- HTML --------------------------------------------------------------------------------
# Cada item: ("bloco", tag, texto, dados) → uma linha; ("linha", [células], dados) → uma linha
# de tabela (células unidas por " | "); ("abre_tabela",) / ("fecha_tabela",) não são linhas.


def _registros_meta(conta: str, inicio: str, fim: str, gerado: str, acessos, aparelho) -> list[tuple]:
    modelo, sistema, versao = aparelho
    itens: list[tuple] = [
        ("bloco", "h1", "Meta Platforms, Inc. - Records", []),
        ("bloco", "div", "Law Enforcement Response", []),
        ("abre_tabela",),
        ("linha", ["Service", "WhatsApp"], []),
        ("linha", ["Internal Ticket Number", "7788123"], []),
        ("linha", ["Account Identifier", conta], [d("telefone", conta)]),
        ("linha", ["Account Type", "WhatsApp"], []),
        ("linha", ["Generated", f"{gerado} UTC"], [d("data_evento", gerado)]),
        ("linha", ["Date Range", f"{inicio} UTC to {fim} UTC"], [d("data_evento", inicio), d("data_evento", fim)]),
        ("fecha_tabela",),
        ("bloco", "h2", "Ip Addresses", []),
        ("bloco", "p", "Definition: IP addresses the account connected from. Times are shown in UTC.", []),
        ("abre_tabela",),
        ("linha", ["Time", "IP Address"], []),
    ]
    for quando, ip in acessos:
        endereco = ip.rsplit(":", 1)[0].strip("[]")
        itens.append(("linha", [f"{quando} UTC", ip], [d("data_evento", quando), d("ip_acesso", endereco)]))
    itens += [
        ("fecha_tabela",),
        ("bloco", "h2", "Device Information", []),
        ("bloco", "div", "Device Model", []),
        ("bloco", "div", modelo, [d("modelo_dispositivo", modelo)]),
        ("bloco", "div", "OS Version", []),
        ("bloco", "div", sistema, [d("outro", sistema)]),
        ("bloco", "div", "App Version", []),
        ("bloco", "div", versao, [d("outro", versao)]),
        ("bloco", "div", "IMEI", []),
        ("bloco", "div", IMEI, [d("imei", IMEI)]),
    ]
    return itens


def _html(itens: list[tuple], nome: str, membro: str | None = None) -> tuple[bytes, list[dict]]:
    """(bytes do HTML, verdade): cada linha canônica é um item; marcação e espaços variam como num HTML real."""
    partes = [
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">",
        "<title>Records</title>",
        "<style>table.t{border:1px solid #ccc} .h{font-weight:bold}</style>",
        "<script>window.__records = {version: '2.1', rows: '<tr><td>nada</td></tr>'};</script>",
        "</head>\n<body>\n",
    ]
    verdade: list[dict] = []
    numero = 1  # linha 1 é o <title>
    for item in itens:
        if item[0] == "abre_tabela":
            partes.append('<table class="t o">\n<tbody>\n')
            continue
        if item[0] == "fecha_tabela":
            partes.append("</tbody>\n</table>\n")
            continue
        numero += 1
        if item[0] == "bloco":
            _, tag, texto, dados = item
            partes.append(f"<{tag} class=\"h\">\n  {html.escape(texto)}\n</{tag}>\n")
        else:
            _, celulas, dados = item
            texto = " | ".join(celulas)
            if celulas[0] == "Time":  # cabeçalho da tabela
                tags = ["th"] * len(celulas)
            elif celulas[0][:4].isdigit():  # registro
                tags = ["td"] * len(celulas)
            else:  # rótulo e valor
                tags = ["th", "td"]
            # o espaço antes de UTC vira &nbsp; (comum em HTML gerado): a linha canônica o colapsa num espaço
            linha = "".join(
                f"<{t}>{html.escape(c).replace(' UTC', '&nbsp;UTC')}</{t}>" for t, c in zip(tags, celulas, strict=True)
            )
            partes.append(f"<tr>{linha}</tr>\n")
        conferir_na_linha(nome, f"linha {numero}", texto, dados)
        for dado in dados:
            item_verdade = registro(dado, None, f"linha {numero}")
            if membro:
                item_verdade["membro"] = membro
            verdade.append(item_verdade)
    partes.append("<!-- fim dos registros -->\n</body></html>\n")
    return "".join(partes).encode("utf-8"), verdade


# -- imagens -----------------------------------------------------------------------------

COMPROVANTE = [
    ("Comprovante de Transferência Pix", True, []),
    ("", False, []),
    ("Valor: R$ 1.250,90", True, [d("valor_transacao", "R$ 1.250,90")]),
    ("Data e hora: 02/08/2024 10:40:12", False, [d("data_evento", "02/08/2024 10:40:12")]),
    ("", False, []),
    ("Pagador", True, []),
    ("Nome: ANA PAULA FERREIRA", False, [d("nome_titular", "ANA PAULA FERREIRA")]),
    ("Instituição: BANCO EXEMPLO S.A.", False, []),
    ("", False, []),
    ("Recebedor", True, []),
    ("Nome: CARLOS EDUARDO MOTTA", False, [d("nome_titular", "CARLOS EDUARDO MOTTA")]),
    ("Chave Pix: carlos.motta@example.com", False, [d("chave_pix", "carlos.motta@example.com")]),
    ("Instituição: BANCO DESTINO S.A.", False, []),
    ("Agência: 0001 Conta: 98765-4", False, [d("conta_bancaria", "Agência: 0001 Conta: 98765-4")]),
    ("", False, []),
    ("ID da transação: E18236120202408021340s0123456789", False, []),
]

CAPTURA = [
    ("Conversa com +55 21 98700-1122", True, [d("telefone", "+55 21 98700-1122")]),
    ("", False, []),
    ("Faz o Pix de R$ 1.250,90 agora", False, [d("valor_transacao", "R$ 1.250,90")]),
    ("para a chave carlos.motta@example.com", False, [d("chave_pix", "carlos.motta@example.com")]),
    ("Enviado em 02/08/2024", False, [d("data_evento", "02/08/2024")]),
]


def _fonte(tamanho: int, negrito: bool = False):
    from PIL import ImageFont

    for caminho in FONTES:
        caminho = caminho.replace("DejaVuSans.ttf", "DejaVuSans-Bold.ttf") if negrito else caminho
        if Path(caminho).is_file():
            return ImageFont.truetype(caminho, tamanho)
    raise SystemExit("fonte DejaVu Sans não encontrada (pacote fonts-dejavu-core): as imagens precisam dela")


def _imagem(linhas, largura: int, corpo: int, fundo: int = 255):
    """Texto preto sobre papel levemente acinzentado, uma linha por item (vazia = espaço)."""
    from PIL import Image, ImageDraw

    entrelinha = int(corpo * 1.6)
    altura = 120 + entrelinha * len(linhas) + 80
    imagem = Image.new("L", (largura, altura), fundo)
    desenho = ImageDraw.Draw(imagem)
    y = 120
    for texto, negrito, _ in linhas:
        if texto:
            desenho.text((90, y), texto, font=_fonte(corpo, negrito), fill=20)
        y += entrelinha
    return imagem


def _verdade_ocr(nome: str, linhas, membro: str | None = None) -> list[dict]:
    itens = []
    for texto, _, dados in linhas:
        conferir_na_linha(nome, "imagem", texto, dados)
        for dado in dados:
            item = registro(dado, 1, None)  # OCR: a linha depende do Tesseract; só a página é fixa
            if membro:
                item["membro"] = membro
            itens.append(item)
    return itens


# -- gerador -----------------------------------------------------------------------------


def gerar(pasta: Path) -> dict[str, list[dict]]:
    gabaritos: dict[str, list[dict]] = {}

    nome = "meta_records.html"
    itens = _registros_meta(
        "+5521987001122", "2024-07-01 00:00:00", "2024-08-31 23:59:59", "2024-09-03 14:10:27",
        [("2024-08-02 13:38:51", "177.22.145.9:40022"),
         ("2024-08-02 13:41:07", "[2804:14c:65a1:4d01::1b]:51876"),
         ("2024-08-03 00:12:40", "189.40.88.201:61204")],
        ("SM-G991B", "Android 13", "2.24.15.80"),
    )
    conteudo, gabaritos[nome] = _html(itens, nome)
    (pasta / nome).write_bytes(conteudo)

    nome = "comprovante_pix.jpg"
    imagem = _imagem(COMPROVANTE, 1400, 44, fundo=246)
    saida = io.BytesIO()
    imagem.save(saida, format="JPEG", quality=88, dpi=(200, 200))
    (pasta / nome).write_bytes(saida.getvalue())
    gabaritos[nome] = _verdade_ocr(nome, COMPROVANTE)

    nome = "pacote_meta.zip"
    itens_zip = _registros_meta(
        "+5521987001122", "2024-08-01 00:00:00", "2024-08-02 23:59:59", "2024-08-05 09:00:02",
        [("2024-08-02 13:44:19", "177.22.145.9:40022")],
        ("SM-G991B", "Android 13", "2.24.15.80"),
    )
    records, verdade_html = _html(itens_zip, nome, membro="records.html")
    png = io.BytesIO()
    _imagem(CAPTURA, 1300, 42).save(png, format="PNG", optimize=False)
    membros = {"records.html": records, "linked_media/captura_conversa.png": png.getvalue()}
    with zipfile.ZipFile(pasta / nome, "w", zipfile.ZIP_DEFLATED) as pacote:
        for interno, dados in membros.items():
            info = zipfile.ZipInfo(interno, date_time=DATA_ZIP)
            info.compress_type = zipfile.ZIP_DEFLATED
            pacote.writestr(info, dados)
    gabaritos[nome] = verdade_html + _verdade_ocr(nome, CAPTURA, membro="linked_media/captura_conversa.png")
    return gabaritos
