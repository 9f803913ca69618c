"""IMEI sem rótulo na linha, numa tabela de texto cujo cabeçalho tem a coluna IMEI (bilhetagem em PDF).

Numa linha de texto, um número de 15 dígitos só vira IMEI sozinho se o dígito de Luhn fecha; o de 16 (IMEISV) e
o de 14 (corpo sem o dígito) nunca, porque podem ser qualquer coisa. Sob um cabeçalho que nomeia a coluna
("Time Service Calling Number ... Device IMEI"), o número de 14 a 16 dígitos da linha é o da coluna, e o de 15
com Luhn errado também: ele é lido e marcado (`luhn_valido: false`), nunca descartado nem tratado como válido.
"""

from __future__ import annotations

import re

from perito.chaves import documento, imei
from perito.extratores import colunas
from perito.extratores.achado import Achado

_PALAVRA_IMEI = re.compile(imei.PALAVRA_IMEI, re.IGNORECASE)
#: número inteiro de 14 a 16 dígitos, ou na forma de IMEI com hífens ou espaços (`86-804705-877199-1`,
#: `35 882411 777242 0`), sem sinal nem separador colado (não é parte de telefone, data ou id)
_NUMERO = re.compile(r"(?<![\w+.:/-])(?:\d{14,16}|\d{2}([- ])\d{6}\1\d{6}(?:\1\d{1,2})?)(?![\w.:/-])")
_DIGITOS_LONGOS = re.compile(r"\d{4,}")


def anuncia_imei(texto: str) -> bool:
    """Linha de cabeçalho com coluna de IMEI: a palavra IMEI entre outros nomes de coluna, sem dados."""
    return bool(_PALAVRA_IMEI.search(texto)) and len(texto.split()) >= 3 and not _DIGITOS_LONGOS.search(texto)


def outro_cabecalho(texto: str) -> bool:
    """Linha de cabeçalho de outra tabela (nomes de coluna, sem dados, sem IMEI): a coluna IMEI acabou."""
    palavras = texto.split()
    return (len(palavras) >= 3 and not _DIGITOS_LONGOS.search(texto) and not _PALAVRA_IMEI.search(texto)
            and sum(1 for p in palavras if colunas.papel(p) is not None) >= 2)


def imeis_da_coluna(texto: str, achados: list[Achado]) -> list[Achado]:
    """Os achados da linha e, se ela não tem IMEI lido, o único número de 14-16 dígitos que nada ocupa."""
    if any(a.campo == "imei" for a in achados):
        return achados
    livres = [m for m in _NUMERO.finditer(texto)
              if not any(a.inicio < m.end() and m.start() < a.fim for a in achados)
              and not (m.group(0).isdigit() and len(m.group(0)) == 14 and documento.cnpj_valido(m.group(0)))]
    if len(livres) != 1 or (meta := imei.IMEI.metadados(livres[0].group(0))) is None:
        return achados
    m = livres[0]
    meta["coluna_imei"] = True
    novo = Achado(m.start(), m.end(), m.group(0), "imei", "imei", metadados=meta, alerta=imei.IMEI.alerta(m.group(0)))
    return sorted([*achados, novo], key=lambda a: (a.inicio, a.fim))
