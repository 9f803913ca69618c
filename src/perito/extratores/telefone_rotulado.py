"""Telefone com rótulo de telefone e o 55 na frente, sem o "+" (a forma das exportações de provedor)."""

from __future__ import annotations

import re
from typing import Iterator

from perito.extratores.achado import Achado

# "Telefone confiável: 5537994424330", "Trusted phone: 5511987654321": com o rótulo de telefone (ou de identificador da
# conta, que num mensageiro é o número), os dígitos com o 55
# na frente e sem o "+" (a forma das exportações de provedor) são o telefone; sem rótulo, podem ser um protocolo
PADRAO_TELEFONE_ROTULADO = re.compile(
    r"\b(?:telefones?|tel|fone|celular|phone(?:\s+number)?|tel[eé]fono|m[oó]vil|whatsapp|msisdn"
    # o identificador da conta de um mensageiro é o número ("Identificador de la cuenta: 5544983683641")
    r"|identificador|account\s+(?:identifier|id)|target(?:\s+line)?|linha\s+alvo|l[ií]nea(?:\s+objetivo)?"
    # as listas de números de uma resposta de mensageiro (agenda, grupo, destinatários)
    r"|(?:symmetric|asymmetric)\s+contacts|contacts?|contatos?|owners?|members?|participants?|membros|participantes"
    r"|recipients?|destinat[aá]rios?|senders?"
    # a linha da resposta da operadora ("Linha: 5511...", "LINHA CONSULTADA", "Terminal", "EXTRATO DA LINHA 5511...")
    r"|linha|terminal)"
    # o valor entre aspas de um JSON ("Account Identifier": "5527964850427"); sem os dois-pontos, logo depois do rótulo
    r"\b(?:[^:\n]{0,45}:\s*\"?|\s+)"
    r"(?P<valor>\+?55\d{10,11})(?!\d)",
    re.IGNORECASE,
)


#: o número seguinte de uma lista depois do rótulo ("Recipients: 5521976543210, 5511954321098")
_SEGUINTE = re.compile(r"\s*[,;]\s*\"?(?P<valor>\+?55\d{10,11})(?!\d)")


def telefones_rotulados(texto: str) -> Iterator[Achado]:
    from perito.chaves import telefone

    for m in PADRAO_TELEFONE_ROTULADO.finditer(texto):
        atual: re.Match[str] | None = m
        while atual is not None:
            if (meta := telefone.TELEFONE.metadados(atual.group("valor"))) is not None:
                yield Achado(atual.start("valor"), atual.end("valor"), atual.group("valor"), "telefone", "telefone",
                             metadados=meta)
            atual = _SEGUINTE.match(texto, atual.end())


def tem_rotulo_de_telefone(texto: str, minusculo: str) -> bool:
    """Gatilho barato: alguma palavra de rótulo de telefone na linha."""
    return any(p in minusculo for p in ("tel", "fone", "celular", "phone", "fono", "vil", "whatsapp", "msisdn",
                                          "identificador", "account", "target", "linha", "nea", "terminal", "contact", "contato",
                                          "owner", "member", "membro", "participant", "recipient", "destinat",
                                          "sender"))
