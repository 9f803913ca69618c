"""O papel de uma coluna sem nome conhecido, pelo que ela contém.

"Line", "Linha", "Acesso", "MSISDN" ou um nome inventado pela operadora: o cabeçalho nem sempre diz que a coluna
é de telefone, mas os valores dizem. Só formas que não deixam dúvida contam: o número com o 55 do país na frente
(`5532965357764`, `+55 32 96535-7764`) que o phonenumbers aceita como celular ou fixo brasileiro. Onze dígitos
sem o 55 podem ser um CPF, e não decidem nada. A coluna toda decide, uma vez: ao menos 80 % dos valores
preenchidos (e três, no mínimo), entre os primeiros duzentos.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from perito.chaves import telefone

_COM_PAIS = re.compile(r"^\+?\s*55[\s\d().-]{10,16}$")
#: nomes de coluna de identificadores: um protocolo de 13 dígitos que começa com 55 não vira telefone
_IDENTIFICADOR = re.compile(r"protocol|pedido|ticket|c[oó]d|\bid\b|transa|autentica|nsu|hash|session|sess[aã]o",
                            re.IGNORECASE)
_MINIMO = 3
_FRACAO = 0.8
#: valores por coluna que bastam para decidir (uma planilha de 200 mil linhas não é lida inteira duas vezes)
_AMOSTRA = 200


def _e_telefone(valor: str) -> bool:
    valor = valor.strip()
    return bool(_COM_PAIS.match(valor)) and telefone.TELEFONE.normalizar(valor) is not None


def completar(papeis: dict[int, str], linhas: Iterable[Sequence[str]],
              nomes: Sequence[str] = ()) -> dict[int, str]:
    """`papeis` e, nas colunas sem papel, "telefone" onde os valores são todos números com o 55 do país."""
    linhas = list(linhas)
    largura = max((len(c) for c in linhas), default=0)
    novos = dict(papeis)
    for indice in range(largura):
        if indice in papeis or (indice < len(nomes) and _IDENTIFICADOR.search(nomes[indice])):
            continue
        valores = []
        for celulas in linhas:
            if indice < len(celulas) and celulas[indice].strip():
                valores.append(celulas[indice])
                if len(valores) >= _AMOSTRA:
                    break
        if len(valores) >= _MINIMO and sum(map(_e_telefone, valores)) >= _FRACAO * len(valores):
            novos[indice] = "telefone"
    return novos
