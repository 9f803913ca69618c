"""Agente extrator Claude: lê o que as regras deixaram sem classificação e devolve dados ancorados.

As regras rodam antes e continuam valendo; Claude só acrescenta, num lote próprio
(`extrator_claude_01`). Por arquivo, tudo ou nada: se uma chamada de um arquivo falha
depois das tentativas, nenhum dado do Claude daquele arquivo entra, o lote fica ERRO
com o motivo e a análise termina como incompleta.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from perito import registro
from perito.contratos.esquemas import erros
from perito.leitura.documento import Documento
from perito.llm import injecao, trechos
from perito.llm.ancoragem import ancorar, chave_local, normalizar
from perito.llm.configuracao import ConfiguracaoLLM
from perito.llm.ferramentas import DADOS, ferramenta
from perito.llm.metadados import normalizados
from perito.llm.motor import FalhaChamada, MotorClaude
from perito.llm.paralelo import executar
from perito.texto_ptbr import conforme, plural

EXTRATOR_ID = "extrator_claude_01"
Progresso = Callable[[str, int, int, str], None]


def extrair(
    motor: MotorClaude, documentos: list[Documento], lotes: list[dict[str, Any]], relatos: set[str],
    familias: dict[str, str], avisar: Progresso | None = None,
) -> dict[str, Any]:
    """O lote do Claude (seção 2), já conferido pelo esquema; o resumo fica em motor.relatos["extrator"]."""
    configuracao = motor.configuracao
    alertas = [a for d in documentos if not d.erro for a in injecao.alertas(d)]
    instrucoes = len(alertas)
    envios, fora = _planejar(documentos, relatos, _ocupados(lotes), configuracao, alertas)

    def chamar(envio: trechos.Envio) -> dict[str, Any] | FalhaChamada:
        try:
            return motor.chamar("extrator", ferramenta(DADOS), trechos.mensagem(envio), configuracao.max_tokens_extrator)
        except FalhaChamada as falha:
            return falha

    def feito(quantos: int, envio: trechos.Envio) -> None:
        if avisar:
            avisar("Claude: extração", quantos, len(envios), envio.documento.arquivo)

    if avisar:
        avisar("Claude: extração", 0, len(envios), "")
    resultados = executar(envios, chamar, configuracao.concorrencia, feito)
    montagem = _Montagem(motor, familias)
    for arquivo in dict.fromkeys(e.documento.arquivo for e in envios):
        montagem.arquivo([(e, r) for e, r in zip(envios, resultados, strict=True) if e.documento.arquivo == arquivo])
    lote = {
        "extrator_id": EXTRATOR_ID,
        "status": "ERRO" if montagem.falhas else "OK",
        "arquivos_processados": montagem.arquivos,
        "dados_extraidos": montagem.dados,
        "alertas": [registro.redigir(a) for a in alertas + montagem.alertas],
        "total_dados": len(montagem.dados),
    }
    problemas = erros("lote_extracao", lote)
    if problemas:  # defeito nosso: os dados já foram conferidos um a um
        raise ValueError(f"lote do Claude fora do contrato: {problemas[:3]}")
    motor.relatos["extrator"] = {
        "arquivos_enviados": len(montagem.arquivos), "trechos_enviados": sum(len(e.trechos) for e in envios),
        "chamadas": len(envios), "trechos_nao_enviados": fora, "dados_recebidos": montagem.recebidos,
        "dados_mantidos": len(montagem.dados), "dados_descartados": montagem.descartados,
        "dados_repetidos": montagem.repetidos, "alertas_de_instrucao": instrucoes,
        "arquivos_com_falha": montagem.falhas, "falhou": bool(montagem.falhas),
    }
    return lote


def _planejar(
    documentos: list[Documento], relatos: set[str], ocupados: dict[str, set[tuple]], c: ConfiguracaoLLM,
    alertas: list[str],
) -> tuple[list[trechos.Envio], int]:
    """(chamadas a fazer, trechos que ficaram de fora pelo teto de chamadas); os cortes viram alertas."""
    envios: list[trechos.Envio] = []
    fora = 0
    for documento in documentos:
        if documento.erro or documento.arquivo not in relatos:
            continue
        escolhidos, longos = trechos.selecionar(documento, ocupados.get(documento.arquivo, set()), c.caracteres_por_trecho)
        if longos:
            alertas.append(f"{documento.arquivo}: {plural(longos, 'trecho', 'trechos')} com mais de {c.caracteres_por_trecho} "
                           f"caracteres {conforme(longos, 'não foi enviado', 'não foram enviados')} ao Claude")
        for envio in trechos.dividir(documento, escolhidos, c.trechos_por_chamada, c.caracteres_por_chamada):
            if len(envios) < c.maximo_chamadas:
                envios.append(envio)
            else:
                fora += len(envio.trechos)
    if fora:
        alertas.append(f"{plural(fora, 'trecho não foi enviado', 'trechos não foram enviados')} ao Claude: "
                       f"teto de {plural(c.maximo_chamadas, 'chamada', 'chamadas')} por análise")
    return envios, fora


def _ocupados(lotes: list[dict[str, Any]]) -> dict[str, set[tuple]]:
    """Locais onde as regras já extraíram algum dado (esses trechos não vão ao Claude)."""
    ocupados: dict[str, set[tuple]] = {}
    for lote in lotes:
        for dado in lote["dados_extraidos"]:
            local = (dado.get("pagina"), dado.get("aba_planilha"), dado["linha_ou_celula"])
            ocupados.setdefault(dado["arquivo_fonte"], set()).add(local)
    return ocupados


class _Montagem:
    def __init__(self, motor: MotorClaude, familias: dict[str, str]) -> None:
        self.motor, self.familias = motor, familias
        self.arquivos: list[dict[str, Any]] = []
        self.dados: list[dict[str, Any]] = []
        self.alertas: list[str] = []
        self.falhas: list[dict[str, str]] = []
        self.recebidos = self.descartados = self.repetidos = 0

    def arquivo(self, respostas: list[tuple[trechos.Envio, dict[str, Any] | FalhaChamada]]) -> None:
        documento = respostas[0][0].documento
        self.arquivos.append({
            "arquivo": documento.arquivo, "total_paginas": documento.total_paginas,
            "metodo_extracao": f"claude:{self.motor.modelo}", "paginas_com_falha": sorted(documento.paginas_com_falha),
        })
        falha = next((r for _, r in respostas if isinstance(r, FalhaChamada)), None)
        if falha is not None:  # tudo ou nada por arquivo: nada deste arquivo é aplicado
            self.falhas.append({"arquivo": documento.arquivo, "motivo": falha.motivo})
            self.alertas.append(f"ERRO em {documento.arquivo}: chamada ao Claude sem resultado ({falha.motivo}); "
                                "nenhum dado do Claude para este arquivo")
            return
        vistos: set[tuple] = set()
        for envio, entrada in respostas:
            assert isinstance(entrada, dict)
            enviados = {chave_local(t) for t in envio.trechos}
            for bruto in entrada["dados"]:
                self.recebidos += 1
                self._um(bruto, documento, enviados, vistos)

    def _um(self, bruto: dict[str, Any], documento: Documento, enviados: set[tuple], vistos: set[tuple]) -> None:
        trecho, motivo = ancorar(bruto, documento, enviados)
        meta: dict[str, Any] = {}
        if trecho is not None:
            meta, motivo = normalizados(bruto["campo"], bruto["tipo_dado"], bruto["dado"])
        if trecho is None or motivo:
            self.descartados += 1
            self.alertas.append(f"dado do Claude descartado: {_descrever(bruto)}: {motivo}")
            return
        identidade = (trecho.pagina, trecho.aba, trecho.localizacao, bruto["campo"], normalizar(bruto["dado"]))
        if identidade in vistos:
            self.repetidos += 1
            return
        vistos.add(identidade)
        dado: dict[str, Any] = {
            "dado": bruto["dado"].strip(), "campo": bruto["campo"], "arquivo_fonte": documento.arquivo,
            "pagina": trecho.pagina, "linha_ou_celula": trecho.localizacao,
            "texto_original": trecho.texto,  # o literal do documento, não a cópia do modelo
            "tipo_dado": bruto["tipo_dado"],
            "metadados": {
                **meta, "origem": "claude", "modelo": self.motor.modelo,
                "prompt_sha256": self.motor.prompts["extrator"].sha256, "metodo_extracao": trecho.metodo,
                "familia_fonte": self.familias.get(documento.arquivo, "relato"),
                "registro": f"p{trecho.pagina}:{trecho.localizacao}" if trecho.pagina else trecho.localizacao,
                # o que o modelo anotou fica à parte: nenhuma regra confia nisto
                **({"claude": _redigido(bruto["metadados"])} if bruto.get("metadados") else {}),
            },
        }
        if bruto.get("fuso_horario_original"):
            dado["fuso_horario_original"] = bruto["fuso_horario_original"]
        if trecho.aba:
            dado["aba_planilha"] = trecho.aba
        problemas = erros("dado_extraido", dado)
        if problemas:
            self.descartados += 1
            self.alertas.append(f"dado do Claude descartado: {_descrever(bruto)}: fora do contrato ({problemas[0]})")
            return
        self.dados.append(dado)


def _redigido(valor: Any) -> Any:
    """Texto livre do modelo sem segredos (um endpoint hostil poderia ecoar a chave)."""
    return json.loads(registro.redigir(json.dumps(valor, ensure_ascii=False)))


def _descrever(bruto: dict[str, Any]) -> str:
    """O dado descartado como o modelo o citou (encurtado: é texto de origem não confiável)."""
    partes = [str(bruto.get("arquivo_fonte"))[:80]]
    if bruto.get("pagina"):
        partes.append(f"página {bruto['pagina']}")
    if bruto.get("aba_planilha"):
        partes.append(f"aba {str(bruto['aba_planilha'])[:40]}")
    partes.append(str(bruto.get("linha_ou_celula"))[:40])
    return f"{', '.join(partes)}: {bruto.get('campo')} {str(bruto.get('dado'))[:120]!r}"
