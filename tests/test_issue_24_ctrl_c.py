"""Issue 24, achado 12: Ctrl-C nos primeiros segundos.

Antes: um Ctrl-C logo no início de `analisar` (3 de 3 tentativas) despejava um traceback de ~35 linhas de
um processo auxiliar (o forkserver ainda importando os leitores, ou um auxiliar começando). O terminal manda
SIGINT ao grupo de processos inteiro; o teste faz o mesmo, em vários momentos do início.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time

import pytest

from perito.erros import Saida
from tests.conftest import CASO_DEMO, DATA
from tests.test_cli import BIN


@pytest.mark.parametrize("espera", [0.3, 1.0, 2.0, 3.5])
def test_issue_24_ctrl_c_no_inicio_nao_despeja_traceback(tmp_path, espera):
    processo = subprocess.Popen(
        [str(BIN / "analisar"), str(CASO_DEMO), "--saida", str(tmp_path / "saida"), "--data-analise", DATA],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        env={"PATH": f"{BIN}:/usr/bin:/bin", "PERITO_LARGURA": "200"},
    )
    time.sleep(espera)
    os.killpg(processo.pid, signal.SIGINT)  # o que o terminal faz com o Ctrl-C: o grupo todo
    saida, erro = processo.communicate(timeout=120)
    if processo.returncode == Saida.OK:
        pytest.skip("a análise terminou antes do Ctrl-C")
    assert "Traceback" not in erro and "KeyboardInterrupt" not in erro, erro
    assert processo.returncode == Saida.INTERROMPIDA, (processo.returncode, erro)
    assert "Interrompido pelo usuário" in erro + saida


def test_entrada_usa_o_codigo_de_interrupcao_da_tabela():
    from perito.cli import entrada

    assert entrada._CODIGO_INTERROMPIDA == Saida.INTERROMPIDA
