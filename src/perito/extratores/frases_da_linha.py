"""As frases de uma linha de texto: numa carta ou num parágrafo de DOCX, uma linha só pode contar vários eventos.

"Em 15/03/2025, às 14:33:50 (UTC), a conta acessou a partir do IP 177.45.10.2, porta 51234. Em 16/03/2025, às
09:10:00 (UTC), acessou a partir do IP 189.20.30.40." é uma linha com dois acessos: o IP da primeira frase ia com a
data-hora da segunda, a mais próxima dele no texto. Quem liga um IP ou um valor ao seu quando prefere o da mesma frase
(`montagem._mais_proximo`); sem nenhum na frase (a linha de log, o rótulo "Hora:" separado por ponto), fica o mais
próximo, como antes.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache

# fim de frase: ponto, exclamação ou interrogação antes de uma maiúscula (ou de um algarismo: "Em 16/03" e "16/03"),
# e o ponto e vírgula que separa orações ("...porta 51234; em 16/03/2025, às ..."); "2.365,00", "177.45.10.2" e
# "14:33:50" nunca (não há espaço depois do ponto)
_FIM = re.compile(r"[.!?](?=\s+[\"“(]?[A-ZÀ-Ý0-9])|;(?=\s)")
#: o ponto de uma abreviatura antes de um nome não fecha a frase ("o Sr. JOÃO", "a Dra. ANA", "Av. Paulista")
ABREVIATURA = re.compile(r"(?i)(?<![\w.])(?:sr|sra|srta|dr|dra|av|art|exmo|exma|ilmo|ilma|n[º°o]|prof|profa|eng|me)$")


def fins(texto: str) -> tuple[int, ...]:
    """As posições em que as frases da linha terminam (a do sinal); vazia quando a linha é uma frase só."""
    if "." not in texto and ";" not in texto and "!" not in texto and "?" not in texto:
        return ()
    return tuple(m.start() for m in _FIM.finditer(texto)
                 if not (m.group(0) == "." and ABREVIATURA.search(texto, 0, m.start())))


def frase(fins_da_linha: tuple[int, ...], posicao: int) -> int:
    """O índice da frase em que está a posição (0 na primeira)."""
    return bisect_right(fins_da_linha, posicao - 1) if fins_da_linha else 0


#: palavras de ligação do português: uma linha de texto corrido tem algumas; uma linha de tabela ou de ficha, quase nenhuma
_LIGACOES = frozenset({"de", "da", "do", "que", "a", "o", "em", "no", "na", "para", "com", "se", "ao", "à", "e", "os", "as",
                       "dos", "das", "por", "foi", "sob", "pela", "pelo"})


@lru_cache(maxsize=4096)  # pura; pedida para a mesma linha pelo motor de linhas, pelo titular e por cada valor
def linha_de_prosa(texto: str) -> bool:
    """A linha é texto corrido (oito palavras ou mais, com ligações e quase só letras), não linha de tabela nem ficha."""
    palavras = texto.split()
    if len(palavras) < 8:
        return False
    ligacoes = sum(1 for p in palavras if p.lower().strip(",.;:") in _LIGACOES)
    letras = sum(1 for p in palavras if p.strip(",.;:()").isalpha())
    return ligacoes >= 2 and letras >= len(palavras) * 0.6
