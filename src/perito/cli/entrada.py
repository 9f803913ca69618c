"""Pontos de entrada dos comandos `perito` e `analisar`: leves, para que um Ctrl-C ainda na importação da
aplicação (os primeiros segundos) saia com a mensagem de interrupção e o código 130, sem traceback."""

from __future__ import annotations

import signal
import sys

_INTERROMPIDO = "Interrompido pelo usuário; nenhum arquivo final ficou pela metade."
_CODIGO_INTERROMPIDA = 130  # erros.Saida.INTERROMPIDA, sem importar nada antes da hora


def _rodar(nome: str) -> None:
    try:
        from perito.cli import app

        getattr(app, nome)()
    except KeyboardInterrupt:
        # a interrupção durante um comando já é tratada dentro dele; esta é a da importação
        print(_INTERROMPIDO, file=sys.stderr)
        _encerrando()
        sys.exit(_CODIGO_INTERROMPIDA)
    except SystemExit:
        _encerrando()
        raise


def _encerrando() -> None:
    """O comando acabou e o código de saída está decidido (as saídas já gravadas): um Ctrl-C durante o encerramento
    do interpretador (os auxiliares e o forkserver saindo) não interrompe mais nada, e só mataria o processo pelo
    SIGINT, sem mensagem e com outro código. Visto quando a análise do exemplo passou a acabar em ~3 s."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def main() -> None:
    _rodar("main")


def main_analisar() -> None:
    _rodar("main_analisar")
