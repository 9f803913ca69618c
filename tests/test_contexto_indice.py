"""Issue 15: o fuso em vigor para cada linha, buscado por índice, é o mesmo da varredura de todas as declarações.

A varredura (a regra escrita em `Contexto._vale`) fica aqui como referência. Documentos reais: os casos de
exemplo, as variantes, o caso externo de avaliação e um PDF de 60 páginas com o fuso declarado no cabeçalho de
cada página, em tabela e no preâmbulo (o caso que era quadrático), com uma página em outro fuso.
"""

from __future__ import annotations

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from perito.extratores.contexto import ESCOPOS, Contexto
from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento
from tests.conftest import CASO_DEMO, RAIZ

PUBLICO = RAIZ.parent / "shared" / "avaliacao" / "caso_publico"
PASTAS = [CASO_DEMO, RAIZ / "examples" / "variantes", PUBLICO]


def _pela_varredura(ctx: Contexto, trecho):
    posicao = ctx.ordem.get(id(trecho), 0)
    candidatas = [d for d in ctx.declaracoes if d.tipo == "fuso" and d.escopo != "coluna" and ctx._vale(d, trecho, posicao)]
    for escopo in ESCOPOS:
        mesmas = [d for d in candidatas if d.escopo == escopo]
        if escopo == "tabela" and mesmas:
            mesmas = [max(mesmas, key=lambda d: d.ordem)]
        if not mesmas:
            continue
        return mesmas  # a decisão de conflito é a mesma nos dois caminhos: basta comparar o conjunto do escopo
    return []


def _documentos(tmp_path):
    caminho = tmp_path / "provedor.pdf"
    c = canvas.Canvas(str(caminho), pagesize=A4, invariant=1)
    for pagina in range(60):
        c.setFont("Helvetica", 9)
        c.drawString(40, 800, "Response to Legal Process")
        c.drawString(40, 788, "Times are shown in UTC." if pagina != 30 else "Horários em UTC-03:00.")
        c.drawString(40, 776, "Time (UTC)  IP Address  Port")
        for i in range(20):
            c.drawString(40, 760 - 14 * i, f"2025-03-{1 + i:02d} 10:{i:02d}:00 187.{pagina}.{i}.9 {40000 + i}")
        c.showPage()
    c.save()
    yield ler_documento(caminho, "provedor.pdf", "pdf")
    for pasta in PASTAS:
        if pasta.is_dir():
            for arquivo in listar(pasta):
                if arquivo.tipo and not arquivo.membro:
                    yield ler_documento(arquivo.caminho, arquivo.nome, arquivo.tipo)


def test_fuso_por_indice_igual_a_varredura(tmp_path):
    comparados = com_declaracao = 0
    for documento in _documentos(tmp_path):
        ctx = Contexto(documento)
        for trecho in documento.trechos:
            esperadas = _pela_varredura(ctx, trecho)
            escopo = esperadas[0].escopo if esperadas else None
            obtidas = ctx._candidatas(escopo, trecho, ctx.ordem.get(id(trecho), 0)) if escopo else []
            if escopo == "tabela":
                obtidas = obtidas[-1:]
            assert obtidas == esperadas, (documento.arquivo, trecho.localizacao)
            # e nenhum escopo anterior tem candidata que a varredura não viu
            for anterior in ESCOPOS[: ESCOPOS.index(escopo) if escopo else len(ESCOPOS)]:
                assert ctx._candidatas(anterior, trecho, ctx.ordem.get(id(trecho), 0)) == [], (documento.arquivo, anterior)
            comparados += 1
            com_declaracao += bool(esperadas)
    # sem ../shared ao lado do repositório (um checkout isolado), só os exemplos: 1.789 linhas, 1.540 com declaração
    assert comparados > (2000 if PUBLICO.is_dir() else 1700) and com_declaracao > 1200


def test_local_da_declaracao_e_um_so_por_arquivo_e_nao_passa_a_uma_copia() -> None:
    """Cada dado sob a declaração leva o mesmo dicionário de local (um log de 200 mil linhas não faz 200 mil cópias);
    uma declaração copiada com outro trecho (dataclasses.replace) diz o seu próprio local, não o guardado da outra."""
    from dataclasses import replace

    from perito.extratores.contexto import Declaracao
    from perito.leitura.documento import Trecho

    declaracao = Declaracao("fuso", "UTC", "documento", Trecho(1, "linha 3", "Horários em UTC", "pdf"), 3)
    local = declaracao.local("resposta.pdf")
    assert declaracao.local("resposta.pdf") is local and local["linha_ou_celula"] == "linha 3"
    assert declaracao.local("outra.pdf")["arquivo"] == "outra.pdf"
    copia = replace(declaracao, trecho=Trecho(2, "linha 9", "Horários em UTC", "pdf"))
    assert (copia.local("resposta.pdf")["pagina"], copia.local("resposta.pdf")["linha_ou_celula"]) == (2, "linha 9")
