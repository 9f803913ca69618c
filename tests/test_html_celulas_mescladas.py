"""Tabelas HTML com células mescladas, achadas por sonda: o `rowspan` no corpo (a data de dois lançamentos numa
célula só) deixava a linha de baixo com uma célula a menos e as colunas andavam (o débito saía crédito, o saldo
saía débito); o cabeçalho de duas linhas com `colspan` ("Valor (R$)" sobre "Crédito | Débito") ficava com menos nomes
que colunas e o saldo virava um crédito da vítima. Agora cada célula ocupa o seu lugar na grade, como o navegador a
mostra; leitor e validador montam as linhas do mesmo jeito.
"""

from __future__ import annotations

from pathlib import Path

from perito.extratores.bancario import ExtratorBancario
from perito.leitura.html_linhas import Linhas
from perito.leitura.leitor import ler_documento


def _linhas(html: list[tuple[str, str, dict | None]]) -> list[tuple[str, ...] | None]:
    linhas = Linhas()
    for evento, valor, atributos in html:
        if evento == "abre":
            linhas.abrir(valor, atributos)
        elif evento == "fecha":
            linhas.fechar(valor)
        else:
            linhas.texto(valor)
    return [linha.celulas for linha in linhas.terminar()]


def test_rowspan_desce_e_colspan_repete() -> None:
    def celula(texto: str, **mescla: str) -> list[tuple[str, str, dict | None]]:
        return [("abre", "td", mescla), ("texto", texto, None), ("fecha", "td", None)]

    html = [("abre", "table", None), ("abre", "tr", None), *celula("10/06/2025", rowspan="2"), *celula("2.870,00"),
            ("fecha", "tr", None), ("abre", "tr", None), *celula("2.800,00"), ("fecha", "tr", None),
            ("abre", "tr", None), *celula("Total", colspan="2"), ("fecha", "tr", None), ("fecha", "table", None)]
    assert _linhas(html) == [("10/06/2025", "2.870,00"), ("10/06/2025", "2.800,00"), ("Total", "Total")]


_EXTRATO = """<html><body><h2>Banco Digital Exemplo S.A. - Extrato de Conta Corrente</h2>
<p>Cliente: RICARDO ALVES PEREIRA - CPF 390.533.447-05 - Agência 0001 - Conta 8812345-7</p>
<table border="1"><thead>
<tr><th rowspan="2">Data</th><th rowspan="2">Histórico</th><th colspan="2">Valor (R$)</th><th rowspan="2">Saldo (R$)</th></tr>
<tr><th>Crédito</th><th>Débito</th></tr></thead><tbody>
<tr><td rowspan="2">10/06/2025</td><td>PIX RECEBIDO JOSE CARLOS DA SILVA</td><td>2.870,00</td><td></td><td>2.915,40</td></tr>
<tr><td>PIX ENVIADO ANA PAULA MOREIRA</td><td></td><td>2.800,00</td><td>115,40</td></tr>
</tbody></table></body></html>"""


def test_extrato_html_com_cabecalho_de_duas_linhas_e_data_mesclada(tmp_path: Path) -> None:
    caminho = tmp_path / "extrato.html"
    caminho.write_text(_EXTRATO, encoding="utf-8")
    dados = ExtratorBancario().extrair(ler_documento(caminho, caminho.name, "html")).dados
    valores = [(d["dado"], d["metadados"].get("direcao"), d["metadados"].get("data"))
               for d in dados if d["campo"] == "valor_transacao"]
    assert valores == [("2.870,00", "credito", "10/06/2025"), ("2.800,00", "debito", "10/06/2025")]


def test_docx_na_ordem_do_corpo(tmp_path: Path) -> None:
    """O DOCX lia todos os parágrafos antes de todas as tabelas: a frase "horários em UTC" dita antes da segunda
    tabela vinha antes da primeira. Agora os trechos seguem a ordem do corpo, com a mesma numeração."""
    import docx

    documento = docx.Document()
    documento.add_paragraph("1. Registros de conexão (horários em UTC):")
    documento.add_table(rows=1, cols=2).rows[0].cells[0].text = "177.45.12.9"
    documento.add_paragraph("2. Registros de chamadas (horário de Brasília):")
    documento.add_table(rows=1, cols=2).rows[0].cells[0].text = "(19) 98765-1234"
    caminho = tmp_path / "resposta.docx"
    documento.save(str(caminho))
    locais = [t.localizacao for t in ler_documento(caminho, caminho.name, "docx").trechos]
    assert locais == ["paragrafo 1", "tabela 1 linha 1", "paragrafo 2", "tabela 2 linha 1"]
