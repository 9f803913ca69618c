"""O título de um CSV separado por vírgulas, partido nas vírgulas, não é o cabeçalho da tabela.

"Banco Horizonte S.A. - acessos da cliente LUANA MARTINS COSTA, CPF 792.174.218-12, agência 0042, conta 55123-4" acima
do cabeçalho de um log em CSV com vírgulas: lido como linha de células, tinha três "nomes de coluna" (CPF, agência,
conta) e passava por cabeçalho; o cabeçalho verdadeiro virava linha de dados, e o IP ficava sem a porta da coluna dele.
Uma célula com o rótulo e o seu valor não é nome de coluna.
"""

from __future__ import annotations

import pytest

from perito.extratores import colunas
from tests.conftest import dados_da_pasta

_TITULO = "Banco Horizonte S.A. - acessos da cliente LUANA MARTINS COSTA, CPF 792.174.218-12, agência 0042, conta 55123-4"
_LOG = ('"data_hora","ip_origem","porta_origem","canal","imei"\n'
        '"2025-05-20T10:02:11-03:00","189.40.77.201","61022","APP","867531029481252"\n')


def test_o_ip_leva_a_porta_com_o_titulo_acima(tmp_path):
    (tmp_path / "acessos.csv").write_text(f"{_TITULO}\n{_LOG}", encoding="utf-8")
    dados = dados_da_pasta(tmp_path)
    [ip] = [d for d in dados if d["tipo_dado"] == "ip"]
    assert ip["metadados"]["porta"] == "61022" and ip["metadados"]["fuso"] == "-03:00"
    # o título é lido como texto: a titular, o CPF e a conta dela
    do_titulo = {d["campo"]: d for d in dados if d["linha_ou_celula"] == "linha 1"}
    assert do_titulo["nome_titular"]["dado"] == "LUANA MARTINS COSTA"
    assert do_titulo["cpf"]["dado"] == "792.174.218-12"
    assert do_titulo["conta_bancaria"]["metadados"]["conta_normalizada"] == "|0042|551234"


@pytest.mark.parametrize("cabecalho", [
    ("Data/Hora (GMT-0300)", "Endereço IP", "Porta"),  # o deslocamento do fuso não é valor
    ("Data", "Histórico", "Saldo em 31/12/2024"),  # nem a data que dá nome à coluna
    ("Data", "Valor 2025", "Conta"),
])
def test_armadilha_nomes_de_coluna_com_numeros_continuam_cabecalho(cabecalho):
    assert colunas.parece_cabecalho(cabecalho)


@pytest.mark.parametrize("linha", [
    ("Cliente LUANA", " CPF 792.174.218-12", " agência 0042", " conta 55123-4"),
    ("Titular", "Telefone (11) 97766-5544", "IP 189.40.77.201"),
])
def test_celulas_com_rotulo_e_valor_nao_sao_cabecalho(linha):
    assert not colunas.parece_cabecalho(linha)
