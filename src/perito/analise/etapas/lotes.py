"""Lotes: os dados de cada extrator num LoteExtracao (seção 1 do contrato), gravados já em temporários."""

from __future__ import annotations

from typing import Any

from perito.analise.estado import Analise
from perito.analise.etapas.base import Etapa
from perito.analise_claude import extrair_com_claude
from perito.derrame import Derrame
from perito.extratores.lotes import extrair_lotes
from perito.principal import selecao
from perito.saida.arquivos import situacao
from perito.saida.escrita import json_em_partes
from perito.saida.gravacao import nome_do_lote


def _avisar_volumosos(lotes: list[dict[str, Any]], escolhidos: dict[str, int]) -> None:
    """O lote de um arquivo volumoso diz quantos dados dele o cruzamento leu (o lote gravado tem todos)."""
    for lote in lotes:
        por_arquivo: dict[str, list[Derrame]] = {}
        for derrame in getattr(lote["dados_extraidos"], "derrames", []):
            por_arquivo.setdefault(derrame.arquivo, []).append(derrame)
        for arquivo, derrames in por_arquivo.items():
            total, lidos = sum(d.total for d in derrames), escolhidos.get(arquivo, 0)
            if all(d.inteiro for d in derrames):
                planilha = arquivo.lower().endswith(".xlsx")
                qual = "planilha volumosa, lida inteira" if planilha else "arquivo volumoso, lido inteiro"
                inicio = f"{arquivo}: {qual} num auxiliar e os dados gravados em disco; {total} dados no lote, "
            else:
                inicio = (f"{arquivo}: arquivo volumoso, lido e extraído em partes"
                          f"{f' por {len(derrames)} auxiliares' if len(derrames) > 1 else ''}; {total} dados no lote, ")
            if lidos == total:
                lote["alertas"].append(inicio + "todos lidos pelo cruzamento")
                continue
            lote["alertas"].append(
                inicio + f"dos quais o cruzamento leu {lidos} (os do preâmbulo e os dos registros com IP, telefone, IMEI, "
                "CPF, conta, chave Pix, e-mail, nome ou modelo de aparelho escrito também em outro arquivo do caso)"
                + ("; as regras de um arquivo só (indícios de laranja num extrato, o mesmo IMEI em duas linhas de uma "
                   "bilhetagem) viram só esses registros" if selecao.familia(derrames) in
                   selecao.FAMILIAS_COM_REGRAS_DE_UM_ARQUIVO else ""))


def montar_lotes(analise: Analise) -> None:
    documentos, motor = analise.documentos, analise.motor
    lotes, atribuicao = extrair_lotes(documentos)
    _avisar_volumosos(lotes, selecao.selecionar(lotes))
    if motor is not None:
        lotes.append(extrair_com_claude(motor, documentos, lotes, atribuicao, analise.avisar))
    analise.lotes, analise.atribuicao = lotes, atribuicao
    analise.hashes_caso = {a.nome: a.sha256 for a in analise.inventario if a.tipo or a.membros is not None}
    por_nome = {d.arquivo: d for d in documentos}
    # cada saída é serializada uma vez, e a trilha e a gravação usam o mesmo hash; os lotes vão ao disco já
    # (temporários publicados na etapa das saídas), e seus bytes não ficam na memória
    analise.hashes_lotes = {
        nome_do_lote(lote): analise.preparadas.preparar(nome_do_lote(lote), json_em_partes(lote, "dados_extraidos"))
        for lote in lotes
    }
    for lote in lotes:
        # o que a extração deixou incompleto (extrator com defeito) também fica na trilha
        incompletos = {a["arquivo"]: situacao(por_nome[a["arquivo"]])[0] for a in lote["arquivos_processados"]
                       if a["arquivo"] in por_nome and situacao(por_nome[a["arquivo"]])[0] != "lido"}
        analise.eventos.registrar(
            lote["extrator_id"], "extrair",
            entradas={a["arquivo"]: analise.hashes_caso[a["arquivo"]] for a in lote["arquivos_processados"]},
            saidas={nome_do_lote(lote): analise.hashes_lotes[nome_do_lote(lote)]},
            detalhes={"status": lote["status"], "total_dados": lote["total_dados"],
                      **({"situacao_dos_arquivos": incompletos} if incompletos else {})},
        )
    if motor is not None:
        analise.eventos.registrar("extrator_claude_01", "ancorar", detalhes={
            k: v for k, v in motor.relatos["extrator"].items() if k != "arquivos_com_falha"
        })


ETAPA = Etapa("lotes", montar_lotes, aviso="extração")
