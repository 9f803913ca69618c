"""Fábrica de arquivos hostis para os testes de robustez e para scripts/medir_robustez.py.

Cada função ESCREVE um arquivo (ou link) na pasta dada e devolve `Hostil(nome,
descricao)`: o nome relativo à pasta e, numa linha em pt-BR, o que o perito deve
fazer com ele. Os tamanhos são pequenos o bastante para o conjunto inteiro ficar
pronto em poucos segundos (a bomba ZIP tem ~24 MiB descomprimidos e ~25 KiB no
disco, escrita em fluxo).

Uso:
    from tests.fabrica_hostis import construir_todos, controle
    hostis = construir_todos(pasta)          # lista de Hostil
    nome, _ = controle(pasta)                # arquivo válido cujo dado deve ser extraído
"""

from __future__ import annotations

import io
import os
import zipfile
from pathlib import Path
from typing import Callable, NamedTuple

MIB = 1 << 20

#: dado do arquivo de controle: tem de aparecer nos lotes em qualquer execução
IP_CONTROLE = "200.152.38.77"
PORTA_CONTROLE = "51234"
NOME_CONTROLE = "controle_acessos.csv"

#: IP do CSV com campo sem fim, numa linha ANTES do defeito (deve ser extraído)
IP_ANTES_DO_DEFEITO = "187.10.20.30"
#: IP do CSV com campo gigante, numa linha ANTES do campo (deve ser extraído)
IP_ANTES_DO_CAMPO_GIGANTE = "187.10.20.31"
#: IP do arquivo de nome com caracteres de controle (deve ser extraído)
IP_NOME_CONTROLE = "201.17.33.44"
#: IP no alvo do link simbólico, fora do caso (NUNCA pode aparecer nos lotes)
IP_FORA_DO_CASO = "45.67.89.10"
#: IP dentro da página HTML disfarçada de PDF (o arquivo é ignorado: nunca extraído)
IP_HTML = "45.67.89.11"
#: IP dentro do PDF truncado
IP_TRUNCADO = "177.66.55.44"

NOME_COM_CONTROLE = "relat\x1b[31mório\x07.txt"


class Hostil(NamedTuple):
    nome: str
    descricao: str


# ---------------------------------------------------------------------------
# auxiliares
# ---------------------------------------------------------------------------


def _xlsx_valido() -> bytes:
    """Planilha pequena e válida (openpyxl), com texto em sharedStrings.xml."""
    import openpyxl

    livro = openpyxl.Workbook()
    aba = livro.active
    aba.title = "Acessos"
    aba.append(["Data", "IP", "Porta"])
    aba.append(["2025-01-15 10:00:00 UTC", "177.1.2.3", "40000"])
    memoria = io.BytesIO()
    livro.save(memoria)
    return memoria.getvalue()


def _reescrever_zip(
    bruto: bytes,
    destino: Path,
    trocar: dict[str, Callable[[zipfile.ZipFile, zipfile.ZipInfo], None]],
    extras: dict[str, bytes] | None = None,
) -> None:
    """Copia as entradas de um ZIP para `destino`; as de `trocar` são escritas pela função dada, e `extras` acrescentadas."""
    with zipfile.ZipFile(io.BytesIO(bruto)) as origem, zipfile.ZipFile(destino, "w", zipfile.ZIP_DEFLATED) as novo:
        for info in origem.infolist():
            if info.filename in trocar:
                trocar[info.filename](novo, zipfile.ZipInfo(info.filename, date_time=info.date_time))
            else:
                novo.writestr(info, origem.read(info.filename))
        for nome, conteudo in (extras or {}).items():
            novo.writestr(zipfile.ZipInfo(nome, date_time=(2025, 1, 15, 0, 0, 0)), conteudo, compress_type=zipfile.ZIP_DEFLATED)


def _pdf_texto(linhas: list[str], paginas: int = 1, tamanho: tuple[float, float] = (595.27, 841.89)) -> bytes:
    from reportlab.pdfgen import canvas

    memoria = io.BytesIO()
    c = canvas.Canvas(memoria, pagesize=tamanho, invariant=1)
    for numero in range(1, paginas + 1):
        y = tamanho[1] - 72
        for linha in linhas:
            c.drawString(72, y, linha.replace("{n}", str(numero)))
            y -= 14
        c.showPage()
    c.save()
    return memoria.getvalue()


