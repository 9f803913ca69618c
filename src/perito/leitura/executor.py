"""Onde a leitura e a extração de cada arquivo rodam: nos auxiliares locais (padrão) ou num cluster Dask.

`--executor dask://host:porta` manda cada arquivo a um trabalhador de um cluster Dask distributed (extra opcional
`perito[cluster]`). O trabalhador lê o arquivo com o mesmo isolamento dos auxiliares locais (um processo com tempo e
memória limitados, `ler_isolados`), depois de conferir que o arquivo que ele vê tem o SHA-256 do inventário: um
trabalhador que monta outra cópia do caso nunca mistura provas. O cruzamento, a validação e as saídas ficam na
máquina de quem analisa.

Requisitos de um cluster: o perito instalado em cada trabalhador (a mesma versão: o armazém e as saídas dependem
dela), a pasta do caso no mesmo caminho, e trabalhadores não daemônicos (`DASK_DISTRIBUTED__WORKER__DAEMON=False`),
porque o isolamento por arquivo cria um processo filho.
"""

from __future__ import annotations

import multiprocessing as mp
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol, Sequence

from perito.leitura.documento import Documento
from perito.leitura.inventario import sha256_arquivo
from perito.leitura.isolamento import AoTerminar, DepoisDeLer, LerEmPartes, Limites, Tarefa, custo_estimado, ler_isolados

LOCAL = "local"
PREFIXO_DASK = "dask://"


class ExecutorInvalido(Exception):
    """Endereço mal formado, extra não instalado ou cluster fora do ar: a mensagem diz o que fazer."""


class Executor(Protocol):
    descricao: str

    def ler(self, tarefas: Sequence[Tarefa], limites: Limites, ao_terminar: AoTerminar | None,
            depois_de_ler: DepoisDeLer | None, sha256_dos_caminhos: dict[Path, str],
            em_partes: LerEmPartes | None = None) -> list[Documento]: ...

    def fechar(self) -> None: ...


class ExecutorLocal:
    descricao = LOCAL

    def ler(self, tarefas: Sequence[Tarefa], limites: Limites, ao_terminar: AoTerminar | None,
            depois_de_ler: DepoisDeLer | None, sha256_dos_caminhos: dict[Path, str],
            em_partes: LerEmPartes | None = None) -> list[Documento]:
        return ler_isolados(tarefas, limites, ao_terminar, depois_de_ler, em_partes)

    def fechar(self) -> None:
        pass


def _falha(tarefa: Tarefa, motivo: str) -> Documento:
    return Documento(arquivo=tarefa.nome, tipo=tarefa.tipo, erro=motivo)


def ler_no_trabalhador(tarefa: Tarefa, limites: Limites, depois_de_ler: DepoisDeLer | None, sha256: str) -> Documento:
    """Roda num trabalhador Dask: confere os bytes e lê a tarefa isolada, como um auxiliar local."""
    if mp.current_process().daemon:
        return _falha(tarefa, "o trabalhador Dask é daemônico e não pode isolar a leitura num processo filho; "
                              "inicie os trabalhadores com DASK_DISTRIBUTED__WORKER__DAEMON=False")
    try:
        visto = sha256_arquivo(tarefa.caminho)
    except OSError as erro:
        return _falha(tarefa, f"o trabalhador Dask não conseguiu abrir o arquivo ({erro.strerror or erro})")
    if visto != sha256:
        return _falha(tarefa, f"o arquivo que o trabalhador Dask vê tem outro SHA-256 ({visto[:12]}…, o do inventário "
                              f"é {sha256[:12]}…): o caso montado nele não é o mesmo")
    return ler_isolados([tarefa], replace(limites, processos=1), None, depois_de_ler)[0]


class ExecutorDask:
    def __init__(self, endereco: str) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise ExecutorInvalido("--executor dask:// pede o extra de cluster: instale com "
                                   "pip install 'perito[cluster]'.") from None
        self.descricao = endereco
        alvo = "tcp://" + endereco.removeprefix(PREFIXO_DASK)
        try:
            self._cliente: Any = Client(alvo, timeout=10, set_as_default=False)
        except (OSError, TimeoutError) as erro:
            raise ExecutorInvalido(f"o agendador Dask em {alvo} não respondeu ({erro}); confira o endereço e se o "
                                   "cluster está no ar (dask scheduler / dask worker).") from None

    def ler(self, tarefas: Sequence[Tarefa], limites: Limites, ao_terminar: AoTerminar | None,
            depois_de_ler: DepoisDeLer | None, sha256_dos_caminhos: dict[Path, str],
            em_partes: LerEmPartes | None = None) -> list[Documento]:
        # `em_partes` não vai ao cluster: o trabalhador não grava na saída de quem analisa (tarefas sem `derrame`)
        from distributed import as_completed

        # os mais caros com prioridade maior: o agendador os começa primeiro, como os auxiliares locais
        futuros = {
            self._cliente.submit(ler_no_trabalhador, tarefa, limites, depois_de_ler, sha256_dos_caminhos[tarefa.caminho],
                                 pure=False, priority=int(custo_estimado(tarefa))): n
            for n, tarefa in enumerate(tarefas)
        }
        resultados: dict[int, Documento] = {}
        for futuro in as_completed(futuros, loop=self._cliente.loop):
            n = futuros[futuro]
            try:
                documento = futuro.result()
            except Exception as erro:  # trabalhador morto (KilledWorker) ou falha de rede: o arquivo fica em erro
                documento = _falha(tarefas[n], f"o cluster Dask não devolveu a leitura ({type(erro).__name__}: "
                                               f"{str(erro)[:160]})")
            resultados[n] = documento
            if ao_terminar:
                ao_terminar(tarefas[n], documento)
        return [resultados[n] for n in range(len(tarefas))]

    def fechar(self) -> None:
        self._cliente.close()


def conferir_endereco(endereco: str) -> None:
    if endereco == LOCAL:
        return
    if not endereco.startswith(PREFIXO_DASK) or ":" not in endereco.removeprefix(PREFIXO_DASK):
        raise ExecutorInvalido(f"--executor inválido: {endereco!r}; use local ou dask://host:porta "
                               "(o endereço do agendador Dask).")


def executor_de(endereco: str) -> Executor:
    conferir_endereco(endereco)
    return ExecutorLocal() if endereco == LOCAL else ExecutorDask(endereco)
