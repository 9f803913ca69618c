"""Reconstrução de linhas do pdfplumber: segunda leitura do validador e leitor de reserva de PDF.

Reconstrução (a canônica até a issue 15; fixa): `page.extract_text(x_tolerance=3,
y_tolerance=3)`, quebrada em "\\n", cada linha em NFC e sem espaços nas pontas,
vazias descartadas. O texto é o do `extract_text`, montado sem o passo mais caro
dele (`texto_da_pagina`). Usada em três lugares, sempre por `linhas_da_pagina`:

- a segunda leitura do validador (`linhas_das_paginas`, só as páginas citadas, em fatias com o PDF aberto);
- a página que o PDFium não consegue medir (par substituto no texto), lida por
  esta reconstrução com método `pdfplumber`;
- o leitor de reserva (`ler_com_pdfplumber`), quando o PDFium não abre o arquivo.
  Sem OCR ali: quem desenha a página para o OCR é o próprio PDFium.
"""

from __future__ import annotations

import io
import logging
import unicodedata
from pathlib import Path
from typing import Any, Iterable

import pdfplumber
from pdfminer.layout import LTChar, LTContainer
from pdfplumber.utils import chars_to_textmap

from perito.leitura import localizacao, metodos, pdf_lado_a_lado, tetos
from perito.leitura.documento import Documento, Trecho
from perito.leitura.entrada import Entrada
from perito.leitura.pdf_caracteres import Caractere, caracteres_da_pagina
from perito.leitura.pdf_pdfium import linhas_canonicas
from perito.texto_ptbr import plural

METODO = metodos.PDFPLUMBER
PARAMETROS_LINHAS = {"x_tolerance": 3, "y_tolerance": 3}


def abrir(fonte: Entrada) -> Any:
    """pdfplumber.PDF do caminho ou dos bytes (nenhuma senha é passada)."""
    logging.getLogger("pdfminer").setLevel(logging.ERROR)
    return pdfplumber.open(fonte if isinstance(fonte, Path) else io.BytesIO(fonte))


def linhas_da_pagina(pagina: Any) -> list[str]:
    """As linhas da página; a página com lançamentos em duas colunas lado a lado (o cabeçalho repetido na mesma
    linha), com cada coluna nas suas linhas, pela regra da leitura principal (`pdf_lado_a_lado`) sobre os
    caracteres do pdfminer."""
    caracteres = _caracteres_da_pagina(pagina)
    linhas = linhas_canonicas(_texto(pagina, caracteres))
    if not any(map(pdf_lado_a_lado.linha_dobrada, linhas)):
        return linhas
    partes = pdf_lado_a_lado.partes_dos_caracteres(caracteres)
    if partes is None:
        return linhas
    return [linha for parte in partes if parte for linha in linhas_canonicas(_texto(pagina, parte))]


def texto_da_pagina(pagina: Any) -> str:
    """O texto de `pagina.extract_text(**PARAMETROS_LINHAS)`, igual caractere a caractere, em ~1/3 do tempo.

    Por quê: o `extract_text` pede `pagina.chars`, e o pdfplumber converte cada objeto da página num dicionário com
    todos os atributos (cores, matrizes, espaços de cor, referências resolvidas) — dois terços do tempo da segunda
    leitura, medido. A reconstrução de linhas só usa sete chaves de cada caractere. Aqui elas saem do mesmo layout do
    pdfminer (`pagina.layout`), com as mesmas contas de `Page.process_object` (coordenadas relativas à MediaBox,
    `doctop`, a normalização Unicode do PDF), na mesma ordem de `Page.parse_objects` (os filhos de cada contêiner,
    em profundidade), e vão à mesma função do pdfplumber que o `extract_text` chama (`chars_to_textmap`, com os
    argumentos de `Page._get_textmap`). O pdfplumber está fixo numa versão (pyproject); `tests/test_pdf_plumber_texto`
    compara com o `extract_text` dele página a página, e falha se uma versão nova mudar o que ele faz."""
    return _texto(pagina, _caracteres_da_pagina(pagina))


def _caracteres_da_pagina(pagina: Any) -> list[dict[str, Any]]:
    caracteres = _dicionarios(pagina, _caracteres(pagina))
    caracteres += _caracteres_dos_campos(pagina, caracteres)
    return caracteres


