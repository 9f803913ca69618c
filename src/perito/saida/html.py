"""relatorio.html: um arquivo só, que abre offline (nenhuma CDN, nenhum pedido de rede).

Resumo; filtros (tipo, grau, veredicto; filtro inicial por `#tipo=...&grau=...&veredicto=...&no=...`) que valem
para as conclusões, o gráfico e a linha do tempo, com uma barra do filtro ativo; gráfico de vínculos (Cytoscape.js
com disposição fCoSE, embutidos: zoom, arrasto, busca, vizinhança do nó, painel com conclusões, notações e
referências, setas dirigidas com rótulo, valor e hora local); linha do tempo tipada (vis-timeline) no fuso do
relatório, com UTC e texto original ao passar o mouse, ligada ao gráfico; eventos sem fuso no documento à parte;
e, em cada conclusão, as referências com o texto relido, a vizinhança e o recorte da página do PDF. Decisões
humanas aparecem ao lado do veredicto da máquina. Sem JavaScript, as tabelas de entidades, vínculos e eventos
ficam na página. As bibliotecas e a escolha delas: `html_grafico.py` e `vendor/VERSOES.md`.
"""

from __future__ import annotations

import re
from collections import Counter
from html import escape
from typing import Any

from perito.armazem.diferencas import linhas as linhas_das_diferencas
from perito.plano import texto as plano_texto
from perito.saida import html_grafico, revisao
from perito.saida.caso import cabecalho_texto
from perito.saida.html_script import SCRIPT
from perito.saida.nomes import plural
from perito.saida.vinculos import Modelo

ESTILO = """
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;max-width:1320px}
h1{font-size:1.4em}h2{border-bottom:1px solid #ccc;margin-top:1.6em}
.conclusao{border:1px solid #ddd;border-radius:6px;padding:.6em;margin:.6em 0}
.selo{display:inline-block;padding:0 .4em;border-radius:4px;color:#fff;font-size:.85em;margin-right:.3em}
.VERIFICADO{background:#1b7f3b}.AMBIGUO{background:#c98a00}.CONTRADITO{background:#b3261e}
.EXTRACAO_FALHOU{background:#7b1fa2}.confirmado{background:#0b5394}.rejeitado{background:#5b0f00}
.pendente{background:#666}.forte{background:#1b7f3b}.moderado{background:#d08700}.fraco{background:#8a8a8a}
pre{background:#f6f6f6;padding:.4em;white-space:pre-wrap;margin:.2em 0}.citada{background:#fff3b0}
table{border-collapse:collapse;display:block;overflow-x:auto;max-width:100%}
td,th{border:1px solid #ddd;padding:.2em .4em;text-align:left;vertical-align:top}
.filtros label{margin-right:1em}
#filtro-ativo{position:sticky;top:0;z-index:5;background:#fff8d6;border:1px solid #e0c060;padding:.3em .6em;margin:.4em 0}
img.recorte{max-width:100%;border:1px solid #ccc}
.ferramentas{display:flex;flex-wrap:wrap;gap:.5em;align-items:center;margin:.4em 0}
.legenda{display:flex;flex-wrap:wrap;gap:.2em 1em;font-size:.85em;margin:.2em 0}
.item-legenda{display:inline-flex;align-items:center;gap:.3em}
.area-grafico{display:grid;grid-template-columns:minmax(0,1fr) 320px;gap:.6em}
#grafico{height:620px;border:1px solid #ccc;border-radius:6px;background:#fcfcfc}
#painel-grafico{height:620px;overflow:auto;border:1px solid #ddd;border-radius:6px;padding:.4em .6em;font-size:.88em}
#painel-grafico h3{font-size:1em;margin:.2em 0}#painel-grafico h4{font-size:.9em;margin:.6em 0 .2em}
#painel-grafico ul{padding-left:1.1em;margin:.2em 0}.identidade{font-family:monospace;word-break:break-all;color:#555}
.dica{max-width:460px;white-space:normal;font-size:.85em}.dica .original{font-family:monospace;word-break:break-all}
#linha-do-tempo{min-height:120px;margin:.4em 0}
.vis-item{font-size:.78em;border-width:2px}.vis-item.vis-selected{background:#fff3b0 !important;border-color:#000 !important}
.grupo-evento{padding-left:.4em;font-size:.85em}
@media (max-width:900px){.area-grafico{grid-template-columns:1fr}#grafico{height:70vh}
#painel-grafico{height:auto;max-height:50vh}}
"""


