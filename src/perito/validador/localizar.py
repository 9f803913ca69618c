"""Vai ao local citado (página e linha, ou aba e célula) no documento relido.

Página, linha, aba ou célula fora do documento dá o motivo em pt-BR (EXTRACAO_FALHOU).
"""

from __future__ import annotations

from typing import Any

from perito.leitura import localizacao
from perito.leitura.documento import PLANILHAS, Documento, Trecho
from perito.texto_ptbr import plural

#: formatos com páginas (a imagem: cada quadro do TIFF é uma página)
TIPOS_PAGINADOS = ("pdf", "imagem")


def localizar(doc: Documento, ref: dict[str, Any]) -> tuple[Trecho | None, str]:
    pagina = ref.get("pagina")
    local = localizacao.interpretar(ref["linha_ou_celula"])
    if local is None:
        return None, f"localização '{ref['linha_ou_celula']}' não reconhecida (use 'linha N' ou 'celula B7')"
    if doc.tipo in TIPOS_PAGINADOS:
        if pagina is None:
            return None, f"referência a {doc.tipo.upper()} sem número de página"
        if not doc.total_paginas or not 1 <= pagina <= doc.total_paginas:
            return None, f"a página {pagina} não existe: o arquivo tem {plural(doc.total_paginas or 0, 'página', 'páginas')}"
        if pagina in doc.paginas_com_falha:
            return None, f"a página {pagina} não pôde ser lida"
    elif pagina is not None:
        return None, f"arquivo {doc.tipo.upper()} não tem páginas, mas a referência cita a página {pagina}"
    if local.tipo == "nome_da_aba" and doc.tipo in PLANILHAS:
        aba = ref.get("aba_planilha")
        if (trecho := doc.trecho(pagina, local.texto, aba)) is None:
            return None, f"nome da aba sem aba_planilha, ou a aba '{aba}' não existe na planilha"
        return trecho, ""
    if (local.tipo == "celula") != (doc.tipo in PLANILHAS):
        return None, f"localização '{ref['linha_ou_celula']}' não se aplica a arquivo {doc.tipo.upper()}"
    aba = ref.get("aba_planilha")
    if doc.tipo in PLANILHAS:
        aba, motivo = _aba(doc, aba, local.texto)
        if aba is None:
            return None, motivo
    trecho = doc.trecho(pagina, local.texto, aba)
    if trecho is not None:
        return trecho, ""
    if doc.tipo in TIPOS_PAGINADOS:
        linhas = len(doc.trechos_da_pagina(pagina))
        return None, f"a página {pagina} tem {plural(linhas, 'linha', 'linhas')}; {local.texto} não existe"
    if doc.tipo in PLANILHAS:
        return None, f"{local.texto} vazia ou inexistente na aba '{aba}'"
    return None, f"{local.texto} não existe, está vazia ou fica no meio de um registro"


def _aba(doc: Documento, aba: str | None, celula: str) -> tuple[str | None, str]:
    if aba is not None:
        return (aba, "") if aba in doc.abas else (None, f"a aba '{aba}' não existe na planilha")
    if len(doc.abas) == 1:
        return doc.abas[0], ""
    com_valor = [a for a in doc.abas if doc.trecho(None, celula, a) is not None]
    if len(com_valor) == 1:
        return com_valor[0], ""
    if not com_valor:
        return None, f"referência sem aba_planilha e a {celula} não existe em nenhuma aba"
    return None, f"referência sem aba_planilha e a {celula} existe em {len(com_valor)} abas"
