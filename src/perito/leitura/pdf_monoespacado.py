"""Relatório em fonte de largura fixa num PDF: as colunas pelos espaços que o PDFium junta num só.

Um relatório de sistema impresso em Courier (a resposta da operadora gerada do banco de dados: "IP_ORIGEM
PORTA_ORIGEM DT_INICIO ... NOME_ASSINANTE DOC_ASSINANTE") desenha cada linha como um texto só, com as colunas
alinhadas por espaços. O PDFium mede a linha num pedaço só e junta os espaços na camada de texto: as colunas somem
("177.9.144.212 40122 14-JUL-25 03.02.11.000000 PM ..."), e o nome e o CPF sem pontos não se separam pelo texto. A
caixa frouxa de cada caractere (o avanço da fonte) ainda as mostra: numa linha cujos caracteres têm todos a mesma
largura, um espaço seguido de um vão de mais uma largura ou mais (dois espaços ou mais no texto desenhado) separa duas
células. A linha partida assim (três células ou mais, nenhuma com um rótulo "Porta:") vira pedaços, como os de uma
tabela desenhada célula a célula (`pdf_colunas`); o texto das linhas não muda. Só a página com alguma fonte de largura
fixa é medida assim, e uma linha de fonte proporcional é recusada no primeiro par de larguras diferentes.
"""

from __future__ import annotations

import ctypes
import re

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

#: diferença relativa tolerada entre as larguras de dois caracteres da mesma fonte de largura fixa
_MESMA_LARGURA = 0.02
#: o vão depois de um espaço, em larguras de caractere, que separa duas células (o do espaço seguinte, ao menos)
_VAO_DE_CELULA = 0.9
#: caracteres com largura medida que uma linha precisa ter para se dizer de largura fixa
_MINIMO_DE_CARACTERES = 8
#: células de uma linha de tabela (as de um cabeçalho de `pdf_colunas`)
_MINIMO_DE_CELULAS = 3
#: o rótulo de um campo ("Porta:", "IP de origem: ..."): a linha é de rótulos e valores
_ROTULO = re.compile(r"[^\W\d_]\s*:(?:\s|$)")


#: caracteres da página cuja fonte é olhada (espalhados por ela): achar o caractere de um pedaço custa uma varredura da
#: página no PDFium (~18 µs numa página de extrato), e só a página com alguma fonte de largura fixa a paga
_AMOSTRAS_DE_FONTE = 32
#: o bit FixedPitch das flags do descritor da fonte (PDF 32000, 9.8.2)
_FIXED_PITCH = 1
#: nomes das fontes de largura fixa usuais (as 14 padrão do PDF não têm descritor: o Courier vem sem o bit)
_NOMES_DE_FONTE_FIXA = re.compile(r"courier|mono|consol|typewriter|fixed|lucida\s*console|menlo|monaco|code", re.I)


def pagina_com_fonte_fixa(camada: pdfium.PdfTextPage) -> bool:
    """Algum dos caracteres espalhados pela página é de uma fonte de largura fixa (pelo bit do descritor ou pelo
    nome)."""
    bruta = camada.raw
    total = pdfium_c.FPDFText_CountChars(bruta)
    if total <= 0:
        return False
    nome = ctypes.create_string_buffer(128)
    flags = ctypes.c_int()
    passo = max(1, total // _AMOSTRAS_DE_FONTE)
    for indice in range(0, total, passo):
        if not pdfium_c.FPDFText_GetFontInfo(bruta, indice, nome, len(nome), ctypes.byref(flags)):
            continue
        if flags.value & _FIXED_PITCH or _NOMES_DE_FONTE_FIXA.search(nome.value.decode("latin-1", "replace")):
            return True
    return False


def partir(camada: pdfium.PdfTextPage, texto: str, esquerda: float, direita: float, base: float,
           topo: float) -> list[tuple[float, float, str]] | None:
    """(esquerda, direita, texto) de cada célula da linha de largura fixa medida num pedaço só; None quando a linha não
    é de largura fixa, não se parte em duas células ou mais, ou os caracteres não refazem o texto dela."""
    if texto.count(" ") < 1:
        return None
    bruta = camada.raw
    indice = pdfium_c.FPDFText_GetCharIndexAtPos(bruta, esquerda + 0.5, (base + topo) / 2, 1.0, 1.0)
    if indice < 0:
        return None
    caixa = pdfium_c.FS_RECTF()
    ref = ctypes.byref(caixa)
    total = pdfium_c.FPDFText_CountChars(bruta)
    largura: float | None = None
    medidos = 0
    celulas: list[tuple[float, float, str]] = []
    atual: list[str] = []
    comeco = fim_atual = 0.0
    espaco_ate: float | None = None  # o fim do espaço logo antes, quando o último caractere foi um espaço
    lidos = 0
    while indice < total and lidos <= len(texto):
        letra = chr(pdfium_c.FPDFText_GetUnicode(bruta, indice))
        if letra in "\r\n" or not pdfium_c.FPDFText_GetLooseCharBox(bruta, indice, ref):
            break
        if caixa.left > direita + 1.0:
            break
        lidos += 1
        indice += 1
        if letra == " ":
            espaco_ate = caixa.right
            continue
        tamanho = caixa.right - caixa.left
        if largura is None:
            largura = tamanho
        elif largura <= 0 or abs(tamanho - largura) > _MESMA_LARGURA * largura:
            return None  # fonte proporcional: não é relatório de largura fixa
        medidos += 1
        if espaco_ate is not None and atual and caixa.left - espaco_ate >= _VAO_DE_CELULA * largura:
            celulas.append((comeco, fim_atual, "".join(atual)))
            atual = []
        elif espaco_ate is not None and atual:
            atual.append(" ")
        if not atual:
            comeco = caixa.left
        atual.append(letra)
        fim_atual = caixa.right
        espaco_ate = None
    if atual:
        celulas.append((comeco, fim_atual, "".join(atual)))
    if medidos < _MINIMO_DE_CARACTERES or len(celulas) < _MINIMO_DE_CELULAS:
        return None
    if any(_ROTULO.search(c[2]) for c in celulas):
        return None  # "IP de origen: ...   Puerto: 24677": a 2ª linha de um registro em rótulos, não uma linha de tabela
    if " ".join(c[2] for c in celulas) != " ".join(texto.split()):
        return None  # os caracteres andados não são os do pedaço: fica como está
    return celulas
