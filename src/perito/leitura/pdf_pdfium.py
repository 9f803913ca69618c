"""Camada de texto canônica dos PDFs nativos: linhas reconstruídas sobre o PDFium (pypdfium2).

Reconstrução canônica (fixa; o validador, o relatório e a leitura usam esta função):

1. `camada = pagina.get_textpage()`; `texto = camada.get_text_range()`;
   `n = camada.count_chars()`.
2. Se `len(texto) != n` (par substituto UTF-16 ou qualquer coisa que quebre a
   correspondência índice de caractere ↔ posição na string), a página não pode ser
   medida: devolve None e quem chama lê ESTA página pela reconstrução do
   pdfplumber (`pdf_plumber.linhas_da_pagina`), com método `pdfplumber`.
3. `texto` é cortado nas quebras do PDFium ("\\r\\n", "\\r" ou "\\n"); cada pedaço
   guarda a posição em que começa (= índice do caractere). Pedaço em branco é
   descartado. Do primeiro e do último caractere não-espaço de cada pedaço mede-se
   a caixa frouxa (`FPDFText_GetLooseCharBox`, pontos PDF, y para cima) e o corpo
   da fonte (`FPDFText_GetFontSize`): o topo do caractere é
   `base da caixa frouxa + corpo da fonte`, a mesma definição do pdfminer
   (linha de base + descendente + corpo), então o topo de letras de corpos
   diferentes se compara como no pdfplumber. Esquerda = esquerda da caixa frouxa.
4. Regra extra, barata: se o topo do primeiro e o do último caractere do pedaço
   diferem mais que a tolerância (3 pt), o PDFium juntou numa linha só textos de
   alturas diferentes (um título grande ao lado de um texto menor); só então o
   pedaço é medido caractere a caractere e cortado onde o topo se afasta mais de
   3 pt do topo do trecho corrente.
5. Agrupamento em linhas visuais como o `cluster_objects` do pdfplumber sobre
   `top` com tolerância 3 pt: pedaços ordenados do topo da página para baixo
   (topo decrescente); um pedaço entra na linha corrente se seu topo está a até
   3 pt do topo do pedaço anterior (o mesmo encadeamento do `cluster_list`), senão
   abre uma linha nova. Dentro da linha, pedaços em ordem de `esquerda`, unidos
   por um espaço.
6. Cada linha em NFC, sem espaços nas pontas, vazias descartadas
   (`linhas_canonicas`). `linha N` é a N-ésima linha restante da página, 1-based.
7. Texto que corre girado (o extrato em paisagem desenhado numa página retrato com /Rotate 90, o texto de cabeça
   para baixo, o carimbo de assinatura escrito na vertical na margem): cada pedaço tem o seu sentido, pelos
   primeiros pares de letras vizinhas dele, e é medido nele (esquerda = a posição ao longo da linha de base, topo = a
   altura perpendicular a ela), como a página aparece na tela; os pedaços se agrupam em linhas com os do mesmo
   sentido, e as linhas do sentido da maioria dos pedaços (`direcao`) vêm primeiro. Medido pela página no espaço
   dela, cada letra de um texto girado tinha outro "topo" e virava uma linha. Página com algum pedaço fora do
   sentido normal: `linhas_medidas` não dá medidas (o recorte do relatório procura o texto na página).
8. Campos preenchidos de um formulário PDF (`pdf_formulario`): o valor de cada um é um pedaço com a esquerda do
   retângulo do campo e o topo do pedaço de texto cuja altura contém o meio do campo (o rótulo ao lado, "Titular:"),
   então ele entra na linha do rótulo; sem pedaço ao lado, forma a sua linha na altura do campo.
9. Depois destas linhas, na leitura da página (`pdf.ler_pdf`): a tabela de lançamentos em duas colunas lado a lado
   (o cabeçalho com os mesmos nomes de coluna repetidos na mesma linha) tem cada linha cortada na fronteira entre
   as colunas, e as linhas da coluna da esquerda vêm antes das da direita (`pdf_lado_a_lado`).

Medido contra a reconstrução do pdfplumber (`extract_text(x_tolerance=3,
y_tolerance=3)`) nos PDFs de examples/, do caso público de avaliação e do corpus:
mesmas linhas em todas as páginas, salvo páginas de PDFs quebrados do corpus
(poppler-90) em que o pdfplumber estoura ou lê outro lixo. Diferenças conhecidas
(documentadas no README): o PDFium descarta caracteres repetidos no mesmo lugar
(negrito falso) e junta à palavra um caractere minúsculo colado a ela; o
pdfplumber os mantém. Nenhuma das duas leituras é a "verdade": por isso o
validador confere o local citado com a do pdfplumber (segunda leitura).
"""

