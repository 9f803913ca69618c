"""Importado só no forkserver (pré-carga dos auxiliares): o Ctrl-C do investigador é do processo principal.

O terminal manda SIGINT a todo o grupo de processos. Sem isto, um Ctrl-C nos primeiros segundos (o
forkserver ainda importando os leitores) ou no início de um auxiliar despejava um traceback de ~35 linhas;
o principal trata a interrupção ("Interrompido pelo usuário") e encerra os auxiliares, que são daemon.
Os filhos do forkserver herdam o SIGINT ignorado. Nunca importe este módulo no processo principal.
"""

from __future__ import annotations

import signal


def ignorar_ctrl_c() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


ignorar_ctrl_c()
