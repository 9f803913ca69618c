"""Comando `perito revisar SAIDA`: decisão humana sobre cada referência que não saiu VERIFICADO.

Interativo por padrão: uma pergunta por linha citada (a resposta vale para toda referência
que cita a mesma linha), com a opção de decidir só aquela referência ou a conclusão inteira;
uma decisão `pendente` volta a ser perguntada na revisão seguinte. Com
`--decisao 3.2=confirmado:motivo` (uma referência), `--decisao 3=rejeitado:motivo` (a
conclusão inteira), `--mesma-linha` ou `--decisoes ARQUIVO.json`, roda sem perguntar nada.
Cada referência decidida é uma decisão própria em revisao.json e na trilha.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.console import Console

from perito.cli.ancoragem import OpcaoAncora, OpcaoChave, ancorar_e_mostrar, preparar
from perito.cli.terminal import console_saida, encerrar, tratar_erros
from perito.contratos.contexto import Contexto
from perito.erros import ErroPerito, Saida
from perito.saida import revisao
from perito.saida.auditoria import Trilha, TrilhaAdulterada
from perito.saida.nomes import plural
from perito.saida.relatorio import seguro
from perito.validador.contexto import contexto
from perito.validador.fonte import FonteIndependente

ATALHOS = {"c": "confirmado", "r": "rejeitado", "p": "pendente"}


def _texto(valor: object, campo: str) -> str:
    """Decisão e motivo de um arquivo de decisões são textos ("motivo": 3 saía com erro interno)."""
    if not isinstance(valor, str):
        raise TypeError(f"o campo {campo!r} precisa ser um texto, não {type(valor).__name__}")
    return valor


#: (rótulo "3" ou "3.2", decisão, motivo, vale para a mesma linha)
Pedida = tuple[str, str, str, bool]


def _pedidas(decisao: list[str], arquivo: Path | None, linha: bool) -> list[Pedida]:
    """As decisões das opções não interativas, na ordem em que foram dadas."""
    pedidas = []
    for texto in decisao:
        rotulo, _, resto = texto.partition("=")
        escolha, _, motivo = resto.partition(":")
        if not rotulo.strip() or not escolha:
            raise ErroPerito(f"--decisao {texto!r}: use CONCLUSAO.REFERENCIA=decisao:motivo (ex.: 3.2=confirmado:conferi) "
                             "ou CONCLUSAO=decisao:motivo para a conclusão inteira", Saida.USO)
        pedidas.append((rotulo.strip(), ATALHOS.get(escolha.strip(), escolha.strip()), motivo, linha))
    if arquivo is not None:
        try:
            lista = json.loads(arquivo.read_text(encoding="utf-8"))
            for d in lista:
                # sem "referencia" (ou null): a conclusão inteira
                rotulo = str(d["conclusao_id"]) + (f".{d['referencia']}" if d.get("referencia") is not None else "")
                pedidas.append((rotulo, _texto(d["decisao"], "decisao"), _texto(d.get("motivo", ""), "motivo"),
                                linha or d.get("mesma_linha") is True))
        except (OSError, ValueError, KeyError, TypeError) as erro:
            raise ErroPerito(f"Arquivo de decisões inválido ({arquivo}): {erro}. Formato: lista de objetos com "
                             "conclusao_id, referencia (1, 2...; sem ela, a conclusão inteira), decisao, motivo e, "
                             "opcional, mesma_linha.", Saida.ENTRADA_INVALIDA) from None
    return pedidas


def _mostrar(console: Console, item: revisao.Item, ctx: Contexto, anterior: dict[str, Any] | None,
            outras: list[revisao.Item] | None = None) -> None:
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
    if outras:
        quantas = plural(len(outras), "outra referência", "outras referências")
        console.print(f"[bold]A mesma linha é citada também por {quantas}:[/]")
        for outra in outras:
            console.print(f"   {outra.rotulo} — conclusão {outra.conclusao_id} ({seguro(outra.conclusao['tipo'])}): "
                          f"{seguro(outra.referencia['dado_citado'])} — máquina {seguro(outra.status)}")


#: o que uma resposta alcança: a linha (toda referência que a cita), só a referência, a conclusão inteira
LINHA, UMA, CONCLUSAO = "linha", "uma", "conclusao"


def _perguntar(item: revisao.Item, na_linha: int = 1, na_conclusao: int = 1) -> tuple[str, str, str] | None:
    """(alcance, decisão, motivo), ou None para pular; 'q' encerra. `na_linha`: referências a decidir que citam a
    linha (esta inclusa); `na_conclusao`: referências a decidir da conclusão."""
    opcoes = "Decisão: [c]onfirmado, [r]ejeitado, [p]endente, [s]altar, [q] sair"
    if na_linha > 1:
        opcoes += f" — vale para as {na_linha} referências desta linha; [u] decidir só a {item.rotulo}"
    if na_conclusao > 1:
        opcoes += (f"; [ct] confirmar ou [rt] rejeitar a conclusão {item.conclusao_id} inteira "
                   f"({na_conclusao} referências)")
    alcance = LINHA
    while True:
        escolha = typer.prompt(opcoes).strip().lower()
        if escolha in ("q", "sair"):
            raise _Sair
        if escolha in ("s", "saltar"):
            return None
        if escolha == "u" and na_linha > 1:
            alcance, na_linha = UMA, 1
            opcoes = f"Decisão só sobre {item.rotulo}: [c]onfirmado, [r]ejeitado, [p]endente, [s]altar, [q] sair"
            continue
        if escolha in ("ct", "rt") and na_conclusao > 1:
            alcance, decisao = CONCLUSAO, ATALHOS[escolha[0]]
            break
        decisao = ATALHOS.get(escolha, escolha)
        if decisao in revisao.DECISOES:
            break
        typer.echo("Resposta não reconhecida.")
    while not (motivo := typer.prompt("Motivo (obrigatório)", default="", show_default=False).strip()):
        typer.echo("O motivo é obrigatório.")
    return alcance, decisao, motivo


class _Sair(Exception):
    pass


@tratar_erros
def comando_revisar(
    saida: Annotated[Path, typer.Argument(help="Pasta de saída de uma análise.", show_default=False)],
    analista: Annotated[Optional[str], typer.Option("--analista", help="Quem decide (padrão: o analista do manifesto).")] = None,
    caso: Annotated[Optional[Path], typer.Option("--caso", "-c", help="Pasta do caso (padrão: a do manifesto).")] = None,
    decisao: Annotated[
        Optional[list[str]],
        typer.Option("--decisao", help="Sem perguntas: CONCLUSAO.REFERENCIA=confirmado|rejeitado|pendente:motivo, ou "
                                       "CONCLUSAO=...:motivo para a conclusão inteira (repetível)."),
    ] = None,
    decisoes: Annotated[
        Optional[Path], typer.Option("--decisoes", help="Arquivo JSON com a lista de decisões (sem perguntas).")
    ] = None,
    mesma_linha: Annotated[bool, typer.Option(
        "--mesma-linha", help="Com --decisao/--decisoes: a decisão sobre uma referência vale para toda referência "
                              "a revisar que cita a mesma linha (arquivo, página, linha ou célula, aba).")] = False,
    todas: Annotated[bool, typer.Option("--todas", help="Pergunta também o que já tem decisão vigente.")] = False,
    ancora: OpcaoAncora = None,
    chave: OpcaoChave = None,
) -> None:
    """Mostra cada referência não VERIFICADO com o texto relido do documento e registra a decisão humana."""
    ancoragem = preparar(ancora, chave, saida, caso)
    try:
        trilha = Trilha(saida)
        # revisar conclusões (ou um texto de documento) editados à mão daria fé a eles
        trilha.conferir_saidas((*revisao.LIDOS, revisao.NOME_CONTEXTOS))
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
    # o texto em volta de cada linha vem de contextos.json (relido pelo validador ao gravar os relatórios) quando o
    # arquivo tem os mesmos bytes; senão, o documento é relido quando a referência aparece (antes: todos os
    # documentos citados eram relidos antes da primeira pergunta)
    leitura = _Leitura(FonteIndependente(caso_real, pasta.hashes, paginas_citadas={}), revisao.ler_contextos(saida))
    atual = revisao.ler(saida)
    feitas = [0]  # decisões já gravadas: o manifesto é regravado mesmo se algo para no meio
    try:
        if decisao or decisoes:
            roteiro = []
            for rotulo, escolha, motivo, linha in _pedidas(decisao or [], decisoes, mesma_linha):
                try:
                    roteiro.append((revisao.alvos(pendentes, rotulo, linha), escolha, motivo))
                except revisao.RevisaoInvalida as erro:
                    raise ErroPerito(str(erro), Saida.USO) from None
            for alvos, escolha, motivo in roteiro:
                for item in alvos:
                    feitas[0] += _registrar(saida, trilha, atual, item, escolha, motivo, quem, leitura)
        else:
            _interativo(console, saida, trilha, atual, pendentes, quem, leitura, todas, feitas)
    except _Sair:
        pass
    finally:
        if feitas[0]:
            revisao.regravar_manifesto(saida, trilha, {revisao.NOME: _sha(saida / revisao.NOME)})
    console.print(f"{plural(feitas[0], 'decisão registrada', 'decisões registradas')} em {seguro(saida / revisao.NOME)} "
                  f"e na trilha de auditoria. Para refazer os relatórios: perito relatorio {seguro(saida)}")
    ancorar_e_mostrar(console, saida, ancoragem)
    encerrar(Saida.OK)


def _interativo(
    console: Console, saida: Path, trilha: Trilha, atual: dict[str, Any], pendentes: list[revisao.Item], quem: str,
    leitura: _Leitura, todas: bool, feitas: list[int],
) -> None:
    """Uma pergunta por linha citada; `pendente` (ou sem decisão) é perguntado de novo, o resto só com --todas.
    `feitas[0]` conta as decisões gravadas ('q' sai no meio)."""
    def perguntar(item: revisao.Item) -> bool:
        anterior = revisao.decisao_de(atual, item)
        decidida = anterior is not None and anterior.get("situacao") == revisao.VIGENTE and anterior["decisao"] != "pendente"
        return todas or not decidida

    a_perguntar = [i for i in pendentes if perguntar(i)]
    respondidas: set[str] = set()
    for item in a_perguntar:
        if item.rotulo in respondidas:
            continue
        restantes = [i for i in a_perguntar if i.rotulo not in respondidas]
        na_linha = revisao.mesma_linha(item, restantes)
        na_conclusao = [i for i in restantes if i.conclusao_id == item.conclusao_id]
        ctx = leitura.contexto(item)
        _mostrar(console, item, ctx, revisao.decisao_de(atual, item), [i for i in na_linha if i is not item])
        resposta = _perguntar(item, len(na_linha), len(na_conclusao))
        if resposta is None:
            continue
        alcance, escolha, motivo = resposta
        alvos = {LINHA: na_linha, UMA: [item], CONCLUSAO: na_conclusao}[alcance]
        for alvo in alvos:
            feitas[0] += _registrar(saida, trilha, atual, alvo, escolha, motivo, quem, leitura)
            respondidas.add(alvo.rotulo)


def _sha(caminho: Path) -> str:
    import hashlib

    return hashlib.sha256(caminho.read_bytes()).hexdigest()


class _Leitura:
    """O texto em volta de cada linha citada: o guardado em contextos.json, se o arquivo do caso tem agora os bytes
    (SHA-256) do manifesto e do contexto guardado; senão, relido quando a referência aparece (cada documento uma vez)."""

    def __init__(self, fonte: FonteIndependente, guardados: dict[str, dict[str, Any]]) -> None:
        self.fonte = fonte
        self.guardados = guardados
        self._atuais: dict[str, str] = {}
        self._contextos: dict[str, Contexto] = {}

    def _sha_atual(self, arquivo: str) -> str:
        if arquivo not in self._atuais:
            conferido = self.fonte._conferir(arquivo)  # caminho e SHA-256 agora, sem ler o documento
            self._atuais[arquivo] = conferido[1] if isinstance(conferido, tuple) else ""
        return self._atuais[arquivo]

    def contexto(self, item: revisao.Item) -> Contexto:
        if item.rotulo not in self._contextos:
            arquivo = item.referencia["arquivo"]
            guardado = self.guardados.get(revisao.chave(item.conclusao, item.referencia))
            if (guardado is not None and guardado["arquivo"] == arquivo and guardado["sha256"] == self.fonte.hashes.get(arquivo)
                    and self._sha_atual(arquivo) == guardado["sha256"]):
                self._contextos[item.rotulo] = revisao.contexto_guardado(guardado)
            else:
                self._contextos[item.rotulo] = contexto(self.fonte, item.referencia)
        return self._contextos[item.rotulo]


def _registrar(
    saida: Path, trilha: Trilha, atual: dict[str, Any], item: revisao.Item, escolha: str, motivo: str, quem: str,
    leitura: _Leitura,
) -> int:
    ctx = leitura.contexto(item)
    if ctx.motivo and not ctx.sha256 and escolha != "pendente":
        raise ErroPerito(f"Referência {item.rotulo}: o documento não pôde ser relido ({ctx.motivo}); "
                         "só a decisão 'pendente' é aceita.", Saida.ENTRADA_INVALIDA)
    try:
        nova = revisao.nova_decisao(item, escolha, motivo, quem,
                                    ctx.sha256 or leitura.fonte.hashes.get(item.referencia["arquivo"], ""))
    except revisao.RevisaoInvalida as erro:
        raise ErroPerito(str(erro), Saida.USO) from None
    revisao.gravar_decisao(saida, trilha, atual, nova)
    return 1
