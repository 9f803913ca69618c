"""Issue 24, achado 9: exportações CSV contra fórmula e caracteres de controle.

Antes: um nome `JOSE,=cmd|' /C calc'!A0` virava, numa planilha que divide por vírgula, uma célula nova que
começa com "=" (fórmula); ESC, VT e SOH de um documento hostil chegavam crus aos CSVs.
"""

from __future__ import annotations

import csv
import io

from perito.saida.planilha_csv import texto_csv

_HOSTIL = "JOSE,=cmd|' /C calc'!A0"


def _conclusao(dado):
    ref = {"arquivo": "extrato.csv", "pagina": None, "linha_ou_celula": "linha 2", "dado_citado": dado, "extrator_id": "t"}
    return {"id": 1, "tipo": "convergencia_nome", "afirmacao": "x", "grau_confianca": "fraco", "referencias": [ref],
            "validacao": {"veredicto_geral": "VERIFICADO", "detalhes": [{"status": "VERIFICADO", "texto_encontrado": dado,
                                                                        "observacao": ""}]}}


def _celulas(texto, delimitador):
    return list(csv.reader(io.StringIO(texto.lstrip("\ufeff")), delimiter=delimitador))


def _dado_citado(texto):
    """A célula dado_citado da primeira linha (pelo cabeçalho: a issue 25 acrescentou colunas antes dela)."""
    cabecalho, linha = _celulas(texto, ";")[:2]
    return linha[cabecalho.index("dado_citado")]


def test_issue_24_texto_com_virgula_nao_vira_formula_ao_dividir_por_virgula():
    texto = texto_csv([_conclusao(_HOSTIL)])
    for delimitador in (",", ";"):  # a planilha que abre o arquivo escolhe o separador
        for linha in _celulas(texto, delimitador):
            assert not any(c.startswith(("=", "+", "@")) for c in linha), (delimitador, linha)
    assert _dado_citado(texto) == "JOSE,'=cmd|' /C calc'!A0"  # com ';', o texto volta inteiro, neutralizado


def test_issue_24_caracteres_de_controle_nao_chegam_ao_csv():
    texto = texto_csv([_conclusao("ANA\x1b[31m PAULA\x0b\x01 SOUZA")])
    assert not any(c in texto for c in "\x1b\x0b\x01")
    assert _dado_citado(texto) == "ANA [31m PAULA   SOUZA"


def test_issue_24_texto_comum_fica_igual():
    """A armadilha: nome, valor e quebra de linha de um texto comum passam como estão (entre aspas)."""
    texto = texto_csv([_conclusao("ANA PAULA SOUZA 1.200,00")])
    assert _dado_citado(texto) == "ANA PAULA SOUZA 1.200,00"
    assert '"ANA PAULA SOUZA 1.200,00"' in texto
