"""O plano em frases: as mesmas linhas para o terminal, o relatorio.html e o .docx (cada um escapa à sua maneira)."""

from __future__ import annotations

from typing import Any

from perito.texto_ptbr import conforme, plural

ROTULOS_SITUACAO = {"sustentada": "SUSTENTADA pela prova", "afastada": "afastada pela prova", "em_aberto": "em aberto"}


def br(iso: str | None) -> str:
    if not iso:
        return "-"
    ano, mes, dia = iso[:10].split("-")
    return f"{dia}/{mes}/{ano}"


def resto_do_painel(tema: dict[str, Any]) -> str:
    """O que segue "Autoria: em andamento": o porquê, as conclusões e o próximo passo do plano."""
    proximo = tema.get("proximo_passo")
    seguinte = f" Próximo passo: {proximo['numero']}. {proximo['acao']}." if proximo else ""
    ids = tema["conclusoes_estabelecidas"] or tema["conclusoes_em_andamento"]
    citadas = f" ({conforme(len(ids), 'conclusão', 'conclusões')} {', '.join(map(str, ids))})" if ids else ""
    abertas = (f" {plural(tema['alternativas_em_aberto'], 'hipótese alternativa', 'hipóteses alternativas')} em aberto."
               if tema.get("alternativas_em_aberto") else "")
    return f"{tema['resumo']}{citadas}.{abertas}{seguinte}"


def linha_painel(tema: dict[str, Any]) -> str:
    return f"{tema['tema'].capitalize()}: {tema['rotulo']} — {resto_do_painel(tema)}"


def prazo_do_passo(passo: dict[str, Any]) -> str:
    prazo = passo.get("prazo")
    if not prazo:
        return f"sem prazo calculado ({passo.get('sem_prazo') or 'sem data'})"
    dias = prazo["dias_restantes"]
    if dias < 0:
        quando = f"venceu há {plural(-dias, 'dia', 'dias')}"
    else:
        quando = "vence hoje" if dias == 0 else f"{conforme(dias, 'falta', 'faltam')} {plural(dias, 'dia', 'dias')}"
    rotulo = "prazo da janela" if passo["tipo"] == "med_pix" else "guarda obrigatória"
    return f"{rotulo} até {br(prazo['guardado_ate'])} ({quando}; registro de {br(prazo['data_registro'])})"


def titulo_passo(passo: dict[str, Any]) -> str:
    return f"{passo['numero']}. [{passo['urgencia_rotulo']}] {passo['acao']}"


def detalhes_passo(passo: dict[str, Any], limite_itens: int = 5) -> list[str]:
    linhas = [f"A quem: {passo['destinatario']}", f"Como: {passo['modalidade']}",
              f"Prazo: {prazo_do_passo(passo)}"]
    if preservar := passo.get("preservar_antes"):
        linhas.append(f"Antes: {preservar['texto']}")
    linhas.append(f"Pedir: {passo['pedido']}")
    for item in passo["itens"][:limite_itens]:
        linhas.append(f"• {descrever_item(item)}")
    if len(passo["itens"]) > limite_itens:
        linhas.append(f"• … e mais {plural(len(passo['itens']) - limite_itens, 'item', 'itens')} em plano_diligencias.json")
    linhas.append("Fundamentos: " + "; ".join(f["citacao"] for f in passo["fundamentos"]))
    if passo.get("conclusoes"):
        rotulo = conforme(len(passo["conclusoes"]), "Conclusão", "Conclusões")
        linhas.append(f"{rotulo}: " + ", ".join(map(str, passo["conclusoes"])))
    if passo.get("oficio"):
        linhas.append(f"Rascunho: {passo['oficio']} (quando um dado da lacuna foi relido no documento)")
    return linhas


def descrever_item(item: dict[str, Any]) -> str:
    partes = [item["dado"]]
    if item.get("porta"):
        partes.append(f"porta {item['porta']}")
    if item.get("quando_escrito"):
        partes.append(f"{item['quando_escrito']} {item.get('fuso') or ''}".strip())
    if item.get("utc"):
        partes.append(f"{item['utc']} em UTC")
    if item.get("data") and not item.get("quando_escrito"):
        partes.append(br(item["data"]))
    return f"{', '.join(partes)} — {item['local']}"


def linha_hipotese(h: dict[str, Any]) -> str:
    tem = "o caso já tem" if h["no_caso"] else "falta no caso"
    return (f"{h['hipotese']}: {ROTULOS_SITUACAO[h['situacao']]} — {h['porque']}. Decide: {h['decide']} ({tem}).")
