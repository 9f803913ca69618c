"""O histórico das execuções: um observador que, quando o manifesto vai ser gravado, guarda no armazém do caso o
que esta execução viu (cada arquivo e seu SHA-256) e concluiu (cada conclusão, com grau, veredicto e referências).

É o que `perito diferencas` compara entre duas execuções. O SHA-256 de cada resumo vai à trilha (passo
`registrar_execucao`, antes do manifesto): um resumo editado no banco não confere e não é comparado.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from perito import registro
from perito.analise.etapas.manifesto import agora
from perito.analise.eventos import Observador
from perito.armazem.diferencas import comparar
from perito.armazem.historico import HistoricoAdulterado, execucoes_conferidas
from perito.armazem.reaproveitar import nome_na_trilha, sha256_do_conteudo

if TYPE_CHECKING:
    from perito.analise.estado import Analise
    from perito.analise.etapas.base import Etapa


def resumo_da_conclusao(conclusao: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": conclusao["id"], "tipo": conclusao["tipo"], "afirmacao": conclusao["afirmacao"],
        "grau_confianca": conclusao["grau_confianca"],
        "veredicto": (conclusao.get("validacao") or {}).get("veredicto_geral"),
        "referencias": [[r["arquivo"], r.get("pagina"), r["linha_ou_celula"], r["dado_citado"]]
                        for r in conclusao["referencias"]],
    }


def resumo_da_execucao(analise: Analise) -> dict[str, Any]:
    """O que vai ao histórico: os arquivos vistos e as conclusões (finais e contraditas), por número."""
    conclusoes = analise.finais.get("conclusoes", []) + analise.contraditas
    return {
        "caso_id": analise.caso_id, "data_analise": analise.data_analise,
        "arquivos": {a.nome: a.sha256 for a in analise.inventario},
        "conclusoes": [resumo_da_conclusao(c) for c in sorted(conclusoes, key=lambda c: c["id"])],
    }


def diferencas_desde_a_anterior(analise: Analise) -> dict[str, Any]:
    """O conteúdo de diferencas.json: o que mudou desde a última execução registrada nesta pasta de saída (sem datas:
    a mesma história dá os mesmos bytes, reaproveitando ou relendo tudo); `desde_a_execucao` None na primeira."""
    if analise.armazem is None:
        return {"desde_a_execucao": None}
    try:
        execucoes = execucoes_conferidas(analise.armazem, analise.eventos.registrou)
    except HistoricoAdulterado as erro:
        registro.LOGGER.warning("%s; diferencas.json sai sem comparação", erro)
        return {"desde_a_execucao": None, "aviso": str(erro)}
    if not execucoes:
        return {"desde_a_execucao": None}
    diferencas = comparar(execucoes[-1], resumo_da_execucao(analise))
    return {"desde_a_execucao": execucoes[-1]["id"], "arquivos": diferencas["arquivos"],
            "conclusoes": diferencas["conclusoes"]}


class Historico(Observador):
    def etapa_comecou(self, etapa: Etapa, analise: Analise) -> None:
        if etapa.nome != "manifesto" or analise.armazem is None:
            return
        resumo = json.dumps(resumo_da_execucao(analise), ensure_ascii=False, sort_keys=True)
        sha = sha256_do_conteudo(resumo)
        cabeca = analise.eventos.registrar(
            "armazem", "registrar_execucao", saidas={nome_na_trilha("execucao", sha): sha},
            detalhes={"conclusoes": len(analise.finais.get("conclusoes", [])) + len(analise.contraditas)})
        analise.armazem.registrar_execucao(analise.inicio, agora(), cabeca, sha, resumo)
