"""A outra parte sozinha numa célula de descrição, achada por sonda: a exportação do Banco Inter ("Data Lançamento;
Histórico;Descrição;Valor;Saldo", com "Pix recebido;JOSE PEREIRA SANTOS;2.500,00") não dava quem pagou, e a
materialidade ficava moderada ("o registro bancário não nomeia a vítima como pagadora"). Armadilhas: a compra numa
loja ("Compra no débito;Padaria Central Ltda") e a descrição que não é só um nome não viram contraparte.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests.conftest import conclusoes_do_caso, dados_da_pasta

CABECALHO = ["Data Lançamento", "Histórico", "Descrição", "Valor", "Saldo"]
LINHAS = [["15/03/2025", "Pix recebido", "JOSE PEREIRA SANTOS", "2.500,00", "2.600,00"],
          ["15/03/2025", "Pix enviado", "CARLOS ALBERTO SOUZA", "-2.400,00", "200,00"],
          ["16/03/2025", "Compra no débito", "Padaria Central Ltda", "-15,00", "185,00"],
          ["17/03/2025", "Pix recebido", "Devolução de cobrança indevida", "5,00", "190,00"]]
BO = ("BOLETIM DE OCORRÊNCIA Nº 1234/2025\nVítima: JOSE PEREIRA SANTOS, CPF 987.654.321-00\n"
      "Histórico: A vítima relata que no dia 15/03/2025 transferiu via Pix R$ 2.500,00 para a chave (11) 91234-0000.\n")


def _gravar(pasta: Path, formato: str) -> None:
    if formato == "csv":
        (pasta / "extrato.csv").write_text("Extrato Conta Corrente\nPeríodo ;01/03/2025 a 31/03/2025\n\n"
                                           + "\n".join(";".join(x) for x in [CABECALHO, *LINHAS]) + "\n",
                                           encoding="utf-8")
    else:
        livro = openpyxl.Workbook()
        for linha in [["Extrato Conta Corrente"], [], CABECALHO, *LINHAS]:
            livro.active.append(linha)
        livro.save(pasta / "extrato.xlsx")


@pytest.mark.parametrize("formato", ["csv", "xlsx"])
def test_o_nome_sozinho_na_descricao_e_a_contraparte(tmp_path: Path, formato: str) -> None:
    _gravar(tmp_path, formato)
    assert {d["dado"]: d["metadados"].get("contraparte") for d in dados_da_pasta(tmp_path)
            if d["campo"] == "valor_transacao"} == {"2.500,00": "JOSE PEREIRA SANTOS", "-2.400,00": "CARLOS ALBERTO SOUZA",
                                                    "-15,00": None, "5,00": None}


def test_materialidade_forte(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    _gravar(caso, "csv")
    (caso / "bo.txt").write_text(BO, encoding="utf-8")
    [materialidade] = [c for c in conclusoes_do_caso(caso) if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "forte"  # o pagador no extrato é a vítima do boletim
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"
