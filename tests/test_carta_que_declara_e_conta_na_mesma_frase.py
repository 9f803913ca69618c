"""A carta do banco que declara o titular e conta o Pix na mesma frase (vigésima primeira sessão, caso inteiro c22).

"Informamos que, no dia 14/07/2025, às 15:21:07, a conta 4471239-8 (agência 0001), de titularidade de RAFAEL SOUZA" /
"PINTO, CPF 083.016.613-05, recebeu um Pix de R$ 2.350,00 enviado por ANA BEATRIZ MOREIRA (CPF 526.018.159-06)." /
"Às 15:40:52 do mesmo dia, foram transferidos R$ 2.300,00 para a conta de LUCIANA ...". Antes: "enviado por" fazia do
crédito um débito (resposta errada), o nome do titular cortado pela linha ficava "RAFAEL SOUZA", a frase com o
lançamento não declarava o titular, e a saída "do mesmo dia", sem data nem sentido, não contava: só a convergência
de nomes. Armadilha: a frase sem "mesmo dia" e sem data não ganha a data de cima.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import BO_DA_ANA as BO
from tests.conftest import conclusoes_dos_textos, dados_da_pasta

CARTA = """BANCO DIGITAL ÔMEGA S.A. - DEPARTAMENTO JURÍDICO
Ref.: Ofício 4471/2025 - 1º DP

Informamos que, no dia 14/07/2025, às 15:21:07, a conta 4471239-8 (agência 0001), de titularidade de RAFAEL SOUZA
PINTO, CPF 083.016.613-05, recebeu um Pix de R$ 2.350,00 enviado por ANA BEATRIZ MOREIRA (CPF 526.018.159-06).
{saida}, foram transferidos R$ 2.300,00 para a conta de LUCIANA FERREIRA DIAS (CPF 186.091.390-34),
mantida no Banco Alfa.
"""


def test_titular_credito_e_saida_do_mesmo_dia(tmp_path: Path) -> None:
    carta = CARTA.format(saida="Às 15:40:52 do mesmo dia")
    conclusoes = {c["tipo"]: c for c in conclusoes_dos_textos(tmp_path, {"bo.txt": BO, "resposta_banco.txt": carta})}
    materialidade, laranja = conclusoes["materialidade"], conclusoes["identificacao_laranja"]
    assert "o pagador no registro bancário é a vítima (CPF igual)" in materialidade["afirmacao"]
    assert laranja["afirmacao"].startswith("A conta de RAFAEL SOUZA PINTO CPF/CNPJ 08301661305 (resposta_banco.txt)")
    assert "saem R$ 2.300,00, 97% do que entrou, até 14/07/2025 15:40:52, 19min45s depois" in laranja["afirmacao"]
    for conclusao in (materialidade, laranja):
        assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO", conclusao["validacao"]


def test_sem_o_mesmo_dia_a_saida_nao_ganha_a_data_de_cima(tmp_path: Path) -> None:
    (tmp_path / "resposta_banco.txt").write_text(CARTA.format(saida="Em seguida"), encoding="utf-8")
    [saida] = [d for d in dados_da_pasta(tmp_path) if d["campo"] == "valor_transacao" and d["dado"] == "R$ 2.300,00"]
    assert saida["metadados"]["direcao"] == "debito" and "data" not in saida["metadados"]
    [credito] = [d for d in dados_da_pasta(tmp_path) if d["campo"] == "valor_transacao" and d["dado"] == "R$ 2.350,00"]
    assert credito["metadados"]["direcao"] == "credito"
