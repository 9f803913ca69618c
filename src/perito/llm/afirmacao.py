"""A afirmação proposta pelo Claude só cita valores dos dados que ela mesma referencia.

Regra: todo IP (com a porta, se escrita), data, hora (também "14h32"), fuso, valor
monetário, número de qualquer tamanho e nome próprio (palavras com inicial maiúscula fora
do começo de frase) escrito na afirmação precisa ser igual, na forma normalizada, a um
valor contido no `dado` (com o fuso escrito no documento) de um dos dados referenciados.
Datas por extenso ("16 de março de 2025") e horas como "14h32" são lidas pela mesma
decomposição e conferidas como data e hora. Uma hora sem segundos vale pelo prefixo ("14:32" de
"14:32:17"); fusos equivalentes (BRT e -03:00) valem; telefone vale pelo E.164 e IMEI
pelo corpo de 14 dígitos. Nomes de arquivo não são afirmações. A decomposição em
valores é a mesma do validador, para os dois concordarem sobre o que é um valor.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from perito.chaves import comparacao
from perito.chaves.comparacao import mesmo_fuso, mesmo_numero
from perito.chaves.nome import dobrar
from perito.chaves.valores import Valor, decompor

_MAIUSCULA = r"[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+"
_LIGACOES = {"de", "da", "do", "das", "dos", "e"}
_NOME_PROPRIO = re.compile(rf"(?<![\w]){_MAIUSCULA}(?:\s+(?:(?:de|da|do|das|dos|e)\s+)?{_MAIUSCULA})*")
_COMECO_DE_FRASE = re.compile(r"(?:^|[.!?]\s+|\[)\s*$")
_NOME = {"ip": "o IP", "data": "a data", "hora": "a hora", "fuso": "o fuso", "valor": "o valor", "digitos": "o número"}


def problemas(afirmacao: str, dados: list[dict[str, Any]], arquivos: Iterable[str]) -> list[str]:
    apoio = [v for dado in dados for v in decompor(citavel(dado))]
    texto = sem_nomes_de_arquivo(afirmacao, arquivos)
    achados = []
    for valor in decompor(texto):
        if valor.tipo not in _NOME:
            continue  # palavras comuns; os nomes são conferidos abaixo
        if not any(_mesmo(valor, a, apoio) for a in apoio):
            achados.append(f"{_NOME[valor.tipo]} {valor.texto} não está nos dados referenciados")
    palavras = {v.normal for v in apoio if v.tipo == "palavra"}
    for nome in _nomes(texto):
        if any(dobrar(parte) not in palavras for parte in nome.split() if dobrar(parte) not in _LIGACOES):
            achados.append(f"o nome {nome} não está nos dados referenciados")
    return list(dict.fromkeys(achados))


def _nomes(texto: str) -> list[str]:
    """Sequências de palavras com inicial maiúscula fora do começo de frase ("Joaquim Barbosa Lima")."""
    return [m.group(0) for m in _NOME_PROPRIO.finditer(texto) if not _COMECO_DE_FRASE.search(texto[: m.start()])]


def citavel(dado: dict[str, Any]) -> str:
    return comparacao.citavel(dado["dado"], dado.get("fuso_horario_original"))


def sem_nomes_de_arquivo(texto: str, arquivos: Iterable[str]) -> str:
    nomes = {n for a in arquivos for n in (a, a.rsplit("/", 1)[-1])}
    for nome in sorted(nomes, key=len, reverse=True):
        texto = texto.replace(nome, " " * len(nome))
    return texto


def _mesmo(valor: Valor, outro: Valor, apoio: list[Valor]) -> bool:
    if valor.tipo == "digitos" and outro.tipo == "valor":
        return outro.normal == valor.normal + "00"  # "R$ 5.000" é o valor 5.000,00
    if valor.tipo != outro.tipo:
        return False
    if valor.tipo == "ip":
        return valor.normal == outro.normal and (
            valor.porta is None or valor.porta == outro.porta
            or any(v.tipo == "digitos" and v.normal == valor.porta for v in apoio)
        )
    if valor.tipo == "hora":
        return outro.normal[: len(valor.normal)] == valor.normal
    if valor.tipo == "fuso":
        return mesmo_fuso(valor, outro)
    if valor.tipo == "digitos":
        return mesmo_numero(valor, outro)
    return valor.normal == outro.normal
