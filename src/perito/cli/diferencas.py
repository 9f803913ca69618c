"""Comando `perito diferencas SAIDA`: o que mudou entre duas execuções de uma análise (o histórico do armazém)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from perito.armazem.banco import Armazem
from perito.armazem.diferencas import comparar, linhas
from perito.armazem.historico import HistoricoAdulterado, execucoes_conferidas
from perito.cli.terminal import console_saida, tratar_erros
from perito.erros import ErroPerito, Saida
from perito.saida.auditoria import NOME as NOME_TRILHA
from perito.saida.auditoria import Trilha, TrilhaAdulterada
from perito.saida.relatorio import seguro
from perito.texto_ptbr import plural


def _execucoes(pasta: Path) -> list[dict[str, Any]]:
    """As execuções do histórico, cada uma conferida com a trilha (código 7 se alguma foi adulterada)."""
    if not (pasta / NOME_TRILHA).is_file():
        raise ErroPerito(f"{pasta} não tem trilha de auditoria ({NOME_TRILHA}): não é a pasta de saída de uma análise "
                         "do perito.", Saida.CASO_INVALIDO)
    try:
        trilha = Trilha(pasta)
    except TrilhaAdulterada as erro:
        raise ErroPerito(f"A trilha de auditoria de {pasta} foi adulterada ({erro}).", Saida.AUDITORIA_INVALIDA) from None
    armazem = Armazem(pasta, somente_leitura=True)
    try:
        if not armazem.aberto:
            raise ErroPerito(f"Sem histórico em {pasta}: {armazem.aviso}.", Saida.CASO_INVALIDO)
        return execucoes_conferidas(armazem, trilha.registrou)
    except HistoricoAdulterado as erro:
        raise ErroPerito(f"O {erro}; as diferenças não são mostradas.", Saida.AUDITORIA_INVALIDA) from None
    finally:
        armazem.fechar()


def _escolher(execucoes: list[dict[str, Any]], numero: int | None, padrao: int, opcao: str) -> dict[str, Any]:
    if numero is None:
        return execucoes[padrao]
    achada = next((e for e in execucoes if e["id"] == numero), None)
    if achada is None:
        raise ErroPerito(f"{opcao} {numero}: não há essa execução; as do histórico são "
                         f"{', '.join(str(e['id']) for e in execucoes)}.", Saida.USO)
    return achada


def _mostrar(d: dict[str, Any]) -> None:
    console = console_saida()
    a, b = d["anterior"], d["atual"]
    console.print(f"[bold]Diferenças entre a execução {a['id']} ({a['inicio']}) e a {b['id']} ({b['inicio']})[/bold]")
    for n, linha in enumerate(linhas(d)):
        console.print(("  " if n > 1 else "") + seguro(linha))


@tratar_erros
def comando_diferencas(
    pasta: Annotated[Path, typer.Argument(metavar="SAIDA", help="Pasta de saída de uma análise.", show_default=False)],
    de: Annotated[Optional[int], typer.Option("--de", help="Execução de partida (padrão: a penúltima).")] = None,
    para: Annotated[Optional[int], typer.Option("--para", help="Execução de chegada (padrão: a última).")] = None,
    em_json: Annotated[bool, typer.Option("--json", help="Imprime as diferenças em JSON.")] = False,
) -> None:
    """Diz o que mudou entre duas execuções de uma análise: arquivos incluídos, removidos ou alterados; conclusões
    novas, removidas ou mudadas (grau, veredicto, referências), com os arquivos que causaram cada mudança."""
    if not pasta.is_dir():
        raise ErroPerito(f"A pasta {pasta} não existe; informe a pasta de saída de uma análise.", Saida.CASO_INVALIDO)
    execucoes = _execucoes(pasta)
    if len(execucoes) < 2 and (de is None or para is None):
        raise ErroPerito(f"{pasta} tem {plural(len(execucoes), 'execução', 'execuções')} no histórico: as diferenças "
                         "aparecem depois da próxima análise na mesma pasta de saída.", Saida.USO)
    diferencas = comparar(_escolher(execucoes, de, -2, "--de"), _escolher(execucoes, para, -1, "--para"))
    if em_json:
        typer.echo(json.dumps(diferencas, ensure_ascii=False, indent=2))
    else:
        _mostrar(diferencas)