from __future__ import annotations

import ctypes
import re
import unicodedata
from typing import Sequence

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from perito.leitura import metodos
from perito.leitura.pdf_formulario import CampoPreenchido

METODO = metodos.PDFIUM
#: tolerância vertical (pt) para duas partes estarem na mesma linha (y_tolerance do pdfplumber)
TOLERANCIA = 3.0
_QUEBRA = re.compile(r"\r\n|\r|\n")


def linhas_canonicas(texto: str | None) -> list[str]:
    """Quebra em "\\n", NFC, sem espaços nas pontas, vazias descartadas."""
    linhas = (unicodedata.normalize("NFC", bruta).strip() for bruta in (texto or "").split("\n"))
    return [linha for linha in linhas if linha]


def linhas_da_camada(camada: pdfium.PdfTextPage, campos: Sequence[CampoPreenchido] = ()) -> list[str] | None:
    """Linhas canônicas da página (com os `campos` preenchidos de um formulário); None quando o texto não se mapeia
    nos índices de caractere."""
    lidas = linhas_e_sentido(camada, campos)
    return None if lidas is None else lidas[0]


def linhas_e_sentido(camada: pdfium.PdfTextPage,
                     campos: Sequence[CampoPreenchido] = ()) -> tuple[list[str], int] | None:
    """As linhas canônicas e o sentido da página (`direcao`), medidos numa passada só."""
    medidas = _medidas(camada, campos)
    return None if medidas is None else ([texto for texto, _, _ in medidas[0]], medidas[2])


def linhas_medidas(camada: pdfium.PdfTextPage,
                   campos: Sequence[CampoPreenchido] = ()) -> list[tuple[str, float, float]] | None:
    """(texto, topo, base) de cada linha canônica, em pontos PDF (y para cima); None como em `linhas_da_camada`, e
    quando o texto corre girado (as medidas são no sentido do texto, não na página)."""
    medidas = _medidas(camada, campos)
    return None if medidas is None or not medidas[1] else medidas[0]


#: pares de letras vizinhas olhados em cada pedaço para dizer para onde ele corre (no empate, o sentido normal): dois
#: bastam, e cada página paga duas medidas a mais por pedaço
_PARES_POR_PEDACO = 2


class _Centros:
    """O centro da caixa frouxa de um caractere (pontos PDF), uma chamada nativa."""

    def __init__(self, camada: pdfium.PdfTextPage) -> None:
        self.bruta = camada.raw
        self.caixa = pdfium_c.FS_RECTF()
        self.ref = ctypes.byref(self.caixa)

    def __call__(self, indice: int) -> tuple[float, float] | None:
        if not pdfium_c.FPDFText_GetLooseCharBox(self.bruta, indice, self.ref):
            return None
        c = self.caixa
        return (c.left + c.right) / 2, (c.bottom + c.top) / 2


