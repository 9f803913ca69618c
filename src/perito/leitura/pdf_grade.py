"""Tabelas com grade num PDF nativo: a célula que quebra em duas ou três linhas é uma célula só.

Uma resposta do DICT em PDF desenha a tabela com réguas; o nome do titular não cabe na coluna e quebra
("JOSÉ" / "MOREIRA" / "ROCHA"). Pela camada de texto, cada pedaço é uma linha: a chave e o CPF ficam na
primeira, o nome se perde. A geometria resolve: o localizador de tabelas do pdfplumber (estratégia de
réguas) dá cada célula inteira, e a linha da camada de texto em que a linha da tabela começa passa a ter
as células (`Trecho.celulas`, como uma linha de CSV ou de tabela DOCX), com o cabeçalho da tabela — escrito
dentro da grade ou logo acima dela — também em células, palavra a palavra pela coluna em que cai.

As linhas (`linha N`) continuam as da camada de texto: nada muda de lugar, só se acrescentam as células;
o validador lê com a mesma função e vê as mesmas células. Só as páginas com réguas desenhadas passam
pelo pdfplumber (o custo fica nas páginas que têm grade).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from perito.leitura.documento import Trecho

#: objetos de caminho (réguas, retângulos) a partir dos quais a página pode ter uma grade
MINIMO_DE_REGUAS = 6
#: uma tabela de verdade: ao menos duas linhas e três colunas
MINIMO_DE_LINHAS, MINIMO_DE_COLUNAS = 2, 3
#: distância máxima (pt) entre o cabeçalho escrito acima da grade e o topo dela
CABECALHO_ACIMA = 24.0


def tem_reguas(pagina: pdfium.PdfPage) -> bool:
    """Se a página desenha caminhos bastantes para uma grade (contagem barata, sem o pdfplumber)."""
    caminhos = 0
    for indice in range(pdfium_c.FPDFPage_CountObjects(pagina.raw)):
        objeto = pdfium_c.FPDFPage_GetObject(pagina.raw, indice)
        if objeto and pdfium_c.FPDFPageObj_GetType(objeto) == pdfium_c.FPDF_PAGEOBJ_PATH:
            caminhos += 1
            if caminhos >= MINIMO_DE_REGUAS:
                return True
    return False


def _normal(texto: str) -> str:
    return " ".join(texto.split())


def _celulas(linha: list[Any]) -> list[str]:
    return [_normal(c or "") for c in linha]


def _primeira_linha(linha: list[Any]) -> str:
    return _normal(" ".join((c or "").split("\n")[0] for c in linha if c))


def _tem_digito(celulas: list[str]) -> bool:
    return any(ch.isdigit() for c in celulas for ch in c)


def _colunas(tabela: Any) -> list[tuple[float, float]]:
    """(x0, x1) de cada coluna, pela linha da tabela com mais células."""
    linha = max(tabela.rows, key=lambda r: sum(c is not None for c in r.cells))
    return [(c[0], c[2]) if c is not None else (0.0, 0.0) for c in linha.cells]


def _palavra_cortada(tabela: Any, palavras: list[dict[str, Any]]) -> bool:
    """Um texto corrido dentro da tabela atravessa a borda entre duas células da sua linha: uma palavra por cima
    da divisa, ou duas palavras seguidas separadas só por um espaço com a divisa entre elas."""
    for linha in tabela.rows:
        celulas = [c for c in linha.cells if c is not None]
        if len(celulas) < 2:
            continue
        topo, base = min(c[1] for c in celulas), max(c[3] for c in celulas)
        bordas = sorted({c[2] for c in celulas})[:-1]  # as divisas internas (x1 de cada célula menos a última)
        dentro = sorted((p for p in palavras if p["top"] >= topo - 1 and p["bottom"] <= base + 1),
                        key=lambda p: (round(p["top"]), p["x0"]))
        for p in dentro:
            if any(p["x0"] < x - 1 and p["x1"] > x + 1 for x in bordas):
                return True
        for a, b in zip(dentro, dentro[1:], strict=False):
            espaco = 0.4 * (a["bottom"] - a["top"])  # um espaço entre palavras; entre células há o recuo das duas
            if abs(a["top"] - b["top"]) <= 2 and b["x0"] - a["x1"] <= espaco and any(
                    a["x0"] < x < b["x0"] for x in bordas):
                return True
    return False


def _cabecalho_acima(pagina: Any, tabela: Any, colunas: list[tuple[float, float]]) -> tuple[list[str], str] | None:
    """As palavras da linha logo acima da grade, cada uma na coluna em que cai: (células, texto da linha)."""
    x0, topo, x1, _ = tabela.bbox
    palavras = [p for p in pagina.extract_words(x_tolerance=3, y_tolerance=3)
                if p["bottom"] <= topo + 1 and p["bottom"] >= topo - CABECALHO_ACIMA and p["x1"] >= x0 and p["x0"] <= x1]
    if not palavras:
        return None
    base = max(p["top"] for p in palavras)
    linha = sorted((p for p in palavras if abs(p["top"] - base) <= 3), key=lambda p: p["x0"])
    celulas = [""] * len(colunas)
    for palavra in linha:
        centro = (palavra["x0"] + palavra["x1"]) / 2
        indice = min(range(len(colunas)), key=lambda i: 0 if colunas[i][0] <= centro <= colunas[i][1]
                     else min(abs(centro - colunas[i][0]), abs(centro - colunas[i][1])))
        celulas[indice] = _normal(f"{celulas[indice]} {palavra['text']}")
    if sum(bool(c) for c in celulas) * 2 < len(colunas):
        return None
    if sum(any(ch.isdigit() for ch in c) for c in celulas) > 1:
        return None  # a linha de cima é um lançamento (valores, horas), não nomes de coluna ("Data (UTC-3)" passa)
    return celulas, _normal(" ".join(p["text"] for p in linha))


def aplicar(trechos: list[Trecho], pagina: Any, primeira_tabela: int) -> tuple[list[Trecho], int]:
    """Os trechos da página com as células das linhas de tabela com grade; devolve também quantas tabelas
    a página tinha (para numerar as da página seguinte)."""
    tabelas = [t for t in pagina.find_tables() if len(t.rows) >= MINIMO_DE_LINHAS]
    resultado = list(trechos)
    numero = primeira_tabela
    palavras = pagina.extract_words(x_tolerance=3, y_tolerance=3) if tabelas else []
    for tabela in tabelas:
        if _palavra_cortada(tabela, palavras):
            # uma linha escrita de um lado a outro da faixa ("IP de origen: ::ffff:179.115.78.142 Puerto: 24677"
            # sob o lançamento) passa por cima das bordas: as células a cortariam no meio das palavras
            continue
        extraidas = tabela.extract()
        if not extraidas or max(len(linha) for linha in extraidas) < MINIMO_DE_COLUNAS:
            continue
        linhas: list[tuple[list[str], str]] = [(_celulas(linha), _primeira_linha(linha)) for linha in extraidas]
        if _tem_digito(linhas[0][0]):
            if (acima := _cabecalho_acima(pagina, tabela, _colunas(tabela))) is None:
                # sem cabeçalho as células não dizem de que coluna são: faixas de fundo alternadas (zebra) de um
                # extrato viram "tabelas" de uma ou duas linhas; as linhas de texto, com o cabeçalho do dia e o
                # saldo corrente entre elas, leem melhor
                continue
            linhas.insert(0, acima)  # o cabeçalho fora da grade: a linha de cima, palavra por coluna
        numero += 1
        identidade = f"tabela {numero}"
        inicio = 0
        for celulas, primeira in linhas:
            indice = next((i for i in range(inicio, len(resultado)) if _normal(resultado[i].texto) == primeira), None)
            if indice is None:
                indice = _linha_de_cima_da_linha(resultado, inicio, celulas)
            if indice is not None:
                resultado[indice] = replace(resultado[indice], celulas=tuple(celulas), tabela=identidade)
                inicio = indice + 1
    return resultado, numero - primeira_tabela


def _linha_de_cima_da_linha(trechos: list[Trecho], inicio: int, celulas: list[str]) -> int | None:
    """A linha de texto em que começa uma linha da tabela cujas células quebram em alturas diferentes (o cabeçalho
    "Porta" / "inicial" ao lado de "IP público" escrito embaixo, alinhado ao pé da célula): a primeira linha de
    texto, a partir de `inicio`, feita só de palavras das células (duas ou mais), seguida de outra assim. A linha de
    cima de cada célula, juntas, não é linha nenhuma da camada de texto."""
    das_celulas = Counter(" ".join(celulas).split())
    def so_das_celulas(indice: int) -> bool:
        palavras = Counter(_normal(trechos[indice].texto).split())
        return len(palavras) >= 2 and not palavras - das_celulas
    return next((i for i in range(inicio, len(trechos) - 1) if so_das_celulas(i) and so_das_celulas(i + 1)), None)


# --- tabela sem réguas: as colunas pelo alinhamento das palavras -------------------------------------------------

#: espaço máximo (pt) entre duas palavras da mesma célula; mais que isto separa colunas
ESPACO_NA_CELULA = 6.0
#: tolerância (pt) para duas células começarem na mesma coluna
ALINHAMENTO = 2.0


def parece_celula_quebrada(linhas: list[str]) -> bool:
    """Gatilho barato, pela camada de texto: uma linha curta só de palavras logo abaixo de uma linha de tabela
    (muitos campos, alguns com dígitos) — o resto de uma célula que não coube. Só então a página vai ao pdfplumber."""
    for anterior, linha in zip(linhas, linhas[1:], strict=False):  # pares de linhas vizinhas
        palavras = linha.split()
        campos = anterior.split()
        # o resto pode ter um número ("Tavares, 524 - Caxias" de um endereço), nunca dois: aí é outra linha de dados
        if (1 <= len(palavras) <= 4 and sum(any(c.isdigit() for c in p) for p in palavras) <= 1 and len(campos) >= 5
                and sum(any(c.isdigit() for c in campo) for campo in campos) >= 2):
            return True
    return False


def _grupos(palavras: list[dict[str, Any]]) -> list[tuple[float, str]]:
    """(x de início, texto) de cada célula de uma linha: palavras seguidas com pouco espaço entre elas."""
    grupos: list[list[dict[str, Any]]] = []
    for palavra in sorted(palavras, key=lambda p: p["x0"]):
        if grupos and palavra["x0"] - grupos[-1][-1]["x1"] <= ESPACO_NA_CELULA:
            grupos[-1].append(palavra)
        else:
            grupos.append([palavra])
    return [(g[0]["x0"], " ".join(p["text"] for p in g)) for g in grupos]


def _linhas_de_palavras(pagina: Any) -> list[list[tuple[float, str]]]:
    linhas: list[list[dict[str, Any]]] = []
    for palavra in sorted(pagina.extract_words(x_tolerance=3, y_tolerance=3), key=lambda p: (p["top"], p["x0"])):
        if linhas and abs(palavra["top"] - linhas[-1][0]["top"]) <= 3:
            linhas[-1].append(palavra)
        else:
            linhas.append([palavra])
    return [_grupos(linha) for linha in linhas]


def _coluna(inicio: float, colunas: list[float]) -> int | None:
    return next((i for i, x in enumerate(colunas) if abs(x - inicio) <= ALINHAMENTO), None)


def aplicar_sem_reguas(trechos: list[Trecho], pagina: Any, primeira_tabela: int) -> tuple[list[Trecho], int]:
    """Tabela sem réguas cujas células quebram em linhas: o cabeçalho (uma linha de três células ou mais) dá as
    colunas pelo x de início de cada uma; cada linha abaixo cujas células começam nessas colunas é um registro, e
    a linha curta cujas palavras começam numa coluna só é a continuação da célula daquela coluna no registro de
    cima. Os trechos das linhas de registro (e do cabeçalho) ganham as células; os `linha N` não mudam."""
    resultado = list(trechos)
    linhas = _linhas_de_palavras(pagina)
    numero, indice = primeira_tabela, 0
    while indice < len(linhas):
        cabecalho = linhas[indice]
        colunas = [x for x, _ in cabecalho]
        registros: list[tuple[list[tuple[float, str]], list[str]]] = []
        continuou = False  # alguma célula quebrou de fato numa linha de baixo
        seguinte = indice + 1
        while seguinte < len(linhas) and len(cabecalho) >= MINIMO_DE_COLUNAS:
            linha = linhas[seguinte]
            posicoes = [_coluna(x, colunas) for x, _ in linha]
            if None in posicoes:
                break
            # o resto de uma célula de cima: poucas células, só de palavras, ou que deixam vazia a primeira coluna
            # (a chave do registro, sempre preenchida numa linha nova: "Tavares, 524 - Caxias" sob o endereço)
            if registros and len(linha) < len(registros[-1][0]) and len(linha) <= 2 and (
                    all(t.replace(" ", "").isalpha() for _, t in linha) or 0 not in posicoes):
                for (_, texto), coluna in zip(linha, posicoes, strict=True):  # o resto da célula de cima
                    celulas = registros[-1][1]
                    celulas[coluna] = _normal(f"{celulas[coluna]} {texto}")  # type: ignore[index]
                continuou = True
            elif len(linha) >= MINIMO_DE_COLUNAS:
                celulas = [""] * len(colunas)
                for (_, texto), coluna in zip(linha, posicoes, strict=True):
                    celulas[coluna] = _normal(f"{celulas[coluna]} {texto}")  # type: ignore[index]
                registros.append((linha, celulas))
            else:
                break
            seguinte += 1
        # só uma tabela cujas células quebram em linhas muda a leitura; sem quebra, as linhas de texto já são os
        # registros (e o cabeçalho de dia entre elas segue contexto delas)
        if len(registros) >= 1 and continuou:
            numero += 1
            identidade = f"tabela {numero}"
            alvo = [(_normal(" ".join(t for _, t in cabecalho)), [t for _, t in cabecalho])]
            alvo += [(_normal(" ".join(t for _, t in linha)), celulas) for linha, celulas in registros]
            inicio = 0
            for primeira, celulas in alvo:
                for posicao in range(inicio, len(resultado)):
                    if _normal(resultado[posicao].texto) == primeira and resultado[posicao].celulas is None:
                        resultado[posicao] = replace(resultado[posicao], celulas=tuple(celulas), tabela=identidade)
                        inicio = posicao + 1
                        break
            indice = seguinte
        else:
            indice += 1
    return resultado, numero - primeira_tabela
