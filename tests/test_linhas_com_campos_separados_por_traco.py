"""As movimentações escritas em campos separados por " - " na carta do banco (vigésima primeira sessão, caso c21).

"14/07/2025 15:21:07 - Pix recebido - R$ 2.350,00 - ANA BEATRIZ MOREIRA - CPF 526.018.159-06": o traço antes do valor
separa os campos, mas era lido como sinal de menos, e o Pix recebido virava débito (resposta errada: sem
materialidade, e a conta de passagem sem o crédito). O valor é um campo quando outro " - " vem logo depois dele.
Armadilhas: o traço de um valor numa coluna de extrato ("PIX ENVIADO     - R$ 2.300,00", "-R$ 2.300,00", "PIX ENVIADO -
10:42:35 - R$ 2.080,00 JUNQUEIRA ...") e o menos depois do valor continuam negativos.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import BO_DA_ANA as BO
from tests.conftest import conclusoes_dos_textos
from tests.conftest import valores_reconhecidos as _valores

CARTA = ("BANCO DIGITAL ÔMEGA S.A.\nOfício DJ-1123/2025\nInformamos que RAFAEL SOUZA PINTO, CPF 083.016.613-05, é "
         "titular da conta 4471239-8, agência 0001.\nSeguem as movimentações do período (horário de Brasília):\n\n"
         "14/07/2025 15:21:07 - Pix recebido - R$ 2.350,00 - ANA BEATRIZ MOREIRA - CPF 526.018.159-06\n"
         "14/07/2025 15:40:52 - Pix enviado - R$ 2.300,00 - LUCIANA FERREIRA DIAS - CPF 186.091.390-34\n")


def test_traco_entre_campos_nao_e_sinal() -> None:
    assert _valores("14/07/2025 15:21:07 - Pix recebido - R$ 2.350,00 - ANA BEATRIZ MOREIRA") == ["2350.00"]


def test_traco_de_valor_negativo_continua_negativo() -> None:
    assert _valores("PIX ENVIADO     - R$ 2.300,00") == ["-2300.00"]
    assert _valores("PIX ENVIADO -R$ 2.300,00") == ["-2300.00"]
    assert _valores("TED - ENVIADA - 2.300,00-") == ["-2300.00"]
    # o extrato que escreve o débito com o traço antes do valor, sem outro " - " depois dele
    assert _valores("PIX ENVIADO - 10:42:35 - R$ 2.080,00 JUNQUEIRA COMERCIO LTDA 83.499.768/0001-89") == ["-2080.00"]


def test_carta_com_as_movimentacoes_em_campos(tmp_path: Path) -> None:
    conclusoes = {c["tipo"]: c for c in conclusoes_dos_textos(tmp_path, {"bo.txt": BO, "oficio_banco.txt": CARTA})}
    materialidade = conclusoes["materialidade"]
    assert "está creditada na conta de quem recebeu" in materialidade["afirmacao"]
    assert "contraparte ANA BEATRIZ MOREIRA CPF/CNPJ 52601815906" in materialidade["afirmacao"]
    assert "saem R$ 2.300,00" in conclusoes["identificacao_laranja"]["afirmacao"]
    assert materialidade["validacao"]["veredicto_geral"] == "VERIFICADO"
