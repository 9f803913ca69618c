"""O sentido dito uma vez pelo título da seção do extrato: "ENTRADAS" / "SAÍDAS", "CRÉDITOS" / "DÉBITOS".

Algumas contas digitais listam primeiro todas as entradas e depois todas as saídas, sem sinal, sem D/C e sem
"recebido"/"enviado" no histórico (`14/07/2025 15:21  PIX  ANA BEATRIZ MOREIRA  R$ 2.350,00` sob "ENTRADAS"): o título
da seção é o contexto que diz o lado de cada valor abaixo dele, até o próximo título (FORMATOS.md §1). Sem ele, os
valores ficavam sem direção: nem materialidade, nem conta de passagem. Só o título numa linha só dele; o valor que já
tem natureza ou sinal escritos segue o que está escrito.
"""

from __future__ import annotations

import re

from perito.chaves.nome import dobrar
from perito.extratores.achado import Achado
from perito.extratores.rotulos import PADRAO_HISTORICO_EM_COLUNAS, achado_de_nome

_ENTRADAS = r"entradas|creditos|recebimentos|valores recebidos|creditos recebidos|credits|incoming|money in"
_SAIDAS = r"saidas|debitos|pagamentos e transferencias|envios|valores enviados|debitos efetuados|debits|outgoing|money out"
_TITULO = re.compile(rf"^\s*(?:\(\s*[-+]\s*\)\s*)?(?:(?P<entrada>{_ENTRADAS})|(?P<saida>{_SAIDAS}))\s*:?\s*$")


class SentidoDaSecao:
    """A natureza (C ou D) que o último título de seção diz."""

    def __init__(self) -> None:
        self.natureza: str | None = None

    def aplicar(self, texto: str, achados: list[Achado]) -> None:
        if len(texto) <= 40 and not achados and (m := _TITULO.match(dobrar(texto))):
            self.natureza = "C" if m.group("entrada") else "D"
            return
        if self.natureza is None:
            return
        valores = [a for a in achados if a.campo == "valor_transacao"]
        if valores and not any(a.campo == "nome_titular" for a in achados) and "  " in texto:
            # o nome na coluna depois do meio ("PIX  ANA BEATRIZ MOREIRA"): quem pagou, numa seção de entradas
            for m in PADRAO_HISTORICO_EM_COLUNAS.finditer(texto):
                papel = "remetente" if self.natureza == "C" else "destinatario"
                achados.append(achado_de_nome(m, papel, meio=m.group("meio").upper()))
            achados.sort(key=lambda a: (a.inicio, a.fim))
        for achado in achados:
            meta = achado.metadados
            if achado.campo != "valor_transacao" or "natureza" in meta or str(meta.get("valor", "")).startswith("-"):
                continue
            if texto[: achado.inicio].rstrip().endswith("+"):
                continue  # "+ R$ 50,00" sob "SAÍDAS": o sinal escrito vale mais que o título
            meta["natureza"] = self.natureza
            if self.natureza == "D":
                meta["valor"] = f"-{meta['valor']}"
