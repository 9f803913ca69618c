"""vinculo_financeiro: o caminho do dinheiro entre contas, um salto por vez.

Um salto liga um débito no extrato de uma conta a um crédito no extrato de outra: o
mesmo valor, no mesmo dia, e as contrapartes que se reconhecem (o débito nomeia o
titular da conta que recebe, o crédito nomeia o titular da conta que paga). Grau:
forte com as duas contrapartes batendo, moderado com uma, e sem nenhuma não há salto.
Depois do crédito, as saídas da conta recebedora dentro da janela de repasse são
listadas como a continuação do caminho.
"""

from __future__ import annotations

import bisect
from typing import Any

from perito.principal.indice import Indice
from perito.principal.parametros import Parametros
from perito.principal.referencias import referencias
from perito.principal.transacoes import Transacao, debitos_por_arquivo, intervalo, transacoes


def saltos(indice: Indice) -> list[tuple[Transacao, Transacao, int]]:
    """(débito, crédito, contrapartes que batem) para cada salto entre extratos (junção por valor e dia)."""
    if "saltos" in indice.memoria:
        return indice.memoria["saltos"]  # type: ignore[return-value]
    lancamentos = transacoes(indice, "banco")
    # um salto exige ao menos uma contraparte reconhecida: junção por (valor, dia, nome) dos dois lados
    por_titular: dict[tuple, list[Transacao]] = {}
    por_contraparte: dict[tuple, list[Transacao]] = {}
    for t in lancamentos:
        if t.direcao == "credito" and t.dia:
            if t.nome_titular:
                por_titular.setdefault((t.quantia, t.dia, t.nome_titular), []).append(t)
            if t.nome_contraparte:
                por_contraparte.setdefault((t.quantia, t.dia, t.nome_contraparte), []).append(t)
    encontrados = []
    for debito in lancamentos:
        if debito.direcao != "debito" or not debito.dia:
            continue
        candidatos = [
            *por_titular.get((debito.quantia, debito.dia, debito.nome_contraparte), []),
            *por_contraparte.get((debito.quantia, debito.dia, debito.nome_titular), []),
        ]
        for credito in dict.fromkeys(candidatos):
            if credito.valor.arquivo == debito.valor.arquivo:
                continue
            batem = int(bool(debito.nome_contraparte) and debito.nome_contraparte == credito.nome_titular)
            batem += int(bool(credito.nome_contraparte) and credito.nome_contraparte == debito.nome_titular)
            encontrados.append((debito, credito, batem))
    indice.memoria["saltos"] = encontrados
    return encontrados


def repasses(indice: Indice, credito: Transacao, parametros: Parametros) -> list[Transacao]:
    """Débitos da conta que recebeu, depois do crédito e dentro da janela de repasse."""
    if credito.instante is None:
        return []
    debitos = debitos_por_arquivo(indice).get(credito.valor.arquivo, [])
    instantes = [t.instante for t in debitos]
    inicio = bisect.bisect_right(instantes, credito.instante)
    fim = bisect.bisect_right(instantes, credito.instante + parametros.janela_repasse)
    return debitos[inicio:fim]


def concluir(indice: Indice, parametros: Parametros) -> list[dict[str, Any]]:
    conclusoes = []
    for debito, credito, batem in saltos(indice):
        grau = "forte" if batem == 2 else "moderado"
        motivo = (
            "mesmo valor, mesmo dia e as duas contrapartes se reconhecem "
            "(o débito nomeia quem recebe, o crédito nomeia quem paga)"
            if batem == 2 else "mesmo valor e mesmo dia, mas só uma das contrapartes se reconhece nos extratos"
        )
        pagador = debito.titular.literal if debito.titular else "a conta pagadora"
        recebedor = credito.titular.literal if credito.titular else "a conta recebedora"
        texto = (
            f"O valor sai da conta de {pagador} ({debito.descrever()}) e entra na conta de {recebedor} "
            f"({credito.descrever()})."
        )
        seguintes = repasses(indice, credito, parametros)
        if seguintes:
            partes = []
            for t in seguintes:
                depois = intervalo(credito, t)
                partes.append(f"{t.descrever()}" + (f", {depois} depois do crédito" if depois else ""))
            texto += " Em seguida saem da conta recebedora: " + "; ".join(partes) + "."
        citados = [o for t in (debito, credito, *seguintes) for o in t.ocorrencias]
        titulares = [t.titular for t in (debito, credito) if t.titular]
        conclusoes.append({
            "tipo": "vinculo_financeiro",
            "afirmacao": f"{texto} Grau {grau}: {motivo}.",
            "grau_confianca": grau,
            "referencias": referencias([*citados, *titulares]),
            "chave_ordenacao": f"{debito.valor.arquivo}|{debito.valor.dado['linha_ou_celula']}",
        })
    return conclusoes
