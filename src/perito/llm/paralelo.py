"""Chamadas em paralelo, no máximo `concorrencia` de cada vez, com o resultado na ordem da entrada."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor, as_completed
from typing import Callable, Sequence, TypeVar

T = TypeVar("T")
R = TypeVar("R")


def executar(
    tarefas: Sequence[T], fazer: Callable[[T], R], concorrencia: int, feito: Callable[[int, T], None] | None = None
) -> list[R]:
    resultados: list[R | None] = [None] * len(tarefas)
    executor = ThreadPoolExecutor(max_workers=max(1, concorrencia), thread_name_prefix="perito-claude")
    try:
        futuros = {executor.submit(fazer, tarefa): i for i, tarefa in enumerate(tarefas)}
        for quantos, futuro in enumerate(as_completed(futuros), start=1):
            indice = futuros[futuro]
            resultados[indice] = futuro.result()
            if feito:
                feito(quantos, tarefas[indice])
    except BaseException:
        # Ctrl-C ou defeito: não esperar as chamadas ainda na fila
        executor.shutdown(wait=False, cancel_futures=True)
        raise
    executor.shutdown(wait=True)
    return resultados  # type: ignore[return-value]
