"""Issue 27: a alternativa dos nomes de meses fatorada em árvore casa exatamente o que a alternativa simples casava.

A alternativa simples (os nomes do mais longo ao mais curto) é o oráculo: cada padrão que usa os meses é compilado
de novo com ela no lugar da árvore, e os dois têm de dar os mesmos casamentos (posição, texto e grupos) em textos
gerados com nomes de meses em toda caixa, pedaços deles, os caracteres que o `re` iguala a letras ASCII sem caixa
("ſ", "K", "ı", "İ"), algarismos e separadores.
"""

from __future__ import annotations

import random
import re

import pytest

from perito.chaves import tempo, tempo_formas
from perito.extratores.motor import dia

_NOMES = sorted(set(tempo_formas.MESES) | {"março"}, key=len, reverse=True)
_SIMPLES = "(?i:" + "|".join(_NOMES) + ")"

_PADROES = {
    "mes": re.compile(tempo_formas._MES),
    "PADRAO_DATA": tempo.PADRAO_DATA,
    "PADRAO_DATA_HORA": tempo.PADRAO_DATA_HORA,
    "PADRAO_HORA_DATA": tempo.PADRAO_HORA_DATA,
    "PADRAO_DATA_JAVA": tempo.PADRAO_DATA_JAVA,
    "PADRAO_DATA_EXTENSO": tempo.PADRAO_DATA_EXTENSO,
    "_LER_DIA_MES": tempo_formas._LER_DIA_MES,
    "_LER_MES_DIA": tempo_formas._LER_MES_DIA,
    "_MES_E_ANO": dia._MES_E_ANO,
}


#: a alternativa simples das formas de data, na ordem de `DATAS`
_DATA_SIMPLES = "|".join(tempo_formas.DATAS)


def _com_a_alternativa_simples(padrao: re.Pattern) -> re.Pattern:
    assert tempo_formas._MES in padrao.pattern  # o padrão usa mesmo os meses
    texto = padrao.pattern
    if tempo.DATA in texto:  # as formas de data agrupadas pelo primeiro caractere, de volta à alternativa simples
        texto = texto.replace(tempo.DATA, _DATA_SIMPLES)
    return re.compile(texto.replace(tempo_formas._MES, _SIMPLES), padrao.flags)


def _casamentos(padrao: re.Pattern, texto: str) -> list[tuple]:
    return [(m.span(), m.group(0), m.groupdict() if padrao.groupindex else m.groups()) for m in padrao.finditer(texto)]


_RUIDO = ["2025-03-01", "2025/03/01", "01/03/2025", "01/03/25", "01-03-2025", "01.03.2025", "٣/٠٣/٢٠٢٥", "Març", "Sept.", "ſet", "ſeptiembre", "Kan", "ıan", "İ", "maİo", "JUL", "Ju", "Dec.", " de ", " del ", "º",
          "-", "/", " ", ", ", ".", ";", "|", "\t", "às ", "T", "Z", "BRT", "UTC-3", "4", "04", "2024", "14:20:05",
          "9:05", "11h28min", "AM", "p.m.", "Sat ", "+0000 ", "x", "Data: "]


def _mes(sorteio: random.Random) -> str:
    nome = sorteio.choice(_NOMES)
    caixa = sorteio.choice([str.lower, str.upper, str.title, lambda t: t])
    return caixa(nome) + sorteio.choice(["", "", "."])


def _data(sorteio: random.Random) -> str:
    dia, ano = sorteio.choice(["4", "04", "31", "1", "40"]), sorteio.choice(["2024", "1999", "25", "2101"])
    hora, fuso = sorteio.choice(["14:20:05", "9:05", "23:59", "11h28min"]), sorteio.choice(["BRT", "+0000", "UTC-3", ""])
    formas = [f"{dia}{sorteio.choice('-/ ')}{_mes(sorteio)}{sorteio.choice('-/ ')}{ano}",
              f"{_mes(sorteio)} {dia}{sorteio.choice(['', 'th', ','])} {ano}",
              f"{dia}{sorteio.choice(['', 'º'])} {sorteio.choice(['de', 'DE'])} {_mes(sorteio)} "
              f"{sorteio.choice(['de', 'del'])} {ano}",
              f"{sorteio.choice(['Sat', 'mon', 'Fri,'])} {_mes(sorteio)} {dia} {hora} {fuso} {ano}",
              f"às {hora} de {dia} de {_mes(sorteio)} de {ano}",
              f"{_mes(sorteio)}{sorteio.choice(['/', ' de ', '-', ' '])}{ano}"]
    texto = sorteio.choice(formas)
    if sorteio.random() < 0.5:  # a data seguida de hora e fuso, como num registro
        texto += sorteio.choice([" ", "T", " às ", ";"]) + hora + (" " + fuso if fuso else "")
    if sorteio.random() < 0.3:  # um caractere a menos: quase data
        corte = sorteio.randrange(len(texto))
        texto = texto[:corte] + texto[corte + 1:]
    return texto


def _texto(sorteio: random.Random) -> str:
    partes = [sorteio.choice(_RUIDO) if sorteio.random() < 0.6 else _data(sorteio) for _ in range(sorteio.randint(1, 6))]
    return "".join(partes)


def test_a_arvore_e_a_alternativa_simples_casam_os_mesmos_textos():
    simples = re.compile(_SIMPLES)
    for nome in _NOMES:
        for variante in (nome, nome.upper(), nome.title(), f"x{nome}y", f"{nome}."):
            assert _casamentos(_PADROES["mes"], variante) == _casamentos(simples, variante)


@pytest.mark.parametrize("nome", sorted(_PADROES))
def test_cada_padrao_com_meses_da_os_mesmos_casamentos_que_com_a_alternativa_simples(nome):
    novo = _PADROES[nome]
    antigo = _com_a_alternativa_simples(novo)
    assert antigo.pattern != novo.pattern
    sorteio = random.Random(f"meses-{nome}")
    textos = [_texto(sorteio) for _ in range(4000)]
    textos += ["4 de ſetembro de 2024", "ſeptiembre 4, 2024", "04-May-2024 10:11:12", "15/Mar/2025:11:34:02 -0300",
               "Sat Aug 02 10:10:44 BRT 2025", "Março/2025", "MAR/2025", "às 14:20:05 de 4 de maio de 2024"]
    divergentes = [t for t in textos if _casamentos(novo, t) != _casamentos(antigo, t)]
    assert divergentes == []
    # os textos gerados casam de fato (o teste não passaria com padrões que nunca casam)
    assert sum(1 for t in textos if novo.search(t)) > 30


def test_as_primeiras_letras_da_arvore_sao_as_de_todo_nome():
    # o filtro de primeiras letras não pode deixar de fora a letra de um nome (o mês nunca casaria)
    for nome in _NOMES:
        assert re.fullmatch(tempo_formas._MES, nome), nome