def _texto(pagina: Any, caracteres: list[dict[str, Any]]) -> str:
    return str(chars_to_textmap(caracteres, layout_bbox=pagina.bbox, layout_width=pagina.width,
                                layout_height=pagina.height, **PARAMETROS_LINHAS).as_string)


def _caracteres(pagina: Any) -> list[Caractere]:
    """(texto, x0, y0, x1, y1, upright) de cada caractere, na ordem do `pagina.layout` percorrido em profundidade:
    pelo interpretador sem o layout (`pdf_caracteres`), ou pelo layout já montado ou com análise de layout pedida
    (`laparams`, que reagrupa a árvore)."""
    if not hasattr(pagina, "_layout") and pagina.pdf.laparams is None:
        return caracteres_da_pagina(pagina)
    return caracteres_do_layout(pagina)


def caracteres_do_layout(pagina: Any) -> list[Caractere]:
    """Os caracteres de `pagina.layout` (o caminho de antes de `pdf_caracteres`, que o teste compara com ele)."""
    caracteres: list[Caractere] = []

    def percorrer(objetos: list[Any]) -> None:
        for objeto in objetos:
            if isinstance(objeto, LTContainer):
                percorrer(objeto._objs)
            elif isinstance(objeto, LTChar):
                caracteres.append((objeto.get_text(), objeto.x0, objeto.y0, objeto.x1, objeto.y1, objeto.upright))

    percorrer(pagina.layout._objs)
    return caracteres


def _dicionarios(pagina: Any, caracteres: list[Caractere]) -> list[dict[str, Any]]:
    """As sete chaves de cada caractere que `chars_to_textmap` lê, com as contas de `Page.process_object`."""
    mb_x0, mb_top = pagina.mediabox[:2]
    altura, doctop_inicial, norma = pagina.height, pagina.initial_doctop, pagina.pdf.unicode_norm
    saida = []
    for texto, x0, y0, x1, y1, upright in caracteres:
        topo = (altura - y1) + mb_top
        saida.append({
            "text": unicodedata.normalize(norma, texto) if norma is not None else texto,
            "x0": x0 + mb_x0 if mb_x0 != 0 else x0,
            "x1": x1 + mb_x0 if mb_x0 != 0 else x1,
            "top": topo, "bottom": (altura - y0) + mb_top, "doctop": doctop_inicial + topo,
            "upright": upright,
        })
    return saida


def linhas_por_pagina(fonte: Path | bytes, paginas: Iterable[int] | None = None) -> dict[int, list[str]]:
    """{página 1-based: linhas} das páginas pedidas (todas, sem pedido); páginas inexistentes ficam de fora.

    `fonte`: caminho do PDF ou seus bytes (quem já conferiu o SHA-256 dos bytes passa os bytes).
    """
    with abrir(fonte) as pdf:
        return linhas_das_paginas(pdf, paginas)


def linhas_das_paginas(pdf: Any, paginas: Iterable[int] | None = None) -> dict[int, list[str]]:
    """`linhas_por_pagina` de um PDF já aberto (`abrir`), que segue aberto: a próxima fatia de páginas do mesmo
    arquivo não o abre de novo."""
    total = len(pdf.pages)
    alvo = sorted({p for p in (paginas if paginas is not None else range(1, total + 1)) if 1 <= p <= total})
    resultado = {}
    for numero in alvo:
        pagina = pdf.pages[numero - 1]
        resultado[numero] = linhas_da_pagina(pagina)
        pagina.close()
    return resultado


def ler_com_pdfplumber(entrada: Entrada, nome: str, usar_ocr: bool = True) -> Documento:
    """O documento lido pelo pdfplumber; a exceção do pdfminer se ele também não abre o arquivo."""
    pdf = abrir(entrada)
    try:
        paginas = list(pdf.pages)
    except Exception:
        pdf.close()
        raise
    doc = Documento(arquivo=nome, tipo="pdf", metodo_extracao=METODO)
    doc.alertas.append(
        f"{nome}: o PDFium não abriu o PDF (estrutura que ele recusa); lido pelo leitor de reserva pdfplumber, "
        "com a reconstrução de linhas do pdfplumber"
    )
    with pdf:
        doc.total_paginas = len(paginas)
        if len(paginas) > tetos.PAGINAS_MAXIMAS:
            doc.paginas_com_falha.extend(range(tetos.PAGINAS_MAXIMAS + 1, len(paginas) + 1))
            doc.alertas.append(
                f"{nome}: {len(paginas)} páginas; só as {tetos.PAGINAS_MAXIMAS} primeiras foram lidas (teto de páginas)"
            )
        for numero, pagina in enumerate(paginas[: tetos.PAGINAS_MAXIMAS], start=1):
            _ler_pagina(doc, numero, pagina, usar_ocr)
            pagina.close()
    if not doc.total_paginas:
        doc.erro = "nenhuma página legível: o PDF abriu com 0 páginas (arquivo corrompido?)"
    elif len(doc.paginas_com_falha) >= doc.total_paginas:
        doc.erro = f"nenhuma página pôde ser lida ({plural(doc.total_paginas, 'página', 'páginas')} com falha)"
    return doc


