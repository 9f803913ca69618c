"""relatorio.html: um arquivo só, que abre offline (nenhuma CDN, nenhum pedido de rede).

Resumo, conclusões filtráveis (tipo, grau, veredicto; filtro inicial por
`#tipo=...&grau=...&veredicto=...`), gráfico de vínculos em SVG desenhado aqui
(nós em círculo, arestas coloridas pelo grau; clique num nó → as conclusões dele),
linha do tempo em UTC (texto original e fuso ao passar o mouse) e, em cada
referência, o texto da linha relida, a vizinhança e o recorte da página do PDF.
Decisões humanas aparecem ao lado do veredicto da máquina.
"""

from __future__ import annotations

import base64
import hashlib
import math
import re
from collections import Counter
from html import escape
from typing import Any

from perito.plano import texto as plano_texto
from perito.saida import revisao
from perito.saida.caso import cabecalho_texto
from perito.saida.vinculos import ROTULOS_LIGACAO, ROTULOS_TIPO, Modelo

CORES_GRAU = {"forte": "#1b7f3b", "moderado": "#d08700", "fraco": "#8a8a8a"}
CORES_NO = {"pessoa": "#1f78b4", "telefone": "#33a02c", "chave_pix": "#e31a1c", "ip": "#ff7f00", "conta": "#b15928",
            "aparelho": "#6a3d9a", "modelo": "#fb9a99", "email": "#a6cee3", "desconhecido": "#999999"}

ESTILO = """
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;max-width:1200px}
h1{font-size:1.4em}h2{border-bottom:1px solid #ccc;margin-top:1.6em}
.conclusao{border:1px solid #ddd;border-radius:6px;padding:.6em;margin:.6em 0}
.selo{display:inline-block;padding:0 .4em;border-radius:4px;color:#fff;font-size:.85em;margin-right:.3em}
.VERIFICADO{background:#1b7f3b}.AMBIGUO{background:#c98a00}.CONTRADITO{background:#b3261e}
.EXTRACAO_FALHOU{background:#7b1fa2}.confirmado{background:#0b5394}.rejeitado{background:#5b0f00}
.pendente{background:#666}.forte{background:#1b7f3b}.moderado{background:#d08700}.fraco{background:#8a8a8a}
pre{background:#f6f6f6;padding:.4em;white-space:pre-wrap;margin:.2em 0}.citada{background:#fff3b0}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.2em .4em;text-align:left;vertical-align:top}
#grafo circle{cursor:pointer;stroke:#fff;stroke-width:1.5}#grafo text{font-size:10px;pointer-events:none}
#grafo .escolhido{stroke:#000;stroke-width:3}.filtros label{margin-right:1em}
img.recorte{max-width:100%;border:1px solid #ccc}
"""

SCRIPT = """
(function(){
  function valor(id){return document.getElementById(id).value;}
  function aplicar(){
    var t=valor('f-tipo'),g=valor('f-grau'),v=valor('f-veredicto'),n=document.body.dataset.no||'';
    var visiveis=0;
    document.querySelectorAll('.conclusao').forEach(function(c){
      var ok=(!t||c.dataset.tipo===t)&&(!g||c.dataset.grau===g)&&(!v||c.dataset.veredicto===v)
        &&(!n||(' '+c.dataset.nos+' ').indexOf(' '+n+' ')>=0);
      c.hidden=!ok; if(ok){visiveis++;}
    });
    document.getElementById('contagem').textContent=visiveis+' conclusão(ões) visível(is)';
    document.querySelectorAll('#grafo circle').forEach(function(c){
      c.classList.toggle('escolhido',c.dataset.no===n);});
  }
  ['f-tipo','f-grau','f-veredicto'].forEach(function(id){
    document.getElementById(id).addEventListener('change',aplicar);});
  document.querySelectorAll('#grafo circle').forEach(function(c){
    c.addEventListener('click',function(){
      document.body.dataset.no=(document.body.dataset.no===c.dataset.no)?'':c.dataset.no;
      document.getElementById('no-escolhido').textContent=document.body.dataset.no?
        ('Nó: '+c.dataset.rotulo+' (clique de novo para soltar)'):'';
      aplicar();});
  });
  var frag=decodeURIComponent(location.hash.replace(/^#/,''));
  frag.split('&').forEach(function(par){
    var kv=par.split('='); if(kv.length!==2){return;}
    if(kv[0]==='no'){document.body.dataset.no=kv[1];return;}
    var el=document.getElementById('f-'+kv[0]); if(el){el.value=kv[1];}
  });
  aplicar();
  document.body.dataset.pronto='sim';
})();
"""
#: só este script roda (nenhum outro inline, nem injetado por um texto de prova que escapasse do escape)
HASH_SCRIPT = "sha256-" + base64.b64encode(hashlib.sha256(SCRIPT.encode("utf-8")).digest()).decode("ascii")


