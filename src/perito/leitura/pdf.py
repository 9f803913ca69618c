"""Leitura de PDF em linhas localizadas pelo PDFium (pypdfium2), com OCR nas páginas escaneadas.

Camada de texto canônica: a reconstrução geométrica de `pdf_pdfium.linhas_da_camada`
(documentada lá e no README), `metodo` `pypdfium2`. Página cujo texto o PDFium não
consegue medir (par substituto) é lida pela reconstrução do pdfplumber
(`pdf_plumber.linhas_da_pagina`), `metodo` `pdfplumber`. Página sem texto, ou com
menos de 50 caracteres e imagens cobrindo ao menos 30% dela, vai ao OCR, desenhada
pelo PDFium a 200 dpi (teto de pixels). Arquivo que o PDFium não abre vai ao leitor
de reserva pdfplumber (`pdf_plumber.ler_com_pdfplumber`), com um alerta que diz qual
leitor foi usado e por quê. Nenhuma senha é tentada: um PDF com senha de abertura
não é lido.

Página com lançamentos impressos em duas colunas lado a lado (o cabeçalho `DATA HISTÓRICO VALOR` repetido na mesma
linha): as linhas da região são cortadas na fronteira entre as colunas e a coluna da esquerda vem inteira antes da
da direita (`pdf_lado_a_lado`, que a segunda leitura do validador também aplica); sem o cabeçalho repetido, nada muda.

Página cuja camada de texto tem glifos sem letra (a fonte embutida sem o mapa de caracteres, ToUnicode: o pdfminer
os escreve `(cid:1)`, o PDFium como caracteres de controle; é o "copiar do PDF do banco dá símbolos", e os acentos de
"horário de Brasília" somem) também vai ao OCR: o que a página mostra é o documento. Vale a leitura do OCR só se ele
a lê bem (confiança de `CONFIANCA_NO_LUGAR_DA_CAMADA`); senão ficam as linhas da camada, com o alerta.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from perito.leitura import localizacao, ocr, pdf_colunas, pdf_formulario, pdf_grade, pdf_lado_a_lado, pdf_plumber, tetos
from perito.leitura.documento import Documento, Trecho
from perito.leitura.entrada import Entrada
from perito.leitura.pdf_pdfium import METODO as METODO_TEXTO
from perito.leitura.pdf_pdfium import linhas_canonicas, linhas_e_sentido
from perito.texto_ptbr import plural

__all__ = ["METODO_TEXTO", "METODO_OCR", "ler_pdf", "linhas_canonicas", "motivo_abertura"]

#: página sem texto vai para OCR; com pouco texto, só se imagens cobrem boa parte dela
#: (página escaneada com um carimbo de número de página, por exemplo)
POUCO_TEXTO = 50
FRACAO_IMAGEM = 0.3
#: a página escaneada com carimbo digital: imagens cobrindo quase toda ela e uma camada de texto curta (o carimbo de
#: assinatura tem duas ou três linhas); o OCR vale quando acha além do texto da camada (que ele também lê) ao menos
#: metade dele a mais, e nunca menos de `TEXTO_ALEM_DO_CARIMBO` caracteres (a carta curta escaneada, seis linhas sob um
#: carimbo de duas, tinha o OCR recusado quando se pedia o dobro da camada)
FRACAO_IMAGEM_CARIMBO = 0.7
CARIMBO_MAXIMO = 600
MAIS_TEXTO_NA_IMAGEM = 0.5
TEXTO_ALEM_DO_CARIMBO = 150
RESOLUCAO_OCR = 200
#: teto de pixels da página renderizada (evita página gigante em branco estourar a memória)
MAXIMO_PIXELS_OCR = 40_000_000
METODO_OCR = "ocr-tesseract"
#: um glifo sem letra na camada de texto: o marcador do pdfminer, um caractere de controle ou o de substituição
_SEM_LETRA = re.compile(r"\(cid:\d+\)|[\x00-\x08\x0b\x0c\x0e-\x1f\ufffd]")
#: a confiança do OCR para ele tomar o lugar de uma camada de texto com glifos sem letra (uma página de texto nítida
#: desenhada a 200 dpi passa de 90%)
CONFIANCA_NO_LUGAR_DA_CAMADA = 85.0
_resumo = pdf_plumber.resumo


def ler_pdf(entrada: Entrada, nome: str, usar_ocr: bool = True, desenhar: tuple[int, ...] = ()) -> Documento:
    doc = Documento(arquivo=nome, tipo="pdf", metodo_extracao=METODO_TEXTO)
    try:
        pdf = pdfium.PdfDocument(str(entrada) if isinstance(entrada, Path) else entrada)
    except Exception:  # PdfiumError (e o que mais o arquivo provocar)
        # O código de erro do PDFium (FPDF_GetLastError, que também compõe a mensagem da PdfiumError)
        # pode ser o de um arquivo anterior: medido, poppler-395-0-fuzzed.pdf falha sem gravar código e
        # herda o "senha incorreta" do PDF cifrado lido antes no mesmo processo. Por isso o pdfplumber
        # sempre tenta (sem senha) e, se também falha, o motivo é o dele.
        try:
            return pdf_plumber.ler_com_pdfplumber(entrada, nome, usar_ocr)
        except Exception as erro_plumber:  # pdfminer embrulha tudo em PdfminerException
            doc.erro = motivo_abertura(erro_plumber)
            return doc
    metodos: set[str] = set()
    plumber = _PdfplumberPreguicoso(entrada)
    try:
        formulario = pdf_formulario.preparar(pdf)  # antes de carregar qualquer página
        total = len(pdf)
        doc.total_paginas = total
        if not total:
            doc.erro = "nenhuma página legível: o PDF abriu com 0 páginas (arquivo corrompido?)"
        if total > tetos.PAGINAS_MAXIMAS:
            doc.paginas_com_falha.extend(range(tetos.PAGINAS_MAXIMAS + 1, total + 1))
            doc.alertas.append(f"{nome}: {total} páginas; só as {tetos.PAGINAS_MAXIMAS} primeiras foram lidas (teto de páginas)")
        vazias = 0  # páginas sem nenhum objeto
        for numero in range(1, min(total, tetos.PAGINAS_MAXIMAS) + 1):
            metodo, sem_objetos = _ler_pagina(doc, pdf, numero, plumber, usar_ocr, formulario)
            vazias += sem_objetos
            if metodo:
                metodos.add(metodo)
        if total and vazias == total and not pdfium_c.FPDF_DocumentHasValidCrossReferenceTable(pdf.raw):
            # xref quebrada e nada em página alguma: o que o PDFium remontou não é conteúdo
            doc.erro = "nenhuma página legível: tabela xref corrompida e nenhuma página com conteúdo (arquivo corrompido?)"
        if desenhar and not doc.erro:
            from perito.leitura.desenho import desenhar_paginas  # só a releitura do validador desenha

            doc.paginas_desenhadas = desenhar_paginas(pdf, desenhar)
    finally:
        plumber.fechar()
        pdf.close()
    doc.metodo_extracao = "+".join(sorted(metodos)) if metodos else METODO_TEXTO
    if doc.total_paginas and not doc.erro and len(doc.paginas_com_falha) >= doc.total_paginas:
        doc.erro = f"nenhuma página pôde ser lida ({plural(doc.total_paginas, 'página', 'páginas')} com falha)"
    return doc


def desenhar_pdf(entrada: Entrada, nome: str, desenhar: tuple[int, ...]) -> Documento:
    """Só as páginas `desenhar` do PDF (`paginas_desenhadas`), sem ler o texto: as mesmas que `ler_pdf` desenharia na
    mesma abertura (o desenho só depende dos bytes e das páginas). O PDF que o PDFium não abre volta com `erro`, e
    sem desenhos, como em `ler_pdf` (cuja reserva, o pdfplumber, não desenha)."""
    from perito.leitura.desenho import desenhar_paginas

    doc = Documento(arquivo=nome, tipo="pdf", metodo_extracao=METODO_TEXTO)
    try:
        pdf = pdfium.PdfDocument(str(entrada) if isinstance(entrada, Path) else entrada)
    except Exception as erro:  # PdfiumError (e o que mais o arquivo provocar)
        doc.erro = f"o PDFium não abriu o PDF para desenhar as páginas ({type(erro).__name__})"
        return doc
    try:
        doc.total_paginas = len(pdf)
        doc.paginas_desenhadas = desenhar_paginas(pdf, desenhar)
    finally:
        pdf.close()
    return doc


class _PdfplumberPreguicoso:
    """O pdfplumber do mesmo arquivo, aberto só se alguma página precisar dele."""

    def __init__(self, entrada: Entrada) -> None:
        self.entrada = entrada
        self.pdf: Any = None
        self.tabelas = 0  # tabelas com grade já numeradas no documento
        self.continuacao: pdf_colunas.Continuacao | None = None  # a tabela sem réguas que chegou ao pé da página
        self.lado_a_lado: pdf_lado_a_lado.Continua | None = None  # a tabela em duas colunas que chegou ao pé dela

    def linhas(self, numero: int) -> list[str]:
        if self.pdf is None:
            self.pdf = pdf_plumber.abrir(self.entrada)
        pagina = self.pdf.pages[numero - 1]
        try:
            return pdf_plumber.linhas_da_pagina(pagina)
        finally:
            pagina.close()

    def grade(self, trechos: list[Trecho], numero: int, reguas: bool) -> list[Trecho]:
        """Os trechos da página com as células das tabelas com grade, ou, sem réguas, das tabelas cujas células
        quebram em linhas (`pdf_grade`)."""
        if self.pdf is None:
            self.pdf = pdf_plumber.abrir(self.entrada)
        pagina = self.pdf.pages[numero - 1]
        try:
            aplicar = pdf_grade.aplicar if reguas else pdf_grade.aplicar_sem_reguas
            trechos, tabelas = aplicar(trechos, pagina, self.tabelas)
        finally:
            pagina.close()
        self.tabelas += tabelas
        return trechos

    def fechar(self) -> None:
        if self.pdf is not None:
            self.pdf.close()


def _ler_pagina(doc: Documento, pdf: pdfium.PdfDocument, numero: int, plumber: _PdfplumberPreguicoso,
                usar_ocr: bool, formulario: bool = False) -> tuple[str | None, bool]:
    """(método usado ou None na falha, página sem nenhum objeto)."""
    try:
        pagina = pdf[numero - 1]
    except Exception as erro:
        _falha(doc, numero, f"página {numero} não pôde ser lida ({_resumo(erro)})")
        return None, False
    try:
        metodo = METODO_TEXTO
        try:
            camada = pagina.get_textpage()
            try:
                # os campos preenchidos de um formulário entram nas linhas, ao lado dos rótulos (`pdf_formulario`)
                lidas = linhas_e_sentido(camada, pdf_formulario.campos(pdf, pagina) if formulario else ())
                linhas = lidas[0] if lidas is not None else None
                # o texto girado (a página em paisagem desenhada numa retrato) tem as linhas no sentido dele, mas as
                # colunas e a grade medem a página: ficam de fora
                girado = lidas is not None and lidas[1] != 0
                # os pedaços medidos (células de uma tabela sem réguas), enquanto a camada está aberta
                # (a linha de largura fixa não se parte nas células na página com o cabeçalho dobrado: as duas colunas
                # de lançamentos lado a lado se separam pelas palavras, `pdf_lado_a_lado`)
                pedacos = _pedacos(camada, not any(map(pdf_lado_a_lado.linha_dobrada, linhas))) \
                    if linhas and len(linhas) >= pdf_grade.MINIMO_DE_LINHAS and not girado else []
                # os caracteres medidos, só na página com uma linha de palavras repetidas (`pdf_lado_a_lado`)
                letras = _caracteres(camada) if pedacos and (plumber.lado_a_lado is not None or any(
                    map(pdf_lado_a_lado.linha_dobrada, linhas))) else []
            finally:
                camada.close()
            if linhas is None:
                metodo = pdf_plumber.METODO
                linhas = plumber.linhas(numero)
        except Exception as erro:
            _falha(doc, numero, f"página {numero} não pôde ser lida ({_resumo(erro)})")
            return None, False
        caracteres = sum(len(linha) for linha in linhas)
        sem_objetos = caracteres == 0 and pdfium_c.FPDFPage_CountObjects(pagina.raw) == 0
        try:
            escaneada = usar_ocr and _parece_escaneada(pagina, caracteres)
        except Exception:  # objetos de imagem ilegíveis: fica o texto que a página tem
            escaneada = caracteres == 0
        continuacao, plumber.continuacao = plumber.continuacao, None  # só a página logo depois continua a tabela
        lado_a_lado, plumber.lado_a_lado = plumber.lado_a_lado, None  # idem, a tabela em duas colunas lado a lado
        if not escaneada and usar_ocr and (sem_letra := sum(len(_SEM_LETRA.findall(linha)) for linha in linhas)) \
                and _ocr_no_lugar_da_camada(doc, numero, pagina, sem_letra):
            return METODO_OCR, sem_objetos
        if not escaneada and usar_ocr and _ocr_sob_o_carimbo(doc, numero, pagina, caracteres):
            return METODO_OCR, sem_objetos
        if not escaneada:
            if metodo == METODO_TEXTO and pedacos:
                linhas, pedacos, plumber.lado_a_lado = _lado_a_lado(doc, numero, linhas, pedacos, letras, lado_a_lado)
            inicio = len(doc.trechos)
            _acrescentar(doc, numero, linhas, metodo)
            # a contagem de réguas percorre os objetos da página: só nas páginas de texto que podem ter tabela
            candidata = metodo == METODO_TEXTO and len(linhas) >= pdf_grade.MINIMO_DE_LINHAS and not girado
            reguas = candidata and pdf_grade.tem_reguas(pagina)
            originais = doc.trechos[inicio:]
            if candidata and (reguas or pdf_grade.parece_celula_quebrada(linhas)):
                try:
                    doc.trechos[inicio:] = plumber.grade(doc.trechos[inicio:], numero, reguas)
                except Exception as erro:  # a grade é um acréscimo: sem ela, ficam as linhas da camada de texto
                    doc.alertas.append(f"{doc.arquivo}: página {numero}: a tabela com grade não pôde ser lida "
                                       f"pela geometria ({_resumo(erro)}); ficam as linhas de texto")
            if candidata and pedacos:
                # as colunas pelos pedaços que o PDFium mediu, quando dão células a mais linhas que a grade (a grade
                # recusa a linha cujo texto passa da borda da célula: o UUID comprido da última coluna) ou que a
                # leitura da célula quebrada; um acréscimo, como a grade: se falha, ficam as linhas de texto
                try:
                    colunas, tabelas, continua = pdf_colunas.aplicar(originais, pedacos, plumber.tabelas, continuacao)
                    if _colunas_leem_mais(doc.trechos[inicio:], colunas):
                        doc.trechos[inicio:] = colunas
                        plumber.tabelas += tabelas
                        plumber.continuacao = continua
                except Exception as erro:
                    doc.alertas.append(f"{doc.arquivo}: página {numero}: as colunas da tabela sem réguas não puderam "
                                       f"ser lidas ({_resumo(erro)}); ficam as linhas de texto")
            return metodo, sem_objetos
        return _ocr_pagina(doc, numero, pagina), sem_objetos
    finally:
        pagina.close()


#: a linha que só as colunas leem tem de ser um registro inteiro (a continuação de uma célula quebrada não é)
_PREENCHIDAS = 0.6


def _colunas_leem_mais(lidos: list[Trecho], colunas: list[Trecho]) -> bool:
    """As colunas dão células a linhas que a grade (ou a célula quebrada) deixou sem, e cada uma dessas linhas
    preenche a maior parte das colunas; as linhas que a grade leu, as colunas também leem."""
    pela_grade = {t.localizacao for t in lidos if t.celulas is not None}
    pelas_colunas = {t.localizacao: t.celulas for t in colunas if t.celulas is not None}
    if not pela_grade:
        return bool(pelas_colunas)  # nada lido pela grade: as colunas valem como estão
    a_mais = [c for local, c in pelas_colunas.items() if local not in pela_grade]
    return (bool(a_mais) and pela_grade <= set(pelas_colunas)
            and all(sum(1 for x in c if x.strip()) >= _PREENCHIDAS * len(c) for c in a_mais))


def _lado_a_lado(doc: Documento, numero: int, linhas: list[str], pedacos: list[list[pdf_colunas.Pedaco]],
                 caracteres: list[dict[str, Any]], anterior: pdf_lado_a_lado.Continua | None,
                 ) -> tuple[list[str], list[list[pdf_colunas.Pedaco]], pdf_lado_a_lado.Continua | None]:
    """As linhas (e os pedaços) da página com cada tabela de lançamentos em duas colunas lado a lado lida coluna a
    coluna (`pdf_lado_a_lado`), e a tabela que chega ao pé dela; sem o cabeçalho repetido, as mesmas, com um alerta
    quando a página parece continuar sem ele a tabela dobrada da `anterior`."""
    try:
        separacao = pdf_lado_a_lado.separar(linhas, pedacos, numero, caracteres)
        if separacao is None:
            alerta = None
            if anterior is not None:
                medidos = pdf_lado_a_lado.pedacos_de_caracteres(pdf_lado_a_lado.linhas_de_caracteres(caracteres))
                alerta = pdf_lado_a_lado.continuacao_sem_cabecalho(medidos or pedacos, anterior, numero)
            if alerta is not None:
                doc.alertas.append(f"{doc.arquivo}: {alerta}")
            return linhas, pedacos, anterior if alerta is not None else None
    except Exception as erro:  # noqa: BLE001 - só acontece na página com o cabeçalho repetido: ela fica como está
        doc.alertas.append(f"{doc.arquivo}: página {numero}: as duas colunas de lançamentos lado a lado não puderam "
                           f"ser separadas ({_resumo(erro)}); ficam as linhas de texto, que podem juntar dois "
                           "lançamentos")
        return linhas, pedacos, None
    doc.alertas.extend(f"{doc.arquivo}: {alerta}" for alerta in separacao.alertas)
    return separacao.linhas, separacao.pedacos, separacao.continua


def _caracteres(camada: pdfium.PdfTextPage) -> list[dict[str, Any]]:
    try:
        return pdf_lado_a_lado.caracteres_da_camada(camada)
    except Exception:  # noqa: BLE001 - acréscimo: sem eles, valem só os pedaços
        return []


def _pedacos(camada: pdfium.PdfTextPage, largura_fixa: bool = True) -> list[list[pdf_colunas.Pedaco]]:
    """Os pedaços medidos da página; a medida que falha só tira as colunas, nunca o texto da página."""
    try:
        return pdf_colunas.pedacos(camada, largura_fixa)
    except Exception:  # noqa: BLE001 - acréscimo: sem os pedaços, a página segue pelas linhas
        return []


def _parece_escaneada(pagina: pdfium.PdfPage, caracteres: int) -> bool:
    if caracteres == 0:
        return True
    if caracteres >= POUCO_TEXTO:
        return False
    return _cobertura_de_imagens(pagina) >= FRACAO_IMAGEM


def _cobertura_de_imagens(pagina: pdfium.PdfPage) -> float:
    """A fração da página que as imagens cobrem (somadas)."""
    largura, altura = pagina.get_size()
    coberta = 0.0
    for imagem in pagina.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_IMAGE,)):
        esquerda, baixo, direita, cima = imagem.get_bounds()
        coberta += abs(direita - esquerda) * abs(cima - baixo)
    return coberta / (largura * altura or 1.0)


def _ocr_sob_o_carimbo(doc: Documento, numero: int, pagina: pdfium.PdfPage, caracteres: int) -> bool:
    """A página escaneada com um carimbo digital na margem ("Documento assinado eletronicamente por ...", que os
    sistemas do Judiciário e da polícia põem em toda página): a camada de texto é só o carimbo, e o documento está
    na imagem que cobre a página. Lida por OCR quando ele acha bem mais texto que a camada (`MAIS_TEXTO_NA_IMAGEM`);
    senão (um papel timbrado em imagem sob texto de verdade), ficam as linhas da camada, sem alerta."""
    if caracteres >= CARIMBO_MAXIMO:
        return False
    try:
        if _cobertura_de_imagens(pagina) < FRACAO_IMAGEM_CARIMBO:
            return False
        resolucao = _resolucao_segura(*pagina.get_size())
        if resolucao is None:
            return False
        resultado = ocr.reconhecer(pagina.render(scale=resolucao / 72).to_pil())
    except Exception:  # imagem ilegível, OCR indisponível ou sem tempo: a camada de texto é o que há
        return False
    lidos = sum(len(linha) for linha in resultado.linhas)
    if lidos < caracteres + max(TEXTO_ALEM_DO_CARIMBO, MAIS_TEXTO_NA_IMAGEM * caracteres):
        return False
    doc.confianca_ocr[numero] = resultado.confianca_media
    if resultado.guardado:
        doc.paginas_ocr_guardado.append(numero)
    doc.alertas.append(f"{doc.arquivo}: página {numero}: a camada de texto tem só {caracteres} caracteres (um carimbo "
                       "ou uma assinatura digital) sobre uma imagem que cobre a página; lida por OCR "
                       f"({resultado.resumo()})")
    _acrescentar(doc, numero, resultado.linhas, METODO_OCR)
    return True


def _ocr_pagina(doc: Documento, numero: int, pagina: pdfium.PdfPage) -> str | None:
    largura, altura = pagina.get_size()
    resolucao = _resolucao_segura(largura, altura)
    if resolucao is None:
        _falha(doc, numero, f"página {numero} sem texto e grande demais para OCR (teto de pixels)")
        return None
    try:
        imagem = pagina.render(scale=resolucao / 72).to_pil()
        resultado = ocr.reconhecer(imagem)
    except ocr.OCRIndisponivel as erro:
        _falha(doc, numero, f"página {numero} sem texto e OCR indisponível: {erro}")
        return None
    except RuntimeError as erro:  # pytesseract sinaliza o tempo limite com RuntimeError
        _falha(doc, numero, f"OCR da página {numero} falhou ({_resumo(erro)})")
        return None
    except Exception as erro:
        _falha(doc, numero, f"página {numero} não pôde ser renderizada para OCR ({_resumo(erro)})")
        return None
    doc.confianca_ocr[numero] = resultado.confianca_media
    if resultado.guardado:
        doc.paginas_ocr_guardado.append(numero)
    if resultado.linhas:
        doc.alertas.append(f"{doc.arquivo}: página {numero} lida por OCR ({resultado.resumo()})")
    else:
        doc.alertas.append(f"{doc.arquivo}: página {numero} sem texto; o OCR não encontrou nada")
    _acrescentar(doc, numero, resultado.linhas, METODO_OCR)
    return METODO_OCR


def _ocr_no_lugar_da_camada(doc: Documento, numero: int, pagina: pdfium.PdfPage, sem_letra: int) -> bool:
    """Lê por OCR a página cuja camada de texto tem glifos sem letra; False (as linhas da camada ficam, com o alerta)
    quando o OCR não a lê bem ou não pode ler."""
    glifos = plural(sem_letra, "glifo sem letra", "glifos sem letra")
    causa = f"página {numero}: a camada de texto tem {glifos} (a fonte embutida não diz que caractere desenha: " \
            "acentos e letras somem ao copiar)"
    resolucao = _resolucao_segura(*pagina.get_size())
    try:
        resultado = ocr.reconhecer(pagina.render(scale=resolucao / 72).to_pil()) if resolucao else None
    except Exception as erro:  # OCR indisponível, tempo esgotado: a camada de texto é o que há
        doc.alertas.append(f"{doc.arquivo}: {causa}; o OCR não pôde lê-la ({_resumo(erro)}): ficam as linhas da "
                           "camada de texto")
        return False
    if resultado is None or not resultado.linhas or resultado.confianca_media < CONFIANCA_NO_LUGAR_DA_CAMADA:
        if resultado is None:
            porque = "a página é grande demais para OCR"
        elif not resultado.linhas:
            porque = "o OCR não encontrou texto nela"
        else:
            porque = f"o OCR não a lê melhor ({resultado.resumo()})"
        doc.alertas.append(f"{doc.arquivo}: {causa}; {porque}: ficam as linhas da camada de texto")
        return False
    doc.confianca_ocr[numero] = resultado.confianca_media
    if resultado.guardado:
        doc.paginas_ocr_guardado.append(numero)
    doc.alertas.append(f"{doc.arquivo}: {causa}; lida por OCR ({resultado.resumo()})")
    _acrescentar(doc, numero, resultado.linhas, METODO_OCR)
    return True


def _resolucao_segura(largura: float, altura: float) -> int | None:
    """Resolução que mantém a página dentro do teto de pixels; None se nem 20 dpi cabem."""
    pixels = (largura * RESOLUCAO_OCR / 72) * (altura * RESOLUCAO_OCR / 72)
    if pixels <= MAXIMO_PIXELS_OCR:
        return RESOLUCAO_OCR
    resolucao = int(RESOLUCAO_OCR * (MAXIMO_PIXELS_OCR / pixels) ** 0.5)
    return resolucao if resolucao >= 20 else None


def _falha(doc: Documento, numero: int, texto: str) -> None:
    doc.paginas_com_falha.append(numero)
    doc.alertas.append(f"{doc.arquivo}: {texto}")


def _acrescentar(doc: Documento, numero: int, linhas: list[str], metodo: str) -> None:
    for indice, texto in enumerate(linhas, start=1):
        doc.trechos.append(Trecho(numero, localizacao.linha(indice), texto, metodo))


def motivo_abertura(erro: Exception) -> str:
    """Motivo em pt-BR para um PDF que nem o PDFium nem o pdfplumber abrem (pela exceção do pdfminer)."""
    causa = erro.args[0] if getattr(erro, "args", None) else erro
    nome = type(causa).__name__
    if "Password" in nome or "Encrypt" in nome:
        return "PDF protegido por senha: não foi lido (nenhuma senha é tentada)"
    if "No /Root" in str(causa):
        return "o arquivo não é um PDF válido (sem objeto /Root)"
    return f"PDF corrompido ou ilegível ({_resumo(causa)})"
