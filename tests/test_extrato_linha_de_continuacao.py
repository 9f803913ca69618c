"""Extrato do Banco do Brasil: a hora e a contraparte do Pix na linha de continuação, embaixo do lançamento
("10/06/2025 10/06/2025 Pix - Recebido 142251 2.870,00 C" / "10/06 14:22 ANA PAULA RODRIGUES"). O extrator já
levava a hora da linha de baixo ao valor; o validador não compunha a hora citada sozinha com a data da linha de cima,
e a conta de passagem ("sai 17min00s depois") saía AMBIGUO. Achado por sonda.
"""

from __future__ import annotations

from pathlib import Path

from perito.chaves.valores import decompor
from perito.validador.afirmacao import _relogio_da_linha_de_cima
from tests.conftest import conclusoes_do_caso, pdf_de_linhas

_EXTRATO = [
    "Banco do Brasil - Consultas - Extrato de conta corrente",
    "Cliente - JOAO VICTOR MENDES",
    "Agência 3071-4 Conta corrente 45123-X JOAO VICTOR MENDES",
    "Período do extrato: 06/2025",
    "Dt. balancete Dt. movimento Histórico Documento Valor R$ Saldo",
    "02/06/2025 02/06/2025 Pix - Recebido 091403 640,00 C 690,00 C",
    "02/06 09:14 FERNANDA LIMA SOUZA",
    "02/06/2025 02/06/2025 Pix - Enviado 093140 620,00 D 70,00 C",
    "02/06 09:31 CARLOS EDUARDO NUNES",
    "10/06/2025 10/06/2025 Pix - Recebido 142251 2.870,00 C 2.940,00 C",
    "10/06 14:22 ANA PAULA RODRIGUES",
    "10/06/2025 10/06/2025 Pix - Enviado 143905 2.800,00 D 140,00 C",
    "10/06 14:39 CARLOS EDUARDO NUNES",
]