# ---------------------------------------------------------------------------
# arquivos hostis
# ---------------------------------------------------------------------------


def xlsx_bomba_entidades(pasta: Path) -> Hostil:
    """'Billion laughs' no DOCTYPE de xl/sharedStrings.xml de uma planilha válida.

    O openpyxl grava texto como `inlineStr`; a planilha é reescrita para que a
    célula A1 use a tabela de textos compartilhados, que é o alvo da bomba.
    """
    nome = "bomba_entidades.xlsx"
    entidades = ['<!ENTITY lol "lol">'] + [
        f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">' for i in range(1, 10)
    ]
    compartilhados = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f"<!DOCTYPE sst [{''.join(entidades)}]>\n"
        '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1">'
        "<si><t>&lol9;</t></si></sst>"
    ).encode()

    def trocar_texto(antigo: str, novo_texto: str) -> Callable[[zipfile.ZipFile, zipfile.ZipInfo], None]:
        def escrever(novo: zipfile.ZipFile, info: zipfile.ZipInfo) -> None:
            original = origem_xml[info.filename]
            assert antigo in original, (info.filename, antigo)
            novo.writestr(info, original.replace(antigo, novo_texto, 1), compress_type=zipfile.ZIP_DEFLATED)

        return escrever

    bruto = _xlsx_valido()
    with zipfile.ZipFile(io.BytesIO(bruto)) as z:
        origem_xml = {n: z.read(n).decode() for n in ("xl/worksheets/sheet1.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml")}
    relacao = (
        '<Relationship Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" '
        'Target="sharedStrings.xml" Id="rIdSst" /></Relationships>'
    )
    tipo = (
        '<Override PartName="/xl/sharedStrings.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml" /></Types>'
    )
    _reescrever_zip(
        bruto,
        pasta / nome,
        {
            "xl/worksheets/sheet1.xml": trocar_texto('<c r="A1" t="inlineStr"><is><t>Data</t></is></c>', '<c r="A1" t="s"><v>0</v></c>'),
            "xl/_rels/workbook.xml.rels": trocar_texto("</Relationships>", relacao),
            "[Content_Types].xml": trocar_texto("</Types>", tipo),
        },
        extras={"xl/sharedStrings.xml": compartilhados},
    )
    return Hostil(nome, "bomba de entidades XML (billion laughs) em sharedStrings.xml: ERRO sem expandir as entidades, que o defusedxml recusa")


def xlsx_bomba_zip(pasta: Path, megabytes: int = 24) -> Hostil:
    """Planilha cuja aba descomprime para `megabytes` MiB a partir de poucos KiB (razão ~1000)."""
    nome = "bomba_zip.xlsx"
    bloco = b"<!-- " + b"A" * (MIB - 10) + b" -->\n"

    def escrever(novo: zipfile.ZipFile, info: zipfile.ZipInfo) -> None:
        info.compress_type = zipfile.ZIP_DEFLATED
        with novo.open(info, "w") as f:  # em fluxo: nunca 24 MiB na memória
            f.write(
                b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">\n'
            )
            for _ in range(megabytes):
                f.write(bloco)
            f.write(b"<sheetData/></worksheet>")

    _reescrever_zip(_xlsx_valido(), pasta / nome, {"xl/worksheets/sheet1.xml": escrever})
    return Hostil(nome, f"bomba ZIP: aba de {megabytes} MiB com razão de expansão muito acima de 200: ERRO antes de descomprimir")


