"""Gráfico de vínculos e linha do tempo do relatorio.html: bibliotecas embutidas e os dados que o script lê.

Bibliotecas (em `vendor/`, do registro npm, licenças e integridade em `vendor/VERSOES.md`), embutidas inline —
o relatório é um arquivo só que abre offline — e autorizadas na CSP pelo SHA-256 de cada uma:

- **Cytoscape.js** (MIT) para o gráfico: desenha em canvas (centenas de nós e arestas sem pesar no DOM), tem
  zoom, arrasto, seleção, estilos por tipo e `renderedBoundingBox` para medir rótulos; é a biblioteca de grafos
  de análise de rede mais usada no navegador, mantida pelo Cytoscape Consortium.
- **fCoSE** (`cytoscape-fcose`, MIT, com `cose-base` e `layout-base`, do grupo i-Vis de Bilkent, autores do CoSE
  que vem no Cytoscape): disposição por forças com início espectral — no mesmo grafo de 500 nós é várias
  vezes mais rápida que o `cose` embutido e chega a desenhos com menos cruzamentos; conta o tamanho dos
  rótulos (`nodeDimensionsIncludeLabels`). Depois dela o script afasta as caixas (nó + rótulo) que ainda se
  tocarem, para nenhum rótulo cobrir outro.
- **vis-timeline** (Apache-2.0 ou MIT, build standalone UMD + CSS) para a linha do tempo: itens tipados por
  grupo, zoom e arrasto no eixo, seleção ligada ao gráfico.

Os horários da linha do tempo e dos rótulos das arestas são convertidos aqui, em Python (`zoneinfo`), para o
fuso do relatório (`--fuso-relatorio`, padrão America/Sao_Paulo); o navegador recebe a hora local já pronta
(como se fosse UTC, e o eixo do vis-timeline é desenhado em UTC), nunca a converte no fuso da máquina de quem
abre o arquivo. Evento cujo documento não diz o fuso não vai ao eixo: fica à parte, como escrito.
"""

from __future__ import annotations

import base64
import hashlib
import json
import unicodedata
from collections import defaultdict
from datetime import datetime
from decimal import Decimal, InvalidOperation
from functools import cache
from importlib import resources
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from perito.saida.nomes import tipo as nome_tipo
from perito.saida.vinculos import ROTULOS_TIPO, Modelo

FUSO_PADRAO = "America/Sao_Paulo"
#: na ordem de embutir: cada UMD registra um global que o seguinte lê
SCRIPTS_VENDOR = ("cytoscape.min.js", "layout-base.js", "cose-base.js", "cytoscape-fcose.js", "vis-timeline-graph2d.min.js")
CSS_VENDOR = "vis-timeline-graph2d.min.css"

CORES_GRAU = {"forte": "#1b7f3b", "moderado": "#d08700", "fraco": "#8a8a8a"}
#: cor e forma (Cytoscape) por tipo de entidade; a legenda desenha as mesmas formas
ESTILO_NO = {
    "pessoa": ("#1f78b4", "ellipse"), "conta": ("#b15928", "round-rectangle"), "telefone": ("#33a02c", "diamond"),
    "chave_pix": ("#e31a1c", "tag"), "ip": ("#ff7f00", "hexagon"), "aparelho": ("#6a3d9a", "rectangle"),
    "modelo": ("#c2185b", "barrel"), "email": ("#0097a7", "vee"), "desconhecido": ("#777777", "octagon"),
}
CORES_EVENTO = {"pix": "#e31a1c", "transacao": "#b15928", "acesso": "#ff7f00", "chamada": "#33a02c",
                "cadastro": "#1f78b4", "documento": "#6a3d9a", "evento": "#777777"}
_ORDEM_GRAU = {"forte": 3, "moderado": 2, "fraco": 1}
_SVG_FORMA = {
    "ellipse": '<circle cx="8" cy="8" r="7"/>', "round-rectangle": '<rect x="1" y="3" width="14" height="10" rx="3"/>',
    "diamond": '<polygon points="8,1 15,8 8,15 1,8"/>', "tag": '<polygon points="1,3 11,3 15,8 11,13 1,13"/>',
    "hexagon": '<polygon points="4,2 12,2 15,8 12,14 4,14 1,8"/>', "rectangle": '<rect x="2" y="2" width="12" height="12"/>',
    "barrel": '<rect x="1" y="2" width="14" height="12" rx="5" ry="2"/>', "vee": '<polygon points="1,2 8,6 15,2 8,15"/>',
    "octagon": '<polygon points="5,1 11,1 15,5 15,11 11,15 5,15 1,11 1,5"/>',
}


class FusoInvalido(ValueError):
    pass


def zona(nome: str) -> ZoneInfo:
    """O fuso do relatório pelo nome IANA (America/Sao_Paulo, America/Manaus, UTC...)."""
    try:
        return ZoneInfo(nome)
    except (ZoneInfoNotFoundError, ValueError) as erro:
        raise FusoInvalido(f"Fuso do relatório desconhecido: {nome!r}; use um nome IANA, como America/Sao_Paulo.") from erro


