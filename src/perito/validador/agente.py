"""Agente validador: verifica cada referência contra o documento bruto (seção 4).

Nunca altera uma conclusão; `aplicar` devolve cópias com `validacao` preenchida.

A seção 4 só tem detalhes por referência. Um problema da afirmação (valor ou
intervalo que nenhuma referência sustenta) vai para a observação da primeira
referência VERIFICADO, que passa a AMBIGUO: a conclusão fica AMBIGUO pela regra
da seção 4 e a revisão manual mostra o motivo. Sem referência VERIFICADO, a
conclusão já não é VERIFICADO; o problema só se soma à observação da primeira.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from perito.contratos.esquemas import erros
from perito.contratos.veredicto import veredicto_geral
from perito.leitura.desenho import MAXIMO as MAXIMO_RECORTES
from perito.leitura.isolamento import Limites
from perito.validador import cpf_de_outro_registro, pertinencia, tempo_unix, titular_do_trecho
from perito.validador.afirmacao import conferir, valores_da_afirmacao
from perito.validador.fonte import FonteIndependente, linhas_das_referencias
from perito.validador.ordem_das_datas import OrdemDosArquivos
from perito.validador.referencia import AConfrontar, concluir_referencia, conferir_na_canonica

VALIDADOR_ID = "validador_01"


def validar(
    conclusoes: dict[str, Any],
    caso: Path,
    data_validacao: str,
    hashes_esperados: dict[str, str] | None = None,
    limites: Limites | None = None,
    fonte: FonteIndependente | None = None,
    prontas: dict[int, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Valida cada referência relendo os documentos. `fonte`: a leitura independente a usar (a análise a passa e
    depois a entrega aos relatórios, que tiram dela o texto em volta de cada linha citada sem reler nada).

    `prontas`: posição da conclusão → a validação que uma execução anterior fez dela, com os mesmos arquivos
    citados (o armazém do caso); só as outras conclusões são validadas, e só os arquivos delas são relidos."""
    prontas = prontas or {}
    fonte = fonte or FonteIndependente(caso, hashes_esperados, limites or Limites(), paginas_citadas(conclusoes),
                                       linhas_citadas=linhas_citadas(conclusoes))
    a_validar = [(n, c) for n, c in enumerate(conclusoes["conclusoes"]) if n not in prontas]
    # as leituras continuam nos auxiliares (o resto da canônica, a segunda) enquanto o principal confere o que já
    # pode: os valores de cada afirmação, e cada referência até o confronto com a segunda leitura, primeiro as dos
    # documentos já abertos (a releitura antecipada); a ordem não muda nada, cada referência é conferida sozinha
    fonte.preparar((ref["arquivo"] for _, c in a_validar for ref in c["referencias"]), em_fundo=True)
    afirmados = {n: valores_da_afirmacao(c) for n, c in a_validar}
    na_canonica: dict[tuple[int, int], dict[str, Any] | AConfrontar] = {}
    pares = [(n, i, ref) for n, c in a_validar for i, ref in enumerate(c["referencias"])]
    for n, i, ref in sorted(pares, key=lambda par: not fonte.pronto(par[2]["arquivo"])):
        na_canonica[n, i] = conferir_na_canonica(ref, fonte)
    validacoes = []
    ordens = OrdemDosArquivos(fonte)
    for n, conclusao in enumerate(conclusoes["conclusoes"]):
        if n in prontas:
            validacoes.append({"conclusao_id": conclusao["id"], **prontas[n]})
            continue
        detalhes = [concluir_referencia(na_canonica.pop((n, i)), fonte) for i in range(len(conclusao["referencias"]))]
        pertinencia.conferir(conclusao["referencias"], detalhes, fonte)
        cpf_de_outro_registro.conferir(conclusao, detalhes, fonte)
        titular_do_trecho.conferir(conclusao, detalhes, fonte)
        unix = tempo_unix.momentos_por_arquivo(conclusao["referencias"], detalhes, fonte)
        anotar_afirmacao(detalhes, conferir(conclusao, detalhes, unix, afirmados.pop(n), ordens.mes_primeiro))
        validacoes.append(
            {
                "conclusao_id": conclusao["id"],
                "veredicto_geral": veredicto_geral([d["status"] for d in detalhes]),
                "detalhes": detalhes,
            }
        )
    gerais = [v["veredicto_geral"] for v in validacoes]
    envelope = {
        "validacoes": validacoes,
        "resumo": {
            "total_conclusoes": len(validacoes),
            "verificadas": gerais.count("VERIFICADO"),
            "contraditas": gerais.count("CONTRADITO"),
            "ambiguas": gerais.count("AMBIGUO"),
        },
        "validador_id": VALIDADOR_ID,
        "data_validacao": data_validacao,
    }
    problemas = erros("validacoes", envelope)
    if problemas:
        raise ValueError(f"validações fora do contrato: {problemas[:3]}")
    return envelope


