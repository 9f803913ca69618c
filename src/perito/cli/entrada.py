"""Pontos de entrada dos comandos `perito` e `analisar`: leves, para que um Ctrl-C ainda na importação da
aplicação (os primeiros segundos) saia com a mensagem de interrupção e o código 130, sem traceback."""

from __future__ import annotations

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
        sys.exit(_CODIGO_INTERROMPIDA)


def main() -> None:
    _rodar("main")


def main_analisar() -> None:
    _rodar("main_analisar")