def _e(texto: Any) -> str:
    return escape("" if texto is None else str(texto), quote=True)


def _selo(classe: str, texto: str | None = None) -> str:
    return f'<span class="selo {_e(classe)}">{_e(texto or classe)}</span>'


def _opcoes(id_: str, rotulo: str, valores: list[str]) -> str:
    opcoes = "".join(f'<option value="{_e(v)}">{_e(v)}</option>' for v in valores)
    return f'<label>{rotulo} <select id="{id_}"><option value="">todos</option>{opcoes}</select></label>'


def _grafo(modelo: Modelo, dados: dict[str, Any]) -> str:
    """O gráfico (Cytoscape.js, desenhado pelo script) e, sempre na página, as tabelas de entidades e vínculos:
    sem JavaScript, ou se a biblioteca não carregar, é o que se lê."""
    if not modelo.entidades:
        return "<p>Nenhum vínculo sustentado por referência validada.</p>"
    nos = "".join(
        f'<tr class="entidade" data-no="{_e(n["id"])}"><td>{_e(n["tipo_rotulo"])}</td><td>{_e(n["rotulo"])}</td>'
        f'<td><code>{_e(n["id"])}</code></td><td>{_e(", ".join(n["notacoes"]))}</td><td>{_links(n["conclusoes"])}</td></tr>'
        for n in dados["nos"])
    rotulos = {n["id"]: f'{n["tipo_rotulo"]}: {n["rotulo"]}' for n in dados["nos"]}
    arestas = "".join(
        f'<tr class="aresta" data-origem="{_e(a["origem"])}" data-destino="{_e(a["destino"])}" data-tipo="{_e(a["tipo"])}" '
        f'data-grau="{_e(a["grau"])}"><td>{_e(rotulos.get(a["origem"], a["origem"]))}</td><td>{_e(a["rotulo"])}</td>'
        f'<td>{_e(rotulos.get(a["destino"], a["destino"]))}</td><td>{_e(a["grau"])}</td><td>{_links(a["conclusoes"])}</td></tr>'
        for a in dados["arestas"])
    return (
        f'{html_grafico.legenda()}'
        '<div class="ferramentas"><label>Buscar nó <input id="busca-grafo" type="search" '
        'placeholder="nome, CPF, telefone, IP, conta..." size="32"></label>'
        '<button type="button" id="buscar">buscar</button><button type="button" id="ajustar">ajustar à tela</button>'
        '<span id="busca-aviso" role="status"></span> <span id="contagem-grafico"></span></div>'
        '<p><small>Arraste para mover, role para o zoom; clique num nó para ver as conclusões, notações e referências '
        'dele (e os eventos na linha do tempo); clique de novo ou no fundo para soltar.</small></p>'
        '<div class="area-grafico"><div id="grafico" role="img" aria-label="gráfico de vínculos">'
        '<p>O gráfico interativo precisa de JavaScript; as entidades e os vínculos estão nas tabelas abaixo.</p></div>'
        '<aside id="painel-grafico"><p>Clique num nó ou numa seta.</p></aside></div>'
        f'<details class="tabela-grafico"><summary>Entidades em tabela ({_e(plural(len(dados["nos"]), "entidade", "entidades"))})'
        '</summary><table><tr><th>tipo</th><th>rótulo</th><th>identidade</th><th>notações</th><th>conclusões</th></tr>'
        f'{nos}</table></details>'
        '<details class="tabela-grafico"><summary>Vínculos em tabela '
        f'({_e(plural(len(dados["arestas"]), "vínculo", "vínculos"))})'
        '</summary><table><tr><th>de</th><th>vínculo</th><th>para</th><th>grau</th><th>conclusões</th></tr>'
        f'{arestas}</table></details>'
    )


