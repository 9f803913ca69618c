"""A frase de um documento policial que repete o que uma resposta disse: cópia, não outra fonte.

O relatório de análise (de dados telemáticos, de investigação) conta o que a resposta de um provedor, banco ou
operadora trouxe: "Da análise da resposta da ZAPT, verifica-se que a conta ... acessou ... a partir do IP ..., porta
...". O IP, a hora e o número dessa frase são os da resposta; contados como relato policial, a resposta e a cópia
davam uma convergência "forte" no mesmo segundo a partir de uma fonte só. Os dados da frase ficam no lote, marcados
(`de_outra_resposta`), e nunca cruzam, como a mensagem transcrita num relato e o pedido de um ofício.

Só a frase que atribui o que diz a uma resposta ou a quem a deu (a empresa, a operadora, o banco, o provedor); o que a
vítima conta, ou o comprovante que ela mostrou, continua relato. E o que vem logo abaixo de uma frase dessas que o
anuncia ("a operadora CLARO informou os dados cadastrais abaixo:", "conforme a tabela a seguir, fornecida pelo banco"):
a tabela ou as linhas copiadas da resposta, até a próxima frase do texto (`sob_legenda`).
"""

from __future__ import annotations

import re
from typing import Iterable

from perito.chaves.nome import dobrar
from perito.leitura.documento import Trecho

_QUEM_RESPONDE = r"(?:empresa|operadora|provedor|provedora|banco|instituicao(?:\s+financeira)?|plataforma|fintech)"
_ATRIBUICAO = re.compile(
    r"\b(?:"
    # "da análise da resposta da ZAPT", "na resposta do banco", "conforme a resposta da operadora"
    r"(?:da|na|pela|segundo\s+a|conforme\s+a?|de\s+acordo\s+com\s+a)\s+(?:analise\s+da\s+)?resposta\s+d[aoe]\b"
    # "os dados fornecidos pela ZAPT", "as informações prestadas pelo banco", "os registros encaminhados pela operadora"
    r"|(?:dados|informacoes|registros)\s+(?:fornecid|prestad|encaminhad|enviad|repassad)[oa]s?\s+pel[oa]\b"
    # "segundo a empresa ZAPT", "conforme informado pela operadora", "de acordo com o banco"
    rf"|(?:segundo|conforme|de\s+acordo\s+com)\s+(?:informado\s+pel[oa]|informacoes\s+d[aoe]|[ao])\s+{_QUEM_RESPONDE}\b"
    # "o banco informou que", "a operadora respondeu que" (não "a vítima informou que": quem diz é quem respondeu)
    rf"|\b[ao]\s+{_QUEM_RESPONDE}\s+(?:\w+\s+){{0,3}}?(?:informou|informa|respondeu|esclareceu|encaminhou)\b"
    r")")


def repete(texto: str) -> bool:
    """A frase diz de quem é o que ela conta: a resposta de outra fonte."""
    return _ATRIBUICAO.search(dobrar(texto)) is not None


#: a frase que anuncia o que vem embaixo: "... os dados abaixo:", "a seguir", "os seguintes registros", o fim em ":"
_ANUNCIA = re.compile(r"\b(?:abaixo|a\s+seguir|seguintes?)\b|:\s*$")
#: uma linha de texto corrido fecha a cópia: oito palavras ou mais, duas de ligação ("2. Diante do exposto, ...")
_LIGACOES = frozenset({"de", "da", "do", "que", "a", "o", "em", "no", "na", "para", "com", "se", "ao", "e", "os", "as",
                       "dos", "das", "por", "pela", "pelo"})


def sob_legenda(trechos: Iterable[Trecho]) -> set[int]:
    """Os trechos (por `id`) copiados de uma resposta: os que vêm logo abaixo da frase que atribui a uma resposta o que
    vem a seguir, até a próxima linha de texto corrido (que pode ser, ela mesma, outra legenda)."""
    copiados: set[int] = set()
    aberta = False
    for trecho in trechos:
        if aberta and (trecho.celulas is not None or not _texto_corrido(trecho.texto)):
            copiados.add(id(trecho))
            continue
        dobrado = dobrar(trecho.texto)
        aberta = _ATRIBUICAO.search(dobrado) is not None and _ANUNCIA.search(dobrado) is not None
    return copiados


def _texto_corrido(texto: str) -> bool:
    palavras = texto.split()
    return len(palavras) >= 8 and sum(1 for p in palavras if p.lower().strip(",.;:") in _LIGACOES) >= 2
