"""Ficha em colunas numa planilha: os rótulos na coluna da esquerda, e cada coluna à direita é um registro.

    Campo      | Acesso 1    | Acesso 2
    Data       | 15/03/2025  | 15/03/2025
    Hora (BRT) | 11:34:02    | 11:36:40
    IP         | 177.45.10.2 | 200.1.2.3
    Porta      | 51234       | 40000

É a tabela transposta (o cadastro de duas linhas lado a lado, os acessos de uma conta um por coluna). Lida por
linhas, cada IP ficava sem a data e a hora da sua coluna, e a convergência, sem data-hora.

O que a distingue de uma tabela de dados cuja primeira coluna é texto (`Login | 15/03/2025 | 11:34:02 | IP`):
- os rótulos da esquerda são nomes de campo que se reconhecem (ao menos dois, e metade), cada um uma vez;
- os valores de uma linha têm a mesma forma (datas ao lado de datas, IPs ao lado de IPs) mais vezes do que os de
  uma coluna: numa tabela de dados é o contrário;
- a linha logo acima não é um cabeçalho de colunas ("Operação | Data | Hora | IP"); a de títulos dos registros
  ("Campo | Acesso 1 | Acesso 2") fica fora dos campos.

Só planilhas (cada célula é um trecho, e a coluna dela é o registro que o validador refaz por conta própria);
num CSV a linha inteira é um trecho e não diz de qual coluna é cada valor.
"""

from __future__ import annotations

import re
from itertools import groupby

from perito.chaves.nome import dobrar
from perito.extratores import colunas
from perito.extratores.registros.blocos import rotulo_solto
from perito.leitura.documento import Trecho
from perito.leitura.registro import Campo, RegistroLido

#: registros lado a lado: duas colunas de valores ou mais (com uma só, é a ficha rótulo | valor de sempre)
_MINIMO_DE_REGISTROS = 2
#: linhas de campos (com a de títulos fora)
_MINIMO_DE_CAMPOS = 2
#: a célula de título da coluna de rótulos ("Campo", "Field", "Atributo")
_TITULO_DOS_ROTULOS = frozenset({"campo", "campos", "field", "fields", "item", "atributo", "attribute", "dado", "dados",
                                 "informacao", "key", "chave", "descricao"})
_FORMA = re.compile(r"(\d+)|([^\W\d_]+)|(\s+)")


def forma(texto: str) -> str:
    """A forma de um valor: cada corrida de algarismos vira 9, de letras, a; a pontuação fica ("9/9/9", "9.9.9.9")."""
    return _FORMA.sub(lambda m: "9" if m.group(1) else "a" if m.group(2) else " ", texto.strip())


def da_planilha(celulas: list[Trecho]) -> list[RegistroLido]:
    registros: list[RegistroLido] = []
    for _, da_aba in groupby(celulas, key=lambda t: t.aba):
        linhas = [(numero, [c for c in da_linha if c.texto.strip()])
                  for numero, da_linha in groupby(da_aba, key=lambda t: t.linha_tabela) if numero is not None]
        for inicio, fim in _corridas(linhas):
            acima = linhas[inicio - 1][1] if inicio > 0 and linhas[inicio - 1][0] == linhas[inicio][0] - 1 else []
            registros.extend(_registros(linhas[inicio:fim], acima))
    return registros


def _corridas(linhas: list[tuple[int, list[Trecho]]]) -> list[tuple[int, int]]:
    """As faixas [início, fim) de linhas seguidas com três células cheias ou mais e a da esquerda, na mesma coluna,
    com cara de rótulo (letras, sem algarismos)."""
    faixas: list[tuple[int, int]] = []
    inicio = None
    for i, (numero, cheias) in enumerate(linhas):
        seguida = (inicio is not None and numero == linhas[i - 1][0] + 1
                   and cheias and linhas[inicio][1] and cheias[0].coluna == linhas[inicio][1][0].coluna)
        candidata = len(cheias) >= 1 + _MINIMO_DE_REGISTROS and rotulo_solto(cheias[0].texto, qualquer=True) is not None
        if inicio is not None and not (candidata and seguida):
            faixas.append((inicio, i))
            inicio = None
        if inicio is None and candidata:
            inicio = i
    if inicio is not None:
        faixas.append((inicio, len(linhas)))
    return faixas


def _registros(corrida: list[tuple[int, list[Trecho]]], acima: list[Trecho]) -> list[RegistroLido]:
    titulos = None
    if set(colunas.palavras(corrida[0][1][0].texto)) <= _TITULO_DOS_ROTULOS:
        titulos, corrida = corrida[0][1], corrida[1:]  # "Campo | Acesso 1 | Acesso 2": os títulos dos registros
    rotulos = [rotulo_solto(cheias[0].texto, qualquer=True) or "" for _, cheias in corrida]
    reconhecidos = sum(1 for r in rotulos if colunas.papel(r))
    if (len(corrida) < _MINIMO_DE_CAMPOS or reconhecidos < max(2, (len(corrida) + 1) // 2)
            or len({dobrar(r) for r in rotulos}) < len(rotulos)):
        return []
    if titulos is None and acima and colunas.parece_cabecalho([c.texto for c in acima[1:]]):
        return []  # "Operação | Data | Hora | IP" logo acima: as linhas são de uma tabela de dados
    grade = {(numero, c.coluna): c for numero, cheias in corrida for c in cheias[1:]}
    letras = sorted({c.coluna for _, cheias in corrida for c in cheias[1:] if c.coluna},
                    key=lambda letra: (len(letra), letra))
    if len(letras) < _MINIMO_DE_REGISTROS or not _valores_por_linha(corrida, letras, grade):
        return []
    registros = []
    for letra in letras:
        campos, trechos = [], []
        for (numero, cheias), rotulo in zip(corrida, rotulos, strict=True):
            if (celula := grade.get((numero, letra))) is None:
                continue
            campos.append(Campo(rotulo, celula.texto, celula, 0))
            trechos += [cheias[0], celula]
        if len(campos) >= _MINIMO_DE_CAMPOS:
            aba = campos[0].trecho.aba
            registros.append(RegistroLido(f"{aba}!{campos[0].trecho.localizacao}" if aba else campos[0].trecho.localizacao,
                                          campos, trechos))
    return registros


def _valores_por_linha(corrida: list[tuple[int, list[Trecho]]], letras: list[str],
                       grade: dict[tuple[int, str | None], Trecho]) -> bool:
    """Os valores têm a mesma forma ao longo das linhas (a tabela transposta) mais vezes que ao longo das colunas
    (a tabela de dados)."""
    def iguais(celulas: list[Trecho]) -> bool:
        # só os valores com algarismos: nomes de coluna (um cabeçalho em dois níveis) e nomes de pessoa não dizem nada
        com_algarismos = [c for c in celulas if any(ch.isdigit() for ch in c.texto)]
        return len(com_algarismos) >= 2 and len({forma(c.texto) for c in com_algarismos}) == 1

    por_linha = sum(1 for numero, _ in corrida if iguais([c for letra in letras if (c := grade.get((numero, letra)))]))
    por_coluna = sum(1 for letra in letras if iguais([c for numero, _ in corrida if (c := grade.get((numero, letra)))]))
    return por_linha > 0 and por_linha * len(letras) > por_coluna * len(corrida)  # as frações, sem dividir
