"""Os nomes de pessoa que a afirmação escreve precisam estar nas referências dela.

O principal copia o nome como o documento o escreve; nos documentos de banco, operadora e DICT ele vem em maiúsculas
("FELIPE AUGUSTO MOURA"). Cada referência pode estar certa e a afirmação dizer o nome de outra pessoa (o cliente da
linha de cima numa resposta de operadora com dois clientes): um nome em maiúsculas, de duas palavras ou mais, que
nenhum `dado_citado` nem o texto relido no local cita não está sustentado. Só maiúsculas: na prosa da afirmação,
palavras com inicial maiúscula são também começo de frase e nomes de instituição.
"""

from __future__ import annotations

import re
from typing import Any

from perito.chaves.nome import dobrar

#: duas palavras em maiúsculas ou mais, com as ligações dos nomes brasileiros no meio ("DA", "DOS", "E")
_NOME = re.compile(r"(?<![\w/.@-])[A-ZÀ-Ý][A-ZÀ-Ý']+(?:\s+(?:D[AEO]S?\s+|E\s+)?[A-ZÀ-Ý][A-ZÀ-Ý']+)+(?![\w@])")
#: siglas que a afirmação escreve ao lado de um nome ("MARIANA ... CPF 526...", "UTC") e não são parte dele
_SIGLAS = frozenset({
    "CPF", "CNPJ", "UTC", "GMT", "BRT", "BRST", "IP", "IPV4", "IPV6", "PIX", "TED", "DOC", "DICT", "IMEI", "RG", "CEP",
    "ISPB", "EVP", "CGNAT", "SIMBA", "OAB", "UF", "LTDA", "ME", "EIRELI",
})


def sem_apoio(afirmacao: str, referencias: list[dict[str, Any]], detalhes: list[dict[str, Any]]) -> list[str]:
    """Os nomes em maiúsculas da afirmação que nenhuma referência cita (nem o texto relido nos locais dela)."""
    citado = _dobrado(" ".join([*(r["dado_citado"] for r in referencias),
                                *(d.get("texto_encontrado") or "" for d in detalhes)]))
    faltam: dict[str, None] = {}
    for nome in nomes(afirmacao):
        if _dobrado(nome) not in citado:
            faltam[nome] = None
    return list(faltam)


def nomes(texto: str) -> list[str]:
    """As sequências de duas palavras em maiúsculas ou mais, partidas nas siglas ("ANA LIMA CPF" → "ANA LIMA")."""
    saida = []
    for m in _NOME.finditer(texto):
        atual: list[str] = []
        for palavra in [*m.group().split(), None]:
            if palavra is not None and palavra not in _SIGLAS:
                atual.append(palavra)
                continue
            while atual and re.fullmatch(r"D[AEO]S?|E", atual[-1]):
                atual.pop()  # "ANA DE" antes de uma sigla: a ligação sem o sobrenome não é parte do nome
            if len(atual) >= 2:
                saida.append(" ".join(atual))
            atual = []
    return saida


def _dobrado(texto: str) -> str:
    return " ".join(dobrar(texto).split())