def _links(conclusoes: list[int]) -> str:
    return ", ".join(f'<a href="#conclusao-{c}">{c}</a>' for c in conclusoes)


def _linha_do_tempo(dados: dict[str, Any]) -> str:
    """A linha do tempo (vis-timeline, no fuso do relatório), a tabela dos mesmos eventos e, à parte, os eventos
    cujo documento não diz o fuso (como escritos: nenhum fuso é suposto para pô-los no eixo)."""
    fuso = dados["fuso"]
    eventos = "".join(
        f'<tr class="evento" data-evento="{_e(e["id"])}" data-tipo="{_e(e["tipo"])}">'
        f'<td title="UTC {_e(e["utc"])}">{_e(e["local_fuso"]["texto"])}</td><td><code>{_e(e["utc"])}</code></td>'
        f'<td>{_e(e["tipo_rotulo"])}</td><td>{_e(e["descricao"])}</td><td><small>{_e(e["original"])}</small></td>'
        f'<td>{_e(e["arquivo"])}, {_e(e["local"])}</td><td>{_links(e["conclusoes"])}</td></tr>'
        for e in dados["eventos"])
    sem = "".join(
        f'<tr class="evento-sem-fuso" data-evento="{_e(e["id"])}"><td>{_e(e["escrito"])} (fuso não informado)</td>'
        f'<td>{_e(e["tipo_rotulo"])}</td><td>{_e(e["descricao"])}</td><td><small>{_e(e["original"])}</small></td>'
        f'<td>{_e(e["arquivo"])}, {_e(e["local"])}</td><td>{_links(e["conclusoes"])}</td></tr>'
        for e in dados["sem_fuso"])
    partes = [f"<h2>Linha do tempo (hora local: {_e(fuso)})</h2>"]
    if dados["eventos"]:
        partes.append(
            f"<p>Horários convertidos para {_e(fuso)} a partir do instante UTC de cada registro; passe o mouse sobre "
            "um evento para ver o UTC e o texto original; selecione-o para destacar as entidades dele no gráfico.</p>"
            '<p id="linha-aviso" role="status"></p>'
            '<div id="linha-do-tempo"><p>A linha do tempo interativa precisa de JavaScript; os eventos estão na tabela '
            "abaixo.</p></div>"
            '<details class="tabela-eventos"><summary>Eventos em tabela '
            f'({_e(plural(len(dados["eventos"]), "evento", "eventos"))})'
            f"</summary><table><tr><th>{_e(fuso)}</th><th>UTC</th><th>tipo</th><th>o que</th><th>texto original</th>"
            f"<th>local</th><th>conclusões</th></tr>{eventos}</table></details>")
    else:
        partes.append("<p>Nenhum evento com data e fuso nas referências validadas.</p>")
    if sem:
        partes.append(
            f'<h3 id="sem-fuso">Fuso não informado ({_e(plural(len(dados["sem_fuso"]), "evento", "eventos"))})</h3>'
            "<p>O documento não diz o fuso destes registros: ficam fora do eixo, com a data e a hora como escritas "
            "(pô-los na linha do tempo seria supor um fuso).</p>"
            "<table><tr><th>como escrito</th><th>tipo</th><th>o que</th><th>texto original</th><th>local</th>"
            f"<th>conclusões</th></tr>{sem}</table>")
    return "".join(partes)


def _alvos(modelo: Modelo) -> str:
    """Uma seção por pessoa, CPF/CNPJ, conta e linha: o que está ligado a ela e as conclusões que ligam."""
    from perito.saida.exportacoes import alvos

    partes = []
    for alvo in alvos(modelo):
        ligados = "".join(f"<li>{_e(tipo)}: {_e(', '.join(valores))}</li>" for tipo, valores in alvo["ligados"].items())
        conclusoes = ", ".join(f"<a href=#conclusao-{c}>{c}</a>" for c in alvo["conclusoes"])
        partes.append(f'<section class="alvo" id="alvo-{_e(alvo["id"])}"><h3>{_e(alvo["tipo"])}: {_e(alvo["rotulo"])}</h3>'
                      f"<ul>{ligados}</ul><p>Conclusões: {conclusoes}</p></section>")
    return "".join(partes)


