"""Graus de confiança e sua ordem."""

ORDEM = {"fraco": 0, "moderado": 1, "forte": 2}


def melhor(*graus: str) -> str:
    return max(graus, key=ORDEM.__getitem__)
