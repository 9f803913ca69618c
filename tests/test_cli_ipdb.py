"""`perito ipdb consultar|info|atualizar`: tabela, códigos de saída e mensagens em pt-BR sem traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from perito.erros import Saida
from tests.conftest import rodar_cli

BIN = Path(sys.executable).parent


@pytest.fixture(autouse=True)
def _dados_do_usuario(monkeypatch, tmp_path):
    monkeypatch.setenv("PERITO_DADOS", str(tmp_path / "dados_do_usuario"))


def _csv(pasta: Path, texto: str, nome: str = "novo.csv") -> Path:
    caminho = pasta / nome
    caminho.write_text(texto, encoding="utf-8")
    return caminho


def test_consultar_mostra_as_organizacao_classes_e_data():
    codigo, saida = rodar_cli("ipdb", "consultar", "1.1.1.1", "100.64.0.1", "2804:20::1", "::ffff:3.5.140.2")
    assert codigo == Saida.OK, saida
    linhas = {linha.split()[0]: linha for linha in saida.splitlines() if linha.strip()[:1].isdigit() or ":" in linha[:6]}
    assert "AS13335" in linhas["1.1.1.1"] and "hospedagem" in linhas["1.1.1.1"] and "2026-06-17" in linhas["1.1.1.1"]
    assert "cgnat" in linhas["100.64.0.1"] and "AS" not in linhas["100.64.0.1"]
    assert "AS26615" in linhas["2804:20::1"] and "operadora_movel" in linhas["2804:20::1"]
    assert "AS16509" in linhas["3.5.140.2"]  # IPv4 mapeado mostrado como IPv4
    assert "WARP" in saida  # a observação da tabela de classes acompanha o AS classificado


def test_consultar_ip_invalido_e_codigo_2():
    codigo, saida = rodar_cli("ipdb", "consultar", "1.1.1.1", "1.2.3", "[red]x")
    assert codigo == Saida.USO == 2
    assert "Não é endereço IP: '1.2.3', '[red]x'" in saida and "Dica:" in saida
    assert "AS13335" not in saida  # nada pela metade: ou todos valem, ou nenhuma tabela


def test_info_diz_a_base_do_pacote():
    codigo, saida = rodar_cli("ipdb", "info")
    assert codigo == Saida.OK, saida
    assert "retrato de 2026-06-17 (embarcada no perito)" in saida and "CC BY 4.0" in saida
    assert "@ip-location-db/asn@2.3.2026061719" in saida and "ATRIBUICAO.md" in saida


def test_atualizar_muda_a_resposta_e_a_data(tmp_path):
    csv4 = _csv(tmp_path, "1.1.1.0,1.1.1.255,64500,Rede Nova\n", "v4.csv")
    csv6 = _csv(tmp_path, "53189891554131974683125207389937074176,53189891554131974701571951463646625791,64501,Nova6\n",
                "v4-mas-e-v6.csv")  # 2804:20::/64 em forma numérica: o conteúdo, não o nome, diz a família
    codigo, saida = rodar_cli("ipdb", "atualizar", csv4, csv6, "--data", "2026-07-01", "--fonte", "Fonte do teste")
    assert codigo == Saida.OK, saida
    assert "retrato de 2026-07-01, 1 intervalos IPv4, 1 IPv6, 2 AS" in saida
    assert str(tmp_path / "dados_do_usuario") in saida.replace("\n", "")
    codigo, saida = rodar_cli("ipdb", "consultar", "1.1.1.1")
    assert codigo == Saida.OK and "AS64500" in saida and "Rede Nova" in saida and "2026-07-01" in saida
    assert "AS13335" not in saida
    assert "AS64501" in rodar_cli("ipdb", "consultar", "2804:20::1")[1]
    codigo, saida = rodar_cli("ipdb", "info")
    assert "retrato de 2026-07-01 (atualizada pelo usuário) — Fonte do teste" in saida


def test_atualizar_so_ipv4_avisa_que_ipv6_fica_sem_as(tmp_path):
    codigo, saida = rodar_cli("ipdb", "atualizar", _csv(tmp_path, "1.1.1.0,1.1.1.255,64500,X\n"), "--data", "2026-07-01")
    assert codigo == Saida.OK and "não têm intervalos IPv6" in saida


def test_atualizar_com_retrato_antigo_e_recusado_sem_gravar(tmp_path):
    codigo, saida = rodar_cli("ipdb", "atualizar", _csv(tmp_path, "1.1.1.0,1.1.1.255,64500,X\n"), "--data", "2025-01-01")
    assert codigo == Saida.USO and "mais antigo que a base que acompanha o perito (2026-06-17)" in saida
    assert not (tmp_path / "dados_do_usuario").exists()
    assert "AS13335" in rodar_cli("ipdb", "consultar", "1.1.1.1")[1]


def test_atualizar_csv_malformado_e_codigo_6(tmp_path):
    malformado = _csv(tmp_path, "1.1.1.0,1.1.1.255,64500,X\n1.1.2.0;1.1.2.255;64500;Y\n")
    codigo, saida = rodar_cli("ipdb", "atualizar", malformado, "--data", "2026-07-01")
    assert codigo == Saida.ENTRADA_INVALIDA == 6
    assert "linha 2 fora do formato" in saida and "Dica:" in saida
    assert not (tmp_path / "dados_do_usuario").exists()


@pytest.mark.parametrize("argumentos, trecho", [
    (["nao_existe.csv", "--data", "2026-07-01"], "não existe"),
    (["{csv}"], "Informe a data do retrato com --data"),
    (["{csv}", "--data", "2026-13-01"], "não existe no calendário"),
])
def test_atualizar_argumentos_errados_e_codigo_2(tmp_path, argumentos, trecho):
    csv = _csv(tmp_path, "1.1.1.0,1.1.1.255,64500,X\n")
    codigo, saida = rodar_cli("ipdb", "atualizar", *[a.format(csv=csv) for a in argumentos])
    assert codigo == Saida.USO and trecho in saida


def test_console_script_real_sem_traceback(tmp_path):
    """O executável instalado: mensagem e código do erro, nada de traceback no stderr."""
    malformado = _csv(tmp_path, "isto não é csv de IP\noutra linha\n")
    rodada = subprocess.run([BIN / "perito", "ipdb", "atualizar", malformado, "--data", "2026-07-01"],
                            capture_output=True, text=True, timeout=60,
                            env={"PATH": str(BIN), "PERITO_DADOS": str(tmp_path / "d"), "HOME": str(tmp_path)})
    assert rodada.returncode == Saida.ENTRADA_INVALIDA, rodada.stderr
    assert "fora do formato" in rodada.stderr and "Traceback" not in rodada.stderr
