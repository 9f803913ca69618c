"""Painel do motor Claude no relatório do terminal (objeto rich; quem imprime é a cli)."""

from __future__ import annotations

from typing import Any

from rich.panel import Panel
from rich.text import Text

from perito.saida.relatorio import seguro
from perito.texto_ptbr import conforme, plural

_LIMITE_ALERTAS = 15


def painel(parametros: dict[str, Any], resumo: dict[str, Any]) -> Panel:
    linhas: list[str] = [f"Modelo {seguro(resumo['modelo'])} em {seguro(parametros['endpoint'])}"]
    prompts = ", ".join(f"{nome} {p['sha256'][:12]}…" for nome, p in parametros["prompts"].items())
    linhas.append(f"Prompts (SHA-256): {prompts}")
    if extrator := resumo.get("extrator"):
        linhas.append(
            f"Extrator: {plural(extrator['arquivos_enviados'], 'arquivo', 'arquivos')}, "
            f"{plural(extrator['trechos_enviados'], 'trecho', 'trechos')} em "
            f"{plural(extrator['chamadas'], 'chamada', 'chamadas')}; "
            f"{plural(extrator['dados_recebidos'], 'dado recebido', 'dados recebidos')}, "
            f"{plural(extrator['dados_mantidos'], 'mantido', 'mantidos')}, "
            f"[bold]{plural(extrator['dados_descartados'], 'descartado', 'descartados')}[/] pela ancoragem"
        )
        if instrucao := extrator["alertas_de_instrucao"]:
            linhas[-1] += (f"; {plural(instrucao, 'trecho', 'trechos')} com forma de instrução "
                           f"({conforme(instrucao, 'tratado', 'tratados')} só como dado)")
        for falha in extrator["arquivos_com_falha"]:
            linhas.append(f"  [bold red]ERRO[/] {seguro(falha['arquivo'])}: {seguro(falha['motivo'])}")
    if principal := resumo.get("principal"):
        ids = ", ".join(map(str, principal["conclusoes_ids"])) or "-"
        linhas.append(
            f"Principal: {plural(principal['propostas'], 'proposta', 'propostas')}, "
            f"{plural(principal['aceitas'], 'aceita', 'aceitas')} "
            f"({conforme(len(principal['conclusoes_ids']), 'conclusão', 'conclusões')} {ids}), "
            f"[bold]{plural(principal['rejeitadas'], 'rejeitada', 'rejeitadas')}[/]"
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
        f"{tokens['leitura_cache']} lidos do cache; {plural(total['tentativas_http'], 'pedido', 'pedidos')} HTTP; "
        f"custo estimado {custo}"
    )
    if resumo["incompleta"]:
        linhas.append("[bold red]Análise INCOMPLETA: uma chamada ao Claude falhou (veja acima); o código de saída é 1.[/]")
    estilo = "red" if resumo["incompleta"] else "cyan"
    return Panel(Text.from_markup("\n".join(linhas)), title="Motor Claude", border_style=estilo)
