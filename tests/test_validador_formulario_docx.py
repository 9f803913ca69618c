"""Validador: a tabela de duas colunas rótulo | valor de um DOCX (uma por chave, na resposta do DICT) é um registro.

Antes (variantes, semente 14): cada linha da tabela era um registro do validador, e o rótulo "Documento do
titular" contava como um nome; o CPF e o nome do titular, da mesma tabela, saíam "de registros diferentes" e
cinco conclusões corretas foram CONTRADITAS.
"""

from __future__ import annotations

import docx

from perito.validador.agente import validar

DATA = "2025-03-20"
FORMULARIOS = [
    [("Chave", "+5537999154435"), ("Tipo de chave", "CELULAR"), ("Titular", "LUCIANA SANTANA RODRIGUES SERAFIM"),
     ("Documento do titular", "50058972838"), ("Agencia", "3265"), ("Conta", "73076565")],
    [("Chave", "nelson.galvao22@caixaweb.com.br"), ("Tipo de chave", "E-MAIL"), ("Titular", "NELSON LEMOS GALVÃO"),
     ("Documento do titular", "10246885262"), ("Agencia", "21"), ("Conta", "96839652")],
]


def _caso(tmp_path):
    documento = docx.Document()
    documento.add_paragraph("BANCO CENTRAL DO BRASIL")
    documento.add_paragraph("Diretório de Identificadores de Contas Transacionais (DICT)")
    for linhas in FORMULARIOS:
        tabela = documento.add_table(rows=0, cols=2)
        for rotulo, valor in linhas:
            celulas = tabela.add_row().cells
            celulas[0].text, celulas[1].text = rotulo, valor
        documento.add_paragraph("")
    documento.save(tmp_path / "dict.docx")
    return tmp_path


def _ref(tabela: int, linha: int, dado: str) -> dict:
    return {"arquivo": "dict.docx", "pagina": None, "linha_ou_celula": f"tabela {tabela} linha {linha}",
            "dado_citado": dado, "extrator_id": "teste"}


def _veredicto(caso, referencias) -> str:
    conclusao = {"id": 1, "tipo": "identificacao_titular", "afirmacao": "O CPF é do titular da chave.",
                 "grau_confianca": "moderado", "referencias": referencias, "validacao": None}
    return validar({"conclusoes": [conclusao], "caso_id": "t", "data_analise": DATA}, caso, DATA)["validacoes"][0]["veredicto_geral"]


def test_cpf_e_nome_da_mesma_tabela_formulario_sao_do_mesmo_registro(tmp_path):
    caso = _caso(tmp_path)
    assert _veredicto(caso, [_ref(1, 1, "+5537999154435"), _ref(1, 3, "LUCIANA SANTANA RODRIGUES SERAFIM"),
                             _ref(1, 4, "50058972838")]) == "VERIFICADO"


def test_armadilha_cpf_de_um_formulario_com_o_nome_do_outro_nao_e_verificado(tmp_path):
    caso = _caso(tmp_path)
    assert _veredicto(caso, [_ref(1, 3, "LUCIANA SANTANA RODRIGUES SERAFIM"), _ref(2, 4, "10246885262")]) != "VERIFICADO"
