"""Saídas: o plano de diligências, a conferência de que o caso não mudou, e a gravação dos JSON e dos lotes."""

from __future__ import annotations

import hashlib

from perito.analise.estado import Analise
from perito.analise.etapas.base import Etapa
from perito.analise.historico import diferencas_desde_a_anterior
from perito.armazem.diferencas import NOME as NOME_DIFERENCAS
from perito.erros import ErroPerito, Saida
from perito.leitura.inventario import ArquivoCaso, listar
from perito.plano.montagem import NOME as NOME_PLANO
from perito.plano.montagem import montar_ou_falha as montar_plano
from perito.saida import revisao, vinculos
from perito.saida.arquivos import linha_manifesto
from perito.saida.escrita import bytes_json
from perito.saida.gravacao import gravar, textos_das_saidas


def impressao_digital(inventario: list[ArquivoCaso]) -> str:
    h = hashlib.sha256()
    for a in inventario:
        h.update(f"{a.nome}\0{a.tamanho}\0{a.sha256}\n".encode())
    return h.hexdigest()


def gravar_saidas(analise: Analise) -> None:
    finais, contraditas = analise.finais, analise.contraditas
    # um modelo de vínculos só, para o plano e para os relatórios (que o refazem se a revisão tiver decisões):
    # das conclusões finais e contraditas, como os relatórios o leem da pasta (as contraditas ficam fora dele)
    analise.modelo = vinculos.montar(finais["conclusoes"] + contraditas, analise.lotes, {"decisoes": []})
    analise.plano = montar_plano(finais["conclusoes"], analise.lotes, analise.data_analise, analise.caso_id,
                                 analise.modelo)

    if impressao_digital(listar(analise.caso)) != impressao_digital(analise.inventario):
        raise ErroPerito(
            "A pasta do caso mudou durante a análise (arquivos incluídos, removidos ou alterados). "
            "Os resultados não valem; repita a análise sobre uma cópia estável do caso.",
            Saida.CASO_ALTERADO,
        )
    analise.eventos.registrar("inventario", "conferir_caso", detalhes={"inalterado": True})

    if analise.motor is not None:  # o consumo e as falhas do Claude vão ao manifesto
        analise.llm_parametros, analise.llm = analise.motor.parametros(), analise.motor.resumo()
    por_nome = {d.arquivo: d for d in analise.documentos}
    analise.arquivos = [linha_manifesto(a, por_nome.get(a.nome), analise.atribuicao.get(a.nome))
                        for a in analise.inventario]
    envelope_contraditas = {"conclusoes_contraditas": contraditas, "caso_id": analise.caso_id,
                            "data_analise": analise.data_analise}
    textos: dict[str, bytes | str] = {**textos_das_saidas(analise.serializados, finais, envelope_contraditas)}
    textos[NOME_PLANO] = bytes_json(analise.plano)
    analise.diferencas = diferencas_desde_a_anterior(analise)
    textos[NOME_DIFERENCAS] = bytes_json(analise.diferencas)
    analise.escritos = gravar(analise.saida, textos, analise.eventos, None, analise.preparadas)
    del textos
    # decisões humanas de uma revisão anterior: seguem se a referência aponta para os mesmos bytes
    analise.escritos.update(revisao.reconciliar(analise.saida, finais["conclusoes"] + contraditas,
                                                analise.hashes_caso, analise.eventos))


ETAPA = Etapa("saidas", gravar_saidas)
