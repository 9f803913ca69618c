"""Comando `perito validar CONCLUSOES.json --caso CASO`: revalida conclusões contra os documentos.

Aceita qualquer arquivo no formato da seção 3, também escrito à mão. O relatório
lista toda referência que não saiu VERIFICADO (inclusive CONTRADITO), com o
texto encontrado no local.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from perito.analise import conferir_caso
from perito.argumentos import conferir_data
from perito.cli.terminal import console_erro, console_saida, encerrar, tratar_erros
from perito.contratos.esquemas import erros
from perito.erros import ErroPerito, Saida
from perito.saida.escrita import escrever_json
from perito.saida.relatorio import tabela_conclusoes, tabela_revisao
from perito.validador.agente import aplicar, validar


def _carregar(caminho: Path) -> dict:
    try:
        objeto = json.loads(caminho.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ErroPerito(f"Arquivo de conclusões não encontrado: {caminho}", Saida.ENTRADA_INVALIDA) from None
    except (UnicodeDecodeError, json.JSONDecodeError) as erro:
        raise ErroPerito(f"{caminho} não é um JSON válido: {erro}", Saida.ENTRADA_INVALIDA) from None
    problemas = erros("conclusoes", objeto)
    if problemas:
        lista = "\n".join(f"  - {p}" for p in problemas[:50])
        raise ErroPerito(f"{caminho} não segue o contrato de conclusões (seção 3):\n{lista}", Saida.ENTRADA_INVALIDA)
    return objeto


def _hashes_do_manifesto(conclusoes: Path) -> dict[str, str]:
    manifesto = conclusoes.parent / "manifesto.json"
    if not manifesto.is_file():
        return {}
    try:
        dados = json.loads(manifesto.read_text(encoding="utf-8"))
        return {a["arquivo"]: a["sha256"] for a in dados.get("arquivos", []) if a.get("sha256")}
    except (ValueError, KeyError, TypeError):
        raise ErroPerito(f"O manifesto ao lado das conclusões está corrompido: {manifesto}", Saida.ENTRADA_INVALIDA) from None


@tratar_erros
def comando_validar(
    conclusoes: Annotated[Path, typer.Argument(help="Arquivo de conclusões (seção 3).", show_default=False)],
    caso: Annotated[Path, typer.Option("--caso", "-c", help="Pasta do caso com os documentos brutos.", show_default=False)],
    saida: Annotated[Optional[Path], typer.Option("--saida", "-s", help="Onde gravar as validações (seção 4).")] = None,
    data_validacao: Annotated[Optional[str], typer.Option("--data-validacao", help="Data AAAA-MM-DD (padrão: hoje).")] = None,
) -> None:
    """Verifica cada referência de CONCLUSOES.json contra os documentos de CASO."""
    if data_validacao is not None:
        conferir_data(data_validacao, "Data da validação")
    objeto = _carregar(conclusoes)
    real = conferir_caso(caso)
    if saida is not None and saida.resolve().is_relative_to(real):
        raise ErroPerito("O arquivo de saída fica dentro da pasta do caso; o perito nunca escreve no caso.", Saida.SAIDA_INVALIDA)
    validacoes = validar(objeto, real, data_validacao or dt.date.today().isoformat(), _hashes_do_manifesto(conclusoes))
    if saida is not None:
        escrever_json(saida, validacoes)
        console_erro().print(f"validações gravadas em {saida}")
    final, contraditas = aplicar(objeto, validacoes)
    console = console_saida()
    console.print(tabela_conclusoes(final["conclusoes"] + contraditas, "Conclusões revalidadas"))
    if (revisao := tabela_revisao(validacoes)) is not None:
        console.print(revisao)
    resumo = validacoes["resumo"]
    console.print(
        f"{resumo['total_conclusoes']} conclusão(ões): {resumo['verificadas']} verificada(s), "
        f"{resumo['ambiguas']} ambígua(s), {resumo['contraditas']} contradita(s)."
    )
    encerrar(Saida.OK)
