"""Exportações do modelo de vínculos: GraphML, CSVs para i2 Analyst's Notebook e Maltego, linha do tempo para Timesketch.

Saem do mesmo modelo do `relatorio.html` (`vinculos.montar`): só entidades e ligações que uma referência que conta
(VERIFICADO, ou confirmada por uma pessoa) sustenta.

- `entidades.csv`: tipo, identidade (a forma canônica: E.164, CPF só dígitos, IP canônico, corpo do IMEI) e rótulo
  (a forma de exibição), as notações vistas e as conclusões.
- `vinculos.csv`: uma linha por ligação com as duas pontas (tipo, identidade e rótulo de cada uma), o tipo da
  ligação e os atributos (valor, instante, porta, grau, conclusões) — a forma que o assistente de importação do i2
  e a importação de tabela do Maltego leem sem limpeza.
- `linha_do_tempo.jsonl`: um evento por linha com `message`, `datetime` e `timestamp_desc` (Timesketch); os
  eventos sem fuso no documento ficam de fora (o Timesketch exige um instante, e nenhum fuso é adivinhado).

CSV com `;`, BOM UTF-8, todo campo entre aspas e sem caracteres de controle. Numa coluna de identidade, só o que uma
planilha tomaria por fórmula ganha o apóstrofo: `+5511987654321` é um número, não uma fórmula, e um apóstrofo ali
ficaria na identidade dentro do i2 ou do Maltego.
"""

from __future__ import annotations

import csv
import io
import json
import re
import xml.etree.ElementTree as ET
from typing import Any

from perito.saida.planilha_csv import celula_segura
from perito.saida.texto_xml import seguro_xml
from perito.saida.vinculos import ROTULOS_LIGACAO, ROTULOS_TIPO, Entidade, Modelo

GRAPHML = "grafo.graphml"
ENTIDADES = "entidades.csv"
VINCULOS = "vinculos.csv"
LINHA_DO_TEMPO = "linha_do_tempo.jsonl"
_NS = "http://graphml.graphdrawing.org/xmlns"
#: um número com sinal (`+5511...`, `-3300.00`) não é fórmula
_NUMERO_COM_SINAL = re.compile(r"[+-][\d.,]+")


def textos(modelo: Modelo) -> dict[str, str]:
    return {GRAPHML: graphml(modelo), ENTIDADES: entidades_csv(modelo), VINCULOS: vinculos_csv(modelo),
            LINHA_DO_TEMPO: linha_do_tempo_jsonl(modelo)}


def identidade(entidade: Entidade) -> str:
    """A forma canônica do valor (o id sem o prefixo do tipo)."""
    return entidade.id.split(":", 1)[1]


def celula_identidade(valor: str) -> str:
    """Neutraliza só o que seria fórmula; um número com sinal fica como está."""
    if _NUMERO_COM_SINAL.fullmatch(valor):
        return valor
    return celula_segura(valor)


def graphml(modelo: Modelo) -> str:
    ET.register_namespace("", _NS)
    raiz = ET.Element(f"{{{_NS}}}graphml")
    chaves_no = ("tipo", "identidade", "rotulo", "notacoes", "conclusoes")
    chaves_aresta = ("tipo_vinculo", "rotulo_vinculo", "valor", "instante_utc", "escrito", "porta", "grau", "conclusoes_vinculo")
    for dominio, nomes in (("node", chaves_no), ("edge", chaves_aresta)):
        for nome in nomes:
            ET.SubElement(raiz, f"{{{_NS}}}key", {"id": nome, "for": dominio, "attr.name": nome, "attr.type": "string"})
    grafo = ET.SubElement(raiz, f"{{{_NS}}}graph", {"id": "perito", "edgedefault": "directed"})
    for no in sorted(modelo.entidades.values(), key=lambda n: n.id):
        elemento = ET.SubElement(grafo, f"{{{_NS}}}node", {"id": seguro_xml(no.id)})
        for chave, valor in (("tipo", ROTULOS_TIPO.get(no.tipo, no.tipo)), ("identidade", identidade(no)),
                             ("rotulo", no.rotulo), ("notacoes", " | ".join(sorted(no.notacoes))),
                             ("conclusoes", ",".join(map(str, sorted(no.conclusoes))))):
            _dado(elemento, chave, valor)
    for ligacao in modelo.ligacoes:
        pontas = {"id": ligacao.id, "source": seguro_xml(ligacao.origem.id), "target": seguro_xml(ligacao.destino.id)}
        elemento = ET.SubElement(grafo, f"{{{_NS}}}edge", pontas)
        rotulo = ROTULOS_LIGACAO.get(ligacao.tipo, ligacao.tipo)
        atributos: tuple[tuple[str, str | None], ...] = (("tipo_vinculo", ligacao.tipo), ("rotulo_vinculo", rotulo),
                             ("valor", ligacao.valor), ("instante_utc", ligacao.instante_utc), ("escrito", ligacao.escrito),
                             ("porta", ligacao.porta), ("grau", ligacao.grau),
                             ("conclusoes_vinculo", ",".join(map(str, sorted(ligacao.conclusoes)))))
        for chave, atributo in atributos:
            if atributo is not None:
                _dado(elemento, chave, atributo)
    ET.indent(raiz)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(raiz, encoding="unicode") + "\n"


