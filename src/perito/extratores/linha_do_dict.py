"""A linha de uma resposta do DICT sem colunas: a página escaneada que o OCR leu como texto corrido,
"85241973664 CPF BEATRIZ ALVES BEZERRA 85241973664 COOPERATIVA DE CRÉDITO ... 1524 2252919-7 CACC 17/08/23".

A forma é a do registro do DICT, em qualquer layout: a chave, o tipo dela escrito por extenso, o nome do titular e
o documento dele. Sem as colunas, nenhum dos quatro se reconhece sozinho (onze dígitos soltos tanto são CPF quanto
telefone); juntos, e só quando o tipo escrito é o da chave e o documento passa nos dígitos verificadores, são a
chave, o titular e o CPF/CNPJ de um registro.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterator

from perito.chaves import documento
from perito.chaves.nome import dobrar
from perito.extratores.achado import Achado
from perito.extratores.chaves_pix import chave_pix, tipo_de_chave

#: o tipo como o DICT o escreve → o tipo que a chave mostra (`chaves_pix.tipo_de_chave`)
_TIPOS = {"cpf": "cpf", "cnpj": "cnpj", "celular": "telefone", "telefone": "telefone", "phone": "telefone",
          "email": "email", "e-mail": "email", "evp": "aleatoria", "aleatoria": "aleatoria", "aleatória": "aleatoria",
          "random": "aleatoria"}
_TIPO = r"(?i:cpf|cnpj|celular|telefone|phone|e-?mail|evp|aleat[óo]ria|random)"
_DOCUMENTO = r"\d{3}\.?\d{3}\.?\d{3}-?\d{2}|\d{2}\.?\d{3}\.?\d{3}/?\d{4}-?\d{2}"
_TEM_TIPO = re.compile(rf"(?<!\S){_TIPO}(?!\S)")


@lru_cache(maxsize=1)
def _padrao() -> re.Pattern[str]:
    from perito.extratores.rotulos import NOME  # o nome próprio dos reconhecedores de texto livre

    return re.compile(
        rf"(?<!\S)(?P<chave>[^\s|;]+)\s+(?P<tipo>{_TIPO})\s+(?P<nome>{NOME})\s+(?P<documento>{_DOCUMENTO})(?![\d/])")


def tem_tipo(texto: str, minusculo: str) -> bool:
    """Gatilho: o tipo de chave escrito como palavra solta."""
    return _TEM_TIPO.search(texto) is not None


def registros(texto: str) -> Iterator[Achado]:
    for m in _padrao().finditer(texto):
        chave, escrito = m.group("chave"), _TIPOS.get(m.group("tipo").lower())
        if escrito is None or tipo_de_chave(chave) != escrito:
            continue
        literal = m.group("documento")
        if len(re.sub(r"\D", "", literal)) == 11:
            campo, meta = "cpf", documento.CPF.metadados(literal)
        else:
            campo, meta = "outro", documento.CNPJ.metadados(literal)
        if meta is None or not meta.get("digito_verificador_valido"):
            continue
        yield chave_pix(m.start("chave"), chave, escrito)
        nome = m.group("nome")
        yield Achado(m.start("nome"), m.end("nome"), nome, "nome_titular", "pessoa",
                     metadados={"nome_normalizado": dobrar(nome), "papel": "titular"})
        yield Achado(m.start("documento"), m.end("documento"), literal, campo, "documento", metadados=meta)
