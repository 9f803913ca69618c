"""As saídas depois do crédito pelo relógio do próprio extrato, quando ele não declara o fuso.

Achado por uma sonda (o comprovante Pix escaneado da vítima e o extrato CSV da conta que recebeu, sem "horário de
Brasília" escrito): o vínculo financeiro entre os dois dizia o débito e o crédito, mas não "Em seguida saem da conta
recebedora", porque as saídas só eram procuradas por instantes UTC. Entre lançamentos do mesmo extrato o relógio do
documento basta (o mesmo que a conta de passagem já usava): a saída de R$ 2.300,00 17min33s depois é listada.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos

_COMPROVANTE = """Comprovante de transferência
Pix enviado
Valor: R$ 2.350,00
Data e hora: 14/07/2025 - 15:21:07

Destino
Nome: RAFAEL SOUZA PINTO
CPF: ***.271.946-**
Instituição: BANCO INTER S.A.

Origem
Nome: ANA BEATRIZ MOREIRA
CPF: ***.274.519-**
Instituição: BCO BRADESCO S.A.
"""
_EXTRATO = """Extrato Conta Corrente
Conta ;7712345-0
Agência ;0001
Titular ;RAFAEL SOUZA PINTO
CPF ;083.271.946-31

Data/Hora;Histórico;Descrição;Valor;Saldo
14/07/2025 15:21:07;Pix recebido;"Cp :60746948-ANA BEATRIZ MOREIRA";2.350,00;2.410,55
14/07/2025 15:38:40;Pix enviado;"Cp :00360305-LUCIANA FERREIRA DIAS";-2.300,00;110,55
14/07/2025 18:02:00;Pix enviado;"Cp :00360305-MARCOS PAULO REIS";-50,00;60,55
"""


def test_a_saida_pelo_relogio_do_extrato(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"comprovante.txt": _COMPROVANTE, "extrato.csv": _EXTRATO})
    (vinculo,) = [c for c in conclusoes if c["tipo"] == "vinculo_financeiro"]
    afirmacao = vinculo["afirmacao"]
    assert ("Em seguida saem da conta recebedora: extrato.csv, linha 9: -2.300,00 em 14/07/2025 15:38:40, LUCIANA "
            "FERREIRA DIAS, 17min33s depois do crédito.") in afirmacao
    assert "MARCOS" not in afirmacao  # 2h40min depois: fora da janela de repasse
    assert vinculo["validacao"]["veredicto_geral"] == "VERIFICADO"
