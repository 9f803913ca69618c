"""O registro de mensagens da Meta ("Sender Ip" numa linha, "Sender Port" na de baixo, sem dois-pontos) e o log de
acessos do aplicativo de um banco (colunas Data Hora, IP, Porta, Canal, Evento), achados por uma sonda.

Antes: o título da seção ("Message Log") contava como a 1ª das 6 linhas do registro e tirava dele a linha da porta;
"Sender Port 40123" parecia uma linha de títulos de coluna ("Sender", "Port") e cortava o registro; o log do banco
ficava de família desconhecida. A convergência de IP com a mesma porta saía moderada ("família desconhecida") em vez
de forte. Armadilhas: o rótulo solto com papel ("IP Address" sobre o valor) continua no registro; uma linha de
títulos de verdade continua separando o cabeçalho dos lançamentos.
"""

from __future__ import annotations

import json
from pathlib import Path

from perito.analise import Parametros, analisar
from perito.extratores.familias import classificar
from perito.extratores.provedores import ExtratorProvedores
from perito.leitura.leitor import ler_documento

_REGISTRO = """WhatsApp Business Record Page 1
Service WhatsApp
Account Identifier +5521977778888
Date Range 2025-09-14 00:00:00 UTC to 2025-09-15 23:59:59 UTC

Message Log
Timestamp 2025-09-14 19:05:40 UTC
Message Id 3EB0A1B2C3D4E5F6
Sender +5521977778888
Recipients +5521998761234
Sender Ip 179.111.22.33
Sender Port 40123
Sender Device android
Type text

Timestamp 2025-09-14 19:07:02 UTC
Message Id 3EB0A1B2C3D4E5F7
Sender +5521977778888
Recipients +5521998761234
Sender Ip 2804:14d:5c81:8000:1234:5678:9abc:def0
Sender Port 443
Sender Device android
"""
_LOG_DO_BANCO = """Data Hora (horário de Brasília);IP;Porta;Canal;Evento
14/09/2025 16:05:55;179.111.22.33;40123;APP;LOGIN
14/09/2025 16:07:30;2804:14d:5c81:8000:1234:5678:9abc:def0;;APP;PIX ENVIADO
"""


def _portas(caminho: Path) -> dict[str, str | None]:
    dados = ExtratorProvedores().extrair(ler_documento(caminho, caminho.name, "txt")).dados
    return {d["dado"]: d["metadados"].get("porta") for d in dados if d["tipo_dado"] == "ip"}


def test_porta_do_registro_de_mensagens(tmp_path: Path) -> None:
    caminho = tmp_path / "records.txt"
    caminho.write_text(_REGISTRO, encoding="utf-8")
    assert _portas(caminho) == {"179.111.22.33": "40123", "2804:14d:5c81:8000:1234:5678:9abc:def0": "443"}


def test_rotulo_solto_com_papel_continua_no_registro(tmp_path: Path) -> None:
    caminho = tmp_path / "records.txt"
    registros = "".join(f"\nTime\n2025-09-14 19:0{i}:40 UTC\nIP Address\n179.111.22.3{i}\nPort\n4012{i}\n" for i in range(3))
    caminho.write_text("Connection Log\n" + registros, encoding="utf-8")
    assert _portas(caminho) == {f"179.111.22.3{i}": f"4012{i}" for i in range(3)}


def test_log_do_aplicativo_do_banco_e_banco(tmp_path: Path) -> None:
    caminho = tmp_path / "log.csv"
    caminho.write_text(_LOG_DO_BANCO, encoding="utf-8")
    assert classificar(ler_documento(caminho, caminho.name, "csv")).familia == "banco"


def test_mesma_porta_na_meta_e_no_banco_e_forte(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "records.txt").write_text(_REGISTRO, encoding="utf-8")
    (caso / "log_banco.csv").write_text(_LOG_DO_BANCO, encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise="2025-10-01"))
    conclusoes = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    ips = {c["referencias"][0]["dado_citado"].split()[0]: c for c in conclusoes if c["tipo"] == "convergencia_ip"}
    assert {c["grau_confianca"] for c in ips.values()} == {"forte"}
    assert all("2 famílias de fonte independentes (banco, provedor)" in c["afirmacao"] for c in ips.values())
    assert all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in conclusoes)
