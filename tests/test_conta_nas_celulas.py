"""A conta do extrato escrita no preâmbulo em células vizinhas: "Agência: 0001 | Conta: 7788990-1".

Um extrato em planilha ou CSV põe a agência e a conta acima da tabela, cada rótulo com o seu número na sua célula (ou
o rótulo numa e o número na outra). Sem a conta, o extrato não se liga à conta que o DICT dá à chave, e o plano pede o
extrato que já está no caso.
"""

from __future__ import annotations

import datetime as dt
import json

import pytest
from openpyxl import Workbook

from tests.conftest import DATA, conclusoes_do_caso, dados_da_pasta, status_com_a_citacao_trocada

_LINHAS_DO_PREAMBULO = {
    "rotulo_e_numero_na_celula": ["Agência: 0001", "Conta: 7788990-1"],
    "rotulo_e_numero_separados": ["Agência", "0001", "Conta", "7788990-1"],
    "rotulo_com_dois_pontos_separado": ["Agência:", "0001", "Conta corrente:", "7788990-1"],
}


def _extrato_xlsx(caminho, preambulo: list[str]) -> None:
    livro = Workbook()
    aba = livro.active
    aba.title = "Extrato"
    aba.append(["Extrato de conta corrente - RAFAELA SOUZA LIMA - CPF 157.368.193-84"])
    aba.append(preambulo)
    aba.append([])
    aba.append(["Data", "Lançamento", "Crédito (R$)", "Débito (R$)", "Saldo (R$)"])
    aba.append([dt.date(2025, 4, 10), "PIX RECEBIDO - ANA CLARA MENDES", 3200.00, None, 3285.40])
    aba.append([dt.date(2025, 4, 10), "PIX ENVIADO - MARCOS VINICIUS ALVES", None, 3100.00, 185.40])
    for linha in aba.iter_rows(min_row=5):
        linha[0].number_format = "dd/mm/yyyy"
    livro.save(caminho)


def _contas(pasta) -> list[dict]:
    return [d for d in dados_da_pasta(pasta) if d["campo"] == "conta_bancaria"]


@pytest.mark.parametrize("forma", sorted(_LINHAS_DO_PREAMBULO))
def test_conta_em_celulas_da_planilha(tmp_path, forma):
    _extrato_xlsx(tmp_path / "extrato.xlsx", _LINHAS_DO_PREAMBULO[forma])
    [conta] = _contas(tmp_path)
    assert conta["metadados"]["conta_normalizada"] == "|0001|77889901"
    # o dado na célula do número da conta; a agência citada como apoio na célula dela
    assert conta["dado"] == "7788990-1"
    assert conta["linha_ou_celula"] == ("celula B2" if len(_LINHAS_DO_PREAMBULO[forma]) == 2 else "celula D2")
    [agencia] = conta["metadados"]["apoio"]
    assert agencia["dado"] == "0001" and agencia["linha_ou_celula"] in ("celula A2", "celula B2")


@pytest.mark.parametrize("linha", ["Agência;0001;Conta;7788990-1", "Agência: 0001;Conta: 7788990-1"])
def test_conta_em_celulas_do_csv(tmp_path, linha):
    (tmp_path / "extrato.csv").write_text(
        f"Extrato de conta corrente\n{linha}\n\nData;Histórico;Valor\n10/04/2025;PIX RECEBIDO ANA CLARA MENDES;3.200,00\n",
        encoding="utf-8")
    [conta] = _contas(tmp_path)
    assert conta["metadados"]["conta_normalizada"] == "|0001|77889901"
    assert conta["dado"] == linha and conta["linha_ou_celula"] == "linha 2"


def test_rotulos_sem_numero_nao_sao_conta(tmp_path):
    # armadilha: o cabeçalho "Agência | Conta" sem números, e a agência sozinha com um número de outra coisa ao lado
    _extrato_xlsx(tmp_path / "extrato.xlsx", ["Agência", "Conta", "Protocolo: 7788990-1"])
    assert _contas(tmp_path) == []
    _extrato_xlsx(tmp_path / "extrato.xlsx", ["Agência: 0001", "Telefone: 7788-9901"])
    assert _contas(tmp_path) == []


def test_o_extrato_liga_se_a_conta_da_chave(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    _extrato_xlsx(caso / "extrato.xlsx", _LINHAS_DO_PREAMBULO["rotulo_e_numero_separados"])
    (caso / "dict.json").write_text(json.dumps({
        "consulta": {"chave": "+5521998765432", "tipoChave": "PHONE"},
        "vinculo": {"titular": {"nome": "RAFAELA SOUZA LIMA", "cpfCnpj": "15736819384"},
                    "conta": {"ispb": "18236120", "agencia": "0001", "numero": "77889901"}},
    }, indent=2), encoding="utf-8")
    (caso / "ocorrencia.txt").write_text(
        "POLÍCIA CIVIL - REGISTRO DE OCORRÊNCIA\nComunicante: ANA CLARA MENDES, CPF 945.807.302-24.\n"
        "Relata que em 10/04/2025 fez um Pix de R$ 3.200,00 para a chave (21) 99876-5432.\n", encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso, DATA)
    [vinculo] = [c for c in conclusoes if c["tipo"] == "vinculo_financeiro"]
    assert vinculo["validacao"]["veredicto_geral"] == "VERIFICADO"
    [citada] = [r for r in vinculo["referencias"] if r["arquivo"] == "extrato.xlsx" and r["dado_citado"] == "7788990-1"]
    assert citada["linha_ou_celula"] == "celula D2"
    # armadilha: outro número de conta citado na mesma célula
    todas = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))
    assert status_com_a_citacao_trocada(caso, todas, vinculo, "extrato.xlsx", "7788990-1", "7788991-1") == ["CONTRADITO"]
    plano = json.loads((tmp_path / "saida" / "plano_diligencias.json").read_text(encoding="utf-8"))
    assert not any("77889901" in json.dumps(p, ensure_ascii=False) and "extrato" in json.dumps(p, ensure_ascii=False).lower()
                   for p in plano.get("passos", plano) if isinstance(p, dict))
