"""Validação: o validador relê os documentos citados e marca cada referência; as contraditas saem das finais.

Com o armazém do caso, a validação de uma conclusão idêntica (fora o número) a uma já validada, citando os
mesmos bytes, é reaproveitada: só as conclusões novas ou mudadas fazem reler os documentos delas.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from perito import registro
from perito.analise.estado import Analise
from perito.analise.etapas.base import Etapa
from perito.armazem.reaproveitar import chave_da_validacao, conferida, nome_na_trilha, sha256_do_conteudo
from perito.saida.escrita import bytes_json
from perito.validador.agente import VALIDADOR_ID, aplicar, linhas_citadas, paginas_citadas, paginas_dos_recortes, validar
from perito.validador.fonte import FonteIndependente


def _chaves(analise: Analise) -> list[str]:
    extra = analise.configuracao.get("base_ip")  # a base de redes de IP vai à chave: outra base, outra conferência
    return [chave_da_validacao(c, {r["arquivo"]: analise.hashes_caso.get(r["arquivo"], "") for r in c["referencias"]},
                               extra)
            for c in analise.conclusoes["conclusoes"]]


def _prontas(analise: Analise, chaves: list[str]) -> dict[int, dict[str, Any]]:
    if analise.armazem is None or not analise.parametros.reaproveitar or analise.motor is not None:
        return {}
    guardadas = analise.armazem.validacoes(chaves)
    prontas: dict[int, dict[str, Any]] = {}
    for n, chave in enumerate(chaves):
        if chave in guardadas:
            sha, conteudo = guardadas[chave]
            if conferida("validacao", chave, sha, sha256_do_conteudo(conteudo), analise.eventos.registrou):
                prontas[n] = json.loads(conteudo)
            else:
                registro.LOGGER.warning("validação guardada da conclusão %s não confere com a trilha: refeita",
                                        analise.conclusoes["conclusoes"][n]["id"])
    return prontas


def estavel(fonte: FonteIndependente, conclusao: dict[str, Any], validacao: dict[str, Any]) -> bool:
    """Se a validação sairia igual de novo dos mesmos bytes: nenhuma referência em EXTRACAO_FALHOU e todo arquivo
    citado relido por inteiro, com a segunda leitura (PDF, HTML) sem erro. Uma releitura que estourou o tempo ou a
    memória (a máquina ocupada, não o arquivo) não fica guardada como se fosse o veredicto do documento."""
    if any(d["status"] == "EXTRACAO_FALHOU" for d in validacao["detalhes"]):
        return False
    for arquivo in {r["arquivo"] for r in conclusao["referencias"]}:
        aberto = fonte.aberto(arquivo)
        documento = aberto.documento if aberto is not None else None
        if documento is None or documento.erro or documento.parcial or documento.paginas_com_falha:
            return False
        if documento.tipo in ("pdf", "html") and fonte.segunda_leitura(arquivo).erro:
            return False
    return True


def _guardar(analise: Analise, chaves: list[str], prontas: dict[int, dict[str, Any]]) -> None:
    if analise.armazem is None or analise.motor is not None or analise.fonte is None:
        return  # as propostas do Claude não se repetem byte a byte: nada a reaproveitar
    novas = []
    conclusoes = analise.conclusoes["conclusoes"]
    for n, validacao in enumerate(analise.validacoes["validacoes"]):
        if n not in prontas and estavel(analise.fonte, conclusoes[n], validacao):
            conteudo = json.dumps({k: v for k, v in validacao.items() if k != "conclusao_id"}, ensure_ascii=False)
            novas.append((chaves[n], sha256_do_conteudo(conteudo), conteudo))
    analise.armazem.guardar_validacoes(novas, manter=set(chaves))
    if novas:
        analise.eventos.registrar("armazem", "armazenar",
                                  saidas={nome_na_trilha("validacao", chave): sha for chave, sha, _ in novas},
                                  detalhes={"validacoes": len(novas)})


def validar_conclusoes(analise: Analise) -> None:
    conclusoes, hashes_caso, limites = analise.conclusoes, analise.hashes_caso, analise.parametros.limites
    chaves = _chaves(analise)
    prontas = _prontas(analise, chaves)
    analise.reaproveitado["validacoes"] = len(prontas)
    a_validar = {"conclusoes": [c for n, c in enumerate(conclusoes["conclusoes"]) if n not in prontas]}
    # uma leitura independente só, da validação aos relatórios: cada documento citado é relido uma vez (só as
    # páginas das conclusões a validar passam pela segunda leitura e saem desenhadas)
    # o OCR das páginas que a leitura desta execução já fez é tomado pelos mesmos pixels (`leitura.ocr_guardado`)
    fonte = FonteIndependente(analise.caso, hashes_caso, limites, paginas_citadas(a_validar), desenhar=True,
                              linhas_citadas=linhas_citadas(a_validar),
                              guarda_ocr=analise.preparadas.guarda_de_ocr_existente(), antecipada=analise.antecipada,
                              paginas_a_desenhar=paginas_dos_recortes(a_validar))
    analise.fonte = fonte
    validacoes = validar(conclusoes, analise.caso, analise.data_analise, hashes_caso, limites, fonte, prontas)
    if analise.antecipada is not None:
        analise.antecipada.abandonar()  # sem conclusão a validar, a validação nem a consultou
        analise.antecipada = None
    citados = {r["arquivo"] for c in conclusoes["conclusoes"] for r in c["referencias"]}
    analise.serializados["validacao.json"] = bytes_json(validacoes)  # uma serialização: o hash e a gravação
    analise.eventos.registrar(
        VALIDADOR_ID, "validar",
        entradas={"conclusoes (antes da validação)": analise.hash_conclusoes,
                  **{nome: hashes_caso.get(nome, "") for nome in citados}},
        saidas={"validacao.json": hashlib.sha256(analise.serializados["validacao.json"]).hexdigest()},
        detalhes={**validacoes["resumo"], **({"reaproveitadas_do_armazem": len(prontas)} if prontas else {}),
                  **({"ocr_tomado_da_leitura": tomado} if (tomado := fonte.paginas_ocr_guardado()) else {}),
                  **({"releitura_antecipada": antes} if (antes := fonte.antecipados) else {})},
    )
    analise.validacoes = validacoes
    _guardar(analise, chaves, prontas)
    analise.finais, analise.contraditas = aplicar(conclusoes, validacoes)


ETAPA = Etapa("validacao", validar_conclusoes, aviso="validação",
              lidos_por_auxiliares=lambda analise: analise.fonte.documentos() if analise.fonte else ())
