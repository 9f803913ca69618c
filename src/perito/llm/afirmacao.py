"""A afirmação proposta pelo Claude só cita valores dos dados que ela mesma referencia.

Regra: todo IP (com a porta, se escrita), data, hora, fuso, valor monetário e número
de 8 dígitos ou mais (CPF, CNPJ, telefone, IMEI) escrito na afirmação precisa ser igual,
na forma normalizada, a um valor contido no `dado` (com o fuso escrito no documento) de
um dos dados referenciados. Uma hora sem segundos vale pelo prefixo ("14:32" de
"14:32:17"); fusos equivalentes (BRT e -03:00) valem; telefone vale pelo E.164 e IMEI
pelo corpo de 14 dígitos. Nomes de arquivo não são afirmações. A decomposição em
valores é a mesma do validador, para os dois concordarem sobre o que é um valor.
"""

from __future__ import annotations

from typing import Any, Iterable

from perito.chaves import comparacao
from perito.chaves.comparacao import mesmo_fuso, mesmo_numero
from perito.chaves.digitos import MINIMO_IDENTIFICADOR
from perito.chaves.valores import Valor, decompor

_NOME = {"ip": "o IP", "data": "a data", "hora": "a hora", "fuso": "o fuso", "valor": "o valor", "digitos": "o número"}


def problemas(afirmacao: str, dados: list[dict[str, Any]], arquivos: Iterable[str]) -> list[str]:
    apoio = [v for dado in dados for v in decompor(citavel(dado))]
    achados = []
    for valor in decompor(sem_nomes_de_arquivo(afirmacao, arquivos)):
        if valor.tipo not in _NOME or (valor.tipo == "digitos" and len(valor.normal) < MINIMO_IDENTIFICADOR):
            continue  # palavras e números curtos (quantidades, linhas) não são valores de prova
        if not any(_mesmo(valor, a, apoio) for a in apoio):
            achados.append(f"{_NOME[valor.tipo]} {valor.texto} não está nos dados referenciados")
    return list(dict.fromkeys(achados))


def citavel(dado: dict[str, Any]) -> str:
    return comparacao.citavel(dado["dado"], dado.get("fuso_horario_original"))


def sem_nomes_de_arquivo(texto: str, arquivos: Iterable[str]) -> str:
    nomes = {n for a in arquivos for n in (a, a.rsplit("/", 1)[-1])}
    for nome in sorted(nomes, key=len, reverse=True):
        texto = texto.replace(nome, " " * len(nome))
    return texto


def _mesmo(valor: Valor, outro: Valor, apoio: list[Valor]) -> bool:
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
