"""Extrato impresso em duas colunas de lançamentos lado a lado: cada metade da página é lida como as suas linhas.

Um extrato em PDF que imprime os lançamentos em duas colunas na página (`DATA HISTÓRICO VALOR    DATA HISTÓRICO
VALOR`, cada metade uma tabela inteira) tem, na camada de texto, o lançamento da esquerda e o da direita na mesma
linha visual: "10/07/2025 PIX RECEBIDO JORGE ... 500,00 C 14/07/2025 PIX RECEBIDO ANA ... 2.350,00 C" era uma
`linha N`, e o da direita ficava com a data e o sentido do da esquerda (o crédito de 14/07 saía com 10/07).

Regra (conservadora: só com o cabeçalho repetido):

1. Cabeçalho dobrado: uma linha de pedaços medidos (`pdf_colunas.Pedaco`) que se parte em duas metades com a mesma
   sequência de nomes de coluna (acentos, caixa e espaços dobrados), três nomes ou mais em cada uma, no máximo um com
   algarismos, a metade da direita deslocada da da esquerda por um mesmo tanto (cada nome a até `DESLOCAMENTO` pt do
   par dele mais o deslocamento do primeiro) e começando depois do fim da da esquerda. A fronteira é o meio do vão
   entre as duas metades do cabeçalho.
   O gerador que escreve vários nomes num trecho só (a metade "DATA HISTÓRICO VALOR" de uma vez, ou a linha inteira)
   dá um pedaço com vários nomes: o cabeçalho então se reconhece pelas palavras (`cabecalhos_em_palavras`: cada
   palavra com a posição dos seus caracteres, medidos pelo PDFium ou pelo pdfminer), com a mesma regra; se as duas
   metades vêm do mesmo trecho, o vão entre elas tem de passar da altura das letras (não um espaço). A palavra não
   mostra onde a coluna começa nem acaba (a metade do cabeçalho acaba antes dos valores da coluna dela; o histórico
   passa por cima do nome "VALOR"; o valor alinhado à direita começa antes do nome): a fronteira provisória fica logo
   antes da metade da direita, cabem numa metade tantos pedaços quantos são os nomes dela (sem um por cima de outro),
   e a fronteira final é o meio do vão entre as metades nas linhas da região.
2. A região: as linhas logo abaixo do cabeçalho cujos pedaços ficam todos de um lado da fronteira e cabem nas colunas
   da metade deles (dois pedaços numa coluna só não cabem), até o último lançamento (dois pedaços ou mais numa metade,
   ou um pedaço em cada metade: o gerador que escreve a metade de um lançamento de uma vez); uma linha que atravessa a
   fronteira, outro cabeçalho ou uma linha que não cabe a encerram; as linhas de um pedaço só depois do último
   lançamento (o saldo final, o pé da página, o último lançamento da esquerda escrito de uma vez, sem par na direita)
   ficam fora dela.
3. Cada linha da camada de texto da região (o texto dela tem de ser o dos pedaços, na ordem) é cortada no ponto em
   que acaba o texto dos pedaços da esquerda: o texto literal de cada metade, com os espaços dele.
4. As linhas da página ficam: as de cima da região; o cabeçalho da esquerda e os lançamentos da coluna da esquerda,
   de cima para baixo; o cabeçalho da direita e os lançamentos da coluna da direita; as de baixo da região. `linha N`
   é a N-ésima linha dessa sequência (a coluna da esquerda inteira antes da da direita, como se lê o papel).

Com o cabeçalho dobrado mas a região impossível de cortar com segurança (a camada de texto juntou ou partiu uma
linha de outro jeito que os pedaços, ou um lançamento atravessa a fronteira), as linhas ficam como estão e um alerta
diz que os valores de uma linha podem ser de dois lançamentos. A leitura principal (PDFium) e a segunda leitura do
validador (pdfplumber, pelas palavras dele) aplicam esta mesma regra, cada uma sobre a sua geometria.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from perito.chaves.nome import dobrar
from perito.leitura.pdf_colunas import Pedaco, _celulas

#: nomes de coluna em cada metade do cabeçalho dobrado, no mínimo (como a tabela sem réguas de `pdf_colunas`)
MINIMO_DE_COLUNAS = 3
#: quanto (pt) o deslocamento de um nome da metade da direita pode diferir do deslocamento do primeiro
DESLOCAMENTO = 6.0
#: o vão mínimo (pt) entre o fim da metade da esquerda do cabeçalho e o começo da da direita
VAO = 3.0


@dataclass(frozen=True)
class Palavra(Pedaco):
    """Um nome de coluna tirado de um pedaço com vários (o gerador escreveu a metade do cabeçalho, ou a linha, de uma
    vez): a posição é a da palavra, pelos caracteres dela, e não diz até onde vai a coluna (`cabecalhos_em_palavras`)."""

    origem: Pedaco  # o pedaço medido de onde a palavra veio
    altura: float  # a altura dos caracteres dela (pt)


@dataclass(frozen=True)
class Regiao:
    """Uma tabela dobrada da página: o índice do cabeçalho e das linhas de pedaços dela, e a fronteira (pt)."""

    cabecalho: int
    linhas: tuple[int, ...]  # índices das linhas de pedaços da região, sem o cabeçalho
    fronteira: float
    metade: int  # quantos pedaços tem a metade da esquerda do cabeçalho
    #: o texto da linha que encerrou a região por atravessar a fronteira ou não caber nas colunas, com pedaços dos
    #: dois lados (a tabela pode continuar abaixo dela com as linhas juntas); None quando a região acabou de outro jeito
    interrompida: str | None = None


@dataclass(frozen=True)
class Continua:
    """A tabela dobrada que chegou ao pé da página (depois dela, só linhas curtas de um pedaço): a página seguinte
    pode continuá-la sem repetir o cabeçalho."""

    colunas: tuple[tuple[Pedaco, ...], tuple[Pedaco, ...]]
    fronteira: float
    nomes: str


@dataclass(frozen=True)
class Separacao:
    linhas: list[str]
    pedacos: list[list[Pedaco]]
    alertas: list[str]
    continua: Continua | None = None


def linha_dobrada(texto: str) -> bool:
    """A condição barata, necessária para um cabeçalho dobrado: as palavras da linha (dobradas) são uma sequência
    repetida duas vezes, com três ou mais em cada metade. Só a página com uma linha assim tem os pedaços olhados."""
    palavras = texto.split()
    metade = len(palavras) // 2
    if metade < MINIMO_DE_COLUNAS or len(palavras) % 2 or dobrar(palavras[0]) != dobrar(palavras[metade]):
        return False  # o caminho de quase toda linha, sem dobrar a linha inteira
    palavras = dobrar(texto).split()
    metade = len(palavras) // 2
    return metade >= MINIMO_DE_COLUNAS and not len(palavras) % 2 and palavras[:metade] == palavras[metade:]


def fronteira_do_cabecalho(linha: list[Pedaco]) -> float | None:
    """A fronteira entre as duas metades, se a linha é um cabeçalho dobrado (a regra 1); senão None. Com os nomes
    tirados de pedaços com vários (`Palavra`), o vão entre as metades, se as duas vêm do mesmo pedaço, tem de passar
    da altura dos caracteres (mais que um espaço entre palavras, como em `pedacos_de_caracteres`); e a fronteira fica
    logo antes da metade da direita (a da esquerda acaba antes dos valores da coluna dela: `regioes` a acerta)."""
    if len(linha) < 2 * MINIMO_DE_COLUNAS or len(linha) % 2:
        return None
    metade = len(linha) // 2
    esquerda, direita = linha[:metade], linha[metade:]
    if [dobrar(p.texto) for p in esquerda] != [dobrar(p.texto) for p in direita]:
        return None
    if sum(any(c.isdigit() for c in p.texto) for p in esquerda) > 1:
        return None
    ultimo, primeiro = esquerda[-1], direita[0]
    if primeiro.esquerda - ultimo.direita < VAO:
        return None
    if isinstance(ultimo, Palavra) and isinstance(primeiro, Palavra) and ultimo.origem == primeiro.origem \
            and primeiro.esquerda - ultimo.direita <= max(ultimo.altura, primeiro.altura):
        return None
    deslocamento = direita[0].esquerda - esquerda[0].esquerda
    if any(abs(d.esquerda - e.esquerda - deslocamento) > DESLOCAMENTO for e, d in zip(esquerda, direita, strict=True)):
        return None
    if _por_palavras(linha):
        return primeiro.esquerda - TOLERANCIA
    return (esquerda[-1].direita + direita[0].esquerda) / 2


#: pt de folga à esquerda do primeiro nome da metade da direita na fronteira provisória do cabeçalho pelas palavras
#: (a caixa do caractere e o retângulo do pedaço não coincidem), como a `TOLERANCIA` das colunas
TOLERANCIA = 3.0


def _por_palavras(cabecalho: list[Pedaco] | tuple[Pedaco, ...]) -> bool:
    return any(isinstance(p, Palavra) for p in cabecalho)


def _cabe(lado: list[Pedaco], colunas: list[Pedaco] | tuple[Pedaco, ...]) -> bool:
    """Os pedaços de um lado cabem nas colunas da metade do cabeçalho: um por coluna (`pdf_colunas._celulas`). Com
    nomes tirados de um pedaço com vários (`Palavra`), a posição de um nome não diz onde a coluna começa nem acaba
    (o histórico comprido passa por cima do nome "VALOR" escrito logo depois de "HISTÓRICO"; o valor alinhado à
    direita começa antes do nome): cabem tantos pedaços quantos são os nomes, nenhum por cima de outro."""
    if not _por_palavras(colunas):
        return _celulas(lado, list(colunas)) is not None
    return len(lado) <= len(colunas) and all(a.direita <= b.esquerda for a, b in zip(lado, lado[1:], strict=False))


def cabecalhos_em_palavras(linhas: list[list[Pedaco]], caracteres: list[dict[str, Any]]) -> list[list[Pedaco]]:
    """As linhas de pedaços com cada linha dobrada (`linha_dobrada`) que não é cabeçalho pelos pedaços, mas é pelas
    palavras, em palavras (`Palavra`, a posição de cada uma pelos `caracteres` da página, com as chaves de
    `linhas_de_caracteres`): o gerador que escreve a metade do cabeçalho ("DATA HISTÓRICO VALOR") num trecho só. As
    outras linhas ficam como estão; sem nenhuma assim, a mesma lista."""
    saida: list[list[Pedaco]] | None = None
    for indice, linha in enumerate(linhas):
        if fronteira_do_cabecalho(linha) is not None or all(len(p.texto.split()) < 2 for p in linha) \
                or not linha_dobrada(" ".join(p.texto for p in linha)):
            continue
        palavras: list[Pedaco] = []
        for pedaco in linha:
            if len(pedaco.texto.split()) < 2:
                palavras.append(pedaco)
                continue
            dele = _palavras(pedaco, caracteres)
            if dele is None:
                break
            palavras += dele
        else:
            if fronteira_do_cabecalho(palavras) is not None:
                saida = list(linhas) if saida is None else saida
                saida[indice] = palavras
    return linhas if saida is None else saida


def _palavras(pedaco: Pedaco, caracteres: list[dict[str, Any]]) -> list[Pedaco] | None:
    """As palavras do pedaço, cada uma do primeiro ao último caractere dela: os caracteres visíveis na faixa do
    pedaço e na altura dele, da esquerda para a direita, têm de ser exatamente as letras do texto dele; senão None."""
    dentro = sorted((c for c in caracteres if c["text"].strip() and c.get("upright", True)
                     and pedaco.esquerda - 1 <= (c["x0"] + c["x1"]) / 2 <= pedaco.direita + 1
                     and -c["bottom"] <= pedaco.topo <= -c["top"] + _TOLERANCIA_Y), key=lambda c: c["x0"])
    if "".join(c["text"] for c in dentro) != "".join(pedaco.texto.split()):
        return None
    saida: list[Pedaco] = []
    inicio = 0
    for palavra in pedaco.texto.split():
        fim, letras = inicio, ""
        while len(letras) < len(palavra):
            letras += dentro[fim]["text"]
            fim += 1
        if letras != palavra:
            return None  # um caractere de duas letras ("fi") no fim de uma palavra e no começo da outra
        dela, inicio = dentro[inicio:fim], fim
        saida.append(Palavra(dela[0]["x0"], max(c["x1"] for c in dela), pedaco.topo, palavra, pedaco,
                             max(c["bottom"] - c["top"] for c in dela)))
    return saida


def regioes(linhas: list[list[Pedaco]]) -> list[Regiao]:
    """As tabelas dobradas da página (regras 1 e 2), de cima para baixo."""
    achadas: list[Regiao] = []
    indice = 0
    while indice < len(linhas):
        fronteira = fronteira_do_cabecalho(linhas[indice])
        if fronteira is None:
            indice += 1
            continue
        cabecalho = linhas[indice]
        metade = len(cabecalho) // 2
        colunas = (cabecalho[:metade], cabecalho[metade:])
        dentro: list[int] = []
        ultimo_lancamento = -1
        seguinte = indice + 1
        interrompida = None
        while seguinte < len(linhas):
            linha = linhas[seguinte]
            lados = _lados(linha, fronteira)
            if fronteira_do_cabecalho(linha) is not None:
                break
            if lados is None or any(lado and not _cabe(lado, cols) for lado, cols in zip(lados, colunas, strict=True)):
                if len(linha) >= 2 and (lados is None or all(lados)):
                    interrompida = " ".join(p.texto for p in linha)
                break
            dentro.append(seguinte)
            # um lançamento: dois pedaços ou mais numa metade, ou um pedaço em cada (a metade escrita de uma vez)
            if any(len(lado) >= 2 for lado in lados) or all(lados):
                ultimo_lancamento = len(dentro)
            seguinte += 1
        dentro = dentro[:max(ultimo_lancamento, 0)]
        if dentro and _por_palavras(cabecalho):
            fronteira = _meio_do_vao([cabecalho, *(linhas[i] for i in dentro)], fronteira)
        if dentro:
            achadas.append(Regiao(indice, tuple(dentro), fronteira, metade, interrompida))
        indice = (dentro[-1] if dentro else indice) + 1
    return achadas


def _meio_do_vao(linhas: list[list[Pedaco]], fronteira: float) -> float:
    """O meio do vão entre o fim do pedaço mais à direita da metade da esquerda e o começo do mais à esquerda da da
    direita, nas linhas da região (o cabeçalho e os lançamentos, cada pedaço de um lado da `fronteira` provisória):
    a fronteira do cabeçalho pelas palavras, que não mostra onde acaba a coluna de valores da esquerda."""
    pedacos = [p for linha in linhas for p in linha]
    fim = max(p.direita for p in pedacos if p.direita <= fronteira)
    comeco = min(p.esquerda for p in pedacos if p.esquerda >= fronteira)
    return (fim + comeco) / 2


def _lados(linha: list[Pedaco], fronteira: float) -> tuple[list[Pedaco], list[Pedaco]] | None:
    """Os pedaços da esquerda e os da direita da fronteira; None quando algum a atravessa."""
    esquerda = [p for p in linha if p.direita <= fronteira]
    direita = [p for p in linha if p.esquerda >= fronteira]
    if len(esquerda) + len(direita) != len(linha):
        return None
    return esquerda, direita


def _chave(texto: str) -> str:
    return "".join(texto.split())


def cortar(texto: str, esquerda: str, direita: str) -> tuple[str, str] | None:
    """O texto literal da linha partido em (metade da esquerda, metade da direita), quando os caracteres dele (sem os
    espaços) são os do `esquerda` seguidos dos do `direita`; senão None. Cada metade guarda os espaços do texto."""
    if _chave(texto) != _chave(esquerda) + _chave(direita):
        return None
    faltam = len(_chave(esquerda))
    corte = 0
    while faltam and corte < len(texto):
        faltam -= not texto[corte].isspace()
        corte += 1
    return texto[:corte].strip(), texto[corte:].strip()


def separar(linhas: list[str], pedacos: list[list[Pedaco]], pagina: int,
            caracteres: list[dict[str, Any]] | None = None) -> Separacao | None:
    """As linhas da página com cada tabela dobrada lida coluna a coluna (a regra 4), e os pedaços na mesma ordem;
    None quando a página não tem cabeçalho dobrado (nada muda).

    Os pedaços são os medidos pelo PDFium (um por trecho de texto desenhado). Quando eles não mostram as colunas (o
    extrato em fonte de largura fixa escreve a linha inteira, com os espaços, num trecho só), valem os `caracteres`
    da página (`caracteres_da_camada`) cortados nos vãos, como na segunda leitura; aí os pedaços ficam os de antes
    (as linhas cortadas seguem sem células)."""
    if not any(map(linha_dobrada, linhas)):
        return None
    medidos = cabecalhos_em_palavras(pedacos, caracteres or [])
    achadas, usados = regioes(medidos), medidos
    if not achadas and caracteres:
        usados = cabecalhos_em_palavras(pedacos_de_caracteres(linhas_de_caracteres(caracteres)), caracteres)
        achadas = regioes(usados)
    if not achadas:
        nomes = next(linha for linha in linhas if linha_dobrada(linha))
        return Separacao(linhas, pedacos, [_alerta_sem_corte(pagina, _metade_do_texto(nomes))])
    alertas: list[str] = []
    novas_linhas: list[str] = []
    novos_pedacos: list[list[Pedaco]] = []
    feita_linha = feito_pedaco = 0  # até onde as linhas e os pedaços já foram copiados
    for regiao in achadas:
        cortes = _cortes(linhas, usados, regiao, feita_linha)
        if cortes is None:
            alertas.append(_alerta_sem_corte(pagina, _nomes(usados[regiao.cabecalho])))
            continue
        primeira, ultima, metades = cortes
        novas_linhas += linhas[feita_linha:primeira]
        novos_pedacos += usados[feito_pedaco:regiao.cabecalho]
        inicio = len(novas_linhas)
        for lado in (0, 1):
            for texto, pecas in metades:
                if texto[lado]:
                    novas_linhas.append(texto[lado])
                    novos_pedacos.append(pecas[lado])
        feita_linha, feito_pedaco = ultima + 1, regiao.linhas[-1] + 1
        alertas.append(_alerta_lido(pagina, _nomes(usados[regiao.cabecalho]), inicio, metades))
        if regiao.interrompida is not None:
            alertas.append(_alerta_interrompida(pagina, regiao.interrompida))
    if feita_linha == 0:
        return Separacao(linhas, pedacos, alertas)
    novas_linhas += linhas[feita_linha:]
    novos_pedacos += usados[feito_pedaco:]
    ultima = achadas[-1]
    continua = None
    if feito_pedaco == ultima.linhas[-1] + 1 and ultima.interrompida is None and _so_soltas(usados[feito_pedaco:]):
        cabecalho = usados[ultima.cabecalho]
        continua = Continua((tuple(cabecalho[:ultima.metade]), tuple(cabecalho[ultima.metade:])), ultima.fronteira,
                            _nomes(cabecalho))
    return Separacao(novas_linhas, novos_pedacos if usados is medidos else pedacos, alertas, continua)


#: o pé da página é curto ("Página 1 de 2", "Saldo final em 31/07/2025: 3.474,10"), como em `pdf_colunas`
_PE_DA_PAGINA = 40
#: linhas de um pedaço só (título repetido, número da página) toleradas no topo da página antes da continuação
_SOLTAS_NO_TOPO = 2


def _so_soltas(linhas: list[list[Pedaco]]) -> bool:
    return all(len(linha) == 1 and len(linha[0].texto) <= _PE_DA_PAGINA for linha in linhas)


def continuacao_sem_cabecalho(linhas: list[list[Pedaco]], continua: Continua, pagina: int) -> str | None:
    """O alerta da página cuja primeira linha de lançamentos (depois de até duas linhas de um pedaço no topo) tem
    pedaços dos dois lados da fronteira da tabela dobrada da página anterior, cada lado nas colunas dele: a tabela
    continua sem o cabeçalho, e as linhas não são separadas (a segunda leitura do validador lê só as páginas
    citadas e não saberia da página anterior); None quando a página não começa assim."""
    soltas = 0
    for linha in linhas:
        if len(linha) == 1 and soltas < _SOLTAS_NO_TOPO:
            soltas += 1
            continue
        lados = _lados(linha, continua.fronteira)
        if lados is None or not all(lados) or not all(_cabe(lado, colunas)
                                                      for lado, colunas in zip(lados, continua.colunas, strict=True)):
            return None
        return (f"página {pagina}: parece continuar a tabela de lançamentos em duas colunas lado a lado da página "
                f"anterior (o cabeçalho «{continua.nomes}» não se repete aqui); as linhas desta página não foram "
                "separadas por coluna: uma linha pode juntar um lançamento da esquerda e um da direita, e a data ou o "
                "sentido de um pode ter ido ao outro; confira na página")
    return None


_Metade = tuple[tuple[str, str], tuple[list[Pedaco], list[Pedaco]]]


def _cortes(linhas: list[str], pedacos: list[list[Pedaco]], regiao: Regiao,
            desde: int) -> tuple[int, int, list[_Metade]] | None:
    """(índice da linha do cabeçalho, índice da última linha da região, o corte de cada linha) ou None quando as
    linhas da camada de texto da região não são, uma a uma e em ordem, as linhas de pedaços dela."""
    indices = (regiao.cabecalho, *regiao.linhas)
    normais = [_chave(linha) for linha in linhas]
    alvo = _chave(" ".join(p.texto for p in pedacos[regiao.cabecalho]))
    primeira = next((i for i in range(desde, len(linhas)) if normais[i] == alvo), None)
    if primeira is None or primeira + len(indices) > len(linhas):
        return None
    metades: list[_Metade] = []
    for deslocamento, indice in enumerate(indices):
        linha = pedacos[indice]
        lados = (linha[:regiao.metade], linha[regiao.metade:]) if indice == regiao.cabecalho \
            else _lados(linha, regiao.fronteira)
        if lados is None:
            return None
        textos = cortar(linhas[primeira + deslocamento], " ".join(p.texto for p in lados[0]),
                        " ".join(p.texto for p in lados[1]))
        if textos is None:
            return None
        metades.append((textos, (_juntar(lados[0]), _juntar(lados[1])) if indice == regiao.cabecalho else lados))
    return primeira, primeira + len(indices) - 1, metades


def _juntar(nomes: list[Pedaco]) -> list[Pedaco]:
    """Os nomes de uma metade do cabeçalho como o PDFium os mediu: as palavras (`Palavra`) de um mesmo pedaço juntas
    num pedaço só (nas colunas de `pdf_colunas`, a posição da palavra não faz coluna)."""
    juntos: list[Pedaco] = []
    for nome in nomes:
        anterior = juntos[-1] if juntos else None
        if isinstance(nome, Palavra) and isinstance(anterior, Palavra) and anterior.origem == nome.origem:
            juntos[-1] = Palavra(anterior.esquerda, nome.direita, anterior.topo, f"{anterior.texto} {nome.texto}",
                                 nome.origem, max(anterior.altura, nome.altura))
        else:
            juntos.append(nome)
    return [Pedaco(n.esquerda, n.direita, n.topo, n.texto) for n in juntos]


def _nomes(cabecalho: list[Pedaco]) -> str:
    return " ".join(p.texto for p in cabecalho[:len(cabecalho) // 2])


def _metade_do_texto(linha: str) -> str:
    palavras = linha.split()
    return " ".join(palavras[:len(palavras) // 2])


def _alerta_lido(pagina: int, nomes: str, inicio: int, metades: list[_Metade]) -> str:
    esquerda = sum(1 for textos, _ in metades if textos[0])
    direita = sum(1 for textos, _ in metades if textos[1])
    primeira = inicio + 1
    return (f"página {pagina}: lançamentos impressos em duas colunas lado a lado (o cabeçalho «{nomes}» repetido na "
            f"mesma linha); cada coluna foi lida como as suas linhas: a da esquerda nas linhas "
            f"{primeira}-{primeira + esquerda - 1}, a da direita nas linhas {primeira + esquerda}-"
            f"{primeira + esquerda + direita - 1}")


def _alerta_interrompida(pagina: int, texto: str) -> str:
    curto = texto if len(texto) <= 80 else texto[:77] + "..."
    return (f"página {pagina}: a tabela de lançamentos em duas colunas lado a lado tem uma linha que não cabe nas "
            f"colunas («{curto}»); dali para baixo as linhas não foram separadas por coluna: uma linha pode juntar um "
            "lançamento da esquerda e um da direita, e a data ou o sentido de um pode ter ido ao outro; confira na "
            "página")


def _alerta_sem_corte(pagina: int, nomes: str) -> str:
    return (f"página {pagina}: lançamentos impressos em duas colunas lado a lado (o cabeçalho «{nomes}» repetido na "
            "mesma linha), mas as linhas não puderam ser separadas por coluna com segurança: uma linha pode juntar um "
            "lançamento da esquerda e um da direita, e a data ou o sentido de um pode ter ido ao outro; confira na "
            "página")


#: pt de tolerância vertical para dois caracteres (pdfplumber) estarem na mesma linha: o `y_tolerance` das linhas
_TOLERANCIA_Y = 3.0


def linhas_de_caracteres(caracteres: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Os caracteres visíveis da página do pdfplumber agrupados em linhas pelo topo (encadeados, como o
    `cluster_objects` dele), de cima para baixo."""
    visiveis = sorted((c for c in caracteres if c["text"].strip() and c.get("upright", True)), key=lambda c: c["top"])
    linhas: list[list[dict[str, Any]]] = []
    anterior = None
    for caractere in visiveis:
        if anterior is None or caractere["top"] - anterior > _TOLERANCIA_Y:
            linhas.append([])
        linhas[-1].append(caractere)
        anterior = caractere["top"]
    return linhas