def paginas_citadas(conclusoes: dict[str, Any]) -> dict[str, set[int]]:
    """Páginas citadas por arquivo: a segunda leitura de um PDF só precisa delas."""
    paginas: dict[str, set[int]] = {}
    for conclusao in conclusoes["conclusoes"]:
        for ref in conclusao["referencias"]:
            if ref.get("pagina") is not None:
                paginas.setdefault(ref["arquivo"], set()).add(ref["pagina"])
    return paginas


def paginas_dos_recortes(conclusoes: dict[str, Any], recortes: int = 2 * MAXIMO_RECORTES) -> dict[str, set[int]]:
    """As páginas das primeiras `recortes` referências com página, na ordem das conclusões: as que os relatórios
    recortam (até `leitura.desenho.MAXIMO`, na ordem das referências, com as contraditas no fim; a folga cobre as
    referências de contraditas e as sem linha achada). Desenhar todas as citadas desenhava centenas de páginas para
    os 200 recortes (num caso de 950 conclusões, 537 páginas citadas; 24 nas 200 primeiras referências). Uma página
    de recorte que ficar de fora é desenhada pelos relatórios (`leitura.desenho.recortar`), com os mesmos pixels."""
    paginas: dict[str, set[int]] = {}
    contadas = 0
    for conclusao in conclusoes["conclusoes"]:
        for ref in conclusao["referencias"]:
            if ref.get("pagina") is None:
                continue
            if contadas >= recortes:
                return paginas
            paginas.setdefault(ref["arquivo"], set()).add(ref["pagina"])
            contadas += 1
    return paginas


def linhas_citadas(conclusoes: dict[str, Any]) -> dict[str, set[int]]:
    return linhas_das_referencias(ref for conclusao in conclusoes["conclusoes"] for ref in conclusao["referencias"])


def anotar_afirmacao(detalhes: list[dict[str, Any]], problemas: list[Any]) -> None:
    """`problemas`: textos, ou `figuras.Problema`; um grave (figura calculada que as referências citadas
    desmentem) faz a primeira referência VERIFICADO CONTRADITO, os outros a fazem AMBIGUO."""
    if not problemas:
        return
    alvo = next((d for d in detalhes if d["status"] == "VERIFICADO"), detalhes[0])
    if alvo["status"] == "VERIFICADO":
        alvo["status"] = "CONTRADITO" if any(getattr(p, "grave", False) for p in problemas) else "AMBIGUO"
    alvo["observacao"] = "; ".join(str(p) for p in (alvo["observacao"], *problemas) if p)


def aplicar(conclusoes: dict[str, Any], validacoes: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(conclusões finais com `validacao`, conclusões CONTRADITO retiradas da lista final)."""
    por_id = {v["conclusao_id"]: v for v in validacoes["validacoes"]}
    final = copy.deepcopy(conclusoes)
    mantidas, contraditas = [], []
    for conclusao in final["conclusoes"]:
        conclusao["validacao"] = por_id.get(conclusao["id"])
        if conclusao["validacao"] and conclusao["validacao"]["veredicto_geral"] == "CONTRADITO":
            contraditas.append(conclusao)
        else:
            mantidas.append(conclusao)
    final["conclusoes"] = mantidas
    return final, contraditas
