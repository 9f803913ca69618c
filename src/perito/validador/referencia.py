"""Veredicto de uma referência: localizar o trecho e comparar cada valor citado."""

from __future__ import annotations

from typing import Any

from perito.leitura import localizacao
from perito.leitura.documento import Documento, Trecho
from perito.validador.comparacao import AUSENTE, CONTRADITO, DIVERGENTE, PRESENTE, Comparacao, comparar
from perito.validador.fonte import FonteIndependente
from perito.validador.valores import decompor

#: abaixo desta confiança média de OCR (0-100) a página é duvidosa: nada ali é VERIFICADO
CONFIANCA_OCR_MINIMA = 80.0
#: vizinhança examinada, em trechos, quando o documento não tem páginas (TXT, CSV, XLSX)
VIZINHANCA = 20


def validar_referencia(ref: dict[str, Any], fonte: FonteIndependente) -> dict[str, Any]:
    aberto = fonte.abrir(ref["arquivo"])
    if aberto.documento is None:
        return _detalhe(ref, "EXTRACAO_FALHOU", "", "", False, aberto.motivo)
    doc = aberto.documento
    trecho, motivo = _localizar(doc, ref)
    if trecho is None:
        return _detalhe(ref, "EXTRACAO_FALHOU", "", doc.metodo_extracao, False, motivo)
    citados = decompor(ref["dado_citado"])
    if not citados:
        return _detalhe(ref, "AMBIGUO", trecho.texto, trecho.metodo, False, "dado_citado sem valor comparável")
    encontrados = decompor(trecho.texto)
    comparacoes = [comparar(v, encontrados, trecho.texto) for v in citados]
    observacoes = [c.motivo + _em_outro_lugar(c, doc, trecho) for c in comparacoes if c.motivo]
    resultados = {c.resultado for c in comparacoes}
    if CONTRADITO in resultados:
        status = "CONTRADITO"
    elif resultados & {DIVERGENTE, AUSENTE}:
        status = "AMBIGUO"
    else:
        status = "VERIFICADO"
    if status == "VERIFICADO" and trecho.metodo.startswith("ocr"):
        confianca = doc.confianca_ocr.get(trecho.pagina or 0, -1.0)
        if confianca < CONFIANCA_OCR_MINIMA:
            status = "AMBIGUO"
            observacoes.append(f"página lida por OCR com confiança média {confianca:.0f}% (mínimo {CONFIANCA_OCR_MINIMA:.0f}%)")
    exato = all(c.resultado == PRESENTE and c.exato for c in comparacoes)
    return _detalhe(ref, status, trecho.texto, trecho.metodo, exato, "; ".join(observacoes))


def _localizar(doc: Documento, ref: dict[str, Any]) -> tuple[Trecho | None, str]:
    pagina = ref.get("pagina")
    local = localizacao.interpretar(ref["linha_ou_celula"])
    if local is None:
        return None, f"localização '{ref['linha_ou_celula']}' não reconhecida (use 'linha N' ou 'celula B7')"
    if doc.tipo == "pdf":
        if pagina is None:
            return None, "referência a PDF sem número de página"
        if not doc.total_paginas or not 1 <= pagina <= doc.total_paginas:
            return None, f"a página {pagina} não existe: o arquivo tem {doc.total_paginas or 0} página(s)"
        if pagina in doc.paginas_com_falha:
            return None, f"a página {pagina} não pôde ser lida"
    elif pagina is not None:
        return None, f"arquivo {doc.tipo.upper()} não tem páginas, mas a referência cita a página {pagina}"
    if (local.tipo == "celula") != (doc.tipo == "xlsx"):
        return None, f"localização '{ref['linha_ou_celula']}' não se aplica a arquivo {doc.tipo.upper()}"
    aba = ref.get("aba_planilha")
    if doc.tipo == "xlsx":
        aba, motivo = _aba(doc, aba, local.texto)
        if aba is None:
            return None, motivo
    trecho = doc.trecho(pagina, local.texto, aba)
    if trecho is not None:
        return trecho, ""
    if doc.tipo == "pdf":
        linhas = len(doc.trechos_da_pagina(pagina))
        return None, f"a página {pagina} tem {linhas} linha(s); {local.texto} não existe"
    if doc.tipo == "xlsx":
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
    return None, f"referência sem aba_planilha e a {celula} existe em {len(com_valor)} abas"


def _em_outro_lugar(c: Comparacao, doc: Documento, trecho: Trecho) -> str:
    if c.resultado == PRESENTE:
        return ""
    if trecho.pagina is not None:
        vizinhos = doc.trechos_da_pagina(trecho.pagina, trecho.aba)
    else:
        indice = doc.trechos.index(trecho)
        vizinhos = doc.trechos[max(0, indice - VIZINHANCA) : indice + VIZINHANCA + 1]
    for outro in vizinhos:
        if outro is not trecho and comparar(c.valor, decompor(outro.texto), outro.texto).resultado == PRESENTE:
            return f" (encontrado em {outro.localizacao})"
    return ""


def _detalhe(ref: dict[str, Any], status: str, texto: str, metodo: str, exato: bool, observacao: str) -> dict[str, Any]:
    detalhe = {
        "arquivo": ref["arquivo"],
        "pagina": ref.get("pagina"),
        "linha_ou_celula": ref["linha_ou_celula"],
        "dado_citado": ref["dado_citado"],
        "status": status,
        "texto_encontrado": texto,
        "metodo_extracao": metodo or "nenhum",
        "match_exato": exato,
        "observacao": observacao,
    }
    if ref.get("aba_planilha"):
        detalhe["aba_planilha"] = ref["aba_planilha"]
    return detalhe
