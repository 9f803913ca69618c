"""O valor é da espécie que o rótulo pede? (+1 sim, -1 não, 0 sem opinião)

Serve para decidir, num formulário de rótulo e valor em linhas separadas, se o rótulo vem acima ou
abaixo do valor: do lado certo, "CPF" tem onze dígitos embaixo (ou em cima), "Nome" tem um nome, "Tipo
da chave" tem uma palavra curta. Uma linha que também parece rótulo nunca é o valor de outro rótulo.
"""

from __future__ import annotations

import re

from perito.extratores import colunas
from perito.extratores.papeis import achado_da_coluna
from perito.extratores.reconhecedores import reconhecer

_SO_LETRAS = re.compile(r"^[^\W\d_]+(?:[ '.-][^\W\d_]+)*$")
#: papéis cujo valor é um número ou um código com dígitos
_NUMERICOS = frozenset({"porta", "valor", "saldo", "agencia", "conta", "banco", "erb", "hora"})
#: papéis cujo valor é texto sem dígitos
_TEXTUAIS = frozenset({"historico", "fuso"})
#: o que o reconhecedor tem de ver no valor, por papel
_ESPERADO = {"ip": "ip", "data_hora": "data_evento", "data": "data_evento", "imei": "imei", "email": "email",
             "telefone": "telefone", "cpf": "cpf", "documento": "cpf"}


def encaixe(rotulo: str, valor: str) -> int:
    papel = colunas.papel(rotulo)
    texto = valor.strip()
    if papel is None or not texto:
        return 0
    if colunas.papel(texto.strip("():")):
        return -1  # o "valor" é outro rótulo
    if papel in _ESPERADO:
        return 1 if _reconhece(papel, texto) else -1
    digitos = sum(c.isdigit() for c in texto)
    if papel in _NUMERICOS:
        return 1 if digitos >= 1 and digitos * 2 >= len(texto.replace(" ", "")) else -1
    if papel in ("nome", "endereco", "modelo"):
        return 1 if any(c.isalpha() for c in texto) and (papel != "nome" or _SO_LETRAS.match(texto) and " " in texto) else -1
    if papel == "tipo_chave":
        return 1 if _SO_LETRAS.match(texto) and len(texto) <= 20 else -1
    if papel == "chave_pix":
        return 1 if achado_da_coluna("chave_pix", texto, 0) is not None or reconhecer(texto) else -1
    if papel in _TEXTUAIS:
        return 1 if digitos == 0 else -1
    return 0


def _reconhece(papel: str, texto: str) -> bool:
    if achado_da_coluna(papel if papel != "data_hora" else "", texto, 0) is not None:
        return True
    esperado = _ESPERADO[papel]
    return any(a.campo == esperado or a.tipo_dado == esperado for a in reconhecer(texto))
