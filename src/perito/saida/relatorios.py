"""Relatórios para pessoas, feitos a partir da pasta de saída: relatorio.html (e ofícios).

`analisar` os grava no fim da análise; `perito relatorio SAIDA` os refaz depois de
uma revisão. Os documentos citados são relidos pela leitura do validador, com o
SHA-256 do manifesto.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from perito.leitura.documento import Documento
from perito.saida import html, revisao, vinculos
from perito.saida.auditoria import Trilha, sha256_texto
from perito.saida.caso import identificacao
from perito.saida.contexto import contexto, fonte_da_pasta
from perito.saida.escrita import escrever_texto
from perito.saida.recortes import Pedido, recortar

NOME_HTML = "relatorio.html"


def _lotes(pasta: Path) -> list[dict[str, Any]]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted((pasta / "lotes").glob("*.json"))]


def textos(pasta: Path, caso: Path | None = None, manifesto: dict[str, Any] | None = None) -> dict[str, str]:
    analise = revisao.abrir_pasta(pasta, manifesto)
    caso_real = (caso or analise.caso).resolve()
    rev = revisao.ler(pasta)
    todos = revisao.itens(analise.conclusoes)
    modelo = vinculos.montar(analise.conclusoes, _lotes(pasta), rev)
    contextos: dict[str, dict[str, Any]] = {}
    recortes: dict[str, str] = {}
    if caso_real.is_dir():
        fonte = fonte_da_pasta(caso_real, analise.hashes, [i.referencia for i in todos])
        pedidos: dict[str, Pedido] = {}
        for item in todos:
            ctx = contexto(fonte, item.referencia)
            contextos[item.rotulo] = ctx.como_dict()
            documento = fonte.abrir(item.referencia["arquivo"]).documento
            citada = next((n for n, (_, _, c) in enumerate(ctx.linhas) if c), None)
            if isinstance(documento, Documento) and documento.tipo == "pdf" and citada is not None:
                pagina = item.referencia["pagina"]
                texto = ctx.linhas[citada][1]
                linhas_pagina = documento.trechos_da_pagina(pagina)
                posicao = next((n for n, t in enumerate(linhas_pagina) if t.texto == texto), 0)
                pedidos[item.rotulo] = (item.referencia["arquivo"], pagina, texto, posicao, len(linhas_pagina))
        desenhos = recortar(caso_real, analise.hashes, list(pedidos.values()))
        recortes = {rotulo: desenhos[(p[0], p[1], p[2])] for rotulo, p in pedidos.items() if (p[0], p[1], p[2]) in desenhos}
    pagina_html = html.montar(
        identificacao=identificacao(analise.manifesto), conclusoes=analise.conclusoes, modelo=modelo, rev=rev,
        contextos=contextos, recortes=recortes, oficios=[],
    )
    return {NOME_HTML: pagina_html}


def gravar(
    pasta: Path, trilha: Trilha, caso: Path | None = None, manifesto: dict[str, Any] | None = None
) -> dict[str, str]:
    """Grava os relatórios e registra na trilha; devolve nome → SHA-256."""
    conteudos = textos(pasta, caso, manifesto)
    for nome, texto in conteudos.items():
        escrever_texto(pasta / nome, texto)
    hashes = {nome: sha256_texto(texto) for nome, texto in conteudos.items()}
    trilha.registrar("saida", "gravar_relatorios", saidas=hashes)
    return hashes
