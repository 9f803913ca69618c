"""Exportações do gráfico de vínculos: GraphML e CSVs de entidades e vínculos (i2 Analyst's Notebook, Maltego).

Saem do mesmo modelo do `relatorio.html` (`vinculos.montar`): só entidades e vínculos que uma
referência validada (VERIFICADO, ou confirmada por uma pessoa) sustenta, cada vínculo com o tipo,
o grau e o id da conclusão, para o analista voltar à prova. CSV com `;` e BOM UTF-8, células
neutralizadas contra fórmula (as mesmas regras do `conclusoes.csv`).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from perito.saida.planilha_csv import texto_seguro
from perito.saida.texto_xml import seguro_xml
from perito.saida.vinculos import ROTULOS_TIPO, Modelo

GRAPHML = "grafo.graphml"
ENTIDADES = "entidades.csv"
VINCULOS = "vinculos.csv"
_NS = "http://graphml.graphdrawing.org/xmlns"


def textos(modelo: Modelo) -> dict[str, str]:
    return {GRAPHML: graphml(modelo), ENTIDADES: entidades_csv(modelo), VINCULOS: vinculos_csv(modelo)}


def graphml(modelo: Modelo) -> str:
    ET.register_namespace("", _NS)
    raiz = ET.Element(f"{{{_NS}}}graphml")
    for id_, dominio, nome in (("tipo", "node", "tipo"), ("rotulo", "node", "rotulo"), ("conclusoes", "node", "conclusoes"),
                               ("tipo_conclusao", "edge", "tipo_conclusao"), ("grau", "edge", "grau"),
                               ("conclusao_id", "edge", "conclusao_id")):
        ET.SubElement(raiz, f"{{{_NS}}}key", {"id": id_, "for": dominio, "attr.name": nome, "attr.type": "string"})
    grafo = ET.SubElement(raiz, f"{{{_NS}}}graph", {"id": "perito", "edgedefault": "undirected"})
    for no in sorted(modelo.nos.values(), key=lambda n: n["id"]):
        elemento = ET.SubElement(grafo, f"{{{_NS}}}node", {"id": seguro_xml(no["id"])})
        _dado(elemento, "tipo", ROTULOS_TIPO.get(no["tipo"], no["tipo"]))
        _dado(elemento, "rotulo", no["rotulo"])
        _dado(elemento, "conclusoes", ",".join(map(str, no["conclusoes"])))
    for n, aresta in enumerate(modelo.arestas, start=1):
        pontas = {"id": f"e{n}", "source": seguro_xml(aresta["origem"]), "target": seguro_xml(aresta["destino"])}
        elemento = ET.SubElement(grafo, f"{{{_NS}}}edge", pontas)
        _dado(elemento, "tipo_conclusao", aresta["tipo"])
        _dado(elemento, "grau", aresta["grau"])
        _dado(elemento, "conclusao_id", str(aresta["conclusao_id"]))
    ET.indent(raiz)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(raiz, encoding="unicode") + "\n"


def _dado(elemento: ET.Element, chave: str, valor: str) -> None:
    ET.SubElement(elemento, f"{{{_NS}}}data", {"key": chave}).text = seguro_xml(valor)


def entidades_csv(modelo: Modelo) -> str:
    linhas = [
        {"id": no["id"], "tipo": ROTULOS_TIPO.get(no["tipo"], no["tipo"]), "valor": no["rotulo"],
         "conclusoes": ",".join(map(str, no["conclusoes"]))}
        for no in sorted(modelo.nos.values(), key=lambda n: n["id"])
    ]
    return texto_seguro(("id", "tipo", "valor", "conclusoes"), linhas)


def vinculos_csv(modelo: Modelo) -> str:
    linhas = [
        {"origem": a["origem"], "destino": a["destino"], "tipo_conclusao": a["tipo"], "grau": a["grau"],
         "conclusao_id": a["conclusao_id"]}
        for a in modelo.arestas
    ]
    return texto_seguro(("origem", "destino", "tipo_conclusao", "grau", "conclusao_id"), linhas)


def alvos(modelo: Modelo) -> list[dict[str, Any]]:
    """Visão por alvo: cada pessoa, CPF/CNPJ, conta e telefone com as entidades ligadas a ele (por tipo) e as
    conclusões que os ligam."""
    vizinhos: dict[str, dict[str, set[str]]] = {}
    conclusoes: dict[str, set[int]] = {}
    for aresta in modelo.arestas:
        for a, b in ((aresta["origem"], aresta["destino"]), (aresta["destino"], aresta["origem"])):
            vizinhos.setdefault(a, {}).setdefault(modelo.nos[b]["tipo"], set()).add(modelo.nos[b]["rotulo"])
            conclusoes.setdefault(a, set()).add(aresta["conclusao_id"])
    resultado = []
    for id_, no in sorted(modelo.nos.items()):
        if no["tipo"] not in ("pessoa", "documento", "conta", "telefone") or id_ not in vizinhos:
            continue
        resultado.append({
            "id": id_, "tipo": ROTULOS_TIPO.get(no["tipo"], no["tipo"]), "rotulo": no["rotulo"],
            "ligados": {ROTULOS_TIPO.get(t, t): sorted(v) for t, v in sorted(vizinhos[id_].items())},
            "conclusoes": sorted(conclusoes[id_] | set(no["conclusoes"])),
        })
    return resultado
