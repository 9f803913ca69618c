"""Texto que cabe num XML 1.0 (.docx, .xlsx, GraphML): caracteres de controle e NUL ficam visíveis como `\\xNN`.

Um nome de arquivo ou uma linha de documento hostil pode trazer `\\x07` ou NUL; o lxml e o openpyxl recusam esses
caracteres (a análise inteira cairia), e apagá-los esconderia o que o documento tem. Mostrá-los escapados, como o
terminal já faz, preserva a prova e o arquivo continua válido. O JSON guarda o texto original.
"""

from __future__ import annotations

import re
from typing import Any

# o que o XML 1.0 não admite: controles C0 (menos TAB, LF e CR), substitutos e U+FFFE/U+FFFF
_PROIBIDOS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def seguro_xml(texto: str) -> str:
    return _PROIBIDOS.sub(lambda m: f"\\x{ord(m.group(0)):02x}", texto)


def limpar(objeto: Any) -> Any:
    """O mesmo objeto (dict, lista, tupla) com todo texto seguro para XML."""
    if isinstance(objeto, str):
        return seguro_xml(objeto)
    if isinstance(objeto, dict):
        return {limpar(k): limpar(v) for k, v in objeto.items()}
    if isinstance(objeto, (list, tuple)):
        return type(objeto)(limpar(v) for v in objeto)
    return objeto
