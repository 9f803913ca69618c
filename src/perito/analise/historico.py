"""O histórico das execuções: um observador que, quando o manifesto vai ser gravado, guarda no armazém do caso o
que esta execução viu (cada arquivo e seu SHA-256) e concluiu (cada conclusão, com grau, veredicto e referências).

É o que `perito diferencas` compara entre duas execuções. O SHA-256 de cada resumo vai à trilha (passo
`registrar_execucao`, antes do manifesto): um resumo editado no banco não confere e não é comparado.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from perito.analise.etapas.manifesto import agora
from perito.analise.eventos import Observador
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


class Historico(Observador):
    def etapa_comecou(self, etapa: Etapa, analise: Analise) -> None:
        if etapa.nome != "manifesto" or analise.armazem is None:
            return
        conclusoes = analise.finais.get("conclusoes", []) + analise.contraditas
        resumo = json.dumps({
            "caso_id": analise.caso_id, "data_analise": analise.data_analise,
            "arquivos": {a.nome: a.sha256 for a in analise.inventario},
            "conclusoes": [resumo_da_conclusao(c) for c in sorted(conclusoes, key=lambda c: c["id"])],
        }, ensure_ascii=False, sort_keys=True)
        sha = sha256_do_conteudo(resumo)
        cabeca = analise.eventos.registrar("armazem", "registrar_execucao", saidas={nome_na_trilha("execucao", sha): sha},
                                           detalhes={"conclusoes": len(conclusoes)})
        analise.armazem.registrar_execucao(analise.inicio, agora(), cabeca, sha, resumo)