def pedacos_de_caracteres(linhas: list[list[dict[str, Any]]]) -> list[list[Pedaco]]:
    """Os pedaços de texto de cada linha de caracteres do pdfplumber: cortados onde o vão entre dois caracteres passa
    da altura deles (o vão entre colunas; o espaço entre palavras é menor). A geometria é a do pdfminer, não a do
    PDFium: a segunda leitura aplica a mesma regra com as medidas dela."""
    saida = []
    for linha in linhas:
        pedacos: list[Pedaco] = []
        atual: list[dict[str, Any]] = []
        for caractere in sorted(linha, key=lambda c: c["x0"]):
            if atual and caractere["x0"] - atual[-1]["x1"] > caractere["bottom"] - caractere["top"]:
                pedacos.append(_pedaco(atual))
                atual = []
            atual.append(caractere)
        pedacos.append(_pedaco(atual))
        saida.append(pedacos)
    return saida


def _pedaco(caracteres: list[dict[str, Any]]) -> Pedaco:
    texto = ""
    for indice, caractere in enumerate(caracteres):
        if indice and caractere["x0"] - caracteres[indice - 1]["x1"] > 1.0:
            texto += " "
        texto += caractere["text"]
    return Pedaco(caracteres[0]["x0"], max(c["x1"] for c in caracteres), -min(c["top"] for c in caracteres), texto)