def _e(texto: Any) -> str:
    return escape("" if texto is None else str(texto), quote=True)


def _selo(classe: str, texto: str | None = None) -> str:
    return f'<span class="selo {_e(classe)}">{_e(texto or classe)}</span>'


def _opcoes(id_: str, rotulo: str, valores: list[str]) -> str:
    opcoes = "".join(f'<option value="{_e(v)}">{_e(v)}</option>' for v in valores)
    return f'<label>{rotulo} <select id="{id_}"><option value="">todos</option>{opcoes}</select></label>'


def _grafo(modelo: Modelo) -> str:
    nos = sorted(modelo.entidades.values(), key=lambda n: (n.tipo, n.id))
    if not nos:
        return "<p>Nenhum vínculo sustentado por referência validada.</p>"
    lado, raio = 760, 300
    posicao = {}
    for n, no in enumerate(nos):
        angulo = 2 * math.pi * n / len(nos)
        posicao[no.id] = (lado / 2 + raio * math.cos(angulo), lado / 2 + raio * math.sin(angulo))
    partes = [f'<svg id="grafo" viewBox="0 0 {lado} {lado}" width="{lado}" height="{lado}" role="img">']
    for ligacao in modelo.ligacoes:
        (x1, y1), (x2, y2) = posicao[ligacao.origem.id], posicao[ligacao.destino.id]
        conclusoes = ", ".join(map(str, sorted(ligacao.conclusoes)))
        partes.append(
            f'<line class="aresta" data-conclusao="{_e(conclusoes)}" data-grau="{_e(ligacao.grau)}" '
            f'x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{CORES_GRAU.get(ligacao.grau, "#999")}" '
            f'stroke-width="2" opacity="0.7"><title>{_e(ROTULOS_LIGACAO.get(ligacao.tipo, ligacao.tipo))} '
            f'(conclusões {_e(conclusoes)}, {_e(ligacao.grau)})</title></line>'
        )
    for no in nos:
        x, y = posicao[no.id]
        rotulo = f"{ROTULOS_TIPO.get(no.tipo, no.tipo)}: {no.rotulo}"
        partes.append(
            f'<g><circle class="no" data-no="{_e(no.id)}" data-rotulo="{_e(rotulo)}" cx="{x:.1f}" cy="{y:.1f}" '
            f'r="{7 + min(len(no.conclusoes), 8)}" fill="{CORES_NO.get(no.tipo, "#999")}">'
            f'<title>{_e(rotulo)} — conclusões {", ".join(map(str, sorted(no.conclusoes)))}</title></circle>'
            f'<text x="{x + 12:.1f}" y="{y + 4:.1f}">{_e(no.rotulo[:28])}</text></g>'
        )
    partes.append("</svg>")
    legenda = " ".join(f'<span class="selo" style="background:{cor}">{_e(ROTULOS_TIPO.get(t, t))}</span>'
                       for t, cor in CORES_NO.items())
    graus = " ".join(f'<span class="selo {g}">aresta {g}</span>' for g in CORES_GRAU)
    return f'<p>{legenda}<br>{graus}</p><p id="no-escolhido"></p>' + "".join(partes)


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
    plano: dict[str, Any] | None = None,
) -> str:
    """contextos e recortes: por rótulo da referência ("3.2"); plano: plano_diligencias.json."""
    titulo = cabecalho_texto(identificacao.get("inquerito"), identificacao.get("analista"), identificacao.get("caso_id"))
    veredictos = Counter((c.get("validacao") or {}).get("veredicto_geral", "sem validação") for c in conclusoes)
    tipos = sorted({c["tipo"] for c in conclusoes})
    blocos = []
    for conclusao in conclusoes:
        veredicto = (conclusao.get("validacao") or {}).get("veredicto_geral", "")
        refs = "".join(
            _referencia(item, revisao.decisao_de(rev, item), contextos.get(item.rotulo), recortes.get(item.rotulo))
            for item in revisao.itens([conclusao]))
        nos = " ".join(modelo.por_conclusao.get(conclusao["id"], []))
        blocos.append(
            f'<div class="conclusao" id="conclusao-{conclusao["id"]}" data-conclusao="{conclusao["id"]}" '
            f'data-tipo="{_e(conclusao["tipo"])}" data-grau="{_e(conclusao["grau_confianca"])}" '
            f'data-veredicto="{_e(veredicto)}" data-nos="{_e(nos)}">'
            f'<p><strong>{conclusao["id"]}.</strong> {_selo(veredicto)}{_selo(conclusao["grau_confianca"])} '
            f'<em>{_e(conclusao["tipo"])}</em></p><p>{_e(conclusao["afirmacao"])}</p>{refs}</div>'
        )
    eventos = "".join(
        f'<tr class="evento"><td title="{_e(e.original)} — fuso no documento: {_e(e.fuso or "não declarado")}">'
        f'{_e(e.utc or "fuso não informado")}</td><td>{_e(e.descricao)} <small>({_e(e.escrito)})</small></td>'
        f'<td>{_e(e.arquivo)}, {_e(e.local)}</td>'
        f'<td>{", ".join(f"<a href=#conclusao-{c}>{c}</a>" for c in sorted(e.conclusoes))}</td></tr>'
        for e in modelo.eventos)
    lista_oficios = "".join(f"<li class=\"oficio\"><a href=\"{_e(o['arquivo'])}\"><code>{_e(o['arquivo'])}</code></a>: "
                            f"{_e(o['resumo'])}</li>" for o in oficios)
    resumo = ", ".join(f"{n} {v}" for v, n in sorted(veredictos.items()))
    por_alvo = _alvos(modelo)
    return f"""<!DOCTYPE html>
<html lang="pt-BR"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy"
 content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src '{HASH_SCRIPT}';
 form-action 'none'; base-uri 'none'">
<title>perito — {_e(titulo)}</title><style>{ESTILO}</style></head>
<body>
<h1>Relatório de análise — {_e(titulo)}</h1>
<p>Data da análise: {_e(identificacao.get("data_analise") or "-")}. Gerado pelo perito a partir de conclusoes.json,
validacao.json, lotes/ e revisao.json; todo nó, aresta e evento vem de uma referência VERIFICADO ou confirmada por
uma pessoa.</p>
{_painel(plano)}
<h2>Resumo</h2>
<p>{len(conclusoes)} conclusão(ões): {_e(resumo)}. {len(modelo.entidades)} entidade(s), {len(modelo.ligacoes)} vínculo(s),
{len(modelo.eventos)} evento(s). Decisões humanas registradas: {len(rev.get("decisoes", []))}.</p>
<h2>Gráfico de vínculos</h2>
{_grafo(modelo)}
<h2>Conclusões</h2>
<div class="filtros">{_opcoes("f-tipo", "Tipo", tipos)}{_opcoes("f-grau", "Grau", ["forte", "moderado", "fraco"])}
{_opcoes("f-veredicto", "Veredicto", ["VERIFICADO", "AMBIGUO", "CONTRADITO"])} <span id="contagem"></span></div>
{"".join(blocos)}
<h2>Por alvo</h2>
{por_alvo or "<p>Nenhuma pessoa, documento, conta ou linha ligada a outra entidade.</p>"}
<p>O gráfico também está em <a href="grafo.graphml"><code>grafo.graphml</code></a> e em
<a href="entidades.csv"><code>entidades.csv</code></a> + <a href="vinculos.csv"><code>vinculos.csv</code></a>
(importáveis no i2 Analyst's Notebook e no Maltego).</p>
<h2>Linha do tempo (UTC)</h2>
<table><tr><th>UTC</th><th>dado (fuso original)</th><th>local</th><th>conclusões</th></tr>{eventos}</table>
{_plano(plano)}
<h2>Ofícios sugeridos</h2>
{f"<ul>{lista_oficios}</ul>" if lista_oficios else "<p>Nenhuma lacuna que peça ofício.</p>"}
<script>{SCRIPT}</script>
</body></html>
"""

