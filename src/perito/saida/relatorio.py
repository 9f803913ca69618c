"""Relatório para o investigador (objetos rich; quem imprime é a camada cli)."""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from perito.contratos.modelos import GRAUS, TIPOS_CONCLUSAO

_ESTILO_STATUS = {"VERIFICADO": "green", "CONTRADITO": "bold red", "AMBIGUO": "yellow", "EXTRACAO_FALHOU": "magenta"}


def _sem_controle(texto: Any) -> str:
    return "".join(c if c.isprintable() or c == " " else f"\\x{ord(c):02x}" for c in str(texto))


def seguro(texto: Any) -> str:
    """Texto de documento ou nome de arquivo pronto para o terminal: sem markup nem caracteres de controle."""
    return escape(_sem_controle(texto))


def tabela_arquivos(arquivos: list[dict[str, Any]], lotes: list[dict[str, Any]]) -> Table:
    dados_por_arquivo = Counter(d["arquivo_fonte"] for lote in lotes for d in lote["dados_extraidos"])
    tabela = Table(title="Arquivos do caso", show_lines=False, expand=False)
    for coluna in ("Arquivo", "Tipo", "Extrator", "Dados", "Situação"):
        tabela.add_column(coluna, overflow="fold")
    for a in arquivos:
        situacao = {
            "lido": "[green]lido[/]", "parcial": "[bold yellow]PARCIAL[/]", "erro": "[bold red]ERRO[/]",
            "ignorado": "[yellow]ignorado[/]", "pacote": "[cyan]pacote[/]",
        }[a["situacao"]]
        if a.get("motivo"):
            situacao += f": {seguro(a['motivo'])}"
        tabela.add_row(
            seguro(a["arquivo"]), a["tipo"] or "-", (a.get("extrator_id") or "-").replace("extrator_", ""),
            str(dados_por_arquivo.get(a["arquivo"], 0)), situacao,
        )
    return tabela


def tabela_resumo(conclusoes: Iterable[dict[str, Any]], validacoes: dict[str, Any]) -> Table:
    veredictos = {v["conclusao_id"]: v["veredicto_geral"] for v in validacoes["validacoes"]}
    contagem = Counter((c["tipo"], c["grau_confianca"], veredictos.get(c["id"], "-")) for c in conclusoes)
    tabela = Table(title="Conclusões por tipo, grau e veredicto")
    for coluna in ("Tipo", *GRAUS, "Verificadas", "Ambíguas", "Contraditas"):
        tabela.add_column(coluna, justify="right" if coluna != "Tipo" else "left")
    for tipo in TIPOS_CONCLUSAO:
        linhas = {(g, v): n for (t, g, v), n in contagem.items() if t == tipo}
        if not linhas:
            continue
        por_grau = [sum(n for (g, _), n in linhas.items() if g == grau) for grau in GRAUS]
        por_veredicto = [sum(n for (_, v), n in linhas.items() if v == ver) for ver in ("VERIFICADO", "AMBIGUO", "CONTRADITO")]
        tabela.add_row(tipo, *map(str, por_grau), *map(str, por_veredicto))
    return tabela


def tabela_conclusoes(conclusoes: list[dict[str, Any]], titulo: str) -> Table:
    tabela = Table(title=titulo, show_lines=True)
    for coluna, largura in (("#", 3), ("Tipo", None), ("Grau", None), ("Veredicto", None), ("Afirmação", None)):
        tabela.add_column(coluna, overflow="fold", min_width=largura)
    for c in conclusoes:
        veredicto = (c.get("validacao") or {}).get("veredicto_geral", "-")
        tabela.add_row(
            str(c["id"]), c["tipo"], c["grau_confianca"], f"[{_ESTILO_STATUS.get(veredicto, 'white')}]{veredicto}[/]",
            seguro(c["afirmacao"]),
        )
    return tabela


def tabela_revisao(validacoes: dict[str, Any]) -> Table | None:
    """Toda referência não VERIFICADO (AMBIGUO, EXTRACAO_FALHOU e também CONTRADITO), com o texto encontrado."""
    linhas = [
        (v["conclusao_id"], d) for v in validacoes["validacoes"] for d in v["detalhes"] if d["status"] != "VERIFICADO"
    ]
    if not linhas:
        return None
    tabela = Table(title="Referências não verificadas (revisão manual)", show_lines=True)
    for coluna in ("#", "Status", "Arquivo", "Pág.", "Local", "Dado citado", "Texto encontrado", "Observação"):
        tabela.add_column(coluna, overflow="fold")
    for conclusao_id, d in linhas:
        local = d["linha_ou_celula"] + (f" ({d['aba_planilha']})" if d.get("aba_planilha") else "")
        tabela.add_row(
            str(conclusao_id), f"[{_ESTILO_STATUS[d['status']]}]{d['status']}[/]", seguro(d["arquivo"]),
            str(d["pagina"] or "-"), seguro(local), seguro(d["dado_citado"]), seguro(d["texto_encontrado"] or "-"),
            seguro(d["observacao"] or "-"),
        )
    return tabela


def alertas(lotes: list[dict[str, Any]], limite: int = 30) -> RenderableType | None:
    todos = [a for lote in lotes for a in lote["alertas"]]
    if not todos:
        return None
    texto = Text()
    for alerta in todos[:limite]:
        texto.append(f"• {seguro(alerta)}\n")
    if len(todos) > limite:
        texto.append(f"… e mais {len(todos) - limite} alerta(s) nos arquivos lotes/*.json\n")
    return Panel(texto, title=f"Alertas dos extratores ({len(todos)})", border_style="yellow")


def relatorio_analise(resultado) -> Group:  # resultado: perito.analise.Resultado
    partes: list[RenderableType] = [
        Text(f"Caso {_sem_controle(resultado.finais['caso_id'])} — {len(resultado.inventario)} arquivo(s), "
             f"{sum(lote['total_dados'] for lote in resultado.lotes)} dado(s) extraído(s), "
             f"{resultado.validacoes['resumo']['total_conclusoes']} conclusão(ões) validada(s)", style="bold"),
        tabela_arquivos(resultado.arquivos, resultado.lotes),
    ]
    todas = resultado.finais["conclusoes"] + resultado.contraditas
    if todas:
        partes.append(tabela_resumo(todas, resultado.validacoes))
        partes.append(tabela_conclusoes(resultado.finais["conclusoes"], "Conclusões validadas (conclusoes.json)"))
    else:
        partes.append(Text("Nenhuma conclusão: os dados extraídos não convergem entre as fontes.", style="yellow"))
    if resultado.contraditas:
        partes.append(tabela_conclusoes(resultado.contraditas, "Conclusões CONTRADITAS, retiradas (conclusoes_contraditas.json)"))
    if (revisao := tabela_revisao(resultado.validacoes)) is not None:
        partes.append(revisao)
    if (painel := alertas(resultado.lotes)) is not None:
        partes.append(painel)
    partes.append(Text(f"Resultados em {_sem_controle(resultado.saida)}", style="bold"))
    return Group(*partes)
