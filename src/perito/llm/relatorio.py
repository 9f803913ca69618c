"""Painel do motor Claude no relatório do terminal (objeto rich; quem imprime é a cli)."""

from __future__ import annotations

from typing import Any

from rich.panel import Panel
from rich.text import Text

from perito.saida.relatorio import seguro

_LIMITE_ALERTAS = 15


def painel(parametros: dict[str, Any], resumo: dict[str, Any]) -> Panel:
    linhas: list[str] = [f"Modelo {seguro(resumo['modelo'])} em {seguro(parametros['endpoint'])}"]
    prompts = ", ".join(f"{nome} {p['sha256'][:12]}…" for nome, p in parametros["prompts"].items())
    linhas.append(f"Prompts (SHA-256): {prompts}")
    if extrator := resumo.get("extrator"):
        linhas.append(
            f"Extrator: {extrator['arquivos_enviados']} arquivo(s), {extrator['trechos_enviados']} trecho(s) em "
            f"{extrator['chamadas']} chamada(s); {extrator['dados_recebidos']} dado(s) recebido(s), "
            f"{extrator['dados_mantidos']} mantido(s), [bold]{extrator['dados_descartados']} descartado(s)[/] pela ancoragem"
        )
        if extrator["alertas_de_instrucao"]:
            linhas[-1] += f"; {extrator['alertas_de_instrucao']} trecho(s) com forma de instrução (tratados só como dado)"
        for falha in extrator["arquivos_com_falha"]:
            linhas.append(f"  [bold red]ERRO[/] {seguro(falha['arquivo'])}: {seguro(falha['motivo'])}")
    if principal := resumo.get("principal"):
        ids = ", ".join(map(str, principal["conclusoes_ids"])) or "-"
        linhas.append(
            f"Principal: {principal['propostas']} proposta(s), {principal['aceitas']} aceita(s) (conclusões {ids}), "
            f"[bold]{principal['rejeitadas']} rejeitada(s)[/]"
        )
        if principal.get("falhou"):
            linhas.append(f"  [bold red]ERRO[/] {seguro(principal.get('motivo', ''))}")
        for alerta in principal["alertas"][:_LIMITE_ALERTAS]:
            linhas.append(f"  • {seguro(alerta)}")
        if len(principal["alertas"]) > _LIMITE_ALERTAS:
            linhas.append(f"  … e mais {len(principal['alertas']) - _LIMITE_ALERTAS} (manifesto.json)")
    total = resumo["consumo"]["total"]
    tokens = total["tokens"]
    custo = "sem preço na tabela para este modelo"
    if total["custo_estimado_usd"] is not None:
        custo = f"US$ {total['custo_estimado_usd']}"
    linhas.append(
        f"Tokens: {tokens['entrada']} de entrada, {tokens['saida']} de saída, {tokens['escrita_cache']} gravados e "
        f"{tokens['leitura_cache']} lidos do cache; {total['tentativas_http']} pedido(s) HTTP; custo estimado {custo}"
    )
    if resumo["incompleta"]:
        linhas.append("[bold red]Análise INCOMPLETA: uma chamada ao Claude falhou (veja acima); o código de saída é 1.[/]")
    estilo = "red" if resumo["incompleta"] else "cyan"
    return Panel(Text.from_markup("\n".join(linhas)), title="Motor Claude", border_style=estilo)
