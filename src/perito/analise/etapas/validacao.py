"""Validação: o validador relê os documentos citados e marca cada referência; as contraditas saem das finais."""

from __future__ import annotations

import hashlib

from perito.analise.estado import Analise
from perito.analise.etapas.base import Etapa
from perito.saida.escrita import bytes_json
from perito.validador.agente import VALIDADOR_ID, aplicar, paginas_citadas, validar
from perito.validador.fonte import FonteIndependente


def validar_conclusoes(analise: Analise) -> None:
    conclusoes, hashes_caso, limites = analise.conclusoes, analise.hashes_caso, analise.parametros.limites
    # uma leitura independente só, da validação aos relatórios: cada documento citado é relido uma vez
    fonte = FonteIndependente(analise.caso, hashes_caso, limites, paginas_citadas(conclusoes), desenhar=True)
    analise.fonte = fonte
    validacoes = validar(conclusoes, analise.caso, analise.data_analise, hashes_caso, limites, fonte)
    citados = {r["arquivo"] for c in conclusoes["conclusoes"] for r in c["referencias"]}
    analise.serializados["validacao.json"] = bytes_json(validacoes)  # uma serialização: o hash e a gravação
    analise.eventos.registrar(
        VALIDADOR_ID, "validar",
        entradas={"conclusoes (antes da validação)": analise.hash_conclusoes,
                  **{nome: hashes_caso.get(nome, "") for nome in citados}},
        saidas={"validacao.json": hashlib.sha256(analise.serializados["validacao.json"]).hexdigest()},
        detalhes=validacoes["resumo"],
    )
    analise.validacoes = validacoes
    analise.finais, analise.contraditas = aplicar(conclusoes, validacoes)


ETAPA = Etapa("validacao", validar_conclusoes, aviso="validação",
              lidos_por_auxiliares=lambda analise: analise.fonte.documentos() if analise.fonte else ())
