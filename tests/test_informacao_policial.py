"""A "Informação Policial" (o documento de análise da polícia), achada por uma sonda da 24ª sessão: um DOCX com
"INFORMAÇÃO POLICIAL Nº 77/2025 - DEIC" e a tabela dos Pix das vítimas para a conta investigada. A família era
`desconhecida` (o vocabulário de banco da tabela empatava com o da polícia) e o documento não contava como relato: o
caso com o extrato da conta não tinha conclusão nenhuma. Agora o título diz que é da polícia, como o boletim e o
relatório de investigação; também o relatório de missão ou de diligência e a representação do delegado por medidas."""

from __future__ import annotations

from pathlib import Path

import docx
import pytest

from perito.extratores.familias import classificar
from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento
from tests.conftest import conclusoes_do_caso


def _informacao(caminho: Path, titulo: str) -> None:
    documento = docx.Document()
    documento.add_heading(titulo, 1)
    documento.add_paragraph("Trata-se de análise dos registros bancários do Inquérito Policial nº 1234/2025.")
    documento.add_paragraph("As vítimas identificadas realizaram as seguintes transferências via Pix para a conta de "
                            "RAFAEL SOUZA PINTO (Banco Inter, agência 0001, conta 7712345-0):")
    tabela = documento.add_table(rows=1, cols=4)
    for celula, texto in zip(tabela.rows[0].cells, ["Data/hora", "Valor", "Vítima (pagador)", "CPF"], strict=True):
        celula.text = texto
    for linha in [("14/07/2025 15:21", "R$ 2.350,00", "ANA BEATRIZ MOREIRA", "318.274.519-04"),
                  ("14/07/2025 15:33", "R$ 1.200,00", "CARLOS EDUARDO NUNES", "456.123.789-55")]:
        for celula, texto in zip(tabela.add_row().cells, linha, strict=True):
            celula.text = texto
    documento.save(caminho)


def _familia(caminho: Path) -> str:
    arquivo = next(a for a in listar(caminho.parent) if a.nome == caminho.name)
    return classificar(ler_documento(arquivo.caminho, arquivo.nome, arquivo.tipo)).familia


@pytest.mark.parametrize("titulo", ["INFORMAÇÃO POLICIAL Nº 77/2025 - DEIC", "RELATÓRIO DE MISSÃO Nº 12/2025",
                                    "REPRESENTAÇÃO POR QUEBRA DE SIGILO BANCÁRIO"])
def test_o_titulo_diz_que_e_da_policia(tmp_path: Path, titulo: str) -> None:
    _informacao(tmp_path / "doc.docx", titulo)
    assert _familia(tmp_path / "doc.docx") == "relato"


def test_armadilha_a_carta_do_banco_que_responde_a_representacao(tmp_path: Path) -> None:
    (tmp_path / "carta.txt").write_text(
        "BANCO INTER S.A.\nEm atenção à Representação por quebra de sigilo bancário nº 55/2025, informamos os "
        "lançamentos da conta corrente 7712345-0, agência 0001:\n14/07/2025 15:21:07 PIX RECEBIDO ANA BEATRIZ MOREIRA "
        "R$ 2.350,00\n14/07/2025 15:41:02 PIX ENVIADO LUCIANA FERREIRA DIAS R$ 3.500,00\n", encoding="utf-8")
    assert _familia(tmp_path / "carta.txt") != "relato"


def test_a_conta_de_passagem_com_a_informacao_policial(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    _informacao(caso / "informacao_policial.docx", "INFORMAÇÃO POLICIAL Nº 77/2025 - DEIC")
    (caso / "extrato.csv").write_text(
        "Extrato Conta Corrente\nConta ;7712345-0\nAgência ;0001\nTitular ;RAFAEL SOUZA PINTO\n\n"
        "Data/Hora;Histórico;Descrição;Valor;Saldo\n"
        '14/07/2025 15:21:07;Pix recebido;"Cp :00000000-ANA BEATRIZ MOREIRA";2.350,00;2.410,55\n'
        '14/07/2025 15:33:40;Pix recebido;"Cp :00000000-CARLOS EDUARDO NUNES";1.200,00;3.610,55\n'
        '14/07/2025 15:41:02;Pix enviado;"Cp :00000000-LUCIANA FERREIRA DIAS";-3.500,00;110,55\n', encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso)
    assert len([c for c in conclusoes if c["tipo"] == "materialidade"]) == 2
    (laranja,) = [c for c in conclusoes if c["tipo"] == "identificacao_laranja"]
    assert laranja["grau_confianca"] == "forte"
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}
