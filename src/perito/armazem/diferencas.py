"""O que mudou entre duas execuções de um caso: arquivos incluídos, removidos e alterados; conclusões novas,
removidas e mudadas (grau, veredicto, afirmação, referências), cada uma com os arquivos que mudaram e ela cita.

Uma conclusão não tem identidade fixa entre execuções (o número muda quando outra entra antes). Elas são pareadas
assim: primeiro as de mesmo tipo, afirmação e referências; depois, entre as que sobram de cada tipo, os pares com
mais referências em comum, desde que compartilhem ao menos metade delas (Jaccard ≥ 0,5); o resto é novo ou saiu.
"""

from __future__ import annotations

from typing import Any

#: a saída de cada análise com as diferenças desde a execução anterior na mesma pasta (os relatórios a mostram)
NOME = "diferencas.json"

#: referências em comum (Jaccard) para duas conclusões de mesmo tipo serem a mesma que mudou
MINIMO_EM_COMUM = 0.5


def _refs(conclusao: dict[str, Any]) -> frozenset[tuple[Any, ...]]:
    return frozenset(tuple(r) for r in conclusao["referencias"])


def _identica(conclusao: dict[str, Any]) -> tuple[Any, ...]:
    return conclusao["tipo"], conclusao["afirmacao"], tuple(tuple(r) for r in conclusao["referencias"])


def _jaccard(a: frozenset[Any], b: frozenset[Any]) -> float:
    return len(a & b) / len(a | b) if a or b else 1.0


def _parear(anteriores: list[dict[str, Any]], atuais: list[dict[str, Any]]) -> tuple[
        list[tuple[dict[str, Any], dict[str, Any]]], list[dict[str, Any]], list[dict[str, Any]]]:
    """(pares anterior→atual, só nas anteriores, só nas atuais)."""
    livres = {id(c): c for c in anteriores}
    por_identidade: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for c in anteriores:
        por_identidade.setdefault(_identica(c), []).append(c)
    pares, sobras = [], []
    for atual in atuais:
        candidatas = por_identidade.get(_identica(atual))
        if candidatas:
            anterior = candidatas.pop(0)
            del livres[id(anterior)]
            pares.append((anterior, atual))
        else:
            sobras.append(atual)
    # pares parciais, do mais parecido ao menos (determinístico: desempate pelos números)
    possiveis = sorted(
        ((_jaccard(_refs(a), _refs(b)), a["id"], b["id"], id(a), id(b)) for a in livres.values() for b in sobras
         if a["tipo"] == b["tipo"]),
        key=lambda t: (-t[0], t[1], t[2]))
    atuais_livres = {id(b): b for b in sobras}
    for parecenca, _, _, ida, idb in possiveis:
        if parecenca < MINIMO_EM_COMUM:
            break
        if ida in livres and idb in atuais_livres:
            pares.append((livres.pop(ida), atuais_livres.pop(idb)))
    return pares, sorted(livres.values(), key=lambda c: c["id"]), sorted(atuais_livres.values(), key=lambda c: c["id"])


def _citados(conclusao: dict[str, Any]) -> set[str]:
    return {r[0] for r in conclusao["referencias"]}


def _resumo(conclusao: dict[str, Any]) -> dict[str, Any]:
    return {k: conclusao[k] for k in ("id", "tipo", "grau_confianca", "veredicto", "afirmacao")}


