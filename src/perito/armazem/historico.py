"""As execuções guardadas no armazém, cada uma conferida com a trilha antes de ser comparada com outra."""

from __future__ import annotations

from typing import Any, Callable

from perito.armazem.banco import Armazem
from perito.armazem.reaproveitar import conferida, sha256_do_conteudo


class HistoricoAdulterado(Exception):
    def __init__(self, execucao: int) -> None:
        super().__init__(f"o histórico da execução {execucao} no armazém não confere com a trilha de auditoria "
                         "(editado fora do perito?)")
        self.execucao = execucao


def execucoes_conferidas(armazem: Armazem, registrou: Callable[[str, str], bool]) -> list[dict[str, Any]]:
    """Todas as execuções, da mais antiga à mais nova; HistoricoAdulterado se o resumo de alguma não tem os bytes que a
    trilha registrou (passo `registrar_execucao`)."""
    execucoes = []
    for dados, sha, texto in armazem.execucoes():
        if not conferida("execucao", sha, sha, sha256_do_conteudo(texto), registrou):
            raise HistoricoAdulterado(dados["id"])
        execucoes.append(dados)
    return execucoes