def _sentido_do_pedaco(centro: _Centros, texto: str, inicio: int, fim: int) -> int | None:
    """Para onde o pedaço corre (graus no sentido anti-horário: 0 da esquerda para a direita, 90 de baixo para cima),
    pelos primeiros pares de letras vizinhas dele: o eixo em que a caixa mais anda de uma para a seguinte. None
    quando o pedaço não tem duas letras seguidas."""
    votos: dict[int, int] = {}
    anterior: tuple[int, tuple[float, float] | None] = (-1, None)  # o centro já medido do par anterior
    for indice in range(inicio, fim - 1):
        if texto[indice].isspace() or texto[indice + 1].isspace():
            continue
        a = anterior[1] if anterior[0] == indice else centro(indice)
        b = centro(indice + 1)
        anterior = (indice + 1, b)
        if a is None or b is None or a == b:
            continue
        dx, dy = b[0] - a[0], b[1] - a[1]
        sentido = (0 if dx > 0 else 180) if abs(dx) >= abs(dy) else (90 if dy > 0 else 270)
        votos[sentido] = votos.get(sentido, 0) + 1
        if sum(votos.values()) >= _PARES_POR_PEDACO:
            break
    return max(votos, key=lambda s: (votos[s], s == 0)) if votos else None


def _pedacos(texto: str) -> list[tuple[int, int]]:
    """(início, fim) de cada pedaço entre as quebras do PDFium."""
    saida, inicio = [], 0
    for quebra in _QUEBRA.finditer(texto):
        saida.append((inicio, quebra.start()))
        inicio = quebra.end()
    saida.append((inicio, len(texto)))
    return saida


def _sentidos(camada: pdfium.PdfTextPage, texto: str) -> tuple[list[tuple[int, int, int]], int]:
    """Cada pedaço com o seu sentido, e o sentido da página: o da maioria dos pedaços (o carimbo vertical na margem
    de um ofício é um pedaço; o corpo, muitos). O pedaço que não diz (uma letra só) fica com o da página."""
    centro = _Centros(camada)
    lidos = [(inicio, fim, _sentido_do_pedaco(centro, texto, inicio, fim)) for inicio, fim in _pedacos(texto)]
    votos: dict[int, int] = {}
    for _, _, sentido in lidos:
        if sentido is not None:
            votos[sentido] = votos.get(sentido, 0) + 1
    da_pagina = max(votos, key=lambda s: (votos[s], s == 0)) if votos else 0
    return [(inicio, fim, da_pagina if sentido is None else sentido) for inicio, fim, sentido in lidos], da_pagina


def direcao(camada: pdfium.PdfTextPage, texto: str | None = None) -> int:
    """Para onde corre o texto da maioria dos pedaços da página, em graus no sentido anti-horário (0: da esquerda
    para a direita; 90: de baixo para cima, como o extrato em paisagem numa página retrato girada)."""
    return _sentidos(camada, camada.get_text_range() if texto is None else texto)[1]


def _medidas(camada: pdfium.PdfTextPage,
             campos: Sequence[CampoPreenchido] = ()) -> tuple[list[tuple[str, float, float]], bool, int] | None:
    """As linhas medidas da página, se todas correm no sentido normal (só então as medidas são as da página) e o
    sentido da página.
    Cada pedaço é medido no seu sentido e agrupado em linhas com os do mesmo sentido; as linhas do sentido da página
    vêm primeiro, e as de outro sentido (o carimbo vertical na margem) depois, cada uma inteira."""
    texto = camada.get_text_range()
    if len(texto) != camada.count_chars():
        return None
    pedacos, da_pagina = _sentidos(camada, texto)
    partes: dict[int, list[_Parte]] = {}
    medidores: dict[int, _Medidor] = {}
    for inicio, fim, sentido in pedacos:
        medir = medidores.setdefault(sentido, _Medidor(camada, sentido))
        _medir_pedaco(medir, texto, inicio, fim, partes.setdefault(sentido, []))
    if campos and da_pagina == 0:
        retas = partes.setdefault(0, [])
        retas += [_pedaco_do_campo(campo, retas) for campo in campos]
    medidas: list[tuple[str, float, float]] = []
    for sentido in sorted(partes, key=lambda s: (s != da_pagina, s)):
        medidas += _linhas(partes[sentido])
    return medidas, set(partes) <= {0}, da_pagina