# --- bibliotecas ------------------------------------------------------------------------------------------------
#: a única troca no texto das bibliotecas: o layout-base tem um método `alignmentTraceback` (e um comentário
#: "Traceback matrix") do alinhamento de Needleman-Wunsch, que ninguém chama de fora dele; renomeado nas 3
#: ocorrências, as saídas seguem sem a palavra que denuncia um traceback do Python vazado (tests/test_hostis.py)
TROCAS_VENDOR = {"layout-base.js": (("Traceback", "TraceBack", 3),)}


@cache
def _arquivo_vendor(nome: str) -> str:
    texto = (resources.files("perito.saida") / "vendor" / nome).read_text(encoding="utf-8")
    for antes, depois, vezes in TROCAS_VENDOR.get(nome, ()):
        if texto.count(antes) != vezes:  # outra versão da biblioteca: rever a troca
            raise RuntimeError(f"vendor/{nome}: esperava {vezes} ocorrências de {antes!r}, há {texto.count(antes)}")
        texto = texto.replace(antes, depois)
    # o mapa de fontes não vem junto: sem a linha, o navegador nem o procura
    linhas = texto.rstrip("\n").split("\n")
    if linhas and linhas[-1].startswith(("//# sourceMappingURL=", "/*# sourceMappingURL=")):
        linhas.pop()
    return "\n".join(linhas) + "\n"


def scripts_vendor() -> list[str]:
    return [_arquivo_vendor(nome) for nome in SCRIPTS_VENDOR]


def css_vendor() -> str:
    return _arquivo_vendor(CSS_VENDOR)


def hash_csp(script: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode("ascii") + "'"


def json_em_script(dados: Any) -> str:
    """JSON para um `<script type="application/json">`: `<`, `>` e `&` como \\u003c... (um `</script>` numa prova
    não fecha o bloco) e as quebras U+2028/U+2029 escapadas."""
    texto = json.dumps(dados, ensure_ascii=False, separators=(",", ":"), sort_keys=False)
    for bruto, escapado in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"),
                            ("\u2029", "\\u2029")):
        texto = texto.replace(bruto, escapado)
    return texto


# --- horários ---------------------------------------------------------------------------------------------------
def _utc(texto: str | None) -> datetime | None:
    if not texto:
        return None
    try:
        return datetime.fromisoformat(texto.replace("Z", "+00:00"))
    except ValueError:
        return None


def _deslocamento(momento: datetime) -> str:
    offset = momento.utcoffset()
    minutos = int(offset.total_seconds() // 60) if offset is not None else 0
    sinal = "+" if minutos >= 0 else "−"
    return f"UTC{sinal}{abs(minutos) // 60:02d}:{abs(minutos) % 60:02d}"


def local(utc: str | None, fuso: ZoneInfo) -> dict[str, str] | None:
    """O instante UTC no fuso do relatório: ISO sem deslocamento (o eixo), data/hora brasileira e o deslocamento."""
    momento = _utc(utc)
    if momento is None:
        return None
    aqui = momento.astimezone(fuso)
    return {"iso": aqui.strftime("%Y-%m-%dT%H:%M:%S"), "texto": aqui.strftime("%d/%m/%Y %H:%M:%S"),
            "curto": aqui.strftime("%d/%m %H:%M:%S"), "hora": aqui.strftime("%H:%M:%S"), "deslocamento": _deslocamento(aqui)}


def brl(valor: str | None) -> str:
    try:
        numero = Decimal(str(valor))
    except InvalidOperation:
        return str(valor)
    return "R$ " + f"{abs(numero):,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")


def _dobrar(texto: str) -> str:
    decomposto = unicodedata.normalize("NFKD", texto.casefold())
    return "".join(c for c in decomposto if not unicodedata.combining(c))


# --- dados do gráfico -------------------------------------------------------------------------------------------
def _arestas(modelo: Modelo, fuso: ZoneInfo) -> list[dict[str, Any]]:
    """Uma aresta por (tipo, origem, destino): onze acessos do mesmo telefone ao mesmo IP são uma seta "usou ×11"
    (cada acesso, com instante, porta e referências, fica na lista da aresta, que o painel mostra)."""
    grupos: dict[tuple[str, str, str], list[Any]] = defaultdict(list)
    for ligacao in modelo.ligacoes:
        grupos[(ligacao.tipo, ligacao.origem.id, ligacao.destino.id)].append(ligacao)
    arestas = []
    for n, ((tipo, origem, destino), ligacoes) in enumerate(grupos.items(), start=1):
        itens = []
        for ligacao in ligacoes:
            dado = ligacao.como_dict()
            dado["local"] = local(ligacao.instante_utc, fuso)
            dado["valor_texto"] = brl(ligacao.valor) if ligacao.valor else None
            itens.append(dado)
        grau = max((lig.grau for lig in ligacoes), key=lambda g: _ORDEM_GRAU.get(g, 0))
        conclusoes = sorted({c for lig in ligacoes for c in lig.conclusoes})
        arestas.append({"id": f"a{n}", "tipo": tipo, "origem": origem, "destino": destino, "grau": grau,
                        "cor": CORES_GRAU.get(grau, "#999999"), "conclusoes": conclusoes, "itens": itens,
                        "rotulo": _rotulo_aresta(itens)})
    return arestas


