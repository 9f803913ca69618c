"""Coluna de telefone reconhecida pelos valores quando o nome não diz ("Line", "Acesso").

Antes (variantes, semente 61): o cadastro da operadora com a coluna "Line" e os números `5532965357764` não dava
telefone nenhum, e o vínculo do número do golpe perdia a operadora. Armadilhas: CPF (11 dígitos sem o 55), um
protocolo de 13 dígitos que começa com 55 numa coluna que se chama protocolo, e uma coluna mista, não viram telefone.
"""

from __future__ import annotations

from pathlib import Path

from perito.extratores.papel_pelo_conteudo import completar
from perito.extratores.registro import escolher
from perito.leitura.tabela_csv import ler_csv

_CADASTRO = """Line|Subscriber Name|CPF|Billing Address|Activation Date|Plan
5532974256830|Leandro Peixoto Lima|52998224725|Rua Padre Anchieta, 1580 - Juiz de Fora/MG|10/01/2014|CONTROLE
5532968580867|Claudio Prado Reis|11144477735|Rua Coronel Vieira, 435 - Juiz de Fora/MG|15/06/2013|POS-PAGO
5532965357764|Emerson Almeida Costa|39053344705|Alameda das Palmeiras, 498 - Juiz de Fora/MG|05/01/2015|POS-PAGO
"""


def test_coluna_line_com_numeros_do_pais_e_telefone(tmp_path: Path):
    (tmp_path / "cadastro.csv").write_text(_CADASTRO, encoding="utf-8")
    documento = ler_csv(tmp_path / "cadastro.csv", "cadastro.csv")
    dados = escolher(documento).extrair(documento).dados
    telefones = {d["metadados"]["e164"]: d["metadados"]["registro"] for d in dados if d["campo"] == "telefone"}
    cpfs = {d["metadados"]["digitos"]: d["metadados"]["registro"] for d in dados if d["campo"] == "cpf"}
    assert telefones == {"+5532974256830": "linha 2", "+5532968580867": "linha 3", "+5532965357764": "linha 4"}
    assert cpfs["39053344705"] == telefones["+5532965357764"]  # assinante e linha no mesmo registro


def test_armadilhas_cpf_protocolo_e_coluna_mista_nao_viram_telefone():
    linhas = [("52998224725", "5511987650001", "5532974256830"), ("11144477735", "5521976540002", "texto"),
              ("39053344705", "5531965430003", "outro")]
    assert completar({}, linhas, ("Documento do cliente", "Protocolo", "Obs")) == {}
    assert completar({}, linhas, ("A", "B", "C")) == {1: "telefone"}