def _linhas(partes: list[_Parte]) -> list[tuple[str, float, float]]:
    """Os pedaços (de um sentido só) agrupados em linhas pelo topo, como o `cluster_objects` do pdfplumber."""
    partes.sort(key=lambda p: -p[0])
    grupos: list[list[_Parte]] = []
    anterior = None
    for parte in partes:
        if anterior is None or anterior - parte[0] > TOLERANCIA:
            grupos.append([])
        grupos[-1].append(parte)
        anterior = parte[0]
    medidas = []
    for grupo in grupos:
        linha = unicodedata.normalize("NFC", " ".join(p[2] for p in sorted(grupo, key=lambda p: p[1]))).strip()
        if linha:  # o mesmo que linhas_canonicas: cada linha de um grupo já vem sem quebras
            medidas.append((linha, max(p[0] for p in grupo), min(p[3] for p in grupo)))
    return medidas


#: (topo, esquerda, texto, base) de um pedaço
_Parte = tuple[float, float, str, float]


class _Medidor:
    """(topo, esquerda) de um caractere: base da caixa frouxa + corpo da fonte; uma chamada nativa de cada. No texto
    girado (`sentido` 90, 180 ou 270), a caixa é lida no sentido do texto: a esquerda é onde ela começa ao longo da
    linha de base, e a base é o lado dela do qual as letras sobem."""

    def __init__(self, camada: pdfium.PdfTextPage, sentido: int = 0) -> None:
        self.bruta = camada.raw
        self.caixa = pdfium_c.FS_RECTF()
        self.ref = ctypes.byref(self.caixa)
        self.sentido = sentido

    def __call__(self, indice: int) -> tuple[float, float, float]:
        """(topo, esquerda, base)."""
        if not pdfium_c.FPDFText_GetLooseCharBox(self.bruta, indice, self.ref):
            return 0.0, 0.0, 0.0
        c = self.caixa
        if self.sentido == 0:
            base, esquerda = c.bottom, c.left
        elif self.sentido == 90:  # de baixo para cima: as letras sobem para a esquerda da página
            base, esquerda = -c.right, c.bottom
        elif self.sentido == 180:  # de cabeça para baixo
            base, esquerda = -c.top, -c.right
        else:  # 270, de cima para baixo: as letras sobem para a direita da página
            base, esquerda = c.left, -c.top
        return base + pdfium_c.FPDFText_GetFontSize(self.bruta, indice), esquerda, base


def _pedaco_do_campo(campo: CampoPreenchido, partes: list[_Parte]) -> _Parte:
    """O valor do campo como um pedaço na linha do texto ao lado (o pedaço cuja altura contém o meio do campo e que
    está mais perto dele na vertical); sem nenhum, na altura do campo."""
    meio = (campo.base + campo.topo) / 2
    ao_lado = [p for p in partes if p[3] <= meio <= p[0]]
    if ao_lado:
        vizinho = min(ao_lado, key=lambda p: (abs((p[0] + p[3]) / 2 - meio), p[1]))
        return vizinho[0], campo.esquerda, campo.valor, vizinho[3]
    return campo.topo, campo.esquerda, campo.valor, campo.base


def _medir_pedaco(medir: _Medidor, texto: str, inicio: int, fim: int, partes: list[_Parte]) -> None:
    pedaco = texto[inicio:fim]
    sem_esquerda = pedaco.lstrip()
    if not sem_esquerda.strip():
        return
    primeiro = inicio + len(pedaco) - len(sem_esquerda)
    ultimo = inicio + len(pedaco.rstrip()) - 1
    topo, esquerda, base = medir(primeiro)
    if ultimo > primeiro and abs(medir(ultimo)[0] - topo) > TOLERANCIA:
        corrente = primeiro
        for indice in range(primeiro + 1, ultimo + 1):
            if texto[indice].isspace():
                continue
            topo_i, esquerda_i, base_i = medir(indice)
            if abs(topo_i - topo) > TOLERANCIA:
                partes.append((topo, esquerda, texto[corrente:indice], base))
                corrente, topo, esquerda, base = indice, topo_i, esquerda_i, base_i
        partes.append((topo, esquerda, texto[corrente:fim], base))
        return
    partes.append((topo, esquerda, pedaco, base))
