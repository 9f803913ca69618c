"""Situação de cada arquivo do caso (lido, parcial, erro, ignorado) e a sua linha do manifesto.

Uma só função decide a situação: manifesto, trilha de auditoria e código de saída
nunca discordam sobre um arquivo lido só em parte.
"""

from __future__ import annotations

from typing import Any

from perito.leitura.documento import Documento
from perito.leitura.inventario import ArquivoCaso, e_falha


def situacao(documento: Documento) -> tuple[str, str | None]:
    """(lido | parcial | erro, motivo em pt-BR): parcial quando faltaram páginas, abas, registros ou a extração."""
    if documento.erro:
        return "erro", documento.erro
    if documento.parcial or documento.paginas_com_falha:
        falhas = ", ".join(map(str, documento.paginas_com_falha[:20]))
        return "parcial", documento.parcial or f"páginas com falha: {falhas}"
    return "lido", None


def linha_manifesto(arquivo: ArquivoCaso, documento: Documento | None, extrator_id: str | None) -> dict[str, Any]:
    linha: dict[str, Any] = {"arquivo": arquivo.nome, "tamanho": arquivo.tamanho, "sha256": arquivo.sha256, "tipo": arquivo.tipo}
    if arquivo.membros is not None:  # pacote ZIP: cada membro tem a sua linha
        linha.update(situacao="pacote", membros=arquivo.membros, motivo=arquivo.motivo_ignorado)
    elif arquivo.tipo is None:
        # um arquivo de 0 byte (cópia incompleta?) ou que não pôde ser lido é falha: conta como erro, e a análise
        # sai com código 1 ("ANÁLISE INCOMPLETA")
        estado = "erro" if e_falha(arquivo.motivo_ignorado) or arquivo.falha else "ignorado"
        linha.update(situacao=estado, motivo=arquivo.motivo_ignorado)
    elif documento is None:
        linha.update(situacao="erro", motivo="o arquivo não foi lido")
    else:
        estado, motivo = situacao(documento)
        linha.update(situacao=estado, extrator_id=extrator_id, **({"motivo": motivo} if motivo else {}))
        if documento.codificacao and not documento.erro:
            linha["codificacao"] = documento.codificacao
    if documento is not None and documento.segundos is not None:
        linha["segundos"] = documento.segundos  # volátil
    if documento is not None and documento.segundos_extracao is not None:
        linha["segundos_extracao"] = documento.segundos_extracao  # volátil
    return linha
