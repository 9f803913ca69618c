"""Monta um LoteExtracao por extrator, com cada dado conferido pelo esquema da seção 1."""

from __future__ import annotations

from typing import Any

from perito.contratos.esquemas import erros
from perito.extratores.base import Extrator
from perito.extratores.registro import EXTRATORES, escolher
from perito.leitura.documento import Documento


def arquivo_processado(documento: Documento) -> dict[str, Any]:
    return {
        "arquivo": documento.arquivo,
        "total_paginas": documento.total_paginas,
        "metodo_extracao": documento.metodo_extracao or documento.tipo,
        "paginas_com_falha": sorted(documento.paginas_com_falha),
    }


class _Lote:
    def __init__(self, extrator: Extrator) -> None:
        self.extrator = extrator
        self.arquivos: list[dict[str, Any]] = []
        self.dados: list[dict[str, Any]] = []
        self.alertas: list[str] = []
        self.falhou = False

    def acrescentar(self, documento: Documento) -> None:
        self.arquivos.append(arquivo_processado(documento))
        self.alertas.extend(documento.alertas)
        if documento.erro:
            self.falhou = True
            self.alertas.append(f"ERRO em {documento.arquivo}: {documento.erro}")
            return
        if not documento.trechos:
            self.alertas.append(f"{documento.arquivo}: nenhum texto legível; nenhum dado extraído")
        try:
            resultado = self.extrator.extrair(documento)
        except Exception as erro:  # um extrator com defeito não derruba o caso
            self.falhou = True
            motivo = f"o extrator falhou ({type(erro).__name__}: {str(erro)[:120]}); nenhum dado deste arquivo"
            self.alertas.append(f"ERRO em {documento.arquivo}: {motivo}")
            # o arquivo fica parcial: manifesto, trilha e código de saída (1) dizem que faltou algo
            documento.parcial = "; ".join(filter(None, (documento.parcial, motivo)))
            return
        self.alertas.extend(resultado.alertas)
        for dado in resultado.dados:
            problemas = erros("dado_extraido", dado)
            if problemas:
                # fora do contrato: rejeitado, nunca em silêncio
                self.alertas.append(
                    f"dado rejeitado de {documento.arquivo} ({dado.get('linha_ou_celula')}): {'; '.join(problemas)}"
                )
                continue
            self.dados.append(dado)

    def montar(self) -> dict[str, Any]:
        lote = {
            "extrator_id": self.extrator.extrator_id,
            "status": "ERRO" if self.falhou else "OK",
            "arquivos_processados": self.arquivos,
            "dados_extraidos": self.dados,
            "alertas": self.alertas,
            "total_dados": len(self.dados),
        }
        problemas = erros("lote_extracao", lote)
        if problemas:  # defeito nosso: falha alto, o lote não segue adiante
            raise ValueError(f"lote de {self.extrator.extrator_id} fora do contrato: {problemas[:3]}")
        return lote


def extrair_lotes(documentos: list[Documento]) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """(lotes na ordem do registro, arquivo → extrator_id que o leu)."""
    lotes = {e.extrator_id: _Lote(e) for e in EXTRATORES}
    atribuicao: dict[str, str] = {}
    for documento in documentos:
        extrator = escolher(documento)
        atribuicao[documento.arquivo] = extrator.extrator_id
        lotes[extrator.extrator_id].acrescentar(documento)
    return [lote.montar() for lote in lotes.values() if lote.arquivos], atribuicao