def comparar(anterior: dict[str, Any], atual: dict[str, Any]) -> dict[str, Any]:
    """As diferenças entre o resumo de uma execução (`anterior`) e o da seguinte (`atual`), como vão ao JSON."""
    antes, depois = anterior["arquivos"], atual["arquivos"]
    incluidos = sorted(depois.keys() - antes.keys())
    removidos = sorted(antes.keys() - depois.keys())
    alterados = sorted(n for n in antes.keys() & depois.keys() if antes[n] != depois[n])
    mudaram_agora, mudaram_antes = set(incluidos) | set(alterados), set(removidos) | set(alterados)

    pares, saidas, novas = _parear(anterior["conclusoes"], atual["conclusoes"])
    mudadas, iguais = [], 0
    for a, b in pares:
        campos = {k: {"antes": a[k], "depois": b[k]} for k in ("grau_confianca", "veredicto", "afirmacao") if a[k] != b[k]}
        refs_a, refs_b = _refs(a), _refs(b)
        if not campos and refs_a == refs_b:
            iguais += 1
            continue
        mudadas.append({
            "antes": a["id"], "depois": b["id"], "tipo": b["tipo"], "mudou": campos,
            "referencias_incluidas": sorted(map(list, refs_b - refs_a), key=str),
            "referencias_removidas": sorted(map(list, refs_a - refs_b), key=str),
            "arquivos_que_mudaram": sorted((_citados(a) & mudaram_antes) | (_citados(b) & mudaram_agora)),
        })
    return {
        "anterior": {k: anterior.get(k) for k in ("id", "inicio", "fim")},
        "atual": {k: atual.get(k) for k in ("id", "inicio", "fim")},
        "arquivos": {"incluidos": incluidos, "removidos": removidos, "alterados": alterados},
        "conclusoes": {
            "novas": [{**_resumo(c), "arquivos_que_mudaram": sorted(_citados(c) & mudaram_agora)} for c in novas],
            "removidas": [{**_resumo(c), "arquivos_que_mudaram": sorted(_citados(c) & mudaram_antes)} for c in saidas],
            "mudaram": mudadas,
            "iguais": iguais,
        },
    }


def _lista(nomes: list[str]) -> str:
    return ", ".join(nomes) if nomes else "nenhum"


def _causa(arquivos: list[str]) -> str:
    return (f" — arquivos que mudaram e ela cita: {', '.join(arquivos)}" if arquivos
            else " — nenhum arquivo que ela cita mudou (o cruzamento mudou por outro arquivo)")


def _plural(n: int, um: str, varios: str) -> str:
    return f"{n} {um if n == 1 else varios}"


def linhas(d: dict[str, Any]) -> list[str]:
    """As diferenças em linhas de texto pt-BR (o comando, o relatorio.txt, o HTML e o .docx mostram as mesmas): a
    primeira resume os arquivos, a segunda as conclusões, e cada uma das seguintes é uma conclusão que mudou."""
    a, c = d["arquivos"], d["conclusoes"]
    saida = [
        f"Arquivos incluídos: {_lista(a['incluidos'])}; removidos: {_lista(a['removidos'])}; "
        f"alterados: {_lista(a['alterados'])}.",
        f"Conclusões: {_plural(len(c['novas']), 'nova', 'novas')}, {_plural(len(c['removidas']), 'removida', 'removidas')}, "
        f"{_plural(len(c['mudaram']), 'mudou', 'mudaram')}, {_plural(c['iguais'], 'igual', 'iguais')}.",
    ]
    for nova in c["novas"]:
        saida.append(f"nova: nº {nova['id']} {nova['tipo']} ({nova['grau_confianca']}, {nova['veredicto']})"
                     f"{_causa(nova['arquivos_que_mudaram'])}")
    for saiu in c["removidas"]:
        saida.append(f"removida: nº {saiu['id']} {saiu['tipo']} ({saiu['grau_confianca']}, {saiu['veredicto']})"
                     f"{_causa(saiu['arquivos_que_mudaram'])}")
    for mudou in c["mudaram"]:
        campos = [f"{'grau' if k == 'grau_confianca' else k}: {v['antes']} → {v['depois']}"
                  for k, v in mudou["mudou"].items() if k != "afirmacao"]
        if "afirmacao" in mudou["mudou"]:
            campos.append("afirmação reescrita")
        if mudou["referencias_incluidas"] or mudou["referencias_removidas"]:
            campos.append(f"+{len(mudou['referencias_incluidas'])}/-{len(mudou['referencias_removidas'])} referências")
        saida.append(f"mudou: nº {mudou['antes']} → nº {mudou['depois']} {mudou['tipo']}: {'; '.join(campos)}"
                     f"{_causa(mudou['arquivos_que_mudaram'])}")
    return saida
