"""Família operadora: planilha de dados cadastrais e IMEI por linha (XLSX) e CDR de chamadas (CSV).

A linha do golpista, +55 11 98765-4321, está em nome de RICARDO PEREIRA SANTOS.
Na aba "IMEI x Linha" há um IMEI com dígito de Luhn errado (352091176630415; o
certo seria ...9): deve ser mantido como dado e sinalizado, nunca corrigido.
O XLSX é determinístico: datas fixas nas propriedades e nas entradas do ZIP.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import zipfile
from pathlib import Path

from geradores.verdade import conferir_na_linha, d, registro

DATA_ZIP = (2025, 3, 18, 14, 30, 0)
MOMENTO_FIXO = "2025-03-18T14:30:00Z"
FORMATO_DATA = "dd/mm/yyyy"
FORMATO_DATA_HORA = "dd/mm/yyyy hh:mm:ss"

IMEI_RICARDO = "353328114529074"
IMEI_ERRADO = "352091176630415"
IMEI_MARIA = "358745091183267"

# --- XLSX -------------------------------------------------------------------------------

CABECALHO_CADASTRO = ["Linha", "Titular", "CPF", "Endereço", "Data de Ativação", "Situação"]
CADASTRO = [
    (11987654321, "RICARDO PEREIRA SANTOS", "347.821.560-90",
     "Rua das Acácias, 245, apto 31 - Vila Mariana - São Paulo/SP - CEP 04101-000", dt.date(2025, 2, 20), "ATIVA"),
    (11912340000, "MARIA OLIVEIRA LIMA", "111.444.777-35",
     "Rua Projetada Dois, 80, casa 2 - Jardim Ângela - São Paulo/SP - CEP 04941-000", dt.date(2025, 2, 28), "ATIVA"),
]
CAMPOS_CADASTRO = ["telefone", "nome_titular", "cpf", "endereco", "data_evento", None]

CABECALHO_IMEI = ["Linha", "IMEI", "Data Início", "Data Fim"]
IMEIS = [
    (11987654321, IMEI_RICARDO, dt.datetime(2025, 2, 20, 10, 2, 37), dt.datetime(2025, 3, 16, 22, 8, 19)),
    (11987654321, IMEI_ERRADO, dt.datetime(2025, 3, 16, 22, 10, 45), dt.datetime(2025, 3, 17, 8, 3, 11)),
    (11987654321, IMEI_RICARDO, dt.datetime(2025, 3, 17, 8, 5, 52), None),
    (11912340000, IMEI_MARIA, dt.datetime(2025, 2, 28, 18, 31, 20), None),
]
CAMPOS_IMEI = ["telefone", "imei", "data_evento", "data_evento"]


def exibido(valor, formato: str) -> str:
    """Texto que o Excel mostra para a célula (só os formatos usados aqui)."""
    if isinstance(valor, dt.datetime):
        assert formato == FORMATO_DATA_HORA
        return valor.strftime("%d/%m/%Y %H:%M:%S")
    if isinstance(valor, dt.date):
        assert formato == FORMATO_DATA
        return valor.strftime("%d/%m/%Y")
    if isinstance(valor, int):
        assert formato == "0"
        return str(valor)
    return valor


def _formato(valor) -> str:
    if isinstance(valor, dt.datetime):
        return FORMATO_DATA_HORA
    if isinstance(valor, dt.date):
        return FORMATO_DATA
    if isinstance(valor, int):
        return "0"
    return "@"


def _escrever(aba, linha: int, valores, campos, itens, negrito=False):
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    for j, valor in enumerate(valores, start=1):
        if valor is None:
            continue
        celula = aba.cell(row=linha, column=j, value=valor)
        celula.number_format = _formato(valor)
        if negrito:
            celula.font = Font(bold=True)
        campo = campos[j - 1] if campos else None
        if campo:
            itens.append(registro(d(campo, exibido(valor, celula.number_format)), None,
                                  f"celula {get_column_letter(j)}{linha}", aba.title))


def _deterministico(conteudo: bytes) -> bytes:
    """Regrava o ZIP com datas fixas (entradas e docProps/core.xml)."""
    origem = zipfile.ZipFile(io.BytesIO(conteudo))
    saida = io.BytesIO()
    with zipfile.ZipFile(saida, "w", zipfile.ZIP_DEFLATED) as destino:
        for info in origem.infolist():
            dados = origem.read(info.filename)
            if info.filename == "docProps/core.xml":
                texto = dados.decode("utf-8")
                texto = re.sub(r"(<dcterms:(created|modified)[^>]*>)[^<]*(</dcterms:\2>)", rf"\g<1>{MOMENTO_FIXO}\g<3>", texto)
                dados = texto.encode("utf-8")
            novo = zipfile.ZipInfo(info.filename, date_time=DATA_ZIP)
            novo.compress_type = zipfile.ZIP_DEFLATED
            novo.external_attr = 0o600 << 16
            destino.writestr(novo, dados)
    return saida.getvalue()


def gerar_xlsx(caminho: Path) -> list[dict]:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    livro = Workbook()
    livro.properties.creator = "Telefônica Brasil S.A."
    itens: list[dict] = []

    cadastro = livro.active
    cadastro.title = "Dados Cadastrais"
    cadastro["A1"] = "Telefônica Brasil S.A. - Vivo"
    cadastro["A1"].font = Font(bold=True, size=12)
    cadastro["A2"] = "Resposta ao Ofício nº 247/2025 - 1º DP São Paulo - Inquérito Policial nº 1234/2025"
    _escrever(cadastro, 3, ["Data da resposta:", dt.date(2025, 3, 18)], [None, "data_evento"], itens)
    _escrever(cadastro, 5, CABECALHO_CADASTRO, None, itens, negrito=True)
    for i, valores in enumerate(CADASTRO, start=6):
        _escrever(cadastro, i, valores, CAMPOS_CADASTRO, itens)
    for coluna, largura in zip("ABCDEF", (14, 28, 16, 72, 17, 10), strict=True):
        cadastro.column_dimensions[coluna].width = largura

    imeis = livro.create_sheet("IMEI x Linha")
    _escrever(imeis, 1, CABECALHO_IMEI, None, itens, negrito=True)
    for i, valores in enumerate(IMEIS, start=2):
        _escrever(imeis, i, valores, CAMPOS_IMEI, itens)
    for coluna, largura in zip("ABCD", (14, 19, 20, 20), strict=True):
        imeis.column_dimensions[coluna].width = largura

    bruto = io.BytesIO()
    livro.save(bruto)
    caminho.write_bytes(_deterministico(bruto.getvalue()))
    _conferir_xlsx(caminho, itens)
    return itens


def _conferir_xlsx(caminho: Path, itens: list[dict]) -> None:
    """Relê a planilha: cada dado do gabarito é o texto exibido da célula citada."""
    from openpyxl import load_workbook
    from stdnum import luhn

    livro = load_workbook(caminho)
    for item in itens:
        celula = livro[item["aba_planilha"]][item["linha_ou_celula"].removeprefix("celula ")]
        valor = celula.value
        if isinstance(valor, dt.datetime) and celula.number_format == FORMATO_DATA:
            valor = valor.date()
        assert exibido(valor, celula.number_format) == item["dado"], (item, valor, celula.number_format)
    assert luhn.is_valid(IMEI_RICARDO) and luhn.is_valid(IMEI_MARIA) and not luhn.is_valid(IMEI_ERRADO)


# --- CDR ----------------------------------------------------------------------------------

CDR_CABECALHO = "Número A;Número B;Data;Hora;Duração;ERB"
# (número A, número B, data, hora, duração, ERB); horários sem fuso, como a operadora os enviou
CDR = [
    ("11987654321", "11912340000", "15/03/2025", "09:12:44", "00:01:37", "SPO-0457 S1"),
    ("11987654321", "11934567890", "15/03/2025", "11:21:50", "00:00:00", "SPO-0457 S2"),
    ("11987654321", "11934567890", "15/03/2025", "11:28:05", "00:03:12", "SPO-0457 S2"),
    ("11987654321", "11912340000", "15/03/2025", "11:40:22", "00:01:05", "SPO-0457 S2"),
    ("11912340000", "11987654321", "15/03/2025", "12:06:10", "00:00:48", "SPO-0457 S2"),
    ("11987654321", "21987001122", "15/03/2025", "13:25:31", "00:02:20", "SPO-0112 S3"),
]


def gerar_cdr(caminho: Path) -> list[dict]:
    linhas = [(CDR_CABECALHO, [])]
    for a, b, data, hora, duracao, erb in CDR:
        dados = [d("telefone", a), d("telefone", b), d("data_evento", f"{data};{hora}"), d("outro", erb)]
        linhas.append((";".join((a, b, data, hora, duracao, erb)), dados))
    # UTF-8 com BOM e CRLF, como sai de um Excel em português
    caminho.write_bytes(("\ufeff" + "".join(t + "\r\n" for t, _ in linhas)).encode("utf-8"))
    itens = []
    for n, (texto, dados) in enumerate(linhas, start=1):
        conferir_na_linha(caminho.name, f"linha {n}", texto, dados)
        itens += [registro(dado, None, f"linha {n}") for dado in dados]
    return itens
