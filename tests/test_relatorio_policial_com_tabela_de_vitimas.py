"""O relatório de investigação com a tabela das vítimas (vigésima primeira sessão, caso inteiro c23).

"Vítima | CPF | Data | Hora | Valor" numa tabela do DOCX: antes, o nome na coluna "Vítima" não era lido (a coluna não
era de nome), e a materialidade dizia "o registro bancário não nomeia a vítima como pagadora (o pagador ali é ANA ...)"
quando o pagador era justamente a vítima da linha. Agora a coluna "Vítima" é de nome, com o papel de vítima, e a
coluna "Investigado" dá o papel de investigado. Armadilha: a coluna "Nome" de uma tabela qualquer não
faz de ninguém vítima.
"""

from __future__ import annotations

from pathlib import Path

from docx import Document

from tests.conftest import conclusoes_do_caso, dados_da_pasta

CARTA = ("BANCO DIGITAL ÔMEGA S.A.\nOfício DJ-1123/2025\nInformamos que RAFAEL SOUZA PINTO, CPF 083.016.613-05, é "
         "titular da conta 4471239-8, agência 0001.\nSeguem as movimentações do período (horário de Brasília):\n\n"
         "14/07/2025 15:21:07 - Pix recebido - R$ 2.350,00 - ANA BEATRIZ MOREIRA - CPF 526.018.159-06\n")


def _relatorio(caminho: Path, coluna: str) -> None:
    documento = Document()
    documento.add_paragraph("POLÍCIA CIVIL DO ESTADO DE SÃO PAULO - DEIC")
    documento.add_paragraph("RELATÓRIO DE INVESTIGAÇÃO Nº 112/2025")
    documento.add_paragraph("Foram identificadas as seguintes transferências via Pix para a conta investigada:")
    tabela = documento.add_table(rows=1, cols=5)
    for celula, nome in zip(tabela.rows[0].cells, [coluna, "CPF", "Data", "Hora", "Valor"], strict=True):
        celula.text = nome
    for celula, valor in zip(tabela.add_row().cells, ["ANA BEATRIZ MOREIRA", "526.018.159-06", "14/07/2025", "15h20",
                                                     "R$ 2.350,00"], strict=True):
        celula.text = valor
    documento.save(caminho)


def test_vitima_da_linha_e_a_pagadora_no_banco(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    _relatorio(caso / "relatorio.docx", "Vítima")
    (caso / "oficio_banco.txt").write_text(CARTA, encoding="utf-8")
    [materialidade] = [c for c in conclusoes_do_caso(caso) if c["tipo"] == "materialidade"]
    assert "vítima ANA BEATRIZ MOREIRA CPF/CNPJ 52601815906" in materialidade["afirmacao"]
    assert "o pagador no registro bancário é a vítima (CPF igual)" in materialidade["afirmacao"]
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_papel_pela_coluna(tmp_path: Path) -> None:
    for coluna, papel in (("Vítima", "vitima"), ("Investigado", "investigado"), ("Lesada", "vitima")):
        pasta = tmp_path / coluna
        pasta.mkdir()
        _relatorio(pasta / "relatorio.docx", coluna)
        [nome] = [d for d in dados_da_pasta(pasta) if d["campo"] == "nome_titular"]
        assert (nome["dado"], nome["metadados"]["papel"]) == ("ANA BEATRIZ MOREIRA", papel)


def test_coluna_nome_nao_faz_vitima(tmp_path: Path) -> None:
    _relatorio(tmp_path / "relatorio.docx", "Nome")
    [nome] = [d for d in dados_da_pasta(tmp_path) if d["campo"] == "nome_titular"]
    assert nome["metadados"].get("papel") != "vitima"


def test_titulo_vitima_comunicante_do_boletim_nao_e_cabecalho_de_tabela(tmp_path: Path) -> None:
    # o título da qualificação ("VÍTIMA / COMUNICANTE") não abre uma tabela: a ficha e o histórico seguem no registro
    # do boletim, com a data do registro (a variante 32 mudou de grau quando o título virou cabeçalho)
    documento = Document()
    for texto in ["POLÍCIA CIVIL DO ESTADO DE MINAS GERAIS", "Delegacia de Estelionatos - Belo Horizonte/MG",
                  "BOLETIM DE OCORRÊNCIA Nº 7781/2025", "Data do registro: 28/07/2025 às 10:05",
                  "Natureza: Estelionato mediante fraude eletrônica", "VÍTIMA / COMUNICANTE",
                  "Nome: CLARA REGINA FONSECA", "CPF: 083.016.613-05", "Telefone: (31) 98888-1200",
                  "Nascimento: 02/03/1971", "", "HISTÓRICO",
                  "Relata a vítima que foi contatada pelo número (31) 97120-3344, de pessoa que se dizia do banco."]:
        documento.add_paragraph(texto)
    documento.save(tmp_path / "bo.docx")
    registros = {d["dado"]: d["metadados"]["registro"] for d in dados_da_pasta(tmp_path)}
    assert registros["CLARA REGINA FONSECA"] == registros["28/07/2025 às 10:05"]
