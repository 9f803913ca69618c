"""Extrator genérico: reconhece dados em cada trecho e os liga ao contexto da linha.

Cada família (provedores, bancário, genérico) é um `Extrator` com seu id, sua
família e um teste `pode_ler(documento)` feito sobre o conteúdo.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from perito.extratores import contexto
from perito.extratores.reconhecedores import Achado, reconhecer
from perito.leitura.documento import Documento, Trecho


@dataclass
class ResultadoArquivo:
    dados: list[dict[str, Any]] = field(default_factory=list)
    alertas: list[str] = field(default_factory=list)


class Extrator:
    extrator_id: str = ""
    familia: str = ""
    #: marcadores de conteúdo (minúsculas); quanto mais presentes, mais o documento é desta família
    marcadores: tuple[str, ...] = ()
    #: marcadores que sozinhos identificam a família (valem 3)
    marcadores_decisivos: tuple[str, ...] = ()

    def pontuacao(self, documento: Documento) -> int:
        texto = documento.texto_completo.lower()
        comuns = sum(1 for marcador in self.marcadores if marcador in texto)
        return comuns + 3 * sum(1 for marcador in self.marcadores_decisivos if marcador in texto)

    def pode_ler(self, documento: Documento) -> bool:
        return self.pontuacao(documento) >= 2

    def extrair(self, documento: Documento) -> ResultadoArquivo:
        resultado = ResultadoArquivo()
        if documento.tipo == "csv":
            self._extrair_csv(documento, resultado)
        elif documento.tipo == "xlsx":
            self._extrair_xlsx(documento, resultado)
        else:
            self._extrair_linhas(documento, resultado)
        return resultado

    # -- por formato -------------------------------------------------------------

    def _extrair_linhas(self, documento: Documento, resultado: ResultadoArquivo) -> None:
        tabela_com_porta = False
        for trecho in documento.trechos:
            if contexto.linha_anuncia_porta(trecho.texto):
                tabela_com_porta = True
            achados = reconhecer(trecho.texto)
            for achado in achados:
                if achado.tipo_dado == "ip" and "porta" not in achado.metadados and tabela_com_porta:
                    if porta := contexto.porta_apos(trecho.texto, achado.fim):
                        achado.metadados["porta"] = porta
            self._emitir(documento, trecho, achados, resultado)

    def _extrair_csv(self, documento: Documento, resultado: ResultadoArquivo) -> None:
        coluna_porta = None
        for posicao, trecho in enumerate(documento.trechos):
            celulas = trecho.celulas or ()
            if posicao == 0:
                coluna_porta = contexto.indice_coluna_porta(celulas)
                continue  # cabeçalho
            achados = reconhecer(trecho.texto)
            if coluna_porta is not None and coluna_porta < len(celulas):
                porta = celulas[coluna_porta].strip()
                for achado in achados:
                    if achado.tipo_dado == "ip" and "porta" not in achado.metadados and porta.isdigit():
                        achado.metadados["porta"] = porta
            self._emitir(documento, trecho, achados, resultado)

    def _extrair_xlsx(self, documento: Documento, resultado: ResultadoArquivo) -> None:
        for trecho in documento.trechos:
            if trecho.erro_celula:
                continue
            self._emitir(documento, trecho, reconhecer(trecho.texto), resultado)

    # -- montagem dos dados ----------------------------------------------------------

    def _emitir(self, documento: Documento, trecho: Trecho, achados: list[Achado], resultado: ResultadoArquivo) -> None:
        datas_horas = [a for a in achados if a.campo == "data_evento" and "hora" in a.metadados]
        for achado in achados:
            if achado.tipo_dado == "ip" and len(datas_horas) >= 1:
                # a data-hora da mesma linha ou registro é o instante do IP
                momento = _mais_proxima(datas_horas, achado)
                achado.metadados["data_hora"] = momento.dado
                achado.metadados["data"] = momento.metadados["data"]
                achado.metadados["hora"] = momento.metadados["hora"]
                if momento.fuso:
                    achado.metadados["fuso"] = momento.fuso
                if "instante_utc" in momento.metadados:
                    achado.metadados["instante_utc"] = momento.metadados["instante_utc"]
            if achado.alerta:
                resultado.alertas.append(f"{documento.arquivo} ({trecho.localizacao}): {achado.alerta}")
            resultado.dados.append(_dado(documento, trecho, achado))
        sem_fuso = [a for a in datas_horas if not a.fuso]
        if sem_fuso and any(a.tipo_dado == "ip" for a in achados):
            resultado.alertas.append(
                f"{documento.arquivo} ({_onde(trecho)}): data-hora {sem_fuso[0].dado} sem fuso declarado;"
                " não será usada para afirmar simultaneidade"
            )


def _mais_proxima(candidatas: list[Achado], alvo: Achado) -> Achado:
    return min(candidatas, key=lambda a: abs(a.inicio - alvo.inicio))


def _onde(trecho: Trecho) -> str:
    partes = [f"página {trecho.pagina}"] if trecho.pagina else []
    if trecho.aba:
        partes.append(f"aba {trecho.aba}")
    partes.append(trecho.localizacao)
    return ", ".join(partes)


def _dado(documento: Documento, trecho: Trecho, achado: Achado) -> dict[str, Any]:
    dado: dict[str, Any] = {
        "dado": achado.dado,
        "campo": achado.campo,
        "arquivo_fonte": documento.arquivo,
        "pagina": trecho.pagina,
        "linha_ou_celula": trecho.localizacao,
        "texto_original": trecho.texto,
        "tipo_dado": achado.tipo_dado,
        "metadados": {**achado.metadados, "metodo_extracao": trecho.metodo},
    }
    if achado.fuso:
        dado["fuso_horario_original"] = achado.fuso
    if trecho.aba:
        dado["aba_planilha"] = trecho.aba
    if trecho.metodo.startswith("ocr") and trecho.pagina in documento.confianca_ocr:
        dado["metadados"]["confianca_ocr_pagina"] = documento.confianca_ocr[trecho.pagina]
    return dado
