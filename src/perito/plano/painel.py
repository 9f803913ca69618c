"""Painel do estado do caso: materialidade e autoria — o que está estabelecido, em andamento ou pendente, e o
próximo passo do plano para cada uma."""

from __future__ import annotations

from typing import Any

from perito.plano.hipoteses import TEMAS, alternativa_sustentada
from perito.texto_ptbr import plural

ESTABELECIDA, EM_ANDAMENTO, PENDENTE = "estabelecida", "em_andamento", "pendente"
#: a autoria é juízo de quem investiga e de quem julga: o painel diz que os indícios estão firmes, não que está provada
ROTULOS = {"materialidade": {ESTABELECIDA: "estabelecida", EM_ANDAMENTO: "em andamento", PENDENTE: "pendente"},
           "autoria": {ESTABELECIDA: "indícios firmes", EM_ANDAMENTO: "em andamento", PENDENTE: "pendente"}}
#: tipos de passo que avançam cada tema
_PASSOS_DO_TEMA = {"materialidade": ("med_pix", "conta", "pix"), "autoria": ("ip", "porta_logica", "imei", "pix", "conta")}


def _veredicto(conclusao: dict[str, Any]) -> str:
    return str((conclusao.get("validacao") or {}).get("veredicto_geral") or "")


def _tema(tema: str, conclusoes: list[dict[str, Any]], hipoteses: dict[int, list[dict[str, Any]]],
          passos: list[dict[str, Any]]) -> dict[str, Any]:
    validas = [c for c in conclusoes if _veredicto(c) != "CONTRADITO"]
    firmes = [c for c in validas if c["grau_confianca"] == "forte" and _veredicto(c) == "VERIFICADO"
              and alternativa_sustentada(hipoteses.get(c["id"], [])) is None]
    proximo = next((p for p in passos if p["tipo"] in _PASSOS_DO_TEMA[tema]), None)
    abertas = sum(h["concorrente"] and h["situacao"] == "em_aberto" for c in validas for h in hipoteses.get(c["id"], []))
    if firmes:
        situacao = ESTABELECIDA
        quantas = plural(len(firmes), "conclusão forte e verificada", "conclusões fortes e verificadas")
        resumo = f"{quantas} nos documentos, sem hipótese alternativa sustentada"
    elif validas:
        situacao = EM_ANDAMENTO
        resumo = (f"{plural(len(validas), 'conclusão', 'conclusões')}, nenhuma ao mesmo tempo forte, verificada e sem "
                  "alternativa sustentada")
    else:
        situacao = PENDENTE
        resumo = "nenhuma conclusão do caso trata deste ponto"
    return {
        "tema": tema, "situacao": situacao, "rotulo": ROTULOS[tema][situacao], "resumo": resumo,
        "alternativas_em_aberto": abertas,
        "conclusoes_estabelecidas": [c["id"] for c in firmes],
        "conclusoes_em_andamento": [c["id"] for c in validas if c not in firmes],
        "proximo_passo": ({"numero": proximo["numero"], "acao": proximo["acao"], "urgencia": proximo["urgencia"]}
                          if proximo else None),
    }


def montar(conclusoes: list[dict[str, Any]], hipoteses: dict[int, list[dict[str, Any]]],
           passos: list[dict[str, Any]]) -> list[dict[str, Any]]:
    materialidade = [c for c in conclusoes if c["tipo"] == "materialidade"]
    autoria = [c for c in conclusoes if c["tipo"] in TEMAS]
    return [_tema("materialidade", materialidade, hipoteses, passos), _tema("autoria", autoria, hipoteses, passos)]
