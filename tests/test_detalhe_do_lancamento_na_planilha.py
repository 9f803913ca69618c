"""O extrato do Banco do Brasil exportado em planilha, com o nome de quem pagou na linha de baixo do lançamento.

Achado por sonda (27ª sessão): embaixo de "12/09/2025 | Pix - Recebido | 120933 | 3.400,00 C", a linha
" | 12/09 10:14 MARCOS ANTONIO FREIRE | | |" (só a coluna de histórico) não dava nada: o nome sem rótulo e o dia sem
ano não são reconhecidos numa célula, e a materialidade ficava moderada ("o registro bancário não nomeia a vítima").
A regra é a do extrato em texto (`contraparte_na_linha_de_baixo`): o meio e o sentido sem nome em cima, e embaixo
só o dia, a hora e o nome.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests.conftest import conclusoes_do_caso, dados_da_pasta

_BO = """BOLETIM DE OCORRÊNCIA 7731/2025
Vítima: MARCOS ANTONIO FREIRE, CPF 240.118.573-94
A vítima relata que em 12/09/2025, por volta das 10h10, pagou R$ 3.400,00 via Pix pela compra de um celular.
"""


def _planilha(caminho: Path, lancamentos: list[tuple[str, ...]]) -> None:
    livro = openpyxl.Workbook()
    aba = livro.active
    aba.title = "Extrato"
    aba.append(["BANCO DO BRASIL S.A. - Extrato de Conta Corrente"])
    aba.append(["Cliente: PAULO ROBERTO SIQUEIRA", "", "CPF: 351.220.918-11"])
    aba.append(["Agência: 3344-1", "Conta: 21.887-X"])
    aba.append([])
    aba.append(["Data", "Lançamento", "Documento", "Valor R$", "Saldo R$"])
    for linha in lancamentos:
        aba.append(list(linha))
    livro.save(caminho)


_COM_DETALHE = [
    ("12/09/2025", "Pix - Recebido", "120933", "3.400,00 C", "3.512,10 C"),
    ("", "12/09 10:14 MARCOS ANTONIO FREIRE", "", "", ""),
    ("12/09/2025", "Pix - Enviado", "120934", "3.350,00 D", "162,10 C"),
    ("", "12/09 10:31 TATIANE ROCHA GOMES", "", "", ""),
]


def _caso(tmp_path: Path, lancamentos: list[tuple[str, ...]]) -> Path:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "bo.txt").write_text(_BO, encoding="utf-8")
    _planilha(caso / "extrato_bb.xlsx", lancamentos)
    return caso


def test_o_nome_da_linha_de_baixo_e_a_contraparte(tmp_path: Path) -> None:
    dados = dados_da_pasta(_caso(tmp_path, _COM_DETALHE))
    valores = {d["dado"]: d["metadados"] for d in dados if d["campo"] == "valor_transacao"}
    assert valores["3.400,00"]["contraparte"] == "MARCOS ANTONIO FREIRE"
    assert valores["3.350,00"]["contraparte"] == "TATIANE ROCHA GOMES"
    (marcos,) = [d for d in dados if d["dado"] == "MARCOS ANTONIO FREIRE" and d["arquivo_fonte"] == "extrato_bb.xlsx"]
    assert (marcos["linha_ou_celula"], marcos["metadados"]["papel"]) == ("celula B7", "remetente")
    assert marcos["metadados"]["registro"] == "Extrato!6"


def test_a_materialidade_fica_forte_e_verificada(tmp_path: Path) -> None:
    (materialidade,) = [c for c in conclusoes_do_caso(_caso(tmp_path, _COM_DETALHE)) if c["tipo"] == "materialidade"]
    assert materialidade["grau_confianca"] == "forte"
    assert "o pagador no registro bancário é a vítima" in materialidade["afirmacao"]
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"


@pytest.mark.parametrize("de_cima, de_baixo", [
    # em cima, um lançamento sem meio nem sentido: a linha de baixo não é o detalhe dele
    (("12/09/2025", "Tarifa pacote", "120933", "3.400,00 D", "3.512,10 C"), ("", "12/09 10:14 MARCOS ANTONIO FREIRE", "", "", "")),
    # embaixo, outra célula preenchida (um valor): é outro lançamento
    (("12/09/2025", "Pix - Recebido", "120933", "3.400,00 C", "3.512,10 C"), ("", "12/09 10:14 MARCOS ANTONIO FREIRE", "", "10,00 D", "")),
    # embaixo, mais que o dia, a hora e o nome
    (("12/09/2025", "Pix - Recebido", "120933", "3.400,00 C", "3.512,10 C"), ("", "Ref. pedido 4471 MARCOS ANTONIO FREIRE", "", "", "")),
])
def test_armadilhas_sem_detalhe(tmp_path: Path, de_cima: tuple[str, ...], de_baixo: tuple[str, ...]) -> None:
    dados = dados_da_pasta(_caso(tmp_path, [de_cima, de_baixo]))
    (valor,) = [d for d in dados if d["dado"] == "3.400,00"]
    assert "contraparte" not in valor["metadados"]