def _ler_pagina(doc: Documento, numero: int, pagina: Any, usar_ocr: bool) -> None:
    try:
        linhas = linhas_da_pagina(pagina)
    except Exception as erro:
        doc.paginas_com_falha.append(numero)
        doc.alertas.append(f"{doc.arquivo}: página {numero} não pôde ser lida ({resumo(erro)})")
        return
    if not linhas and usar_ocr:
        doc.paginas_com_falha.append(numero)
        doc.alertas.append(
            f"{doc.arquivo}: página {numero} sem texto e sem OCR (o PDFium, que desenha a página, não abriu o arquivo)"
        )
        return
    for indice, texto in enumerate(linhas, start=1):
        doc.trechos.append(Trecho(numero, localizacao.linha(indice), texto, METODO))


def resumo(erro: object) -> str:
    texto = str(erro).strip() or type(erro).__name__
    return texto if len(texto) <= 120 else texto[:117] + "..."


def _caracteres_dos_campos(pagina: Any, caracteres: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Os valores dos campos preenchidos de um formulário PDF (as anotações widget, lidas pelo pdfminer), como
    caracteres na altura do texto ao lado (o rótulo cuja altura contém o meio do campo; sem ele, a do campo), a partir
    da esquerda do campo: a mesma regra de `pdf_pdfium` para a leitura principal, feita por outra biblioteca."""
    try:
        anotacoes = pagina.annots
    except Exception:  # noqa: BLE001 - anotações ilegíveis: a página segue sem os campos
        return []
    saida: list[dict[str, Any]] = []
    for anotacao in anotacoes:
        valor = _valor_do_campo(anotacao.get("data") or {})
        if not valor:
            continue
        meio = (anotacao["top"] + anotacao["bottom"]) / 2
        ao_lado = [c for c in caracteres if c["top"] <= meio <= c["bottom"]]
        if ao_lado:
            vizinho = min(ao_lado, key=lambda c: (abs((c["top"] + c["bottom"]) / 2 - meio), c["x0"]))
            topo, base = vizinho["top"], vizinho["bottom"]
        else:
            topo, base = anotacao["top"], anotacao["bottom"]
        largura = (base - topo) * 0.5  # a largura de um caractere é só para a ordem e os espaços entre palavras
        for posicao, letra in enumerate(valor):
            x0 = anotacao["x0"] + posicao * largura
            saida.append({"text": letra, "x0": x0, "x1": x0 + largura, "top": topo, "bottom": base,
                          "doctop": pagina.initial_doctop + topo, "upright": True})
    return saida


def _valor_do_campo(dados: dict[str, Any]) -> str:
    """O valor de um campo de texto ou de escolha (o herdado do campo pai, quando o widget não o tem)."""
    from pdfminer.pdftypes import resolve1
    from pdfminer.utils import decode_text

    if getattr(resolve1(dados.get("Subtype")), "name", None) != "Widget":
        return ""
    tipo, valor, atual = None, None, dados
    for _ in range(32):  # a cadeia de campos pais (um PDF hostil não a faz circular para sempre)
        tipo = tipo or resolve1(atual.get("FT"))
        valor = valor if valor is not None else resolve1(atual.get("V"))
        pai = resolve1(atual.get("Parent"))
        if not isinstance(pai, dict) or (tipo is not None and valor is not None):
            break
        atual = pai
    if getattr(tipo, "name", None) not in ("Tx", "Ch") or valor is None:
        return ""
    if isinstance(valor, list):  # lista de seleção múltipla
        valor = valor[0] if valor else b""
    texto = decode_text(valor) if isinstance(valor, bytes) else str(getattr(valor, "name", valor))
    return unicodedata.normalize("NFC", " ".join(texto.split()))
