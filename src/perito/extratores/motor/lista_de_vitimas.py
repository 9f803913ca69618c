"""A lista de vítimas de um relatório policial: "Foram identificadas as seguintes vítimas:" e, nas linhas de baixo,
"1) ANA BEATRIZ MOREIRA, CPF ..., que em 14/07/2025 transferiu R$ 2.350,00 via Pix;", "2) CARLOS ...".

O nome que abre cada item é uma vítima, como o "Vítima: ..." rotulado: é por ela que a transferência contada no item
encontra o crédito pago por ela no extrato (sem isso, a materialidade dizia que o banco não nomeia a vítima). A lista
acaba na primeira linha que não é item.
"""

from __future__ import annotations

import re

from perito.extratores.achado import Achado
from perito.extratores.rotulos import NOME, achado_de_nome

#: o anúncio da lista ("as seguintes vítimas:", "Vítimas:" sozinho, "Rol de vítimas", "Relação das vítimas")
_ANUNCIO = re.compile(r"(?i)(?:\bseguintes\s+v[íi]timas\b|^\s*v[íi]timas\s*:?\s*$|\b(?:rol|rela[çc][ãa]o|quadro)\s+"
                      r"d[ae]s?\s+v[íi]timas\b)")
#: o enumerador do item ("1)", "2.", "3 -", "a)", "•", "-") e o nome logo depois dele
_ITEM = re.compile(rf"^\s*(?:\d{{1,3}}\s*[).:–-]|[a-z]\)|[•*–-])\s*(?P<valor>{NOME})")
_PAPEIS_SEM_LADO = frozenset({"nome", "identificado_por_cpf"})


class ListaDeVitimas:
    def __init__(self) -> None:
        self.aberta = False

    def aplicar(self, texto: str, achados: list[Achado]) -> list[Achado]:
        if "tima" in texto and _ANUNCIO.search(texto):
            self.aberta = True
            return achados
        if not self.aberta:
            return achados
        if (m := _ITEM.match(texto)) is None:
            self.aberta = False
            return achados
        inicio = m.start("valor")
        for achado in achados:
            if achado.campo == "nome_titular" and achado.inicio == inicio:
                if achado.metadados.get("papel") in _PAPEIS_SEM_LADO:
                    achado.metadados["papel"] = "vitima"
                return achados
        return sorted([*achados, achado_de_nome(m, "vitima")], key=lambda a: (a.inicio, a.fim))
