"""Relatos policiais: auto de exibição e apreensão (TXT).

O aparelho apreendido com RICARDO PEREIRA SANTOS tem o IMEI que a operadora liga à
linha do golpe (escrito com espaços, e o IMEISV de 16 dígitos), o modelo que a Meta
e o banco registraram e o chip dessa linha; a embalagem do chip traz o mesmo número
no formato antigo de 8 dígitos (sem o nono dígito).
"""

from __future__ import annotations

from pathlib import Path

from geradores.existentes import gabarito_linhas
from geradores.verdade import d

NOME = "auto_apreensao.txt"
LINHAS = [
    ("POLÍCIA CIVIL DO ESTADO DE SÃO PAULO", []),
    ("Auto de Exibição e Apreensão - Inquérito Policial nº 1234/2025", []),
    ("Lavrado em 19/03/2025 15:20", [d("data_evento", "19/03/2025 15:20")]),
    ("Apreendido em poder de RICARDO PEREIRA SANTOS, CPF 347.821.560-90",
     [d("nome_titular", "RICARDO PEREIRA SANTOS"), d("cpf", "347.821.560-90")]),
    ("Item 1: aparelho celular, modelo: SM-A546E (Samsung Galaxy A54), cor preta",
     [d("modelo_dispositivo", "SM-A546E")]),
    ("IMEI: 35 332811 452907 4", [d("imei", "35 332811 452907 4")]),
    ("IMEISV: 35332811452907 01", [d("imei", "35332811452907 01")]),
    ("Chip inserido: linha +55 11 98765-4321", [d("telefone", "+55 11 98765-4321")]),
    ("Anotado na embalagem do chip (cadastro antigo): (11) 8765-4321", [d("telefone", "(11) 8765-4321")]),
    ("Delegado de Polícia Titular", []),
]


def gerar(pasta: Path) -> dict[str, list[dict]]:
    (pasta / NOME).write_bytes("".join(t + "\n" for t, _ in LINHAS).encode("utf-8"))
    return {NOME: gabarito_linhas(NOME, LINHAS)}
