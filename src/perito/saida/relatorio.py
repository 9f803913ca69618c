"""Relatório para o investigador (objetos rich; quem imprime é a camada cli).

O veredicto de cada conclusão é o que um leitor vê depois da revisão humana
(`revisao.situacao_exibida`): a decisão muda o que se mostra, e o veredicto da máquina
aparece ao lado quando difere. No terminal a afirmação vem cortada em duas linhas (o
relatório do caso de exemplo cabe em 200 linhas de 80 colunas); em relatorio.txt, inteira.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.markup import escape
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from perito.armazem.diferencas import linhas as linhas_das_diferencas
from perito.contratos.modelos import DESCONHECIDA, GRAUS, TIPOS_CONCLUSAO
from perito.derrame import DadosDoLote
from perito.plano import texto as plano_texto
from perito.saida import revisao as revisao_humana
from perito.saida.nomes import plural

VEREDICTOS = ("VERIFICADO", "AMBIGUO", "CONTRADITO")
_ESTILO_STATUS = {"VERIFICADO": "green", "CONTRADITO": "bold red", "AMBIGUO": "yellow", "EXTRACAO_FALHOU": "magenta"}
#: linhas da afirmação no terminal (a inteira vai a relatorio.txt)
LINHAS_DA_AFIRMACAO = 2
SEM_REVISAO: dict[str, Any] = {"decisoes": []}


def _sem_controle(texto: Any) -> str:
    return "".join(c if c.isprintable() or c == " " else f"\\x{ord(c):02x}" for c in str(texto))


def seguro(texto: Any) -> str:
    """Texto de documento ou nome de arquivo pronto para o terminal: sem markup nem caracteres de controle."""
    return escape(_sem_controle(texto))


@dataclass(frozen=True)
class ResumoDosLotes:
    """O que o relatório usa dos lotes: o total de dados, os dados de cada arquivo, a família de cada arquivo e os
    alertas na ordem da pasta lotes/. Poucos KB, no lugar de centenas de milhares de dados: o relatorio.txt de um caso
    grande sai num processo à parte (`perito.em_fundo`) com ele."""

    dados: int
    por_arquivo: Counter[str]
    familias: dict[str, str]
    alertas: list[str]

    @classmethod
    def de(cls, lotes: list[dict[str, Any]]) -> ResumoDosLotes:
        em_ordem = sorted(lotes, key=lambda lote: str(lote.get("extrator_id", "")))  # a ordem da pasta lotes/
        return cls(sum(lote["total_dados"] for lote in lotes), dados_por_arquivo(lotes), familias_por_arquivo(lotes),
                   [a for lote in em_ordem for a in lote["alertas"]])


def resumo_dos_lotes(resultado: Any) -> ResumoDosLotes:
    """O resumo que o resultado já traz (o relatorio.txt num processo à parte), ou o dos lotes dele."""
    resumo = getattr(resultado, "resumo_dos_lotes", None)
    return resumo if isinstance(resumo, ResumoDosLotes) else ResumoDosLotes.de(resultado.lotes)


def dados_por_arquivo(lotes: list[dict[str, Any]]) -> Counter[str]:
    """Os dados de cada arquivo nos lotes. Na análise, o lote de um arquivo volumoso tem em memória só os dados que o
    cruzamento escolheu (`DadosDoLote`); a contagem é a do lote inteiro, a mesma do lote gravado que `perito
    relatorio` lê (antes, o relatorio.txt da análise dizia 1.716 dados de um log que tinha 400 mil)."""
    contagem: Counter[str] = Counter()
    for lote in lotes:
        dados = lote["dados_extraidos"]
        if isinstance(dados, DadosDoLote) and dados.segmentos:
            contagem.update(dados.por_arquivo())
        else:
            contagem.update(d["arquivo_fonte"] for d in dados)
    return contagem


def tabela_arquivos(arquivos: list[dict[str, Any]], por_arquivo: Counter[str]) -> Table:
    tabela = Table(title="Arquivos do caso", box=box.SIMPLE_HEAD, pad_edge=False, expand=False)
    tabela.add_column("Arquivo", overflow="fold", ratio=3)
    tabela.add_column("Tipo", no_wrap=True)
    tabela.add_column("Extrator", overflow="fold")
    tabela.add_column("Dados", justify="right", no_wrap=True)
    tabela.add_column("Situação", overflow="fold", ratio=2)
    for a in arquivos:
        situacao = {
            "lido": "[green]lido[/]", "parcial": "[bold yellow]PARCIAL[/]", "erro": "[bold red]ERRO[/]",
            "ignorado": "[yellow]ignorado[/]", "pacote": "[cyan]pacote[/]",
        }[a["situacao"]]
        if a.get("motivo"):
            situacao += f": {seguro(a['motivo'])}"
        tabela.add_row(
            seguro(a["arquivo"]), a["tipo"] or "-", (a.get("extrator_id") or "-").replace("extrator_", ""),
            str(por_arquivo.get(a["arquivo"], 0)), situacao,
        )
    return tabela


def _veredicto(conclusao: dict[str, Any], veredictos: dict[int, str] | None = None) -> str:
    if veredictos is not None:
        return veredictos.get(conclusao["id"], "-")
    return (conclusao.get("validacao") or {}).get("veredicto_geral", "-")


def tabela_resumo(
    conclusoes: Iterable[dict[str, Any]], validacoes: dict[str, Any], rev: dict[str, Any] | None = None
) -> Table:
    """Contagem por tipo × grau × veredicto (depois da revisão, com `rev`), estreita o bastante para 80 colunas."""
    conclusoes = list(conclusoes)
    veredictos = {v["conclusao_id"]: v["veredicto_geral"] for v in validacoes["validacoes"]}
    if rev is not None and rev.get("decisoes"):
        veredictos.update({i: s.status for i, s in revisao_humana.situacoes_exibidas(conclusoes, rev).items()})
    contagem = Counter((c["tipo"], c["grau_confianca"], veredictos.get(c["id"], "-")) for c in conclusoes)
    tabela = Table(title="Conclusões por tipo, grau e veredicto", box=box.SIMPLE_HEAD, pad_edge=False)
    tabela.add_column("Tipo", no_wrap=True)
    for coluna in (*GRAUS, "verif.", "amb.", "contr."):
        tabela.add_column(coluna, justify="right", no_wrap=True)
    for tipo in TIPOS_CONCLUSAO:
        linhas = {(g, v): n for (t, g, v), n in contagem.items() if t == tipo}
        if not linhas:
            continue
        por_grau = [sum(n for (g, _), n in linhas.items() if g == grau) for grau in GRAUS]
        por_veredicto = [sum(n for (_, v), n in linhas.items() if v == ver) for ver in VEREDICTOS]
        tabela.add_row(tipo, *map(str, por_grau), *map(str, por_veredicto))
    return tabela


_IP = re.compile(r"\b(?:\d{1,3}\.){3}\d{1,3}\b|\b[0-9a-fA-F]{0,4}(?::[0-9a-fA-F]{0,4}){2,7}\b")
_PADROES = {
    "ip": _IP,
    "telefone": re.compile(r"\+55\d{10,11}"),
    "imei": re.compile(r"(?<!\d)\d{15}(?!\d)"),
    "cpf": re.compile(r"CPF/CNPJ [\d./-]+\d"),
    "valor": re.compile(r"(?:R\$ ?)?-?\d{1,3}(?:\.\d{3})*,\d{2}"),
    "nome": re.compile(r"(?<=O nome )[^()]+?(?= aparece)"),
    "aparelho": re.compile(r"(?<=aparelho )\S+"),
}
#: onde procurar o valor-chave de cada tipo de conclusão, em ordem
_CHAVE_POR_TIPO = {
    "convergencia_ip": ("ip",), "padrao_temporal": ("ip", "telefone"), "convergencia_imei": ("imei",),
    "convergencia_dispositivo": ("aparelho",), "convergencia_nome": ("nome", "cpf"),
    "vinculo_telefone": ("telefone",), "identificacao_titular": ("telefone", "cpf"),
    "identificacao_laranja": ("cpf",), "vinculo_financeiro": ("valor", "cpf"), "materialidade": ("valor",),
}
_FAMILIAS = {"extrator_simba_01": "extrator_bancario_01"}  # o SIMBA é da família banco, como o extrato


def _e_ip(texto: str) -> bool:
    return "." in texto or "::" in texto or texto.count(":") >= 5  # 11:36:40 é hora, não IPv6


def valor_chave(conclusao: dict[str, Any]) -> str:
    """O valor que a conclusão liga (IP, telefone, IMEI, CPF, valor, nome), achado na afirmação; "-" se nenhum."""
    tipos = _CHAVE_POR_TIPO.get(conclusao["tipo"], ()) + tuple(_PADROES)
    for tipo in tipos:
        for achado in _PADROES[tipo].finditer(conclusao["afirmacao"]):
            if tipo != "ip" or _e_ip(achado.group(0)):
                return achado.group(0).strip()
    return "-"


def familias_por_arquivo(lotes: list[dict[str, Any]]) -> dict[str, str]:
    """arquivo → família da fonte (provedor, banco, DICT, operadora, relato), como o principal as conta."""
    return {
        d["arquivo_fonte"]: d["metadados"]["familia_fonte"]
        for lote in sorted(lotes, key=lambda lote: str(lote.get("extrator_id", "")))  # a ordem da pasta lotes/
        for d in lote["dados_extraidos"] if (d.get("metadados") or {}).get("familia_fonte")
    }


def familias(conclusao: dict[str, Any], por_arquivo: dict[str, str] | None = None) -> int:
    """Famílias de fonte independentes citadas; sem os lotes, extratores distintos (o SIMBA conta como banco)."""
    por_arquivo = por_arquivo or {}
    return len({
        por_arquivo.get(r["arquivo"]) or _FAMILIAS.get(r.get("extrator_id", ""), r.get("extrator_id", ""))
        for r in conclusao["referencias"]
    } - {DESCONHECIDA})  # documento de família desconhecida: citado, nunca fonte independente


class _AfirmacaoCurta:
    """As primeiras linhas da afirmação na largura do terminal, com "…" quando há mais."""

    def __init__(self, texto: str, linhas: int = LINHAS_DA_AFIRMACAO) -> None:
        self.texto, self.linhas = texto, linhas

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        largura = max(options.max_width, 20)
        quebradas = Text(self.texto).wrap(console, largura)
        if len(quebradas) <= self.linhas:
            yield Text(self.texto)
            return
        partes = [linha.plain.rstrip() for linha in quebradas[: self.linhas]]
        ultima = partes[-1]
        while ultima and len(ultima) + 2 > largura:  # o "…" cabe na última linha
            ultima = ultima.rsplit(" ", 1)[0] if " " in ultima else ultima[:-1]
        partes[-1] = ultima + " …"
        yield Text("\n".join(partes))


def _afirmacao(texto: str, completo: bool) -> RenderableType:
    return Text(_sem_controle(texto)) if completo else _AfirmacaoCurta(_sem_controle(texto))


def lista_conclusoes(
    conclusoes: list[dict[str, Any]], titulo: str, por_arquivo: dict[str, str] | None = None,
    rev: dict[str, Any] | None = None, completo: bool = True,
) -> RenderableType:
    """Uma linha por conclusão (id, tipo, grau, veredicto, valor-chave, famílias) e a afirmação como parágrafo.

    O veredicto é o exibido depois da revisão, com o da máquina ao lado quando difere; sem `completo`, a
    afirmação vem cortada (a inteira está em relatorio.txt e no relatorio.html)."""
    partes: list[RenderableType] = [Text(titulo, style="bold underline")]
    situacoes = revisao_humana.situacoes_exibidas(conclusoes, rev or SEM_REVISAO)
    for c in conclusoes:
        situacao = situacoes[int(c["id"])]
        veredicto = situacao.rotulo
        if situacao.status != situacao.maquina:
            veredicto += f", máquina {situacao.maquina}"
        n = familias(c, por_arquivo)
        linha = Text.assemble(
            (f"#{c['id']:<3} ", "bold"), (f"{c['tipo']}  ", ""), (f"{c['grau_confianca']}  ", "bold"),
            (veredicto, _ESTILO_STATUS.get(situacao.status, "")), f"  {_sem_controle(valor_chave(c))}",
            f"  {plural(n, 'família', 'famílias')}",
        )
        partes.append(linha)
        partes.append(Padding(_afirmacao(c["afirmacao"], completo), (0, 0, 1 if completo else 0, 5)))
    return Group(*partes)


def tabela_conclusoes(conclusoes: list[dict[str, Any]], titulo: str) -> RenderableType:
    return lista_conclusoes(conclusoes, titulo)


def _local(d: dict[str, Any]) -> str:
    local = d["arquivo"] + (f", p. {d['pagina']}" if d.get("pagina") else "") + f", {d['linha_ou_celula']}"
    return local + (f" ({d['aba_planilha']})" if d.get("aba_planilha") else "")


def _sem_decisao(validacoes: dict[str, Any], conclusoes: list[dict[str, Any]] | None,
                 rev: dict[str, Any] | None) -> list[tuple[int, dict[str, Any]]]:
    """(conclusão, detalhe) de cada referência não VERIFICADO que nenhuma pessoa confirmou ou rejeitou."""
    linhas = [
        (v["conclusao_id"], d) for v in validacoes["validacoes"] for d in v["detalhes"] if d["status"] != "VERIFICADO"
    ]
    if not conclusoes or not rev or not rev.get("decisoes"):
        return linhas
    decididas = set()
    for item in revisao_humana.a_revisar(conclusoes):
        decisao = revisao_humana.decisao_de(rev, item)
        if decisao and decisao.get("situacao") == revisao_humana.VIGENTE and decisao["decisao"] != "pendente":
            decididas.add((item.conclusao_id, item.indice))
    numero: dict[int, int] = {}
    restantes = []
    for conclusao_id, d in [(v["conclusao_id"], d) for v in validacoes["validacoes"] for d in v["detalhes"]]:
        numero[conclusao_id] = numero.get(conclusao_id, 0) + 1
        if d["status"] != "VERIFICADO" and (conclusao_id, numero[conclusao_id]) not in decididas:
            restantes.append((conclusao_id, d))
    return restantes


def tabela_revisao(
    validacoes: dict[str, Any], conclusoes: list[dict[str, Any]] | None = None, rev: dict[str, Any] | None = None
) -> RenderableType | None:
    """Fila de revisão: toda referência não VERIFICADO (AMBIGUO, EXTRACAO_FALHOU e também CONTRADITO) que nenhuma
    pessoa confirmou ou rejeitou (`pendente` continua na fila)."""
    linhas = _sem_decisao(validacoes, conclusoes, rev)
    if not linhas:
        return None
    partes: list[RenderableType] = [
        Text(f"Referências não verificadas: {plural(len(linhas), 'referência', 'referências')} para revisão manual",
             style="bold underline")
    ]
    for conclusao_id, d in linhas:
        partes.append(Text.assemble(
            (f"#{conclusao_id:<3} ", "bold"), (d["status"], _ESTILO_STATUS[d["status"]]), f"  {_sem_controle(_local(d))}"
        ))
        detalhe = Text()
        detalhe.append("citado: ", style="bold")
        detalhe.append(_sem_controle(d["dado_citado"]) + "\n")
        detalhe.append("encontrado: ", style="bold")
        detalhe.append(_sem_controle(d["texto_encontrado"] or "-") + "\n")
        detalhe.append("observação: ", style="bold")
        detalhe.append(_sem_controle(d["observacao"] or "-"))
        partes.append(Padding(detalhe, (0, 0, 1, 5)))
    return Group(*partes)


def linha_totais(conclusoes: list[dict[str, Any]], validacoes: dict[str, Any], rev: dict[str, Any] | None = None) -> Text:
    """Totais por grau e por veredicto (o exibido depois da revisão, com `rev`)."""
    graus = Counter(c["grau_confianca"] for c in conclusoes)
    resumo = validacoes["resumo"]
    contagem = {"VERIFICADO": resumo["verificadas"], "AMBIGUO": resumo["ambiguas"], "CONTRADITO": resumo["contraditas"]}
    revisadas = ""
    if rev is not None and rev.get("decisoes"):
        situacoes = revisao_humana.situacoes_exibidas(conclusoes, rev).values()
        contagem = Counter(s.status for s in situacoes)
        if mudaram := sum(s.status != s.maquina for s in situacoes):
            revisadas = f" ({plural(mudaram, 'conclusão mudou', 'conclusões mudaram')} na revisão humana)"
    return Text(
        f"Total: {plural(len(conclusoes), 'conclusão', 'conclusões')} — "
        + " / ".join(f"{graus.get(g, 0)} {g}" for g in GRAUS)
        + f"; {plural(contagem.get('VERIFICADO', 0), 'verificada', 'verificadas')}, "
        f"{plural(contagem.get('AMBIGUO', 0), 'ambígua', 'ambíguas')}, "
        f"{plural(contagem.get('CONTRADITO', 0), 'contradita', 'contraditas')}{revisadas}.",
        style="bold",
    )


def faixa_validar(alteradas: list[str], contraditas: int, resumo: dict[str, Any]) -> RenderableType:
    """A faixa no topo do relatório de `perito validar`: o veredicto antes dos detalhes."""
    if alteradas:
        nomes = ", ".join(_sem_controle(n) for n in alteradas[:5]) + (" …" if len(alteradas) > 5 else "")
        return Panel(Text(
            f"PROVA ALTERADA: {plural(len(alteradas), 'arquivo citado mudou', 'arquivos citados mudaram')} desde a "
            f"análise (SHA-256 diferente do manifesto.json): {nomes}. As referências a "
            f"{'ele' if len(alteradas) == 1 else 'eles'} não valem. Código de saída 10."
        ), border_style="bold red")
    if contraditas:
        return Panel(Text(
            f"REFERÊNCIAS CONTRADITAS: {plural(contraditas, 'referência não confere', 'referências não conferem')} "
            "com o documento; as conclusões que as citam saem como CONTRADITO. Código de saída 11."
        ), border_style="bold red")
    if resumo["ambiguas"]:
        return Panel(Text(f"Nenhuma referência contradita; "
                          f"{plural(resumo['ambiguas'], 'conclusão ambígua', 'conclusões ambíguas')} para revisar."),
                     border_style="yellow")
    return Panel(Text("Todas as referências conferem com os documentos."), border_style="green")


def alertas(todos: list[str], limite: int = 30) -> RenderableType | None:
    # na ordem dos arquivos lotes/<extrator_id>.json (`ResumoDosLotes`): `perito relatorio`, que os lê da pasta, desenha
    # o mesmo texto
    if not todos:
        return None
    texto = Text()
    for alerta in todos[:limite]:
        texto.append(f"• {seguro(alerta)}\n")
    if len(todos) > limite:
        texto.append(f"… e mais {plural(len(todos) - limite, 'alerta', 'alertas')} nos arquivos lotes/*.json\n")
    return Panel(texto, title=f"Alertas dos extratores ({len(todos)})", border_style="yellow")


def proximos_passos(resultado, rev: dict[str, Any] | None = None) -> list[RenderableType]:  # perito.analise.Resultado
    """Totais, o que ficou incompleto e o próximo comando a rodar: o fim do relatório diz o que fazer."""
    todas = resultado.finais["conclusoes"] + resultado.contraditas
    saida = _sem_controle(resultado.saida)
    partes: list[RenderableType] = []
    if todas:
        partes.append(linha_totais(todas, resultado.validacoes, rev))
    revisar = len(_sem_decisao(resultado.validacoes, todas, rev))
    if not todas:
        pass
    elif revisar:
        partes.append(Text(f"{plural(revisar, 'referência', 'referências')} para revisar: perito revisar {saida}",
                           style="yellow"))
    elif rev and rev.get("decisoes"):
        partes.append(Text("Nada para revisar: toda referência não verificada tem decisão humana (revisao.json).",
                           style="green"))
    else:
        partes.append(Text("Nada para revisar: todas as referências foram verificadas nos documentos.", style="green"))
    if resultado.com_erro:
        partes.append(Text(
            f"ANÁLISE INCOMPLETA: {plural(len(resultado.com_erro), 'arquivo', 'arquivos')} com erro — veja a tabela "
            "Arquivos do caso "
            f"acima e {saida}/manifesto.json (campo motivo).", style="bold red",
        ))
    passos = [f"abra {saida}/relatorio.html no navegador", f"{saida}/relatorio.txt (este relatório)"]
    passos.append(f"perito auditoria verificar {saida} (confere a trilha)")
    partes.append(Text("Próximos passos: " + "; ".join(passos) + ".", style="bold"))
    return partes


def painel_do_caso(plano: dict[str, Any]) -> RenderableType:
    """Materialidade e autoria: estabelecida, em andamento ou pendente, com o próximo passo do plano."""
    cores = {"estabelecida": "green", "em_andamento": "yellow", "pendente": "red"}
    texto = Text()
    for tema in plano["painel"]:
        texto.append(f"{tema['tema'].capitalize()}: ", style="bold")
        texto.append(tema["rotulo"].upper(), style=f"bold {cores[tema['situacao']]}")
        texto.append(f" — {_sem_controle(plano_texto.resto_do_painel(tema))}\n")
    urgentes = sum(p["urgencia"] in ("vencido", "imediata") for p in plano["passos"])
    texto.append(f"{plural(len(plano['passos']), 'passo', 'passos')} no plano de diligências"
                 + (f", {plural(urgentes, 'urgente', 'urgentes')} (prazo de guarda vencido ou em até 30 dias)"
                    if urgentes else ""),
                 style="bold red" if urgentes else "")
    return Panel(texto, title="Estado do caso", border_style="cyan")


def plano_de_diligencias(plano: dict[str, Any], limite: int = 8) -> RenderableType | None:
    """Os passos mais urgentes, com prazo e destinatário; as alternativas sustentadas pela prova. O resto no JSON.

    Em `Text` (não em markup): o texto vindo das provas sai sem caracteres de controle e sem escapar colchetes."""
    if not plano["passos"] and not plano["hipoteses"]:
        return None
    texto = Text()
    for passo in plano["passos"][:limite]:
        estilo = "bold red" if passo["urgencia"] in ("vencido", "imediata") else "bold"
        texto.append(_sem_controle(plano_texto.titulo_passo(passo)) + "\n", style=estilo)
        texto.append(f"   {_sem_controle(plano_texto.prazo_do_passo(passo))}; a quem: {_sem_controle(passo['destinatario'])}\n")
        if passo.get("preservar_antes"):
            texto.append("   antes: requerer a guarda cautelar; pedido judicial até "
                         f"{plano_texto.br(passo['preservar_antes']['pedido_judicial_ate'])}\n", style="red")
    if len(plano["passos"]) > limite:
        texto.append(f"… e mais {plural(len(plano['passos']) - limite, 'passo', 'passos')} em plano_diligencias.json\n")
    sustentadas = [(h["conclusao_id"], x) for h in plano["hipoteses"] for x in h["hipoteses"]
                   if x["concorrente"] and x["situacao"] == "sustentada"]
    abertas = sum(x["concorrente"] and x["situacao"] == "em_aberto" for h in plano["hipoteses"] for x in h["hipoteses"])
    if plano["hipoteses"]:
        texto.append(f"Hipóteses concorrentes: {plural(len(plano['hipoteses']), 'conclusão', 'conclusões')} de autoria, "
                     f"{plural(abertas, 'alternativa', 'alternativas')} em aberto, "
                     f"{plural(len(sustentadas), 'sustentada', 'sustentadas')} pela prova", style="bold")
        for cid, h in sustentadas:
            texto.append(f"\n   conclusão {cid}: {_sem_controle(h['hipotese'])} — {_sem_controle(h['porque'])}", style="yellow")
    return Panel(texto, title="Plano de diligências (plano_diligencias.json)", border_style="cyan")


def painel_diferencas(diferencas: dict[str, Any] | None) -> Panel | None:
    """O que mudou desde a execução anterior nesta pasta de saída (diferencas.json); nada na primeira execução."""
    if not diferencas or diferencas.get("desde_a_execucao") is None:
        return None
    texto = Text("\n".join(("" if n < 2 else "  ") + _sem_controle(linha)
                           for n, linha in enumerate(linhas_das_diferencas(diferencas))))
    return Panel(texto, title=f"Desde a execução anterior (nº {diferencas['desde_a_execucao']} desta pasta; "
                              "perito diferencas mostra as datas)", border_style="cyan")


def relatorio_analise(
    resultado, rev: dict[str, Any] | None = None, completo: bool = False  # resultado: perito.analise.Resultado
) -> Group:
    """O relatório da análise. `rev`: as decisões humanas (sem ele, o revisao.json da pasta de saída, se houver);
    `completo`: a afirmação inteira (relatorio.txt) em vez das duas primeiras linhas (terminal)."""
    if rev is None:
        rev = _revisao_da_pasta(resultado.saida)
    resumo = resumo_dos_lotes(resultado)
    dados = resumo.dados
    total = resultado.validacoes["resumo"]["total_conclusoes"]
    partes: list[RenderableType] = [
        Text(f"Caso {_sem_controle(resultado.finais['caso_id'])} — "
             f"{plural(len(resultado.inventario), 'arquivo', 'arquivos')}, "
             f"{plural(dados, 'dado extraído', 'dados extraídos')}, "
             f"{plural(total, 'conclusão validada', 'conclusões validadas')}", style="bold"),
    ]
    if resultado.plano is not None and resultado.plano.get("falha"):
        partes.append(Text(f"Plano de diligências NÃO montado (defeito interno: {_sem_controle(resultado.plano['falha'])}); "
                           "as conclusões abaixo valem. Veja perito.log e relate o defeito.", style="bold red"))
    elif resultado.plano is not None and resultado.finais["conclusoes"]:
        partes.append(painel_do_caso(resultado.plano))
    partes.append(tabela_arquivos(resultado.arquivos, resumo.por_arquivo))
    if (mudancas := painel_diferencas(getattr(resultado, "diferencas", None))) is not None:
        partes.append(mudancas)
    todas = resultado.finais["conclusoes"] + resultado.contraditas
    if todas:
        partes.append(tabela_resumo(todas, resultado.validacoes, rev))
        partes.append(lista_conclusoes(
            resultado.finais["conclusoes"], "Conclusões validadas (conclusoes.json)", resumo.familias,
            rev, completo,
        ))
    elif dados == 0:
        partes.append(Text(
            f"Nenhum dado extraído de {plural(len(resultado.inventario), 'arquivo', 'arquivos')}: nada a cruzar. "
            "Veja na tabela acima por que cada arquivo não rendeu dados.", style="bold red",
        ))
    elif resultado.com_erro:
        # o que não foi lido pode ser exatamente o que convergiria: nada se afirma sobre a convergência
        n = len(resultado.com_erro)
        partes.append(Text(
            f"Nenhuma conclusão entre os dados lidos, mas {plural(n, 'arquivo falhou', 'arquivos falharam')} ou "
            f"{'foi lido' if n == 1 else 'foram lidos'} só em parte: sem {'ele' if n == 1 else 'eles'}, não se pode "
            "dizer que as fontes não convergem. Veja na tabela acima o motivo de cada um e repita a análise.",
            style="bold yellow",
        ))
    else:
        partes.append(Text("Nenhuma conclusão: os dados extraídos não convergem entre as fontes.", style="yellow"))
    if resultado.contraditas:
        partes.append(lista_conclusoes(
            resultado.contraditas, "Conclusões CONTRADITAS, retiradas (conclusoes_contraditas.json)",
            resumo.familias, rev, completo,
        ))
    if resultado.plano is not None and (plano := plano_de_diligencias(resultado.plano)) is not None:
        partes.append(plano)
    if (revisao := tabela_revisao(resultado.validacoes, todas, rev)) is not None:
        partes.append(revisao)
    if (painel := alertas(resumo.alertas)) is not None:
        partes.append(painel)
    partes.append(Text(f"Resultados em {_sem_controle(resultado.saida)}", style="bold"))
    partes.extend(proximos_passos(resultado, rev))
    return Group(*partes)


def _revisao_da_pasta(saida: Any) -> dict[str, Any]:
    """As decisões da pasta de saída (uma nova análise as reconcilia); sem revisão, ou ilegível, nenhuma."""
    from pathlib import Path

    try:
        return revisao_humana.ler(Path(saida))
    except (revisao_humana.RevisaoInvalida, OSError, TypeError):
        return SEM_REVISAO
