"""Graus de confiança: ordem e a regra das fontes independentes."""

ORDEM = {"fraco": 0, "moderado": 1, "forte": 2}
GRAUS = ("fraco", "moderado", "forte")


def melhor(*graus: str) -> str:
    return max(graus, key=ORDEM.__getitem__)


def rebaixar(grau: str) -> str:
    return GRAUS[max(0, ORDEM[grau] - 1)]


def por_familias(quantidade: int) -> str:
    """Uma família de fonte é só indício; duas, moderado; três ou mais, forte (README, "Cruzamento")."""
    return "forte" if quantidade >= 3 else "moderado" if quantidade == 2 else "fraco"


def explicar_familias(familias: set[str]) -> str:
    from perito.principal.ocorrencias import NOMES_DE_FAMILIA

    nomes = ", ".join(NOMES_DE_FAMILIA.get(f, f) for f in sorted(familias))
    return f"{len(familias)} família(s) de fonte independente(s) ({nomes})"