def test_repasse_em_minutos_com_a_hora_na_linha_de_baixo(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    pdf_de_linhas(caso / "extrato_bb.pdf", _EXTRATO)
    (caso / "boletim.txt").write_text(
        "POLÍCIA CIVIL DO ESTADO DE SÃO PAULO\nBoletim de Ocorrência nº 4521/2025\n"
        "Vítima: ANA PAULA RODRIGUES, CPF 284.617.395-82\n"
        "Histórico: em 10/06/2025, por volta das 14h22, a vítima fez um Pix de R$ 2.870,00 para JOAO VICTOR MENDES.\n",
        encoding="utf-8")
    laranja = next(c for c in conclusoes_do_caso(caso) if c["tipo"] == "identificacao_laranja")
    assert "17min00s" in laranja["afirmacao"]
    assert laranja["validacao"]["veredicto_geral"] == "VERIFICADO"


def test_so_com_um_dia_na_linha_de_cima() -> None:
    hora = decompor("14:22")
    assert len(_relogio_da_linha_de_cima([decompor("2.870,00 | 10/06/2025"), hora], [(1, 10), (1, 11)])) == 1
    # duas datas diferentes em cima: não se sabe de qual dia é a hora; longe demais: outro lançamento
    assert _relogio_da_linha_de_cima([decompor("10/06/2025 11/06/2025"), hora], [(1, 10), (1, 11)]) == set()
    assert _relogio_da_linha_de_cima([decompor("10/06/2025"), hora], [(1, 5), (1, 11)]) == set()


def test_dias_do_nubank_com_o_total_de_entradas(tmp_path: Path) -> None:
    """"15 SET 2025   Total de entradas + 1.950,00" é o cabeçalho do dia (antes, os lançamentos iam com o dia de
    baixo); "Total de saídas - 1.900,00" no meio do dia não é lançamento nem troca o dia."""
    from perito.extratores.bancario import ExtratorBancario
    from perito.leitura.leitor import ler_documento

    caminho = tmp_path / "extrato_nubank.pdf"
    pdf_de_linhas(caminho, [
        "JOÃO VITOR SANTOS DA SILVA", "Agência 0001 Conta 88123456-2", "NU PAGAMENTOS S.A.",
        "15 SET 2025 Total de entradas + 1.950,00",
        "Transferência recebida pelo Pix MARIA DAS GRAÇAS PINTO - BANCO X (0001) 1.950,00",
        "Total de saídas - 1.900,00",
        "Transferência enviada pelo Pix ANDERSON LUIZ PEREIRA - BANCO INTER (0077) 1.900,00",
        "18 SET 2025 Total de entradas + 4.800,00",
        "Transferência recebida pelo Pix ANA LUCIA FERREIRA GOMES - BANCO X (0001) 4.800,00",
    ])
    dados = ExtratorBancario().extrair(ler_documento(caminho, caminho.name, "pdf")).dados
    assert [(d["dado"], d["metadados"].get("data")) for d in dados if d["campo"] == "valor_transacao"] == [
        ("1.950,00", "15 SET 2025"), ("1.900,00", "15 SET 2025"), ("4.800,00", "18 SET 2025")]


def test_data_so_no_primeiro_lancamento_do_dia(tmp_path: Path) -> None:
    """O CSV que escreve a data só na primeira linha do dia: a linha de baixo, com a célula de data vazia, é do mesmo
    dia (citada como apoio); a troca de dia na linha seguinte vale dali em diante."""
    from perito.extratores.bancario import ExtratorBancario
    from perito.leitura.leitor import ler_documento

    caminho = tmp_path / "extrato.csv"
    caminho.write_text(
        "Extrato de conta corrente - Agência 0001 Conta 1234567-8 - CARLOS EDUARDO MENDES\n"
        "Data;Lançamento;Documento;Valor (R$);Saldo (R$)\n"
        "09/04/2025;PIX RECEBIDO CARLOS E MENDES;000101;50,00;\n;SALDO DO DIA;;;50,00\n"
        "10/04/2025;PIX RECEBIDO ANA PAULA FERREIRA;000102;2.800,00;\n"
        ";PIX ENVIADO JOAO PEDRO ALVES;000103;-2.700,00;\n", encoding="utf-8")
    dados = ExtratorBancario().extrair(ler_documento(caminho, caminho.name, "csv")).dados
    valores = [(d["dado"], d["metadados"].get("data")) for d in dados if d["campo"] == "valor_transacao"]
    assert valores == [("50,00", "09/04/2025"), ("2.800,00", "10/04/2025"), ("-2.700,00", "10/04/2025")]


def test_valor_na_ultima_linha_do_lancamento(tmp_path: Path) -> None:
    """Nubank: a descrição em cima, "Agência ... Conta ... 4.800,00" embaixo. Antes a descrição do lançamento seguinte
    ("... enviada ...") colava no de cima e o crédito saía como débito."""
    from perito.extratores.bancario import ExtratorBancario
    from perito.leitura.leitor import ler_documento

    caminho = tmp_path / "extrato_nubank.pdf"
    pdf_de_linhas(caminho, [
        "Nu Pagamentos S.A. - Instituição de Pagamento", "JOSE CARLOS DA SILVA CPF 603.184.527-07",
        "Agência 0001 Conta 8841207-3", "10 JUN 2025 Total de entradas + 4.800,00",
        "Transferência recebida pelo Pix ANA CAROLINA MENDES - ***.719.306-** - BCO BRADESCO S.A. (0237)",
        "Agência: 3312 Conta: 45871-2 4.800,00", "Total de saídas - 4.500,00",
        "Transferência enviada pelo Pix DIEGO ALVES FERREIRA - ***.283.740-** - MERCADO PAGO IP LTDA. (0323)",
        "Agência: 1 Conta: 1099283746-1 4.500,00",
    ])
    dados = ExtratorBancario().extrair(ler_documento(caminho, caminho.name, "pdf")).dados
    valores = [(d["dado"], d["metadados"].get("direcao"), d["metadados"].get("contraparte"))
               for d in dados if d["campo"] == "valor_transacao"]
    assert valores == [("4.800,00", "credito", "ANA CAROLINA MENDES"), ("4.500,00", "debito", "DIEGO ALVES FERREIRA")]
