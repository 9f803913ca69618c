"""Manifesto: a última etapa; fecha a execução com os tempos e a memória de cada etapa e a cabeça da trilha."""

from __future__ import annotations

import datetime as dt

from perito import registro
from perito.analise.cronometro import Cronometro
from perito.analise.estado import Analise
from perito.analise.etapas.base import Etapa
from perito.saida import manifesto
from perito.saida.auditoria import NOME as NOME_TRILHA
from perito.saida.gravacao import gravar_manifesto
from perito.texto_ptbr import plural


def agora() -> str:
    return dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def gravar_o_manifesto(analise: Analise) -> None:
    cronometro = next((o for o in analise.eventos.observadores if isinstance(o, Cronometro)), Cronometro())
    dados = manifesto.montar(
        caso_id=analise.caso_id, parametros=analise.configuracao, inicio=analise.inicio, fim=agora(),
        arquivos=analise.arquivos, saidas=analise.escritos,
        auditoria={"arquivo": NOME_TRILHA, "hash_antes_do_manifesto": analise.eventos.ultimo_hash},
        llm=analise.llm, etapas=cronometro.segundos, memoria_etapas=cronometro.memoria,
    )
    gravar_manifesto(analise.saida, dados, analise.eventos)
    registro.LOGGER.info(
        "análise concluída: %s, %s", plural(len(analise.inventario), "arquivo", "arquivos"),
        plural(len(analise.conclusoes["conclusoes"]), "conclusão", "conclusões"),
    )


ETAPA = Etapa("manifesto", gravar_o_manifesto, medida=False)
