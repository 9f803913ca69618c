"""Referências de conclusão montadas a partir de dados extraídos (nunca digitadas).

O `dado_citado` só junta valores escritos no local citado, para o validador poder
achá-los lá.
"""

from __future__ import annotations

from typing import Any, Iterable

from perito.principal.ocorrencias import Ocorrencia, ordem


def referencia(ocorrencia: Ocorrencia, dado_citado: str) -> dict[str, Any]:
    dado = ocorrencia.dado
    ref: dict[str, Any] = {
        "arquivo": dado["arquivo_fonte"],
        "pagina": dado.get("pagina"),
        "linha_ou_celula": dado["linha_ou_celula"],
        "dado_citado": dado_citado,
        "extrator_id": ocorrencia.extrator_id,
    }
    if dado.get("aba_planilha"):
        ref["aba_planilha"] = dado["aba_planilha"]
    return ref


def citavel(o: Ocorrencia) -> str:
    """O dado como escrito; uma data-hora leva o fuso escrito no mesmo local (sem ele não há instante)."""
    fuso = o.dado.get("fuso_horario_original")
    if o.campo == "data_evento" and fuso and fuso not in o.literal:
        return f"{o.literal} {fuso}"
    return o.literal


def citar(principal: Ocorrencia, *junto: Ocorrencia) -> dict[str, Any]:
    """Referência ao local de `principal` citando ele e os outros dados do mesmo local."""
    mesmos = [principal, *(o for o in junto if o.local == principal.local and o is not principal)]
    return referencia(principal, " ".join(dict.fromkeys(citavel(o) for o in mesmos)))


def referencias(ocorrencias: Iterable[Ocorrencia]) -> list[dict[str, Any]]:
    """Uma referência por local, na ordem do documento, sem repetição."""
    por_local: dict[tuple, list[Ocorrencia]] = {}
    for o in sorted(ocorrencias, key=ordem):
        por_local.setdefault(o.local, []).append(o)
    return [citar(grupo[0], *grupo[1:]) for grupo in por_local.values()]


def amostra_por_arquivo(ocorrencias: Iterable[Ocorrencia], limite: int = 3) -> tuple[list[Ocorrencia], str]:
    """Até `limite` ocorrências por arquivo (as primeiras) e a descrição "arquivo (p. 1, linha 4; ...; N no total)".

    Mantém citação e afirmação legíveis quando um número aparece em dezenas de linhas
    de um mesmo registro de mensagens; a contagem total fica dita.
    """
    por_arquivo: dict[str, list[Ocorrencia]] = {}
    for o in sorted(ocorrencias, key=lambda o: (o.arquivo, o.seq)):  # seq: ordem do documento no arquivo
        por_arquivo.setdefault(o.arquivo, []).append(o)
    escolhidas, partes = [], []
    for arquivo, lista in por_arquivo.items():
        locais = list(dict.fromkeys(o.local for o in lista))
        primeiras = [o for o in lista if o.local in locais[:limite]]
        escolhidas += primeiras
        onde = "; ".join(dict.fromkeys(o.local_curto for o in primeiras))
        resto = f"; {len(locais)} locais no total" if len(locais) > limite else ""
        partes.append(f"{arquivo} ({onde}{resto})")
    return escolhidas, "; ".join(partes)
