"""relatorio.txt: o relatório do terminal gravado na pasta de saída, sem cores, em 100 colunas, com a afirmação
inteira de cada conclusão e o veredicto que segue as decisões humanas (`perito relatorio` o refaz)."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from perito.saida.relatorio import relatorio_analise

NOME = "relatorio.txt"
LARGURA = 100


def texto_relatorio(resultado, rev: dict[str, Any] | None = None) -> str:  # resultado: perito.analise.Resultado
    """O mesmo relatório do terminal, desenhado em texto puro (sem escrever em terminal nenhum).

    `rev`: as decisões de revisao.json (sem ele, as da pasta de saída do resultado, se houver)."""
    console = Console(file=io.StringIO(), width=LARGURA, color_system=None, highlight=False, force_terminal=False)
    linhas = console.render_lines(relatorio_analise(resultado, rev, completo=True), console.options, pad=False,
                                  new_lines=False)
    return "".join("".join(segmento.text for segmento in linha).rstrip() + "\n" for linha in linhas)
