"""Registro técnico (`perito.log` na pasta de saída) com redação de segredos em todo handler.

Nenhuma chave de API, token ou senha do ambiente chega ao registro: o filtro troca
o valor de toda variável de ambiente com nome de segredo, e todo texto no formato
de chave da Anthropic, por [REDIGIDO], inclusive dentro de tracebacks.
"""

from __future__ import annotations

import logging
import os
import re
from pathlib import Path

NOME = "perito.log"
LOGGER = logging.getLogger("perito")
_NOME_DE_SEGREDO = re.compile(r"KEY|TOKEN|SECRET|PASSWORD|SENHA|CREDENCIAL", re.IGNORECASE)
_FORMATO_DE_CHAVE = re.compile(r"sk-ant-[A-Za-z0-9_\-]{6,}")
REDIGIDO = "[REDIGIDO]"


def redigir(texto: str) -> str:
    for nome, valor in os.environ.items():
        if valor and len(valor) >= 8 and _NOME_DE_SEGREDO.search(nome):
            texto = texto.replace(valor, REDIGIDO)
    return _FORMATO_DE_CHAVE.sub(REDIGIDO, texto)


class FiltroDeSegredos(logging.Filter):
    """Redige a mensagem já formatada e o traceback do registro antes de qualquer handler escrever."""

    def filter(self, registro: logging.LogRecord) -> bool:
        registro.msg = redigir(registro.getMessage())
        registro.args = None
        if registro.exc_info:
            registro.exc_text = redigir(logging.Formatter().formatException(registro.exc_info))
            registro.exc_info = None
        if registro.stack_info:
            registro.stack_info = redigir(registro.stack_info)
        return True


def abrir(pasta: Path) -> logging.Handler:
    """Handler de arquivo na pasta de saída, já com o filtro de segredos."""
    handler = logging.FileHandler(pasta / NOME, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(FiltroDeSegredos())
    LOGGER.addHandler(handler)
    LOGGER.setLevel(logging.INFO)
    return handler


def fechar(handler: logging.Handler) -> None:
    LOGGER.removeHandler(handler)
    handler.close()
