"""Comando `perito revisar SAIDA`: decisão humana sobre cada referência que não saiu VERIFICADO.

Interativo por padrão; com `--decisao 3.2=confirmado:motivo` (repetível) ou
`--decisoes ARQUIVO.json` roda sem perguntar nada.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.console import Console

from perito.cli.ancoragem import OpcaoAncora, OpcaoChave, ancorar_e_mostrar, preparar
from perito.cli.terminal import console_saida, encerrar, tratar_erros
from perito.erros import ErroPerito, Saida
from perito.saida import revisao
from perito.saida.auditoria import Trilha, TrilhaAdulterada
from perito.saida.contexto import Contexto, contexto, fonte_da_pasta
from perito.saida.relatorio import seguro

ATALHOS = {"c": "confirmado", "r": "rejeitado", "p": "pendente"}


def _texto(valor: object, campo: str) -> str:
    """Decisão e motivo de um arquivo de decisões são textos ("motivo": 3 saía com erro interno)."""
    if not isinstance(valor, str):
        raise TypeError(f"o campo {campo!r} precisa ser um texto, não {type(valor).__name__}")
    return valor


def _pedidas(decisao: list[str], arquivo: Path | None) -> list[tuple[str, str, str]]:
    """(rótulo "conclusão.referência", decisão, motivo) das opções não interativas."""
    pedidas = []
    for texto in decisao:
        rotulo, _, resto = texto.partition("=")
        escolha, _, motivo = resto.partition(":")
        if not rotulo or not escolha:
            raise ErroPerito(f"--decisao {texto!r}: use CONCLUSAO.REFERENCIA=decisao:motivo (ex.: 3.2=confirmado:conferi)",
                             Saida.USO)
        pedidas.append((rotulo.strip(), ATALHOS.get(escolha.strip(), escolha.strip()), motivo))
    if arquivo is not None:
        try:
            lista = json.loads(arquivo.read_text(encoding="utf-8"))
            pedidas += [(f"{d['conclusao_id']}.{d['referencia']}", _texto(d["decisao"], "decisao"),
                         _texto(d.get("motivo", ""), "motivo")) for d in lista]
        except (OSError, ValueError, KeyError, TypeError) as erro:
            raise ErroPerito(f"Arquivo de decisões inválido ({arquivo}): {erro}. Formato: lista de objetos com "
                             "conclusao_id, referencia (1, 2...), decisao e motivo.", Saida.ENTRADA_INVALIDA) from None
    return pedidas


def _mostrar(console: Console, item: revisao.Item, ctx: Contexto, anterior: dict[str, Any] | None) -> None:
    ref, det = item.referencia, item.detalhe
    local = f"p. {seguro(ref['pagina'])}, " if ref.get("pagina") is not None else ""
    aba = f" (aba {ref['aba_planilha']})" if ref.get("aba_planilha") else ""
    console.rule(f"Referência {item.rotulo} — conclusão {item.conclusao_id} ({seguro(item.conclusao['tipo'])})")
    console.print(f"[bold]Afirmação:[/] {seguro(item.conclusao['afirmacao'])}")
    console.print(f"[bold]Local:[/] {seguro(ref['arquivo'])}, {local}{seguro(ref['linha_ou_celula'])}{seguro(aba)}")
    console.print(f"[bold]Dado citado:[/] {seguro(ref['dado_citado'])}")
    console.print(f"[bold]Máquina:[/] [yellow]{seguro(item.status)}[/] — {seguro(det.get('observacao') or '-')}")
    if ctx.motivo:
        console.print(f"[bold red]Documento:[/] {seguro(ctx.motivo)}")
    for local_linha, texto, citada in ctx.linhas:
        marca = "→" if citada else " "
        console.print(f" {marca} {seguro(local_linha):>14} │ {seguro(texto)}", style="bold" if citada else "dim")
    if ctx.celulas:
        console.print("[bold]Células:[/] " + " | ".join(seguro(c) for c in ctx.celulas))
    if anterior:
        console.print(f"[bold]Decisão anterior:[/] {seguro(anterior['decisao'])} por {seguro(anterior['analista'])} "
                      f"em {seguro(anterior['momento'])} ({seguro(anterior.get('situacao', ''))}): "
                      f"{seguro(anterior['motivo'])}")


def _perguntar(item: revisao.Item) -> tuple[str, str] | None:
    """(decisão, motivo), ou None para pular; 'q' encerra."""
    while True:
        escolha = typer.prompt("Decisão: [c]onfirmado, [r]ejeitado, [p]endente, [s]altar, [q] sair").strip().lower()
        if escolha in ("q", "sair"):
            raise _Sair
        if escolha in ("s", "saltar"):
            return None
        decisao = ATALHOS.get(escolha, escolha)
        if decisao in revisao.DECISOES:
            break
        typer.echo("Resposta não reconhecida.")
    while not (motivo := typer.prompt("Motivo (obrigatório)", default="", show_default=False).strip()):
        typer.echo("O motivo é obrigatório.")
    return decisao, motivo


class _Sair(Exception):
    pass


@tratar_erros
def comando_revisar(
    saida: Annotated[Path, typer.Argument(help="Pasta de saída de uma análise.", show_default=False)],
    analista: Annotated[Optional[str], typer.Option("--analista", help="Quem decide (padrão: o analista do manifesto).")] = None,
    caso: Annotated[Optional[Path], typer.Option("--caso", "-c", help="Pasta do caso (padrão: a do manifesto).")] = None,
    decisao: Annotated[
        Optional[list[str]],
        typer.Option("--decisao", help="Sem perguntas: CONCLUSAO.REFERENCIA=confirmado|rejeitado|pendente:motivo (repetível)."),
    ] = None,
    decisoes: Annotated[
        Optional[Path], typer.Option("--decisoes", help="Arquivo JSON com a lista de decisões (sem perguntas).")
    ] = None,
    todas: Annotated[bool, typer.Option("--todas", help="Pergunta também o que já tem decisão vigente.")] = False,
    ancora: OpcaoAncora = None,
    chave: OpcaoChave = None,
) -> None:
    """Mostra cada referência não VERIFICADO com o texto relido do documento e registra a decisão humana."""
    ancoragem = preparar(ancora, chave, saida, caso)
    try:
        trilha = Trilha(saida)
        trilha.conferir_saidas(revisao.LIDOS)  # revisar conclusões editadas à mão daria fé a elas
        pasta = revisao.abrir_pasta(saida)
    except revisao.RevisaoInvalida as erro:
        raise ErroPerito(str(erro), Saida.ENTRADA_INVALIDA) from None
    except TrilhaAdulterada as erro:
        raise ErroPerito(f"A trilha de auditoria de {saida} foi adulterada ({erro}); nada foi registrado.",
                         Saida.AUDITORIA_INVALIDA) from None
    quem = analista or pasta.manifesto.get("analista") or ""
    if not quem.strip():
        raise ErroPerito("Informe quem decide com --analista (nome ou matrícula).", Saida.USO)
    if len(quem) > 200 or not quem.isprintable():  # a mesma regra do analisar: nada de escapes de terminal na trilha
        raise ErroPerito("--analista inválido: use um texto de 1 a 200 caracteres, sem caracteres de controle.", Saida.USO)
    pendentes = revisao.a_revisar(pasta.conclusoes)
    console = console_saida()
    if not pendentes:
        console.print("Nenhuma referência a revisar: todas saíram VERIFICADO.")
        encerrar(Saida.OK)
    caso_real = (caso or pasta.caso).resolve()
    if not caso_real.is_dir():
        raise ErroPerito(f"A pasta do caso não foi encontrada: {caso_real}. Informe-a com --caso.", Saida.CASO_INVALIDO)
    fonte = fonte_da_pasta(caso_real, pasta.hashes, [i.referencia for i in pendentes])
    atual = revisao.ler(saida)
    por_rotulo = {i.rotulo: i for i in pendentes}
    feitas = 0
    try:
        if decisao or decisoes:
            roteiro = _pedidas(decisao or [], decisoes)
            for rotulo, _, _ in roteiro:
                if rotulo not in por_rotulo:
                    raise ErroPerito(f"Referência {rotulo} não existe ou saiu VERIFICADO (a revisar: "
                                     f"{', '.join(por_rotulo) or 'nenhuma'}).", Saida.USO)
            for rotulo, escolha, motivo in roteiro:
                feitas += _registrar(saida, trilha, atual, por_rotulo[rotulo], escolha, motivo, quem, fonte)
        else:
            for item in pendentes:
                anterior = revisao.decisao_de(atual, item)
                if anterior and anterior.get("situacao") == revisao.VIGENTE and not todas:
                    continue
                ctx = contexto(fonte, item.referencia)
                _mostrar(console, item, ctx, anterior)
                resposta = _perguntar(item)
                if resposta is not None:
                    feitas += _registrar(saida, trilha, atual, item, *resposta, quem, fonte, ctx)
    except _Sair:
        pass
    finally:
        if feitas:
            revisao.regravar_manifesto(saida, trilha, {revisao.NOME: _sha(saida / revisao.NOME)})
    console.print(f"{feitas} decisão(ões) registrada(s) em {seguro(saida / revisao.NOME)} e na trilha de auditoria. "
                  f"Para refazer os relatórios: perito relatorio {seguro(saida)}")
    ancorar_e_mostrar(console, saida, ancoragem)
    encerrar(Saida.OK)


def _sha(caminho: Path) -> str:
    import hashlib

    return hashlib.sha256(caminho.read_bytes()).hexdigest()


def _registrar(
    saida: Path, trilha: Trilha, atual: dict[str, Any], item: revisao.Item, escolha: str, motivo: str, quem: str,
    fonte: Any, ctx: Contexto | None = None,
) -> int:
    ctx = ctx or contexto(fonte, item.referencia)
    if ctx.motivo and not ctx.sha256 and escolha != "pendente":
        raise ErroPerito(f"Referência {item.rotulo}: o documento não pôde ser relido ({ctx.motivo}); "
                         "só a decisão 'pendente' é aceita.", Saida.ENTRADA_INVALIDA)
    try:
        nova = revisao.nova_decisao(item, escolha, motivo, quem, ctx.sha256 or fonte.hashes.get(item.referencia["arquivo"], ""))
    except revisao.RevisaoInvalida as erro:
        raise ErroPerito(str(erro), Saida.USO) from None
    revisao.gravar_decisao(saida, trilha, atual, nova)
    return 1