def _rotulo_aresta(itens: list[dict[str, Any]]) -> str:
    partes = [itens[0]["rotulo"] + (f" ×{len(itens)}" if len(itens) > 1 else "")]
    valores = [Decimal(i["valor"]) for i in itens if i.get("valor")]
    if valores:
        partes.append(brl(str(sum(valores))))
    horas = sorted(i["local"]["iso"] for i in itens if i.get("local"))
    if horas:
        primeiro = datetime.fromisoformat(horas[0]).strftime("%d/%m %H:%M")
        ultimo = datetime.fromisoformat(horas[-1])
        if len(horas) == 1 or horas[0] == horas[-1]:
            partes.append(datetime.fromisoformat(horas[0]).strftime("%d/%m %H:%M:%S"))
        elif horas[0][:10] == horas[-1][:10]:
            partes.append(f"{primeiro}–{ultimo.strftime('%H:%M')}")
        else:
            partes.append(f"{primeiro} a {ultimo.strftime('%d/%m %H:%M')}")
    elif any(i.get("escrito") for i in itens):
        partes.append("fuso não informado")
    return " · ".join(partes)


def _eventos(modelo: Modelo, fuso: ZoneInfo) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(eventos com instante, no fuso do relatório; eventos sem fuso no documento, como escritos)."""
    com: list[dict[str, Any]] = []
    sem: list[dict[str, Any]] = []
    for n, evento in enumerate(modelo.eventos, start=1):
        dado = evento.como_dict()
        dado["id"] = f"e{n}"
        dado["cor"] = CORES_EVENTO.get(evento.tipo, "#777777")
        dado["local_fuso"] = local(evento.utc, fuso)
        (com if dado["local_fuso"] else sem).append(dado)
    return com, sem


def dados(modelo: Modelo, conclusoes: list[dict[str, Any]], fuso_nome: str,
          exibidos: dict[int, str] | None = None) -> dict[str, Any]:
    """O JSON que o script do relatório lê (`<script type="application/json" id="dados-grafo">`); `exibidos`: a
    situação de cada conclusão depois das decisões humanas (o filtro de veredicto filtra por ela)."""
    exibidos = exibidos or {}
    fuso = zona(fuso_nome)
    entidades = sorted(modelo.entidades.values(), key=lambda e: (e.tipo, e.id))
    nos = []
    for entidade in entidades:
        cor, forma = ESTILO_NO.get(entidade.tipo, ("#777777", "ellipse"))
        nos.append({**entidade.como_dict(), "cor": cor, "forma": forma,
                    "busca": _dobrar(" ".join([entidade.rotulo, entidade.id, *sorted(entidade.notacoes)]))})
    com, sem = _eventos(modelo, fuso)
    return {
        "fuso": fuso_nome,
        "nos": nos,
        "arestas": _arestas(modelo, fuso),
        "eventos": com,
        "sem_fuso": sem,
        "conclusoes": {str(c["id"]): {"tipo": nome_tipo(c["tipo"]), "grau": c["grau_confianca"],
                                      "veredicto": exibidos.get(int(c["id"]))
                                      or (c.get("validacao") or {}).get("veredicto_geral", "")}
                       for c in conclusoes},
        "tipos_evento": {t: {"rotulo": r, "cor": CORES_EVENTO.get(t, "#777777")} for t, r in _rotulos_evento().items()
                         if any(e["tipo"] == t for e in com)},
    }


def _rotulos_evento() -> dict[str, str]:
    from perito.saida.eventos import ROTULOS_EVENTO

    return dict(ROTULOS_EVENTO)


def legenda() -> str:
    """As formas e cores dos nós (as mesmas do Cytoscape) e as cores das arestas por grau, em SVG inline."""
    nos = "".join(
        f'<span class="item-legenda"><svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="{cor}">'
        f'{_SVG_FORMA[forma]}</svg>{ROTULOS_TIPO.get(tipo, tipo)}</span>' for tipo, (cor, forma) in ESTILO_NO.items())
    graus = "".join(f'<span class="item-legenda"><svg width="22" height="10" aria-hidden="true"><line x1="0" y1="5" x2="22" '
                    f'y2="5" stroke="{cor}" stroke-width="3"/></svg>vínculo {grau}</span>' for grau, cor in CORES_GRAU.items())
    return f'<div class="legenda">{nos}</div><div class="legenda">{graus}</div>'
