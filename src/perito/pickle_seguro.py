"""Pickle só de dados puros: dicionários, listas, tuplas, textos, bytes, números, booleanos e None.

O `pickle.loads` comum executa o que o conteúdo mandar (qualquer classe ou função importável). Os dados extraídos
viajam em pickle (do auxiliar ao principal, e guardados no armazém do caso, na pasta de saída); este carregador
recusa qualquer referência a classe ou função (`find_class`), como a documentação do pickle recomenda ("Restricting
Globals"): um conteúdo forjado vira `pickle.UnpicklingError`, nunca código executado. Os tipos puros não precisam de
`find_class`, e o carregador continua sendo o de C (mesma velocidade).
"""

from __future__ import annotations

import io
import pickle
from typing import Any


class _SoDados(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        raise pickle.UnpicklingError(f"conteúdo recusado: referência a {module}.{name} (só dados puros são aceitos)")


def carregar(conteudo: bytes) -> Any:
    return _SoDados(io.BytesIO(conteudo)).load()


def gravar(objeto: Any) -> bytes:
    return pickle.dumps(objeto, protocol=pickle.HIGHEST_PROTOCOL)