def _referencia(item: revisao.Item, decisao: dict[str, Any] | None, ctx: dict[str, Any] | None, recorte: str | None) -> str:
    ref, det = item.referencia, item.detalhe
    local = (f"p. {ref['pagina']}, " if ref.get("pagina") is not None else "") + ref["linha_ou_celula"]
    if ref.get("aba_planilha"):
        local += f" (aba {ref['aba_planilha']})"
    humano = ""
    if decisao:
        humano = (f" {_selo(decisao['decisao'], 'humano: ' + decisao['decisao'])} <em>{_e(decisao['analista'])}, "
                  f"{_e(decisao['momento'])}: {_e(decisao['motivo'])}</em>")
        if decisao.get("situacao") != revisao.VIGENTE:
            humano += f" <strong>({_e(decisao.get('situacao'))}: decisão não vale para o documento atual)</strong>"
    corpo = [f"<p>Texto encontrado pelo validador:</p><pre>{_e(det.get('texto_encontrado') or '-')}</pre>"]
    if det.get("observacao"):
        corpo.append(f"<p>Observação: {_e(det['observacao'])}</p>")
    if ctx and ctx.get("linhas"):
        linhas = "\n".join(
            f'<span class="{"citada" if linha["citada"] else ""}">{_e(linha["local"])}: {_e(linha["texto"])}</span>'
            for linha in ctx["linhas"])
        corpo.append(f"<p>Em volta da linha citada:</p><pre>{linhas}</pre>")
    if ctx and ctx.get("motivo"):
        corpo.append(f"<p>Documento não relido: {_e(ctx['motivo'])}</p>")
    if recorte:
        corpo.append(f'<img class="recorte" alt="recorte da página {ref.get("pagina")}" '
                     f'src="data:image/png;base64,{recorte}">')
    return (f'<details class="referencia"><summary>{_selo(item.status)}{humano} {_e(ref["arquivo"])}, {_e(local)}: '
            f'<code>{_e(ref["dado_citado"])}</code></summary>{"".join(corpo)}</details>')


def _diferencas(diferencas: dict[str, Any] | None) -> str:
    """O que mudou desde a execução anterior nesta pasta (diferencas.json); nada na primeira."""
    if not diferencas or diferencas.get("desde_a_execucao") is None:
        return ""
    arquivos, conclusoes, *itens = linhas_das_diferencas(diferencas)
    return (f'\n<h2>Desde a execução anterior (nº {_e(diferencas["desde_a_execucao"])} desta pasta)</h2>'
            f"<p>{_e(arquivos)}<br>{_e(conclusoes)}</p>"
            + ("<ul>" + "".join(f"<li>{_e(linha)}</li>" for linha in itens) + "</ul>" if itens else ""))


def _painel(plano: dict[str, Any] | None) -> str:
    if not plano or not plano.get("painel"):
        return ""
    linhas = "".join(f'<li class="painel-{_e(t["situacao"])}"><strong>{_e(t["tema"].capitalize())}: '
                     f'{_e(t["rotulo"])}</strong> — {_e(plano_texto.resto_do_painel(t))}</li>' for t in plano["painel"])
    return f'<h2>Estado do caso</h2><ul class="painel">{linhas}</ul>'


