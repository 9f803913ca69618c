"""O extrato do Banco do Brasil em planilha e os termos de declarações em DOCX (vigésima sessão, caso inteiro: a conta
de passagem que recebe de duas vítimas e repassa a uma corretora).

Antes: nenhuma materialidade, nenhum vínculo e nenhuma conta de passagem. Três leituras faltavam:
- o histórico do BB escreve o dia e a hora entre o sentido e o nome ("Pix - Recebido 12/06 10:02 MARCOS ..."): o nome
  da outra parte não era lido, e "Pix - Recebido MARCOS ..." dava a contraparte "Recebido MARCOS ...";
- a hora do Pix escrita no histórico de uma planilha (sem coluna de hora) não compunha o instante, como já compunha
  numa linha de CSV; e o validador não juntava a hora de uma célula à data de outra da mesma linha, com dois dias
  citados (os intervalos do repasse ficavam AMBIGUO);
- a ficha do termo em tabela ("Data do fato | 12/06/2025") não dava o dia ao histórico escrito sem data.
Armadilhas: o intervalo trocado na afirmação não fica VERIFICADO; a data da coluna Data gravada à meia-noite em todas
as linhas ("2025-06-12 00:00:00") é um dia, não uma hora que afaste o crédito da hora contada; um log com uma hora
qualquer fora da meia-noite continua com as horas.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import docx
import openpyxl

from perito.analise import Parametros, analisar
from perito.extratores.reconhecedores import reconhecer
from tests.conftest import dados_da_pasta, veredicto_com_a_afirmacao_trocada

_LANCAMENTOS = [
    (dt.datetime(2025, 6, 12), "Pix - Recebido 12/06 10:02 MARCOS VINICIUS PRADO", None, 1850.00, 1865.20),
    (dt.datetime(2025, 6, 12), "Pix - Recebido 12/06 11:47 LUCIANA FERRAZ GOMES", None, 3200.00, 5065.20),
    (dt.datetime(2025, 6, 12), "Pix - Enviado 12/06 11:58 CRIPTO FACIL INTERMEDIACAO LTDA", 5000.00, None, 65.20),
    (dt.datetime(2025, 6, 15), "Pix - Recebido 15/06 09:13 ROBERTO ALVES NETO", None, 990.00, 1055.20),
    (dt.datetime(2025, 6, 15), "Pix - Enviado 15/06 09:31 CRIPTO FACIL INTERMEDIACAO LTDA", 1000.00, None, 55.20),
]


def _extrato(caminho: Path, formato_da_data: str | None = "dd/mm/yyyy") -> None:
    """Duas linhas de cabeçalho: "Valor (R$)" mesclado sobre Débito e Crédito."""
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.title = "Extrato"
    aba.append(["Banco do Brasil - Extrato de Conta Corrente - Ag 0987-1 C/C 12345-6 - JOSE CARLOS LIMA"])
    aba.append([])
    aba.append(["Data", "Histórico", "Valor (R$)", None, "Saldo (R$)"])
    aba.append([None, None, "Débito", "Crédito", None])
    aba.merge_cells("C3:D3")
    for linha in _LANCAMENTOS:
        aba.append(list(linha))
    for linha in aba.iter_rows(min_row=5):
        if formato_da_data:
            linha[0].number_format = formato_da_data
        for celula in linha[2:5]:
            celula.number_format = "#,##0.00"
    livro.save(caminho)


def _termo(caminho: Path, nome: str, valor: str, hora: str) -> None:
    documento = docx.Document()
    documento.add_heading("TERMO DE DECLARAÇÕES", 1)
    documento.add_paragraph("Delegacia de Repressão aos Crimes de Informática - DRCI")
    tabela = documento.add_table(rows=2, cols=2)
    tabela.cell(0, 0).text, tabela.cell(0, 1).text = "Declarante", nome
    tabela.cell(1, 0).text, tabela.cell(1, 1).text = "Data do fato", "12/06/2025"
    documento.add_paragraph(f"Declara que foi contatado por um suposto comprador. Às {hora} transferiu R$ {valor} via Pix "
                            "para a chave (21) 97001-2233, em nome de JOSE CARLOS LIMA.")
    documento.save(caminho)


def _caso(tmp_path: Path, formato_da_data: str | None = "dd/mm/yyyy") -> tuple[Path, dict]:
    tmp_path.mkdir(exist_ok=True)
    caso = tmp_path / "caso"
    caso.mkdir()
    _extrato(caso / "bb_extrato.xlsx", formato_da_data)
    _termo(caso / "termo_marcos.docx", "MARCOS VINICIUS PRADO", "1.850,00", "10h02")
    _termo(caso / "termo_luciana.docx", "LUCIANA FERRAZ GOMES", "3.200,00", "11h47")
    analisar(Parametros(caso, tmp_path / "saida", data_analise="2025-07-01"))
    return caso, json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))


def test_o_historico_do_bb_com_dia_e_hora_antes_do_nome() -> None:
    for texto, nome, papel in [
        ("Pix - Recebido 12/06 10:02 MARCOS VINICIUS PRADO", "MARCOS VINICIUS PRADO", "remetente"),
        ("Pix - Recebido 15/03 14:25 00012345678901 ANA LIMA SOUZA", "ANA LIMA SOUZA", "remetente"),
        ("Pix - Recebido MARCOS VINICIUS PRADO", "MARCOS VINICIUS PRADO", "remetente"),
        ("Pix - Enviado 12/06 11:58 CRIPTO FACIL INTERMEDIACAO LTDA", "CRIPTO FACIL INTERMEDIACAO LTDA", "destinatario"),
        ("PIX - MARIA SOUZA LIMA", "MARIA SOUZA LIMA", "contraparte"),
    ]:
        assert [(a.dado, a.metadados["papel"]) for a in reconhecer(texto) if a.campo == "nome_titular"] == [(nome, papel)]


def test_conta_de_passagem_com_as_horas_do_historico(tmp_path: Path) -> None:
    caso, conclusoes = _caso(tmp_path)
    por_tipo: dict[str, list[dict]] = {}
    for c in conclusoes["conclusoes"]:
        por_tipo.setdefault(c["tipo"], []).append(c)
    assert len(por_tipo["materialidade"]) == 2
    assert all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in por_tipo["materialidade"])
    [laranja] = por_tipo["identificacao_laranja"]
    # as duas vítimas e a transferência de quase tudo: um repasse só, do grupo (antes, a mesma saída contava como
    # repasse de cada crédito: "156% do que entrou" e "270% do que entrou")
    assert "entram 1.850,00 em 12/06/2025 10:02 e 3.200,00 em 12/06/2025 11:47 e saem 5.000,00, 99% do que entrou, " \
           "até 12/06/2025 11:58, 1h56min00s depois do primeiro crédito" in laranja["afirmacao"]
    assert laranja["validacao"]["veredicto_geral"] == "VERIFICADO"
    assert veredicto_com_a_afirmacao_trocada(caso, conclusoes, "identificacao_laranja", "1h56min00s", "1h59min00s",
                                             "2025-07-01") != "VERIFICADO"
    assert veredicto_com_a_afirmacao_trocada(caso, conclusoes, "identificacao_laranja", "99% do que", "98% do que",
                                             "2025-07-01") != "VERIFICADO"


def test_a_data_gravada_a_meia_noite_e_um_dia(tmp_path: Path) -> None:
    (tmp_path / "c").mkdir()
    _extrato(tmp_path / "c" / "bb.xlsx", formato_da_data=None)  # a célula mostra "2025-06-12 00:00:00"
    datas = [d for d in dados_da_pasta(tmp_path / "c") if d["campo"] == "data_evento"]
    assert datas and all(d["dado"].endswith("00:00:00") for d in datas)
    assert all("hora" not in d["metadados"] and "instante_utc" not in d["metadados"] for d in datas)
    # a hora do histórico não vale sem a data do lançamento (a meia-noite saiu): a materialidade, pelo dia
    _, conclusoes = _caso(tmp_path / "d", formato_da_data=None)
    assert len([c for c in conclusoes["conclusoes"] if c["tipo"] == "materialidade"]) == 2


def test_um_log_com_outra_hora_continua_com_as_horas(tmp_path: Path) -> None:
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "log.csv").write_text(
        "Data;IP;Porta\n2025-06-12 00:00:00;189.120.44.17;50123\n2025-06-12 14:21:40;189.120.44.17;50123\n",
        encoding="utf-8")
    datas = [d for d in dados_da_pasta(tmp_path / "c") if d["campo"] == "data_evento"]
    assert [d["metadados"].get("hora") for d in datas] == ["00:00:00", "14:21:40"]