def _dado(elemento: ET.Element, chave: str, valor: str) -> None:
    ET.SubElement(elemento, f"{{{_NS}}}data", {"key": chave}).text = seguro_xml(valor)


COLUNAS_ENTIDADES = ("tipo", "identidade", "rotulo", "notacoes", "conclusoes", "id")
COLUNAS_VINCULOS = ("tipo_origem", "identidade_origem", "rotulo_origem", "tipo_vinculo", "rotulo_vinculo",
                    "tipo_destino", "identidade_destino", "rotulo_destino", "valor", "instante_utc", "escrito", "porta",
                    "grau", "conclusoes", "id")


def _csv(colunas: tuple[str, ...], linhas: list[dict[str, Any]], identidades: tuple[str, ...]) -> str:
    """Como `texto_seguro` (';', BOM, aspas, sem controle), com as colunas de identidade neutralizadas só quando
    seriam fórmula."""
    saida = io.StringIO()
    escritor = csv.writer(saida, delimiter=";", lineterminator="\r\n", quoting=csv.QUOTE_ALL)
    escritor.writerow(colunas)
    for linha in linhas:
        celulas = []
        for coluna in colunas:
            valor = "" if linha.get(coluna) is None else str(linha[coluna])
            celulas.append(celula_identidade(valor) if coluna in identidades else celula_segura(valor))
        escritor.writerow(celulas)
    return "\ufeff" + saida.getvalue()


def entidades_csv(modelo: Modelo) -> str:
    linhas = [
        {"tipo": ROTULOS_TIPO.get(no.tipo, no.tipo), "identidade": identidade(no), "rotulo": no.rotulo,
         "notacoes": " | ".join(sorted(no.notacoes)), "conclusoes": ",".join(map(str, sorted(no.conclusoes))), "id": no.id}
        for no in sorted(modelo.entidades.values(), key=lambda n: n.id)
    ]
    return _csv(COLUNAS_ENTIDADES, linhas, ("identidade", "id"))


def vinculos_csv(modelo: Modelo) -> str:
    linhas = []
    for ligacao in modelo.ligacoes:
        linha: dict[str, Any] = {"tipo_vinculo": ligacao.tipo, "rotulo_vinculo": ROTULOS_LIGACAO.get(ligacao.tipo, ligacao.tipo),
                                 "valor": ligacao.valor, "instante_utc": ligacao.instante_utc, "escrito": ligacao.escrito,
                                 "porta": ligacao.porta, "grau": ligacao.grau,
                                 "conclusoes": ",".join(map(str, sorted(ligacao.conclusoes))), "id": ligacao.id}
        for lado, entidade in (("origem", ligacao.origem), ("destino", ligacao.destino)):
            linha.update({f"tipo_{lado}": ROTULOS_TIPO.get(entidade.tipo, entidade.tipo),
                          f"identidade_{lado}": identidade(entidade), f"rotulo_{lado}": entidade.rotulo})
        linhas.append(linha)
    return _csv(COLUNAS_VINCULOS, linhas, ("identidade_origem", "identidade_destino", "valor"))


def linha_do_tempo_jsonl(modelo: Modelo) -> str:
    """Timesketch: `message`, `datetime` (ISO 8601 em UTC) e `timestamp_desc`, mais o local e o texto original."""
    linhas = []
    for evento in modelo.eventos:
        if not evento.utc:
            continue
        linhas.append(json.dumps({
            "message": evento.descricao, "datetime": evento.utc.replace("Z", "+00:00"),
            "timestamp_desc": f"{evento.como_dict()['tipo_rotulo']} ({evento.arquivo})", "tipo": evento.tipo,
            "arquivo": evento.arquivo, "local": evento.local, "texto_original": evento.original,
            "escrito": evento.escrito, "fuso_original": evento.fuso, "entidades": sorted(evento.entidades),
            "conclusoes": sorted(evento.conclusoes)}, ensure_ascii=False))
    return "".join(linha + "\n" for linha in linhas)


def alvos(modelo: Modelo) -> list[dict[str, Any]]:
    """Visão por alvo: cada pessoa, conta e telefone com o que está ligado a ele (por tipo de ligação, com o
    sentido) e as conclusões que os ligam."""
    ligados: dict[str, dict[str, set[str]]] = {}
    conclusoes: dict[str, set[int]] = {}
    for ligacao in modelo.ligacoes:
        rotulo = ROTULOS_LIGACAO.get(ligacao.tipo, ligacao.tipo)
        for a, b, relacao in ((ligacao.origem, ligacao.destino, rotulo), (ligacao.destino, ligacao.origem, f"← {rotulo}")):
            ligados.setdefault(a.id, {}).setdefault(relacao, set()).add(f"{ROTULOS_TIPO.get(b.tipo, b.tipo)} {b.rotulo}")
            conclusoes.setdefault(a.id, set()).update(ligacao.conclusoes)
    resultado = []
    for id_, no in sorted(modelo.entidades.items()):
        if no.tipo not in ("pessoa", "conta", "telefone") or id_ not in ligados:
            continue
        resultado.append({
            "id": id_, "tipo": ROTULOS_TIPO.get(no.tipo, no.tipo), "rotulo": no.rotulo,
            "ligados": {relacao: sorted(v) for relacao, v in sorted(ligados[id_].items())},
            "conclusoes": sorted(conclusoes[id_] | no.conclusoes),
        })
    return resultado
