"""`pdf_retangulo.Retangulos.texto` (uma chamada ao PDFium) é o `get_text_bounded` do pypdfium2 (duas), caractere a
caractere: nos pedaços que o PDFium mede e em retângulos ao acaso (de várias linhas: o "\\r\\n" que o PDFium põe entre
elas), em PDFs gerados; e, com um par substituto ou sem memória bastante, o próprio `get_text_bounded`."""

from __future__ import annotations

import io

import pypdfium2 as pdfium
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from perito.leitura.pdf_retangulo import Retangulos

_LINHA = st.text(alphabet="abcÇÉãõ 0123456789.,:/-R$", min_size=0, max_size=40)


def _pdf(linhas: list[str], entre: float) -> bytes:
    from reportlab.pdfgen import canvas

    saida = io.BytesIO()
    tela = canvas.Canvas(saida)
    tela.setFont("Helvetica", 10)
    for n, linha in enumerate(linhas):
        tela.drawString(40 + (n % 3) * 150, 800 - n * entre, linha)
    tela.showPage()
    tela.save()
    return saida.getvalue()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_LINHA, min_size=1, max_size=12), st.sampled_from((4.0, 12.0, 30.0)),
       st.lists(st.tuples(*[st.floats(-20, 900, allow_nan=False)] * 4), max_size=15))
def test_o_mesmo_texto_do_get_text_bounded(linhas: list[str], entre: float, acaso: list[tuple[float, ...]]) -> None:
    pdf = pdfium.PdfDocument(_pdf(linhas, entre))
    camada = pdf[0].get_textpage()
    retangulos = Retangulos(camada)
    pedidos = [camada.get_rect(i) for i in range(camada.count_rects())]
    pedidos += [(min(a, c), min(b, d), max(a, c), max(b, d)) for a, b, c, d in acaso]
    pedidos.append((0, 0, 900, 900))  # a página inteira: todas as linhas
    for pedido in pedidos:
        assert retangulos.texto(*pedido) == camada.get_text_bounded(*pedido), pedido


class _Camada:
    """Uma camada falsa que devolve estas unidades UTF-16 (com o nulo do fim, como o PDFium)."""

    def __init__(self, texto: str) -> None:
        self.unidades = texto.encode("utf-16-le", "surrogatepass") + b"\x00\x00"
        self.pedidas = 0

    def count_chars(self) -> int:
        return len(self.unidades)

    @property
    def _as_parameter_(self) -> int:
        return 0

    def get_text_bounded(self, *_: float) -> str:
        self.pedidas += 1
        return "pelo pypdfium2"


def test_com_substituto_ou_sem_memoria_vale_o_pypdfium2(monkeypatch) -> None:
    from perito.leitura import pdf_retangulo

    def chamada(camada_c, _e, _t, _d, _b, memoria, tamanho):  # noqa: ANN001
        dados = camada.unidades[: tamanho * 2]
        io.BytesIO(dados).readinto(memoria)
        return len(dados) // 2

    monkeypatch.setattr(pdf_retangulo.pdfium_c, "FPDFText_GetBoundedText", chamada)
    for texto, esperado in (("Pix 12,00", "Pix 12,00"), ("emoji \U0001F600 fim", "pelo pypdfium2"),
                            ("solto \ud800 fim", "pelo pypdfium2")):
        camada = _Camada(texto)
        assert Retangulos(camada).texto(0, 0, 1, 1) == esperado, texto  # type: ignore[arg-type]
    camada = _Camada("cheio")
    retangulos = Retangulos(camada)  # type: ignore[arg-type]
    retangulos._tamanho = 3  # menos memória que o texto
    assert retangulos.texto(0, 0, 1, 1) == "pelo pypdfium2"
