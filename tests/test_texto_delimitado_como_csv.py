"""A exportação do internet banking salva como .txt com campos entre aspas separados por ";" (a Caixa): lida como
texto, cada linha era prosa e nenhum valor saía. O conteúdo decide: o texto em que quase toda linha tem o mesmo
número (3 ou mais) de campos separados por ";" ou "|" é lido como CSV, com um alerta que diz por quê.

Armadilhas: a prosa com ponto e vírgula, o log de largura fixa e o TXT separado por TAB (que já tem a sua leitura)
continuam texto.
"""

from __future__ import annotations

from pathlib import PurePath

import pytest

from perito.leitura.inventario import detectar_tipo, listar

_EXPORTACAO = ('"Conta";"Data_Mov";"Nr_Doc";"Historico";"Valor";"Deb_Cred"\n'
               '"0000000123456";"15/03/2025";"151136";"PIX RECEBIDO JOSE CARLOS DA SILVA";"3500.00";"C"\n'
               '"0000000123456";"15/03/2025";"151204";"PIX ENVIADO RICARDO ALMEIDA";"3300.00";"D"\n'
               '"0000000123456";"15/03/2025";"000000";"SALDO DIA";"320.00";"C"\n'
               '"0000000123456";"16/03/2025";"160001";"DB T PACOTE";"32.50";"D"\n')


def test_exportacao_com_ponto_e_virgula_em_txt_e_csv(tmp_path):
    (tmp_path / "extrato_caixa.txt").write_text(_EXPORTACAO, encoding="utf-8")
    (arquivo,) = listar(tmp_path)
    assert arquivo.tipo == "csv" and "delimitado por ';'" in (arquivo.alerta or "")


@pytest.mark.parametrize("texto", [
    "A vítima relata que foi ao banco; que pagou; que não recebeu.\nO autor fugiu; a polícia chegou.\n"
    "Nada mais; encerro.\nFim.\n",
    "DATA       HORA      IP               PORTA\n15/03/2025 11:34:02  187.34.56.78     51234\n"
    "15/03/2025 11:36:40  187.34.56.78     51234\n15/03/2025 11:40:00  187.34.56.78     51234\n",
])
def test_armadilhas_continuam_texto(texto):
    assert detectar_tipo(PurePath("relato.txt"), texto.encode(), len(texto))[0] == "txt"
