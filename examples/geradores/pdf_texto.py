"""PDFs com camada de texto, desenhados linha a linha em x/y fixos.

Cada linha é uma lista de células (x, texto) no mesmo y e no mesmo corpo, para
que o pdfplumber (x_tolerance=3, y_tolerance=3) devolva exatamente o texto das
células unido por um espaço; a última linha de cada página é o rodapé. Os PDFs
são determinísticos (reportlab com invariant=1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from reportlab.lib.pagesizes import A4
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from geradores.verdade import Dado, conferir_na_linha, registro

NORMAL, NEGRITO = "Helvetica", "Helvetica-Bold"
#: margem direita mínima: nenhuma linha pode chegar perto da borda (sem quebra de linha)
LARGURA_UTIL = A4[0] - 25


@dataclass(frozen=True)
class Linha:
    fonte: str
    celulas: tuple[tuple[float, str], ...]
    dados: tuple[Dado, ...] = ()

    @property
    def texto(self) -> str:
        return " ".join(t for _, t in self.celulas)


def linha(*celulas, fonte=NORMAL, dados=()) -> Linha:
    """Uma linha do PDF: células (x, texto) no mesmo y, cada uma num drawString."""
    return Linha(fonte, tuple(celulas), tuple(dados))


def rodape_ingles(n: int, total: int) -> str:
    return f"Page {n} of {total}"


def rodape_portugues(n: int, total: int) -> str:
    return f"Página {n} de {total}"


@dataclass
class DocumentoPDF:
    nome: str
    paginas: list[list[Linha]]
    rodape: Callable[[int, int], str] = rodape_portugues
    tamanho: float = 9  # mesmo corpo em toda a página: pdfplumber agrupa linhas pelo topo
    entrelinha: float = 15  # bem acima de y_tolerance=3: linhas nunca se fundem
    y_topo: float = 800
    y_rodape: float = 40
    x_rodape: float = 260
    avisos: list[str] = field(default_factory=list)


def gerar(caminho: Path, doc: DocumentoPDF) -> None:
    """Desenha cada linha num y fixo, com o rodapé 'Page/Página N ...' como última linha."""
    # invariant=1 fixa data de criação e ID do documento: bytes idênticos a cada execução
    c = canvas.Canvas(str(caminho), pagesize=A4, invariant=1)
    total = len(doc.paginas)
    for n, linhas in enumerate(doc.paginas, start=1):
        y_ultima = doc.y_topo - (len(linhas) - 1) * doc.entrelinha
        assert y_ultima > doc.y_rodape + doc.entrelinha, f"{doc.nome} p.{n}: linhas demais para a página"
        for i, lin in enumerate(linhas):
            c.setFont(lin.fonte, doc.tamanho)
            for x, texto in lin.celulas:
                fim = x + stringWidth(texto, lin.fonte, doc.tamanho)
                assert fim <= LARGURA_UTIL, f"{doc.nome} p.{n}: {texto!r} passa da margem ({fim:.0f})"
                c.drawString(x, doc.y_topo - i * doc.entrelinha, texto)
        c.setFont(NORMAL, doc.tamanho)
        c.drawString(doc.x_rodape, doc.y_rodape, doc.rodape(n, total))
        c.showPage()
    c.save()


def linhas_esperadas(doc: DocumentoPDF) -> list[list[str]]:
    """Texto que pdfplumber deve devolver: células unidas por um espaço, mais o rodapé."""
    total = len(doc.paginas)
    return [[lin.texto for lin in linhas] + [doc.rodape(n, total)] for n, linhas in enumerate(doc.paginas, start=1)]


def conferir(caminho: Path, doc: DocumentoPDF) -> list[list[str]] | None:
    """Garante que a extração do pdfplumber bate linha a linha com o pretendido."""
    try:
        import pdfplumber
    except ImportError:
        return None  # sem pdfplumber não há como conferir; a geração continua válida
    with pdfplumber.open(caminho) as pdf:
        extraidas = [p.extract_text(x_tolerance=3, y_tolerance=3).split("\n") for p in pdf.pages]
    esperadas = linhas_esperadas(doc)
    assert extraidas == esperadas, f"{caminho.name}: extração difere\n{extraidas}\n!=\n{esperadas}"
    return extraidas


def gabarito(doc: DocumentoPDF) -> list[dict]:
    """Um registro por dado anotado: página física e 'linha N' da reconstrução canônica."""
    itens = []
    for n, linhas in enumerate(doc.paginas, start=1):
        for i, lin in enumerate(linhas, start=1):
            assert lin.texto.strip(), f"{doc.nome} p.{n}: linha vazia desloca a numeração"
            conferir_na_linha(doc.nome, f"p.{n} linha {i}", lin.texto, lin.dados)
            itens += [registro(dado, n, f"linha {i}") for dado in lin.dados]
    return itens


# --- tabelas com colunas calculadas pela largura do texto ------------------------


@dataclass(frozen=True)
class Coluna:
    titulo: str
    direita: bool = False  # valores alinhados à direita (dinheiro)


def tabela(x0: float, colunas: list[Coluna], linhas: list[tuple], tamanho: float, espaco: float = 10,
           dados: list[tuple[Dado, ...]] | None = None) -> list[Linha]:
    """Cabeçalho em negrito e uma Linha por registro; célula None ou "" não é desenhada.

    A largura de cada coluna é a do seu texto mais largo; `espaco` (bem acima de
    x_tolerance=3) separa as colunas, então cada célula vira uma palavra à parte.
    """
    larguras = []
    for j, coluna in enumerate(colunas):
        textos = [r[j] for r in linhas if r[j]]
        larguras.append(max([stringWidth(coluna.titulo, NEGRITO, tamanho)]
                            + [stringWidth(t, NORMAL, tamanho) for t in textos]))
    xs, x = [], x0
    for largura in larguras:
        xs.append(x)
        x += largura + espaco

    def posicao(j: int, texto: str, fonte: str) -> float:
        if colunas[j].direita:
            return round(xs[j] + larguras[j] - stringWidth(texto, fonte, tamanho), 2)
        return xs[j]

    resultado = [linha(*[(posicao(j, c.titulo, NEGRITO), c.titulo) for j, c in enumerate(colunas)], fonte=NEGRITO)]
    for k, registro_ in enumerate(linhas):
        celulas = [(posicao(j, t, NORMAL), t) for j, t in enumerate(registro_) if t]
        resultado.append(linha(*celulas, dados=dados[k] if dados else ()))
    return resultado