def _plano(plano: dict[str, Any] | None) -> str:
    """Plano de diligências (passos por urgência) e hipóteses concorrentes de cada conclusão de autoria."""
    if not plano:
        return ""
    passos = "".join(
        f'<div class="passo" id="passo-{p["numero"]}" data-urgencia="{_e(p["urgencia"])}">'
        f'<p><strong>{_e(plano_texto.titulo_passo(p))}</strong></p><ul>'
        + "".join(f"<li>{_e(linha)}</li>" for linha in plano_texto.detalhes_passo(p, limite_itens=50))
        + "</ul></div>" for p in plano["passos"])
    hipoteses = "".join(
        f'<div class="hipoteses"><p><a href="#conclusao-{h["conclusao_id"]}">Conclusão {h["conclusao_id"]}</a> '
        f'({_e(h["tipo"])})</p><ul>'
        + "".join(f'<li class="hipotese-{_e(x["situacao"])}">{_e(plano_texto.linha_hipotese(x))}</li>' for x in h["hipoteses"])
        + "</ul></div>" for h in plano["hipoteses"])
    base = plano.get("base_ip")
    # sem endereços: o relatório abre offline e não aponta para fora (a atribuição nomeia as fontes)
    licenca = re.sub(r"\s*\(?https?://\S+?\)?(?=[;,)]|$)", "", str((base or {}).get("licenca") or ""))
    fonte = (f"<p><small>Rede dos IPs: base {_e(base.get('fonte'))} de {_e(base.get('data'))} ({_e(licenca)})."
             "</small></p>" if base else "")
    redes = "".join(
        f'<tr><td><code>{_e(r["ip"])}</code></td><td>{_e("AS" + str(r["asn"]) if r["asn"] else "-")}</td>'
        f'<td>{_e(r["organizacao"] or "-")}</td><td>{_e(", ".join(r["classes"]) or "-")}</td><td>{_e(r["data_base"])}</td>'
        f'<td>{", ".join(f"<a href=#conclusao-{c}>{c}</a>" for c in r["conclusoes"])}</td></tr>'
        for r in plano.get("redes", []))
    tabela_redes = ("<h2>Rede dos IPs</h2><table><tr><th>IP</th><th>AS</th><th>organização</th><th>classes</th>"
                    f"<th>base de</th><th>conclusões</th></tr>{redes}</table>" if redes else "")
    return (f"<h2>Plano de diligências</h2><p>Ordenado por urgência: o prazo de guarda de cada dado conta da data do "
            f"próprio registro contra a data da análise ({_e(plano['data_analise'])}).</p>"
            f"{passos or '<p>Nenhuma lacuna pede diligência.</p>'}"
            f"<h2>Hipóteses concorrentes</h2>{hipoteses or '<p>Nenhuma conclusão de autoria.</p>'}{tabela_redes}{fonte}")


