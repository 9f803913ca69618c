"""O extrato em texto de colunas fixas com o nome da contraparte na linha de continuação (vigésima primeira sessão, c37).

    14/07      PIX RECEBIDO            E341202507           2.350,00 C        2.410,00 C
               ANA BEATRIZ MOREIRA

Antes, o nome sozinho na linha de continuação não era lido (sem rótulo, um nome não se reconhece), e a materialidade
ficava moderada ("o registro bancário não nomeia a vítima"). Agora, como na linha de baixo do Banco do Brasil, o nome
sozinho embaixo de um lançamento com meio e sentido é quem pagou (recebido) ou recebeu (enviado). Armadilha: embaixo
de um lançamento sem sentido escrito (tarifa), o nome não é contraparte.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import dados_da_pasta

EXTRATO = """BANCO HORIZONTE S.A.                                          EXTRATO DE CONTA CORRENTE
Cliente: RAFAEL SOUZA PINTO                                   CPF: 083.016.613-05
Agência: 0001   Conta: 4471239-8                              Período: 01/07/2025 a 31/07/2025

DATA       HISTÓRICO                                  DOCUMENTO        VALOR (R$)        SALDO (R$)
13/07      SALDO ANTERIOR                                                                      60,00
14/07      PIX RECEBIDO                               E341202507           2.350,00 C        2.410,00 C
           ANA BEATRIZ MOREIRA
14/07      PIX ENVIADO                                E260202507           2.300,00 D          110,00 C
           LUCIANA FERREIRA DIAS
15/07      TARIFA PACOTE                              T000000001              19,90 D           90,10 C
           JOSE CARLOS LIMA
"""


def test_nome_da_linha_de_continuacao_e_a_contraparte(tmp_path: Path) -> None:
    (tmp_path / "extrato.txt").write_text(EXTRATO, encoding="utf-8")
    valores = {d["dado"]: d["metadados"] for d in dados_da_pasta(tmp_path) if d["campo"] == "valor_transacao"}
    assert (valores["2.350,00"]["direcao"], valores["2.350,00"].get("contraparte")) == ("credito", "ANA BEATRIZ MOREIRA")
    assert (valores["2.300,00"]["direcao"], valores["2.300,00"].get("contraparte")) == ("debito", "LUCIANA FERREIRA DIAS")
    assert "contraparte" not in valores["19,90"]
