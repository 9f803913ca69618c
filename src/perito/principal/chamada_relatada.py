"""vinculo_telefone pela chamada: a bilhetagem registra a ligação que o relato conta, entre o número do golpista e o
telefone da vítima, no dia contado.

A vítima conta a ligação ("recebeu ligação do número (21) 98877-6655", com a data do fato) e dá o próprio telefone na
qualificação ("Vítima: ..., telefone (11) 97766-1234"); a bilhetagem da operadora tem, num registro, os dois números e
a data-hora da chamada. Os dois números dígito a dígito e o mesmo dia ligam as duas linhas com a prova de que a chamada
aconteceu: forte com as duas famílias (operadora, relato), como o número igual em `vinculo_telefone`. A hora que o
relato arredonda ("por volta das 14h10") não entra na conta: o dia basta, e a hora da bilhetagem é a que vale.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from perito.principal import graus
from perito.principal.indice import Indice
from perito.principal.ocorrencias import Ocorrencia
from perito.principal.referencias import referencias
from perito.principal.telefones import antigo, e164
from perito.texto_ptbr import plural

#: chamadas citadas por par de números (as demais contadas na afirmação)
CHAMADAS_CITADAS = 3


def concluir(indice: Indice) -> list[dict[str, Any]]:
    relatadas = _relatadas(indice)
    if not relatadas:
        return []
    pares = {frozenset((chamador, vitima)) for chamador, vitima, _, _, _ in relatadas}
    chamadas = _chamadas(indice, pares)
    conclusoes = []
    for chamador, vitima, uso, telefone_da_vitima, dias in relatadas:
        do_dia = [(quando, numeros) for quando, numeros in chamadas.get(frozenset((chamador, vitima)), [])
                  if quando.dia in dias]
        if do_dia:
            conclusoes.append(_conclusao(indice, chamador, vitima, uso, telefone_da_vitima, do_dia))
    return conclusoes


def _relatadas(indice: Indice) -> list[tuple[str, str, Ocorrencia, Ocorrencia, set[dt.date]]]:
    """(número que ligou, telefone da vítima, o número no relato, o telefone da vítima no relato, dias do fato) de
    cada relato que dá o telefone da vítima e outro número numa frase com data."""
    saida = []
    vistos: set[tuple[str, str]] = set()
    for vitima in (o for o in indice.do_campo("nome_titular") if o.familia == "relato" and o.meta.get("papel") == "vitima"):
        # o telefone escrito na linha da vítima (a qualificação); a frase do fato, no mesmo registro, tem o do golpista
        telefones_da_vitima = [t for t in indice.no_local(vitima, "telefone") if e164(t) and not antigo(t)]
        if len({e164(t) for t in telefones_da_vitima}) != 1:
            continue
        da_vitima = telefones_da_vitima[0]
        for uso in indice.do_arquivo(vitima.arquivo, "telefone"):
            numero = e164(uso)
            if numero is None or numero == e164(da_vitima) or antigo(uso):
                continue
            dias = {d.dia for d in indice.no_registro(uso, "data_evento") if d.dia is not None and not d.meta.get("papel")}
            chave = (numero, str(e164(da_vitima)))
            if dias and chave not in vistos:
                vistos.add(chave)
                saida.append((numero, str(e164(da_vitima)), uso, da_vitima, dias))
    return saida


def _chamadas(indice: Indice, pares: set[frozenset[str]]) -> dict[frozenset[str], list[tuple[Ocorrencia, list]]]:
    """Os registros da operadora com os dois números de um par e a data-hora: {par: [(data-hora, os dois números)]}."""
    por_registro: dict[tuple[str, str], list[Ocorrencia]] = {}
    numeros_dos_pares = {n for par in pares for n in par}
    for o in indice.do_campo("telefone"):
        if o.familia == "operadora" and e164(o) in numeros_dos_pares:
            por_registro.setdefault(o.registro, []).append(o)
    ditas: dict[tuple, Ocorrencia | None] = {}
    for o in indice.do_campo("telefone"):  # a bilhetagem de uma linha só: o outro número é a linha dita no topo
        if (o.familia == "operadora" and o.meta.get("linha_da_bilhetagem") and e164(o) in numeros_dos_pares
                and (linha := _linha_dita(indice, o, ditas)) is not None):
            por_registro[o.registro].append(linha)
    chamadas: dict[frozenset[str], list[tuple[Ocorrencia, list]]] = {}
    for telefones in por_registro.values():
        numeros = {e164(t) for t in telefones}
        for par in pares:
            if par <= numeros and (quando := _quando(indice, telefones[0])) is not None:
                chamadas.setdefault(par, []).append((quando, [t for t in telefones if e164(t) in par]))
    for lista in chamadas.values():
        lista.sort(key=lambda item: item[0].ordem)
    return chamadas


def _linha_dita(indice: Indice, telefone: Ocorrencia, ditas: dict[tuple, Ocorrencia | None]) -> Ocorrencia | None:
    """A linha da bilhetagem de uma linha só, onde ela foi dita (`linha_da_bilhetagem` no número da chamada); achada
    uma vez por arquivo (`ditas`): a bilhetagem grande tem milhares de chamadas para a mesma linha."""
    dita = telefone.meta["linha_da_bilhetagem"]
    chave = (telefone.arquivo, dita.get("pagina"), dita["linha_ou_celula"], dita["e164"])
    if chave not in ditas:
        ditas[chave] = next((o for o in indice.do_arquivo(telefone.arquivo, "telefone")
                             if e164(o) == dita["e164"] and o.dado.get("linha_ou_celula") == dita["linha_ou_celula"]
                             and o.dado.get("pagina") == dita.get("pagina")), None)
    return ditas[chave]


def _quando(indice: Indice, telefone: Ocorrencia) -> Ocorrencia | None:
    datas = [d for d in indice.no_registro(telefone, "data_evento") if d.dia is not None and "hora" in d.meta]
    return datas[0] if len(datas) == 1 else None


def _conclusao(indice: Indice, chamador: str, vitima: str, uso: Ocorrencia, telefone_da_vitima: Ocorrencia,
               do_dia: list[tuple[Ocorrencia, list]]) -> dict[str, Any]:
    citadas = do_dia[:CHAMADAS_CITADAS]
    nome = next(iter(n for n in indice.no_registro(telefone_da_vitima, "nome_titular") if n.meta.get("papel") == "vitima"),
                None)
    dia_do_relato = next(d for d in indice.no_registro(uso, "data_evento") if d.dia in {q.dia for q, _ in do_dia})
    chamadas = "; ".join(f"{quando.onde} ({quando.quando_escrito or quando.literal})" for quando, _ in citadas)
    resto = len(do_dia) - len(citadas)
    mais = f" (e {plural(resto, 'outra', 'outras')})" if resto else ""
    familias = {uso.familia, *(t.familia for _, numeros in citadas for t in numeros)}
    # como o número igual em `vinculo_telefone`: duas famílias independentes já são forte; uma só, indício
    grau = "forte" if len(graus.independentes(familias)) >= 2 else "fraco"
    de_quem = f" de {nome.literal}" if nome is not None else ""
    afirmacao = (
        f"A bilhetagem da operadora registra {plural(len(do_dia), 'chamada', 'chamadas')} entre {chamador} e {vitima} "
        f"no dia do fato: {chamadas}{mais}; o relato "
        f"({uso.onde}) conta a ligação do número {uso.literal} no dia {dia_do_relato.literal}, e {vitima} é o telefone"
        f"{de_quem} ({telefone_da_vitima.onde}). Grau {grau}: os dois números, dígito a dígito, e o mesmo dia em "
        f"{graus.explicar_familias(familias)}."
    )
    citados = [uso, dia_do_relato, telefone_da_vitima, *([nome] if nome else []),
               *(o for quando, numeros in citadas for o in (quando, *numeros))]
    return {
        "tipo": "vinculo_telefone",
        "afirmacao": afirmacao,
        "grau_confianca": grau,
        "referencias": referencias(citados),
        "chave_ordenacao": f"{chamador}|{vitima}|chamada",
    }
