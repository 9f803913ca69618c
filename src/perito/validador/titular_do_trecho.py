"""O titular citado de um extrato é o que o documento declara sobre os lançamentos citados dele.

Um arquivo pode trazer os extratos de duas contas, um embaixo do outro, cada um sob a sua declaração ("Titular: JOANA
..." e, adiante, "Titular: RAFAEL ..."). Cada referência pode estar certa sozinha (o nome de JOANA está na linha 3, o
crédito na linha 11) e a conclusão juntar a conta de uma com o lançamento da outra. O validador relê as linhas do
documento e, para cada lançamento citado, acha a declaração de titular mais perto acima dele: se ela nomeia outra
pessoa que não a citada (e a citada também está acima do lançamento), o titular foi tomado do extrato de outra conta
→ CONTRADITO na referência do titular, com a declaração que governa o lançamento na observação.

Só em documentos de linhas (texto, PDF), com as linhas entre a declaração e o lançamento lidas (uma leitura em
partes que omitiu linhas não diz qual declaração está mais perto): noutros casos, nada a dizer daqui.
"""

from __future__ import annotations

import bisect
import re
import weakref
from typing import Any

from perito.chaves.nome import dobrar
from perito.chaves.valores import decompor
from perito.leitura.documento import PLANILHAS, Documento, Trecho
from perito.validador.fonte import FonteIndependente
from perito.validador.localizar import localizar

#: a declaração de titular de um extrato: o rótulo no começo da linha, os dois-pontos e o nome em maiúsculas (não o
#: "PAGTO CLIENTE JOSE ..." de um histórico, que não declara a conta)
_DECLARACAO = re.compile(
    r"^\s*(?i:(?:nome\s+do\s+)?(?:titular|cliente|correntista|associad[oa])(?:\s+da\s+conta)?\s*:\s*)"
    r"(?P<nome>[A-ZÀ-Ý][A-ZÀ-Ý'’]+(?:\s+(?:D[AEO]S?\s+|E\s+)?[A-ZÀ-Ý][A-ZÀ-Ý'’]+)+)")


def conferir(conclusao: dict[str, Any], detalhes: list[dict[str, Any]], fonte: FonteIndependente) -> None:
    referencias = conclusao["referencias"]
    for arquivo in sorted({r["arquivo"] for r in referencias}):
        indices = [i for i, r in enumerate(referencias) if r["arquivo"] == arquivo
                   and detalhes[i]["status"] in ("VERIFICADO", "AMBIGUO")]
        if len(indices) < 2:
            continue
        doc = fonte.abrir(arquivo).documento
        if doc is None or doc.tipo in PLANILHAS:
            continue
        _conferir_arquivo(doc, [(i, referencias[i]) for i in indices], detalhes)


def _conferir_arquivo(doc: Documento, refs: list[tuple[int, dict[str, Any]]], detalhes: list[dict[str, Any]]) -> None:
    trechos = {i: trecho for i, ref in refs if (trecho := localizar(doc, ref)[0]) is not None}
    citadas = {i: nome for i, ref in refs if i in trechos and (nome := _declarada(trechos[i], ref)) is not None}
    if not citadas:
        return  # nenhuma declaração de titular citada (quase toda conclusão): nada a conferir, nada a indexar
    posicoes = _posicoes(doc)
    locais = {i: posicoes[id(t)] for i, t in trechos.items() if id(t) in posicoes}
    lancamentos = [i for i, ref in refs if i in locais and i not in citadas
                   and any(v.tipo == "valor" for v in decompor(ref["dado_citado"]))]
    for i in lancamentos:
        posicao = locais[i]
        if (governa := _declaracao_acima(doc, posicao)) is None:
            continue
        onde, nome = governa
        for j, citado in citadas.items():
            if j in locais and locais[j] < posicao and dobrar(nome) != citado:
                _contradizer(detalhes, j, (
                    f"o lançamento de {doc.trechos[posicao].localizacao} está sob a declaração de titular de "
                    f"{doc.trechos[onde].localizacao} ({nome}), não sob a de {doc.trechos[locais[j]].localizacao}: "
                    "o arquivo traz os extratos de mais de uma conta"))


def _declarada(trecho: Trecho, ref: dict[str, Any]) -> str | None:
    """O nome citado na referência, quando a linha relida o declara titular (dobrado); None noutro caso."""
    m = _DECLARACAO.match(trecho.texto)
    if m is None:
        return None
    nome = dobrar(m.group("nome"))
    return nome if nome in dobrar(ref["dado_citado"]) or dobrar(ref["dado_citado"]) in nome else None


def _declaracao_acima(doc: Documento, posicao: int) -> tuple[int, str] | None:
    """(posição, nome) da declaração de titular mais perto acima da linha `posicao`; None se uma linha omitida pela
    leitura em partes está no caminho ou se não há declaração. As declarações e as omissões do documento são achadas
    uma vez (um extrato de centenas de páginas tem milhares de linhas, e cada lançamento citado pergunta)."""
    declaracoes, omissoes = _marcos(doc)
    i = bisect.bisect_left(declaracoes, posicao) - 1
    if i < 0:
        return None
    onde = declaracoes[i]
    # uma omissão entre a declaração e o lançamento (o trecho depois dela até o do lançamento): nada a dizer
    j = bisect.bisect_right(omissoes, onde)
    if j < len(omissoes) and omissoes[j] <= posicao:
        return None
    m = _DECLARACAO.match(doc.trechos[onde].texto)
    return (onde, m.group("nome")) if m else None


#: por documento relido (pela identidade dele, só enquanto ele existe: `weakref.finalize` apaga a entrada quando o
#: validador o solta): a posição de cada trecho, e as das declarações e das omissões
_INDICES: dict[int, tuple[int, dict[int, int], list[int], list[int]]] = {}


def _indices(doc: Documento) -> tuple[dict[int, int], list[int], list[int]]:
    guardado = _INDICES.get(id(doc))
    # (o mesmo documento, com as mesmas linhas: a releitura em partes pode acrescentar as pedidas depois)
    if guardado is None or guardado[0] != len(doc.trechos):
        if guardado is None:
            weakref.finalize(doc, _INDICES.pop, id(doc), None)
        posicoes = {id(t): n for n, t in enumerate(doc.trechos)}
        declaracoes = [n for n, t in enumerate(doc.trechos) if _DECLARACAO.match(t.texto)]
        omissoes = [n for n, t in enumerate(doc.trechos) if t.apos_omissao]
        guardado = _INDICES[id(doc)] = (len(doc.trechos), posicoes, declaracoes, omissoes)
    return guardado[1], guardado[2], guardado[3]


def _posicoes(doc: Documento) -> dict[int, int]:
    return _indices(doc)[0]


def _marcos(doc: Documento) -> tuple[list[int], list[int]]:
    _, declaracoes, omissoes = _indices(doc)
    return declaracoes, omissoes


def _contradizer(detalhes: list[dict[str, Any]], i: int, motivo: str) -> None:
    detalhes[i]["status"] = "CONTRADITO"
    if motivo not in detalhes[i]["observacao"]:
        detalhes[i]["observacao"] = "; ".join(p for p in (detalhes[i]["observacao"], motivo) if p)