def csv_campo_sem_fim(pasta: Path, megabytes: int = 3) -> Hostil:
    """Aspas abertas e nunca fechadas, seguidas de alguns MiB de texto."""
    nome = "campo_sem_fim.csv"
    cabecalho = f"Data;IP;Observação\n2025-01-15 10:00:00 UTC;{IP_ANTES_DO_DEFEITO};antes do defeito\n"
    corpo = ("texto que nunca termina, sem aspas de fechamento; " * 20 + "\n").encode()
    with (pasta / nome).open("wb") as f:
        f.write(cabecalho.encode())
        f.write(b'2025-01-15 11:00:00 UTC;177.9.9.9;"aberto e sem fim ')
        for _ in range(megabytes * MIB // len(corpo) + 1):
            f.write(corpo)
    return Hostil(nome, "CSV com aspas sem fechamento e MiB de texto: lido até a linha 2, com alerta 'CSV malformado a partir da linha 3'")


def csv_campo_gigante(pasta: Path) -> Hostil:
    """Campo entre aspas, bem fechado, maior que o teto de 1 MB."""
    nome = "campo_gigante.csv"
    texto = (
        f"Data;IP;Observação\n2025-01-15 10:00:00 UTC;{IP_ANTES_DO_CAMPO_GIGANTE};normal\n"
        f'2025-01-15 11:00:00 UTC;177.8.8.8;"{"x" * (MIB + MIB // 2)}"\n'
        "2025-01-15 12:00:00 UTC;177.7.7.7;depois do campo\n"
    )
    (pasta / nome).write_text(texto, encoding="utf-8")
    return Hostil(nome, "CSV com um campo de 1,5 MiB (teto 1 MB): lido até a linha 2, com alerta de CSV malformado na linha 3")


def txt_com_nul(pasta: Path) -> Hostil:
    nome = "binario_com_nul.txt"
    (pasta / nome).write_bytes(b"\x00\x01\x02\x03ELF\x00\x00" * 64 + b"IP 177.5.5.5\n")
    return Hostil(nome, "bytes NUL num .txt: ignorado como arquivo binário de formato não reconhecido")


def csv_com_nul(pasta: Path) -> Hostil:
    """CSV de texto com um NUL perdido num campo (40 registros: o NUL é bem menos de 1% do início do arquivo)."""
    nome = "nul_no_campo.csv"
    linhas = ["Data;IP;Observação", "2025-01-15 10:00:00 UTC;177.4.4.4;campo com \x00 NUL"]
    linhas += [f"2025-01-15 10:{i:02d}:00 UTC;10.0.0.{i};registro interno sem relevância" for i in range(1, 40)]
    (pasta / nome).write_bytes(("\n".join(linhas) + "\n").encode())
    return Hostil(nome, "CSV com um byte NUL dentro de um campo: lido (o NUL perdido não o torna binário), com o IP da linha 2")


def zip_como_pdf(pasta: Path) -> Hostil:
    nome = "oficio_zip.pdf"
    with zipfile.ZipFile(pasta / nome, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("dentro.txt", "IP 177.3.3.3\n")
    return Hostil(nome, "ZIP com extensão .pdf: tratado pelo conteúdo como pacote ZIP (membros lidos), nunca lido como PDF")


def html_como_pdf(pasta: Path) -> Hostil:
    nome = "pagina_html.pdf"
    (pasta / nome).write_text(
        f"<!DOCTYPE html><html><head><title>Resposta</title></head><body><p>IP {IP_HTML}</p></body></html>\n",
        encoding="utf-8",
    )
    return Hostil(nome, "página HTML com extensão .pdf: ignorada (o conteúdo não é PDF, sem cabeçalho %PDF-)")


def vazio(pasta: Path) -> Hostil:
    nome = "vazio.pdf"
    (pasta / nome).write_bytes(b"")
    return Hostil(nome, "arquivo de 0 bytes: ignorado como arquivo vazio")


def pdf_pagina_gigante(pasta: Path) -> Hostil:
    """Uma página de 14400 x 14400 pt (200 polegadas) em branco: vai ao OCR com resolução reduzida."""
    nome = "pagina_gigante.pdf"
    from reportlab.pdfgen import canvas

    memoria = io.BytesIO()
    c = canvas.Canvas(memoria, pagesize=(14400, 14400), invariant=1)
    c.showPage()
    c.save()
    (pasta / nome).write_bytes(memoria.getvalue())
    return Hostil(nome, "PDF com uma página em branco de 200 x 200 polegadas: OCR com resolução reduzida (≤ 40 MP), nada inventado")


def link_para_fora(pasta: Path) -> Hostil:
    """Link simbólico que aponta para um arquivo fora da pasta do caso (ao lado dela)."""
    nome = "link_para_fora.txt"
    alvo = pasta.parent / f"{pasta.name}-alvo-externo.txt"
    alvo.write_text(f"Este arquivo está FORA do caso. IP {IP_FORA_DO_CASO}\n", encoding="utf-8")
    os.symlink(alvo, pasta / nome)
    return Hostil(nome, "link simbólico para fora do caso: ignorado, nunca seguido (o IP do alvo não aparece)")


def nome_com_controle(pasta: Path) -> Hostil:
    nome = NOME_COM_CONTROLE
    (pasta / nome).write_text(
        f"Relatório de diligência\nAcesso registrado a partir do IP {IP_NOME_CONTROLE} em 15/01/2025 10:00:00 UTC\n",
        encoding="utf-8",
    )
    return Hostil(nome, "nome com ESC e BEL: lido; o nome sai escapado no terminal e literal no JSON")


def pdf_truncado(pasta: Path) -> Hostil:
    nome = "truncado.pdf"
    inteiro = _pdf_texto([f"Acesso do IP {IP_TRUNCADO} em 15/01/2025 10:00:00 UTC", "pagina {n}"], paginas=4)
    (pasta / nome).write_bytes(inteiro[: len(inteiro) // 2])
    return Hostil(nome, "PDF cortado na metade (sem xref nem trailer): relatado (ERRO com motivo, ou lido em parte com alerta), sem traceback")


HOSTIS: tuple[Callable[[Path], Hostil], ...] = (
    xlsx_bomba_entidades,
    xlsx_bomba_zip,
    csv_campo_sem_fim,
    csv_campo_gigante,
    txt_com_nul,
    csv_com_nul,
    zip_como_pdf,
    html_como_pdf,
    vazio,
    pdf_pagina_gigante,
    link_para_fora,
    nome_com_controle,
    pdf_truncado,
)


# ---------------------------------------------------------------------------
# arquivos auxiliares (não hostis)
# ---------------------------------------------------------------------------


def controle(pasta: Path) -> Hostil:
    """CSV válido com um IP público conhecido: o dado tem de chegar aos lotes."""
    (pasta / NOME_CONTROLE).write_text(
        "Data;Hora;Fuso;IP;Porta;Operação\n"
        f"15/01/2025;10:22:33;UTC;{IP_CONTROLE};{PORTA_CONTROLE};Login\n",
        encoding="utf-8",
    )
    return Hostil(NOME_CONTROLE, f"arquivo de controle válido: lido, com o IP {IP_CONTROLE} nos lotes")


def pdf_lento(pasta: Path, paginas: int = 2000) -> Hostil:
    """PDF nativo com muitas páginas de texto, para o teste de tempo limite.

    A camada de texto do PDFium lê umas 300 a 600 páginas destas por segundo: 2000 páginas
    levam de 3 a 8 s (medido), bem acima do limite de 2 s do teste; no pdfplumber, minutos.
    """
    nome = "muitas_paginas.pdf"
    linhas = [f"Linha {i} da pagina {{n}}: registro de acesso sem dado relevante" for i in range(45)]
    (pasta / nome).write_bytes(_pdf_texto(linhas, paginas=paginas))
    return Hostil(nome, f"PDF de {paginas} páginas de texto: com tempo limite curto, ERRO 'tempo limite' só para ele")


def texto_grande(pasta: Path, megabytes: int = 64) -> Hostil:
    """TXT de muitas linhas curtas: ler exige bem mais memória que o tamanho do arquivo."""
    nome = "texto_grande.txt"
    linha = b"registro sem dado relevante numero 0000000\n"
    with (pasta / nome).open("wb") as f:
        bloco = linha * (MIB // len(linha))
        for _ in range(megabytes):
            f.write(bloco)
    return Hostil(nome, f"TXT de {megabytes} MiB: com teto de memória baixo, ERRO de memória só para ele")


def nome_nao_utf8(pasta: Path) -> Hostil:
    """Nome gravado em latin-1 (mídia de um sistema antigo): em Python vira str com surrogate.

    Fora de HOSTIS de propósito: hoje derruba a análise inteira (código 70), o que
    esconderia o resultado dos outros hostis; veja o xfail em tests/test_hostis.py.
    """
    nome = os.fsdecode(b"relat\xf3rio_latin1.txt")
    (pasta / nome).write_text(f"Acesso do IP {IP_NOME_CONTROLE} em 15/01/2025 10:00:00 UTC\n", encoding="utf-8")
    return Hostil(nome, "nome de arquivo que não é UTF-8: relatado com o nome escapado; a análise segue")


def construir_todos(pasta: Path) -> list[Hostil]:
    """Escreve todos os hostis e o controle em `pasta` (que deve existir); devolve a lista, controle por último."""
    return [fabrica(pasta) for fabrica in HOSTIS] + [controle(pasta)]
