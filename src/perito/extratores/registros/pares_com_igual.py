"""Linhas de pares `CHAVE=valor`: cada linha é um registro, cada par um campo rotulado.

Sistemas exportam cadastros e eventos assim: o logfmt (`ts=2025-03-15T14:33:50Z src_ip=177.45.10.2 src_port=51234`)
e o cadastro com barras de uma operadora (`TITULAR=DIEGO FERREIRA BRAGA|CPF=11760865028|LINHA=31984441200`). Os
rótulos com dois-pontos têm os seus leitores; com o sinal de igual, o nome e o CPF ficavam sem rótulo e a linha sem
titular. Como os membros de um objeto de JSON, cada par vira um campo com o rótulo dele (`registros.campos` dá o papel
pelo rótulo).

Só a linha feita inteira de pares (dois ou mais, separados por barra, ponto e vírgula, tabulação ou espaço antes do
rótulo seguinte): "a senha=123 foi trocada" e a URL com `?a=1&b=2` não são registros.
"""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from perito.leitura.documento import Trecho
from perito.leitura.registro import Campo, RegistroLido

#: o rótulo de um par: uma palavra (com sublinhado, ponto, hífen) que começa por letra
_ROTULO = r"[^\W\d_][\w.\-/]{0,39}"
#: um par: o rótulo, o igual e o valor (entre aspas, ou até o separador seguinte ou o próximo rótulo com igual)
_PAR = re.compile(
    rf"(?P<rotulo>{_ROTULO})\s*=\s*(?:\"(?P<entre_aspas>[^\"\n]*)\"|(?P<valor>[^|;\t\"]*?))"
    rf"\s*(?=[|;\t]|\s+{_ROTULO}\s*=|$)")
#: o que pode haver entre dois pares
_SEPARADOR = re.compile(r"[\s|;\t]*")
#: pares mínimos de uma linha de registro
_MINIMO = 2


def registros(trechos: Iterable[Trecho]) -> Iterator[RegistroLido]:
    for trecho in trechos:
        if "=" in trecho.texto and (campos := _campos(trecho)) is not None:
            yield RegistroLido(f"p{trecho.pagina}:{trecho.localizacao}" if trecho.pagina else trecho.localizacao,
                               campos)


def _campos(trecho: Trecho) -> list[Campo] | None:
    texto = trecho.texto
    campos: list[Campo] = []
    pares = 0
    posicao = _SEPARADOR.match(texto, 0).end()  # type: ignore[union-attr]
    while posicao < len(texto):
        m = _PAR.match(texto, posicao)
        if m is None or m.end() == posicao:
            return None  # sobra texto que não é par: a linha não é um registro de pares
        pares += 1
        grupo = "entre_aspas" if m.group("entre_aspas") is not None else "valor"
        if valor := m.group(grupo):
            campos.append(Campo(m.group("rotulo"), valor, trecho, m.start(grupo)))
        posicao = _SEPARADOR.match(texto, m.end()).end()  # type: ignore[union-attr]
    return campos if pares >= _MINIMO and campos else None