def montar(
    *, identificacao: dict[str, Any], conclusoes: list[dict[str, Any]], modelo: Modelo, rev: dict[str, Any],
    contextos: dict[str, dict[str, Any]], recortes: dict[str, str], oficios: list[dict[str, Any]],
    plano: dict[str, Any] | None = None, fuso_relatorio: str = html_grafico.FUSO_PADRAO,
    diferencas: dict[str, Any] | None = None,
) -> str:
    """contextos e recortes: por rótulo da referência ("3.2"); plano: plano_diligencias.json; fuso_relatorio: o fuso
    IANA da linha do tempo e dos horários do gráfico (convertidos aqui, nunca no fuso do navegador)."""
    titulo = cabecalho_texto(identificacao.get("inquerito"), identificacao.get("analista"), identificacao.get("caso_id"))
    # a situação exibida segue as decisões humanas; o veredicto da máquina fica ao lado quando difere
    situacoes = revisao.situacoes_exibidas(conclusoes, rev)
    veredictos = Counter(situacoes[int(c["id"])].status if c.get("validacao") else "sem validação" for c in conclusoes)
    tipos = sorted({c["tipo"] for c in conclusoes})
    blocos = []
    for conclusao in conclusoes:
        situacao = situacoes[int(conclusao["id"])]
        veredicto = situacao.status if conclusao.get("validacao") else ""
        maquina = (f' <small class="maquina">(máquina: {_e(situacao.maquina)})</small>'
                   if situacao.maquina and situacao.maquina != situacao.status else "")
        refs = "".join(
            _referencia(item, revisao.decisao_de(rev, item), contextos.get(item.rotulo), recortes.get(item.rotulo))
            for item in revisao.itens([conclusao]))
        nos = " ".join(modelo.por_conclusao.get(conclusao["id"], []))
        blocos.append(
            f'<div class="conclusao" id="conclusao-{conclusao["id"]}" data-conclusao="{conclusao["id"]}" '
            f'data-tipo="{_e(conclusao["tipo"])}" data-grau="{_e(conclusao["grau_confianca"])}" '
            f'data-veredicto="{_e(veredicto)}" data-veredicto-maquina="{_e(situacao.maquina)}" data-nos="{_e(nos)}">'
            f'<p><strong>{conclusao["id"]}.</strong> {_selo(veredicto, situacao.rotulo)}{maquina}'
            f'{_selo(conclusao["grau_confianca"])} '
            f'<em>{_e(conclusao["tipo"])}</em></p><p>{_e(conclusao["afirmacao"])}</p>{refs}</div>'
        )
    dados = html_grafico.dados(modelo, conclusoes, fuso_relatorio,
                               {i: s.status for i, s in situacoes.items() if s.maquina})
    scripts = [*html_grafico.scripts_vendor(), SCRIPT]
    csp_scripts = " ".join(html_grafico.hash_csp(s) for s in scripts)
    embutidos = "".join(f"<script>{s}</script>\n" for s in scripts)
    lista_oficios = "".join(f"<li class=\"oficio\"><a href=\"{_e(o['arquivo'])}\"><code>{_e(o['arquivo'])}</code></a>: "
                            f"{_e(o['resumo'])}</li>" for o in oficios)
    resumo = ", ".join(f"{n} {v}" for v, n in sorted(veredictos.items()))
    por_alvo = _alvos(modelo)
    return f"""<!DOCTYPE html>
<html lang="pt-BR"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy"
 content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src {csp_scripts};
 form-action 'none'; base-uri 'none'">
<title>perito — {_e(titulo)}</title><style>{html_grafico.css_vendor()}</style><style>{ESTILO}</style></head>
<body>
<h1>Relatório de análise — {_e(titulo)}</h1>
<p>Data da análise: {_e(identificacao.get("data_analise") or "-")}. Gerado pelo perito a partir de conclusoes.json,
validacao.json, lotes/ e revisao.json; todo nó, aresta e evento vem de uma referência VERIFICADO ou confirmada por
uma pessoa.</p>
{_painel(plano)}{_diferencas(diferencas)}
<h2>Resumo</h2>
<p>{_e(plural(len(conclusoes), "conclusão", "conclusões"))}: {_e(resumo)}.
{_e(plural(len(modelo.entidades), "entidade", "entidades"))}, {_e(plural(len(modelo.ligacoes), "vínculo", "vínculos"))},
{_e(plural(len(modelo.eventos), "evento", "eventos"))}. Decisões humanas registradas: {len(rev.get("decisoes", []))}.</p>
<h2>Filtros</h2>
<div class="filtros">{_opcoes("f-tipo", "Tipo", tipos)}{_opcoes("f-grau", "Grau", ["forte", "moderado", "fraco"])}
{_opcoes("f-veredicto", "Veredicto", ["VERIFICADO", "AMBIGUO", "CONTRADITO"])} <span id="contagem"></span></div>
<p><small>Os filtros valem para as conclusões, o gráfico (some a seta cujas conclusões foram todas filtradas, e o nó
que ficou sem setas) e a linha do tempo.</small></p>
<div id="filtro-ativo" role="status" hidden></div>
<h2>Gráfico de vínculos</h2>
{_grafo(modelo, dados)}
{_linha_do_tempo(dados)}
<h2>Conclusões</h2>
{"".join(blocos)}
<h2>Por alvo</h2>
{por_alvo or "<p>Nenhuma pessoa, documento, conta ou linha ligada a outra entidade.</p>"}
<p>O gráfico também está em <a href="grafo.graphml"><code>grafo.graphml</code></a> e em
<a href="entidades.csv"><code>entidades.csv</code></a> + <a href="vinculos.csv"><code>vinculos.csv</code></a>
(importáveis no i2 Analyst's Notebook e no Maltego).</p>
{_plano(plano)}
<h2>Ofícios sugeridos</h2>
{f"<ul>{lista_oficios}</ul>" if lista_oficios else "<p>Nenhuma lacuna que peça ofício.</p>"}
<script type="application/json" id="dados-grafo">{html_grafico.json_em_script(dados)}</script>
{embutidos}</body></html>
"""

