"""O texto bruto em volta de uma linha citada, relido do documento pela leitura do validador (`Contexto`).

A leitura confere o caminho e o SHA-256 do manifesto antes de abrir (validador/fonte.py):
quem revisa vê o documento, não o que o extrator copiou dele.
"""

from __future__ import annotations

from typing import Any

from perito.contratos.contexto import Contexto
from perito.validador.fonte import FonteIndependente, linhas_das_referencias
from perito.validador.localizar import localizar


def contexto(fonte: FonteIndependente, referencia: dict[str, Any], vizinhas: int = 2) -> Contexto:
    aberto = fonte.abrir(referencia["arquivo"])
    if aberto.documento is None:
        return Contexto(motivo=aberto.motivo or "o arquivo não pôde ser lido")
    documento = aberto.documento
    trecho, motivo = localizar(documento, referencia)
    if trecho is None:
        return Contexto(motivo=motivo, sha256=aberto.sha256)
    if trecho.coluna is not None:  # célula de planilha: a linha de células inteira
        mesma_linha = documento.linha_da_planilha(trecho.aba, trecho.linha_tabela)
        return Contexto([(t.localizacao, t.texto, t is trecho) for t in mesma_linha],
                        [f"{t.coluna}: {t.texto}" for t in mesma_linha], sha256=aberto.sha256)
    vizinhos = documento.trechos_da_pagina(trecho.pagina, trecho.aba)
    posicao = documento.posicao_na_pagina(trecho) or 0
    janela = vizinhos[max(0, posicao - vizinhas): posicao + vizinhas + 1]
    return Contexto([(t.localizacao, t.texto, t is trecho) for t in janela], list(trecho.celulas or ()),
                    sha256=aberto.sha256)


def fonte_da_pasta(caso: Any, hashes: dict[str, str], referencias: list[dict[str, Any]]) -> FonteIndependente:
    """Uma leitura por arquivo citado, de uma vez, com as páginas citadas para a segunda leitura."""
    paginas: dict[str, set[int]] = {}
    for ref in referencias:
        if ref.get("pagina") is not None:
            paginas.setdefault(ref["arquivo"], set()).add(ref["pagina"])
    fonte = FonteIndependente(caso, hashes, paginas_citadas=paginas, linhas_citadas=linhas_das_referencias(referencias))
    fonte.preparar(ref["arquivo"] for ref in referencias)
    return fonte
