"""Comando `perito relatorio SAIDA`: refaz os relatórios (HTML, .docx, ofícios, CSV, XLSX, relatorio.txt) com as
decisões de revisao.json, depois de uma revisão; sem decisão, regrava os mesmos bytes que `analisar` gravou."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from perito.cli.ancoragem import OpcaoAncora, OpcaoChave, ancorar_e_mostrar, preparar
from perito.cli.terminal import console_saida, encerrar, tratar_erros
from perito.erros import ErroPerito, Saida
from perito.saida import html_grafico, relatorios, revisao
from perito.saida.auditoria import Trilha, TrilhaAdulterada
from perito.saida.relatorio import seguro
from perito.validador import trechos


@tratar_erros
def comando_relatorio(
    saida: Annotated[Path, typer.Argument(help="Pasta de saída de uma análise.", show_default=False)],
    caso: Annotated[Optional[Path], typer.Option("--caso", "-c", help="Pasta do caso (padrão: a do manifesto).")] = None,
    fuso_relatorio: Annotated[
        Optional[str], typer.Option("--fuso-relatorio", help="Fuso IANA dos horários do relatorio.html (padrão: o da "
                                    "análise, no manifesto).")
    ] = None,
    ancora: OpcaoAncora = None,
    chave: OpcaoChave = None,
) -> None:
    """Refaz os relatórios, planilhas e relatorio.txt da pasta SAIDA com as decisões de revisao.json; registra na trilha."""
    if fuso_relatorio is not None:
        try:
            html_grafico.zona(fuso_relatorio)
        except html_grafico.FusoInvalido:
            raise ErroPerito(f"--fuso-relatorio inválido: {fuso_relatorio!r}; use um nome IANA, como America/Sao_Paulo.",
                             Saida.USO) from None
    ancoragem = preparar(ancora, chave, saida, caso)
    try:
        trilha = Trilha(saida)
        # relatórios de conclusões (ou de um plano) editados à mão dariam fé a eles
        trilha.conferir_saidas((*revisao.LIDOS, relatorios.NOME_PLANO, revisao.NOME_CONTEXTOS, relatorios.NOME_DIFERENCAS))
        hashes = relatorios.gravar(saida, trilha, caso, fuso_relatorio=fuso_relatorio, reler=trechos.reler)
    except revisao.RevisaoInvalida as erro:
        raise ErroPerito(str(erro), Saida.ENTRADA_INVALIDA) from None
    except TrilhaAdulterada as erro:
        raise ErroPerito(f"A trilha de auditoria de {saida} foi adulterada ({erro}); nada foi gravado.",
                         Saida.AUDITORIA_INVALIDA) from None
    revisao.regravar_manifesto(saida, trilha, hashes)
    console = console_saida()
    for nome in hashes:
        console.print(f"gravado {seguro(saida / nome)}")
    ancorar_e_mostrar(console, saida, ancoragem)
    encerrar(Saida.OK)
