"""Nomes para pessoas: tipos de conclusão por extenso, plurais do português e o local como se lê.

O contrato guarda códigos (`vinculo_financeiro`, `celula B7`); o relatório que vai ao inquérito fala português.
"""

from __future__ import annotations

import re
from typing import Any

from perito.texto_ptbr import conforme, plural

__all__ = ["TIPOS", "conforme", "local", "plural", "texto", "tipo"]

TIPOS = {
    "convergencia_ip": "convergência de IP",
    "convergencia_imei": "convergência de IMEI",
    "convergencia_dispositivo": "convergência de aparelho",
    "convergencia_nome": "convergência de nome",
    "vinculo_financeiro": "vínculo financeiro",
    "vinculo_telefone": "vínculo por telefone",
    "identificacao_titular": "identificação do titular",
    "identificacao_laranja": "indício de conta de passagem",
    "padrao_temporal": "padrão temporal",
    "materialidade": "materialidade",
    "outro": "outra conclusão",
}


def tipo(codigo: str) -> str:
    return TIPOS.get(codigo, codigo.replace("_", " "))


def local(linha_ou_celula: Any) -> str:
    """"celula B7" (código do contrato, sem acento) como se escreve: "célula B7"."""
    texto = str(linha_ou_celula)
    return "célula" + texto[len("celula"):] if texto.startswith("celula ") else texto


_CELULA = re.compile(r"\bcelula (?=[A-Z]{1,3}\d)")


def texto(afirmacao: str) -> str:
    """A afirmação do principal para leitura: "celula A7" (o local do contrato) com acento."""
    return _CELULA.sub("célula ", afirmacao)
