"""Tabela sem réguas num PDF nativo: as colunas pelos pedaços de texto que o PDFium mede, sem o pdfplumber.

Uma resposta de operadora em PDF sem grade escreve "83968130360 LIVIA MIRANDA PEIXOTO MEDEIROS 76323951134 Rua
Padre Anchieta, 1333 ..." numa linha da camada de texto: o CPF sem pontos e o nome em maiúsculas não se separam
pelo texto (onze dígitos soltos podem ser telefone; o nome encosta no endereço). O gerador do PDF desenha cada
célula à parte, e o PDFium mede cada pedaço (`FPDFText_CountRects`/`GetRect`, em C, barato): o cabeçalho (três
pedaços ou mais, no máximo um com dígitos) dá as colunas, e cada linha abaixo cujos pedaços caem um em cada
coluna é um registro com células, como uma linha de CSV (`Trecho.celulas`).

As linhas (`linha N`) continuam as da camada de texto: só se acrescentam as células, e só quando o texto da linha
é o dos pedaços juntos. Uma linha de um pedaço só (título, cabeçalho do dia) não encerra a tabela, mas se há uma
em todo vão entre registros, ela é a 2ª linha de cada registro e a tabela fica como texto (a leitura por linhas
junta as duas); outra linha de nomes de coluna começa outra tabela; uma linha que não cabe nas colunas
encerra. Linhas que o PDFium mede palavra a palavra (sem células) não formam tabela e seguem como texto.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pypdfium2 as pdfium

from perito.leitura import pdf_monoespacado
from perito.leitura.documento import Trecho
from perito.leitura.pdf_retangulo import Retangulos

#: tolerância vertical (pt) para dois pedaços estarem na mesma linha (a da camada de texto)
TOLERANCIA = 3.0
#: uma tabela: cabeçalho de três colunas ou mais e ao menos duas linhas de registro
MINIMO_DE_COLUNAS, MINIMO_DE_REGISTROS = 3, 2


@dataclass(frozen=True)
class Pedaco:
    esquerda: float
    direita: float
    topo: float
    texto: str


def pedacos(camada: pdfium.PdfTextPage, largura_fixa: bool = True) -> list[list[Pedaco]]:
    """Os pedaços de texto da página agrupados em linhas visuais (de cima para baixo, da esquerda para a direita);
    `largura_fixa`: a linha de um relatório em fonte de largura fixa, medida num pedaço só, parte-se nas células
    (`pdf_monoespacado`)."""
    medidos = []
    bases: dict[int, float] = {}
    retangulos = Retangulos(camada)
    for indice in range(camada.count_rects()):
        esquerda, base, direita, topo = camada.get_rect(indice)
        texto = " ".join(retangulos.texto(esquerda, base, direita, topo).split())
        if texto:
            medidos.append(Pedaco(esquerda, direita, topo, texto))
            bases[id(medidos[-1])] = base
    linhas: list[list[Pedaco]] = []
    for pedaco in sorted(medidos, key=lambda p: -p.topo):
        if linhas and abs(linhas[-1][-1].topo - pedaco.topo) <= TOLERANCIA:
            linhas[-1].append(pedaco)
        else:
            linhas.append([pedaco])
    # a linha de um relatório em fonte de largura fixa, medida num pedaço só: as células pelos vãos entre elas
    fixa = largura_fixa and any(len(linha) == 1 for linha in linhas) and pdf_monoespacado.pagina_com_fonte_fixa(camada)
    for posicao, linha in enumerate(linhas):
        if fixa and len(linha) == 1 and (celulas := pdf_monoespacado.partir(
                camada, linha[0].texto, linha[0].esquerda, linha[0].direita, bases[id(linha[0])], linha[0].topo)):
            linhas[posicao] = [Pedaco(esquerda, direita, linha[0].topo, texto) for esquerda, direita, texto in celulas]
    return [sorted(linha, key=lambda p: p.esquerda) for linha in linhas]


def _cabecalho(linha: list[Pedaco]) -> bool:
    """Nomes de coluna: três pedaços ou mais, no máximo um com dígitos ("Data (UTC-3)" passa)."""
    return len(linha) >= MINIMO_DE_COLUNAS and sum(any(c.isdigit() for c in p.texto) for p in linha) <= 1


def _coluna(pedaco: Pedaco, colunas: list[Pedaco]) -> int:
    """A coluna do cabeçalho com que o pedaço mais se sobrepõe; sem sobreposição, aquela em cuja faixa ele começa
    (do início do nome da coluna até o início da seguinte). Um valor alinhado à direita cai na coluna dele."""
    sobreposicoes = [min(pedaco.direita, c.direita) - max(pedaco.esquerda, c.esquerda) for c in colunas]
    melhor = max(range(len(colunas)), key=lambda i: sobreposicoes[i])
    if sobreposicoes[melhor] > 0:
        return melhor
    return max((i for i, c in enumerate(colunas) if c.esquerda - TOLERANCIA <= pedaco.esquerda), default=0)


def _celulas(linha: list[Pedaco], colunas: list[Pedaco]) -> list[str] | None:
    """As células da linha pelas colunas; None quando dois pedaços caem na mesma coluna (não é desta tabela)."""
    celulas = [""] * len(colunas)
    for pedaco in linha:
        indice = _coluna(pedaco, colunas)
        if celulas[indice]:
            return None
        celulas[indice] = pedaco.texto
    return celulas


def _tabelas(linhas: list[list[Pedaco]]) -> list[tuple[list[Pedaco], list[tuple[list[Pedaco], list[str]]]]]:
    """(cabeçalho, [(linha, células)]) de cada tabela da página."""
    tabelas = []
    indice = 0
    while indice < len(linhas):
        cabecalho = linhas[indice]
        indice += 1
        if not _cabecalho(cabecalho):
            continue
        registros = []
        soltas = vaos_com_solta = 0  # linhas de um pedaço desde o último registro; vãos entre registros com elas
        while indice < len(linhas):
            linha = linhas[indice]
            if len(linha) == 1 and registros:
                soltas += 1  # título ou cabeçalho do dia entre os registros: a tabela continua
                indice += 1
                continue
            if _cabecalho(linha) or len(linha) < 2 or (celulas := _celulas(linha, cabecalho)) is None:
                break  # outra tabela começa (ou o texto voltou)
            vaos_com_solta += soltas > 0
            soltas = 0
            registros.append((linha, celulas))
            indice += 1
        # uma linha solta em todo vão entre registros é a 2ª linha de cada um ("Source IP: ... Port: ..."): o
        # registro tem duas linhas e a leitura por linhas de texto o junta; as células o partiriam
        if len(registros) >= MINIMO_DE_REGISTROS and vaos_com_solta < len(registros) - 1:
            tabelas.append((cabecalho, registros))
    return tabelas


@dataclass(frozen=True)
class Continuacao:
    """A tabela que chegou ao pé da página (depois do último registro, só linhas curtas de um pedaço: "Página 1 de 2"): as
    primeiras linhas da página seguinte que cabem nas colunas dela são registros dela, sem o cabeçalho repetido."""
    cabecalho: list[Pedaco]
    numero: int
    #: por coluna, se os registros de cima têm algarismos nela (True), não têm (False) ou variam (None): a linha de
    #: baixo só continua a tabela com a mesma forma ("Device Model SM-A546E" não é um "Time IP Address Port")
    forma: tuple[bool | None, ...] = ()

    def mesma_forma(self, celulas: list[str]) -> bool:
        return all(tem is None or not celula.strip() or any(c.isdigit() for c in celula) == tem
                   for celula, tem in zip(celulas, self.forma, strict=True))


#: linhas de um pedaço só (título repetido, número da página) toleradas no topo da página antes da continuação
_SOLTAS_NO_TOPO = 2


def aplicar(trechos: list[Trecho], linhas: list[list[Pedaco]], primeira_tabela: int,
            continuacao: Continuacao | None = None) -> tuple[list[Trecho], int, Continuacao | None]:
    """Os trechos da página com as células das tabelas sem réguas que os pedaços mostram; quantas tabelas novas; e a
    tabela que continua na página seguinte, se alguma chega ao pé desta."""
    resultado = list(trechos)
    por_texto: dict[str, list[int]] = {}
    for posicao, trecho in enumerate(resultado):
        por_texto.setdefault(" ".join(trecho.texto.split()), []).append(posicao)
    numero = primeira_tabela
    proxima: Continuacao | None = None
    inicio = 0
    if continuacao is not None:
        inicio, continuados = _continuados(linhas, continuacao)
        posicoes = [_trecho_da_linha(por_texto, resultado, linha) for linha, _ in continuados]
        if continuados and None not in posicoes:
            for posicao, (_, celulas) in zip(posicoes, continuados, strict=True):
                resultado[posicao] = replace(resultado[posicao], celulas=tuple(celulas),  # type: ignore[index]
                                             tabela=f"tabela {continuacao.numero}")
            if _so_soltas(linhas[inicio:]):
                proxima = continuacao
        else:
            inicio = 0
    for cabecalho, registros in _tabelas(linhas[inicio:]):
        alvo = [(cabecalho, [p.texto for p in cabecalho]), *registros]
        posicoes = [_trecho_da_linha(por_texto, resultado, linha) for linha, _ in alvo]
        if None in posicoes:
            continue  # a camada de texto juntou ou partiu a linha de outro jeito: fica o texto
        numero += 1
        for posicao, (_, celulas) in zip(posicoes, alvo, strict=True):
            resultado[posicao] = replace(resultado[posicao], celulas=tuple(celulas), tabela=f"tabela {numero}")  # type: ignore[index]
        ultima = next(i for i, linha in enumerate(linhas) if linha is registros[-1][0])
        proxima = (Continuacao(cabecalho, numero, _forma(registros, len(cabecalho))) if _so_soltas(linhas[ultima + 1:])
                   else None)
    return resultado, numero - primeira_tabela, proxima


def _continuados(linhas: list[list[Pedaco]], continuacao: Continuacao) -> tuple[int, list[tuple[list[Pedaco], list[str]]]]:
    """(índice da primeira linha depois deles, registros) do topo da página que cabem nas colunas da tabela de cima."""
    registros: list[tuple[list[Pedaco], list[str]]] = []
    indice = soltas = 0
    while indice < len(linhas):
        linha = linhas[indice]
        if len(linha) == 1 and not registros and soltas < _SOLTAS_NO_TOPO:
            soltas += 1
            indice += 1
            continue
        if len(linha) < 2 or _cabecalho(linha) or (celulas := _celulas(linha, continuacao.cabecalho)) is None:
            break
        if not continuacao.mesma_forma(celulas):
            break
        registros.append((linha, celulas))
        indice += 1
    return (indice, registros) if registros else (0, [])


def _forma(registros: list[tuple[list[Pedaco], list[str]]], colunas: int) -> tuple[bool | None, ...]:
    forma: list[bool | None] = []
    for indice in range(colunas):
        com = {any(c.isdigit() for c in celulas[indice]) for _, celulas in registros if celulas[indice].strip()}
        forma.append(com.pop() if len(com) == 1 else None)
    return tuple(forma)


#: o pé da página é curto ("Página 1 de 2", "Documento gerado em 16/03/2025"); uma frase depois da tabela a encerra
_PE_DA_PAGINA = 40


def _so_soltas(linhas: list[list[Pedaco]]) -> bool:
    """Só linhas curtas de um pedaço (o pé da página) até o fim."""
    return all(len(linha) == 1 and len(linha[0].texto) <= _PE_DA_PAGINA for linha in linhas)


def _trecho_da_linha(por_texto: dict[str, list[int]], trechos: list[Trecho], linha: list[Pedaco]) -> int | None:
    """O trecho da camada de texto cujo texto é o dos pedaços da linha, ainda sem células."""
    texto = " ".join(p.texto for p in linha)
    return next((p for p in por_texto.get(texto, []) if trechos[p].celulas is None), None)
