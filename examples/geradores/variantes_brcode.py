"""O BR Code do Pix ("Pix Copia e Cola") colado num relato (FORMATOS.md §6, relato; Manual do BR Code do Banco
Central): a chave de quem recebe está dentro do código, colada aos algarismos dos campos.

- relato_pix_copia_e_cola.txt: o boletim conta o Pix e transcreve o código que a vítima pagou; a chave aleatória é o
  subcampo 01 do campo 26, o valor pedido o campo 54, o nome do recebedor o 59 (nada disso vira outro dado).
O código é montado campo a campo, com o CRC16-CCITT do `binascii` (o que o manual pede).
"""

from __future__ import annotations

import binascii
from pathlib import Path

from geradores.existentes import gabarito_linhas
from geradores.verdade import d

RELATO = "relato_pix_copia_e_cola.txt"
CHAVE = "5c8e1f2a-3b4d-4e6f-8a9b-0c1d2e3f4a5b"


def _campo(ident: str, valor: str) -> str:
    return f"{ident}{len(valor):02d}{valor}"


def _brcode() -> str:
    corpo = (_campo("00", "01") + _campo("26", _campo("00", "br.gov.bcb.pix") + _campo("01", CHAVE))
             + _campo("52", "0000") + _campo("53", "986") + _campo("54", "1450.00") + _campo("58", "BR")
             + _campo("59", "ANDERSON LUIZ CAMPOS") + _campo("60", "SAO PAULO") + _campo("62", _campo("05", "***"))
             + "6304")
    return corpo + f"{binascii.crc_hqx(corpo.encode(), 0xFFFF):04X}"


LINHAS = [
    ("BOLETIM DE OCORRÊNCIA Nº 2211/2025 - DELEGACIA ELETRÔNICA", []),
    ("Vítima: LUCIANA PIRES DAMASCENO, CPF 628.194.821-12", [d("nome_titular", "LUCIANA PIRES DAMASCENO"),
                                                           d("cpf", "628.194.821-12")]),
    ("Histórico: em 03/02/2025 a vítima pagou R$ 1.450,00 pelo Pix Copia e Cola que recebeu do anunciante:",
     [d("data_evento", "03/02/2025"), d("valor_transacao", "R$ 1.450,00")]),
    (_brcode(), [d("chave_pix", CHAVE)]),
]


def gerar(pasta: Path) -> dict[str, list[dict]]:
    (pasta / RELATO).write_bytes("".join(t + "\n" for t, _ in LINHAS).encode("utf-8"))
    return {RELATO: gabarito_linhas(RELATO, LINHAS)}
