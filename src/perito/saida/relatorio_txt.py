"""relatorio.txt: o relatório do terminal gravado na pasta de saída, sem cores, em 100 colunas."""

from __future__ import annotations

import io

from rich.console import Console

from perito.saida.relatorio import relatorio_analise

NOME = "relatorio.txt"
LARGURA = 100


def texto_relatorio(resultado) -> str:  # resultado: perito.analise.Resultado
    console = Console(file=io.StringIO(), width=LARGURA, record=True, color_system=None, highlight=False,
                      force_terminal=False, legacy_windows=False)
    console.print(relatorio_analise(resultado))
    return "\n".join(linha.rstrip() for linha in console.export_text(styles=False).splitlines()) + "\n"
