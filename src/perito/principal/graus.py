"""Graus de confiança: ordem, a regra das fontes independentes e os tetos que a prova impõe."""

from __future__ import annotations

from typing import Iterable

from perito.contratos.modelos import DESCONHECIDA, GRAUS
from perito.texto_ptbr import plural

#: os graus do contrato (forte, moderado, fraco) do mais fraco ao mais forte: a ordem para comparar
CRESCENTES: tuple[str, ...] = tuple(reversed(GRAUS))
ORDEM = {grau: posicao for posicao, grau in enumerate(CRESCENTES)}


def melhor(*graus: str) -> str:
    return max(graus, key=ORDEM.__getitem__)


def no_maximo(grau: str, teto: str) -> str:
    return min(grau, teto, key=ORDEM.__getitem__)


def rebaixar(grau: str) -> str:
    return CRESCENTES[max(0, ORDEM[grau] - 1)]


def por_familias(quantidade: int) -> str:
    """Uma família de fonte é só indício; duas, moderado; três ou mais, forte (README, "Cruzamento")."""
    return "forte" if quantidade >= 3 else "moderado" if quantidade == 2 else "fraco"


def independentes(familias: Iterable[str]) -> set[str]:
    """As famílias que contam como fonte independente: um documento de família `desconhecida` (nada no
    conteúdo a reconheceu com segurança) é citado, mas nunca conta para graduar."""
    return {f for f in familias if f != DESCONHECIDA}


def distintas(a: str, b: str) -> bool:
    """Duas famílias conhecidas e diferentes: fontes independentes de fato."""
    return a != b and DESCONHECIDA not in (a, b)


def nomes_de_familias(familias: Iterable[str]) -> str:
    from perito.principal.ocorrencias import NOMES_DE_FAMILIA

    return ", ".join(NOMES_DE_FAMILIA.get(f, f) for f in sorted(set(familias)))


def explicar_familias(familias: set[str]) -> str:
    contadas = independentes(familias)
    quantas = plural(len(contadas), "família de fonte independente", "famílias de fonte independentes")
    texto = f"{quantas} ({nomes_de_familias(contadas) or 'nenhuma'})"
    if DESCONHECIDA in familias:
        texto += "; e documento de família desconhecida, que não conta como fonte independente"
    return texto


def teto_uma_familia(grau: str, familias: set[str]) -> tuple[str, str | None]:
    """Dois arquivos da mesma família (duas respostas da Meta, dois extratos) são uma fonte só:
    sem duas famílias independentes, nunca forte. Devolve o grau e, se rebaixou, o porquê."""
    if grau != "forte" or len(independentes(familias)) >= 2:
        return grau, None
    if DESCONHECIDA in familias:
        return "moderado", (
            "no máximo moderado porque a família de fonte de um dos documentos é desconhecida: sem duas famílias "
            "reconhecidas, não há duas fontes independentes"
        )
    return "moderado", (
        f"no máximo moderado porque todas as fontes são da mesma família ({nomes_de_familias(familias)}): "
        "arquivos de uma só família são uma fonte só"
    )


def teto_hora_ambigua(grau: str, ambiguas: Iterable[str]) -> tuple[str, str | None]:
    """Uma comparação que depende da hora repetida no fim do horário de verão (a mesma hora de relógio
    aconteceu duas vezes) não sabe qual dos dois instantes o documento quis: no máximo moderado."""
    lista = sorted(set(ambiguas))
    if not lista:
        return grau, None
    motivo = (
        f"a hora {', '.join(lista)} se repetiu no fim do horário de verão (o relógio voltou uma hora): o instante "
        "pode ser qualquer um dos dois, e a comparação depende dele"
    )
    if ORDEM[grau] > ORDEM["moderado"]:
        return "moderado", "no máximo moderado porque " + motivo
    return grau, motivo
