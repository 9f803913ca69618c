"""Uma função pura num processo à parte, enquanto o principal segue; se o processo falhar, o principal a roda.

Nos relatórios de um caso grande, o principal trabalha num núcleo e o outro fica quase parado: os recortes das
páginas (PNG comprimido ao máximo) e as planilhas (o openpyxl célula a célula) não dependem do HTML nem do .docx e
correm ao lado. O processo nasce do forkserver dos auxiliares (não um fork do principal, que no fim de um caso
grande tem quase 1 GB a somar no pico) pelo `iniciar` deles (o principal sem arquivo importável, o Ctrl-C no meio
do nascimento). O resultado é sempre o da função: do processo, ou, se ele morreu, demorou ou nem nasceu, do
próprio principal, com os mesmos argumentos.
"""

from __future__ import annotations

from multiprocessing.connection import Connection
from typing import Any, Callable, Generic, TypeVar

from perito.leitura.isolamento import contexto_dos_auxiliares, encerrar_auxiliar, iniciar

T = TypeVar("T")

#: um resultado do processo que não é o da função (a falha dele, descrita)
_FALHOU = "falhou"


class EmFundo(Generic[T]):
    """`funcao(*argumentos)` num processo à parte a partir de `comecar`; `resultado` o espera (ou roda no principal).
    A função tem de ser de módulo (o processo a importa pelo nome) e os argumentos, dados puros."""

    def __init__(self, funcao: Callable[..., T], *argumentos: Any) -> None:
        self.funcao, self.argumentos = funcao, argumentos
        self._processo: Any = None
        self._conexao: Connection | None = None

    def comecar(self) -> None:
        if self._processo is not None:
            return
        try:
            contexto: Any = contexto_dos_auxiliares()  # o forkserver: tem Process, que o BaseContext tipado não diz
            self._conexao, filho = contexto.Pipe(duplex=False)
            self._processo = contexto.Process(target=_rodar, args=(filho, self.funcao, self.argumentos), daemon=True)
            iniciar(self._processo)
            filho.close()
        except Exception:  # noqa: BLE001 — sem processo à parte, o principal roda a função em `resultado`
            self._encerrar()

    def resultado(self, prazo: float = 300) -> T:
        if self._processo is not None and self._conexao is not None:
            try:
                if self._conexao.poll(prazo):
                    situacao, valor = self._conexao.recv()
                    if situacao != _FALHOU:
                        return valor
            except (EOFError, OSError):  # o processo morreu no meio
                pass
            finally:
                self._encerrar()
        return self.funcao(*self.argumentos)

    def _encerrar(self) -> None:
        processo, conexao, self._processo, self._conexao = self._processo, self._conexao, None, None
        if processo is not None and conexao is not None:
            encerrar_auxiliar(processo, conexao, espera=1)
        elif conexao is not None:
            conexao.close()


def _rodar(conexao: Connection, funcao: Callable[..., Any], argumentos: tuple[Any, ...]) -> None:
    try:
        conexao.send(("ok", funcao(*argumentos)))
    except Exception as erro:  # noqa: BLE001 — o principal roda de novo; a falha não vira traceback no terminal
        conexao.send((_FALHOU, f"{type(erro).__name__}: {erro}"))
    finally:
        conexao.close()
