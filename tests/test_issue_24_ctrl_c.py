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


def test_issue_24_ctrl_c_com_um_auxiliar_nascendo_noutra_linha(tmp_path):
    """A segunda leitura do validador inicia auxiliares numa linha de execução à parte, onde o SIGINT não fica
    bloqueado; o Ctrl-C cai na principal, que saía com um nascimento pela metade (EOFError do forkserver no
    terminal, 4 de 10 tentativas com o Ctrl-C aos 2 s). Depois de `parar_de_iniciar`, ninguém inicia auxiliar: quem
    pede, de qualquer linha, recebe a interrupção; `voltar_a_iniciar` (uma nova análise) libera de novo."""
    import threading

    from perito.leitura.isolamento import Limites, Tarefa, ler_isolados, parar_de_iniciar, voltar_a_iniciar

    arquivo = tmp_path / "a.txt"
    arquivo.write_text("IP 187.34.56.78\n", encoding="utf-8")
    tarefa = Tarefa(arquivo, "a.txt", "txt")
    erros: list[BaseException] = []

    def noutra_linha() -> None:
        try:
            ler_isolados([tarefa], Limites(processos=1))
        except BaseException as erro:
            erros.append(erro)

    parar_de_iniciar()
    try:
        linha = threading.Thread(target=noutra_linha)
        linha.start()
        linha.join(timeout=60)
        assert len(erros) == 1 and isinstance(erros[0], KeyboardInterrupt)
    finally:
        voltar_a_iniciar()
    [documento] = ler_isolados([tarefa], Limites(processos=1))
    assert documento.erro is None and documento.trechos[0].texto == "IP 187.34.56.78"


def test_ctrl_c_depois_que_o_comando_acabou_nao_muda_o_codigo_nem_despeja_traceback(tmp_path):
    """A análise do exemplo passou a acabar em ~3 s, e o Ctrl-C do teste acima (aos 3,5 s) caía no encerramento do
    interpretador (os auxiliares saindo): o processo morria pelo SIGINT, sem mensagem (código -2). Aqui o SIGINT chega
    de propósito no encerramento (um `atexit`, depois do comando): o código é o do comando, sem traceback."""
    roteiro = tmp_path / "roteiro.py"
    roteiro.write_text(
        "import atexit, os, signal, sys, time\n"
        "atexit.register(lambda: (os.kill(os.getpid(), signal.SIGINT), time.sleep(0.2)))\n"
        "sys.argv = ['perito', 'versao']\n"
        "from perito.cli.entrada import main\n"
        "main()\n", encoding="utf-8")
    feito = subprocess.run([str(BIN / "python"), str(roteiro)], capture_output=True, text=True, timeout=60)
    assert feito.returncode == Saida.OK, (feito.returncode, feito.stderr)
    assert "perito" in feito.stdout
    assert "Traceback" not in feito.stderr and "KeyboardInterrupt" not in feito.stderr, feito.stderr
