"""O extrato com as colunas "Entrada" e "Saída" lado a lado que escreve 0,00 no lado que não se moveu (o CSV do C6:
"2350.00,0.00"; a planilha com o número 0). Achado por sonda: cada linha dava também um lançamento de zero reais, do
outro lado, e a cadeia do relato dizia "em seguida saem da conta ... R$ 0,00, 0% dos 2350.00 recebidos" (AMBIGUO).
O zero de um lado é a célula vazia; o valor de zero numa coluna de valor sem lado continua lido.
"""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook

from perito.extratores.lotes import extrair_documento
from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento

_CABECALHO = "Data Lançamento,Data Contábil,Título,Descrição,Entrada(R$),Saída(R$),Saldo do Dia(R$)\n"
_LINHAS = [
    ("14/07/2025", "Pix recebido de HELENA MARQUES COSTA", "PIX RECEBIDO OUTRA IF", "2350.00", "0.00", "3100.00"),
    ("14/07/2025", "Pix enviado para JOAO VITOR ALMEIDA", "PIX ENVIADO OUTRA IF", "0.00", "2300.00", "800.00"),
]


def _valores(pasta: Path) -> list[tuple[str, str | None]]:
    (arquivo,) = [a for a in listar(pasta) if a.tipo]
    dados = extrair_documento(ler_documento(arquivo.caminho, arquivo.nome, arquivo.tipo)).todos()
    return [(d["metadados"]["valor"], d["metadados"].get("direcao")) for d in dados if d["campo"] == "valor_transacao"]


def test_zero_do_outro_lado_no_csv_nao_e_lancamento(tmp_path: Path) -> None:
    linhas = "".join(f"{d},{d},{t},{h},{e},{s},{saldo}\n" for d, t, h, e, s, saldo in _LINHAS)
    (tmp_path / "C6_extrato.csv").write_text(
        "Titular: RAFAEL DUARTE LIMA - CPF 529.982.247-25\n" + _CABECALHO + linhas, encoding="utf-8")
    assert _valores(tmp_path) == [("2350.00", "credito"), ("-2300.00", "debito")]


def test_zero_do_outro_lado_na_planilha_nao_e_lancamento(tmp_path: Path) -> None:
    livro = Workbook()
    aba = livro.active
    aba.append(["Data", "Histórico", "Entrada (R$)", "Saída (R$)", "Saldo (R$)"])
    aba.append(["14/07/2025", "Pix recebido de HELENA MARQUES COSTA", 2350.0, 0, 3100.0])
    aba.append(["14/07/2025", "Pix enviado para JOAO VITOR ALMEIDA", 0, 2300.0, 800.0])
    livro.save(tmp_path / "extrato.xlsx")
    assert _valores(tmp_path) == [("2350.00", "credito"), ("-2300.00", "debito")]


def test_zero_numa_coluna_de_valor_sem_lado_continua_lido(tmp_path: Path) -> None:
    # a armadilha: sem as duas colunas de lado, o zero não é "a célula do outro lado"
    (tmp_path / "extrato.csv").write_text(
        "Data;Histórico;Valor;Saldo\n14/07/2025;Pix recebido de HELENA MARQUES COSTA;2.350,00;3.100,00\n"
        "14/07/2025;Tarifa estornada;0,00;3.100,00\n", encoding="utf-8")
    assert [v for v, _ in _valores(tmp_path)] == ["2350.00", "0.00"]