def partes_dos_caracteres(caracteres: list[dict[str, Any]]) -> list[list[dict[str, Any]]] | None:
    """Os caracteres da página do pdfplumber em partes, na ordem das linhas da regra 4 (o que fica acima de cada
    tabela dobrada, a coluna da esquerda dela, a da direita, ..., o que fica abaixo): cada parte vira linhas à parte.
    None sem cabeçalho dobrado (a página se lê inteira, como sempre)."""
    linhas = linhas_de_caracteres(caracteres)
    achadas = regioes(cabecalhos_em_palavras(pedacos_de_caracteres(linhas), caracteres))
    if not achadas:
        return None
    # (topo da linha do cabeçalho, topo da última linha, fronteira), em `top` do pdfplumber (y para baixo): as linhas
    # de uma região são seguidas, então um caractere com o topo nessa faixa é de uma linha dela
    faixas = [(min(c["top"] for c in linhas[regiao.cabecalho]), max(c["top"] for c in linhas[regiao.linhas[-1]]),
               regiao.fronteira) for regiao in achadas]
    partes: list[list[dict[str, Any]]] = [[] for _ in range(3 * len(faixas) + 1)]
    for caractere in caracteres:
        topo = caractere["top"]
        parte = 3 * len(faixas)  # abaixo de todas
        for numero, (inicio, fim, fronteira) in enumerate(faixas):
            if topo < inicio:
                parte = 3 * numero
                break
            if topo <= fim:
                parte = 3 * numero + (1 if caractere["x0"] < fronteira else 2)
                break
        partes[parte].append(caractere)
    return partes


def caracteres_da_camada(camada: pdfium.PdfTextPage) -> list[dict[str, Any]]:
    """Os caracteres visíveis da página pelo PDFium, com as chaves que `linhas_de_caracteres` lê (a caixa frouxa;
    `top` e `bottom` com o y para baixo, como no pdfplumber): só para a página com uma linha dobrada."""
    texto = camada.get_text_range()
    if len(texto) != camada.count_chars():
        return []
    caixa = pdfium_c.FS_RECTF()
    ref = ctypes.byref(caixa)
    saida = []
    for indice, letra in enumerate(texto):
        if letra.isspace() or not pdfium_c.FPDFText_GetLooseCharBox(camada.raw, indice, ref):
            continue
        saida.append({"text": letra, "x0": caixa.left, "x1": caixa.right, "top": -caixa.top, "bottom": -caixa.bottom})
    return saida
