"""A carta do banco com a lista dos valores recebidos e das transferências feitas (vigésima primeira sessão, caso c26).

"Valores recebidos de terceiros no período: ANA BEATRIZ MOREIRA (CPF 526.018.159-06) - R$ 2.350,00 em 14/07/2025, às" /
"15:21:07; JORGE ... (CPF ...) - R$ 1.450,00 em ...", "O cliente realizou as seguintes transferências: em ..., R$
2.300,00 a LUCIANA ..." / "(CPF ...); ...". Antes: o traço entre o nome e o valor virava sinal de menos (os créditos eram
débitos: resposta errada), "NOME (CPF ...)" não era nome (nem o nome no fim da linha com o CPF na de baixo), "realizou as seguintes transferências" não dava sentido; e,
com a hora do primeiro crédito na linha do segundo, a citação juntava as duas horas num local só e o validador
contradizia a conta de passagem. Agora a frase que diz crédito vence o traço solto, a outra parte é o nome da oração
do valor (depois dele, senão antes), e duas horas diferentes no mesmo local são duas citações. Armadilhas: o nome de
outra oração não é a contraparte; as citações do mesmo local com a mesma hora continuam uma só.
"""

from __future__ import annotations

from pathlib import Path

from perito.principal.referencias import juntar
from tests.conftest import BO_DA_ANA as BO
from tests.conftest import conclusoes_dos_textos, dados_da_pasta

CARTA = """BANCO DIGITAL ÔMEGA S.A.
Ofício DJ-1123/2025

Informamos que a conta 4471239-8, agência 0001, é de titularidade de RAFAEL SOUZA PINTO, CPF 083.016.613-05.
Valores recebidos de terceiros no período: ANA BEATRIZ MOREIRA (CPF 526.018.159-06) - R$ 2.350,00 em 14/07/2025, às
15:21:07; JORGE LUIS PACHECO (CPF 993.518.190-19) - R$ 1.450,00 em 14/07/2025, às 16:02:11.
O cliente realizou as seguintes transferências: em 14/07/2025, às 15:40:52, R$ 2.300,00 a LUCIANA FERREIRA DIAS
(CPF 186.091.390-34); em 14/07/2025, às 16:20:57, R$ 1.400,00 a WELLINGTON DA SILVA BRAGA (CPF 628.194.821-12).
"""


def test_creditos_e_saidas_da_lista(tmp_path: Path) -> None:
    (tmp_path / "oficio_banco.txt").write_text(CARTA, encoding="utf-8")
    valores = {d["metadados"]["valor"]: d["metadados"] for d in dados_da_pasta(tmp_path) if d["campo"] == "valor_transacao"}
    assert {v: (m["direcao"], m["contraparte"]) for v, m in valores.items()} == {
        "2350.00": ("credito", "ANA BEATRIZ MOREIRA"), "1450.00": ("credito", "JORGE LUIS PACHECO"),
        "2300.00": ("debito", "LUCIANA FERREIRA DIAS"), "1400.00": ("debito", "WELLINGTON DA SILVA BRAGA")}


def test_materialidade_e_conta_de_passagem_verificadas(tmp_path: Path) -> None:
    conclusoes = {c["tipo"]: c for c in conclusoes_dos_textos(tmp_path, {"bo.txt": BO, "oficio_banco.txt": CARTA})}
    materialidade, laranja = conclusoes["materialidade"], conclusoes["identificacao_laranja"]
    assert "linha 5: R$ 2.350,00 em 14/07/2025 15:21:07, contraparte ANA BEATRIZ MOREIRA CPF/CNPJ 52601815906" in (
        materialidade["afirmacao"])
    assert materialidade["grau_confianca"] == "forte"
    for conclusao in (materialidade, laranja):
        assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO", conclusao["validacao"]
    na_linha_6 = [r["dado_citado"] for r in laranja["referencias"]
                  if r["arquivo"] == "oficio_banco.txt" and r["linha_ou_celula"] == "linha 6"]
    assert len(na_linha_6) == 2 and any("15:21:07" in c and "16:02:11" not in c for c in na_linha_6)


def test_citacoes_do_mesmo_local_so_se_separam_com_outra_hora() -> None:
    base = {"arquivo": "a.txt", "pagina": None, "linha_ou_celula": "linha 6", "extrator_id": "x"}
    juntas = juntar([{**base, "dado_citado": "R$ 1.450,00 | 16:02:11"}, {**base, "dado_citado": "JORGE LUIS PACHECO"}])
    assert len(juntas) == 1 and "JORGE LUIS PACHECO" in juntas[0]["dado_citado"]
    # o fuso declarado no mesmo local ("+00:00", "UTC-03:00") não é outra hora
    assert len(juntar([{**base, "dado_citado": "01/06/2025 12:08:47"}, {**base, "dado_citado": "UTC-03:00"}])) == 1
    assert len(juntar([{**base, "dado_citado": "01-May-2023 17:12:48"}, {**base, "dado_citado": "+00:00"}])) == 1
    separadas = juntar([{**base, "dado_citado": "R$ 1.450,00 | 16:02:11"}, {**base, "dado_citado": "15:21:07"}])
    assert [r["dado_citado"] for r in separadas] == ["R$ 1.450,00 | 16:02:11", "15:21:07"]
