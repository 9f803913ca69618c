"""Issue 27: a validação em proporção ao citado.

- O OCR de uma página que a leitura da mesma execução já fez é tomado pela releitura do validador só quando os
  pixels desenhados de novo são os mesmos bytes (e o motor o mesmo); uma entrada adulterada, de outra execução ou de
  outra imagem é ignorada e o Tesseract roda de novo (`leitura.ocr_guardado`).
- A segunda leitura (pdfplumber) das páginas citadas vai em fatias, numa fila que os dois núcleos esvaziam, num
  auxiliar que fica vivo entre as fatias: o resultado é o mesmo da leitura inteira.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont

from perito.leitura import ocr
from perito.leitura.isolamento import Limites, Tarefa, ler_isolados
from perito.leitura.ocr_guardado import Guarda, guardando_em
from perito.leitura.pdf_plumber import linhas_por_pagina
from perito.validador.fonte import FonteIndependente, fatiar, juntar_fatias
from perito.validador.segunda_leitura import Pedido, SegundaLeitura, ler_da_fila

FONTE = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def _ler_todos(pedidos: list[Pedido]) -> dict[str, SegundaLeitura]:
    """Os pedidos lidos de uma vez pela fila (um resultado por arquivo)."""
    restantes = iter(pedidos)
    return dict(ler_da_fila(lambda: next(restantes, None), Limites()))


def _pagina_escaneada(texto: list[str]) -> Image.Image:
    if not FONTE.is_file():
        pytest.skip("fonte DejaVu Sans ausente (pacote fonts-dejavu-core)")
    if ocr.versao_tesseract() is None:
        pytest.skip("Tesseract ausente")
    fonte = ImageFont.truetype(str(FONTE), 30)
    imagem = Image.new("L", (1400, 120 + 60 * len(texto)), 255)
    desenho = ImageDraw.Draw(imagem)
    for i, linha in enumerate(texto):
        desenho.text((60, 60 + 60 * i), linha, font=fonte, fill=0)
    return imagem


LINHAS = ["Oficio 123/2025 - Operadora Exemplo", "Terminal 11987654321 titular JOANA DA SILVA", "CPF 529.982.247-25"]


@pytest.fixture(scope="module")
def caso_escaneado(tmp_path_factory) -> Path:
    caso = tmp_path_factory.mktemp("escaneado") / "caso"
    caso.mkdir()
    _pagina_escaneada(LINHAS).convert("RGB").save(caso / "oficio.pdf", format="PDF", resolution=150)
    return caso


def test_releitura_toma_o_ocr_da_leitura_so_pelos_mesmos_pixels(caso_escaneado, tmp_path):
    guarda = Guarda(tmp_path / "ocr")
    guarda.pasta.mkdir()
    (lido,) = ler_isolados([Tarefa(caso_escaneado / "oficio.pdf", "oficio.pdf", "pdf", guarda_ocr=guarda)], Limites())
    assert not lido.erro and lido.paginas_ocr_guardado == []  # a leitura fez o OCR
    assert any("529.982.247-25" in t.texto for t in lido.trechos)
    assert len(list(guarda.pasta.glob("*.json"))) == 1

    com = FonteIndependente(caso_escaneado, guarda_ocr=guarda)
    sem = FonteIndependente(caso_escaneado)
    tomado, relido = com.abrir("oficio.pdf").documento, sem.abrir("oficio.pdf").documento
    assert tomado is not None and relido is not None
    assert tomado.paginas_ocr_guardado == [1] and com.paginas_ocr_guardado() == {"oficio.pdf": [1]}
    assert relido.paginas_ocr_guardado == [] and sem.paginas_ocr_guardado() == {}
    # o mesmo documento que a releitura que roda o Tesseract de novo: trechos, confiança, alertas
    assert tomado.trechos == relido.trechos == lido.trechos
    assert tomado.confianca_ocr == relido.confianca_ocr
    assert tomado.alertas == relido.alertas


def test_entrada_adulterada_de_outra_execucao_ou_de_outros_pixels_nao_e_tomada(tmp_path):
    imagem = _pagina_escaneada(LINHAS)
    guarda = Guarda(tmp_path)
    with guardando_em(guarda):
        primeiro = ocr.reconhecer(imagem)
        segundo = ocr.reconhecer(imagem)
    assert not primeiro.guardado and segundo.guardado
    assert segundo.linhas == primeiro.linhas and segundo.confianca_media == primeiro.confianca_media
    assert any("11987654321" in linha for linha in primeiro.linhas)

    # a mesma pasta com o segredo de outra execução: nada é tomado
    with guardando_em(Guarda(tmp_path)):
        assert not ocr.reconhecer(imagem).guardado

    # um pixel diferente: outra chave
    outra = imagem.copy()
    outra.putpixel((5, 5), 0)
    with guardando_em(guarda):
        assert not ocr.reconhecer(outra).guardado

    # o texto trocado no disco (JSON válido, assinatura antiga): o OCR roda de novo e dá o texto verdadeiro
    for entrada in tmp_path.glob("*.json"):
        dados = json.loads(entrada.read_text(encoding="utf-8"))
        dados["linhas"] = [linha.replace("11987654321", "11900000000") for linha in dados["linhas"]]
        entrada.write_text(json.dumps(dados), encoding="utf-8")
    with guardando_em(guarda):
        refeito = ocr.reconhecer(imagem)
    assert not refeito.guardado and refeito.linhas == primeiro.linhas

    # a pasta sumiu (disco cheio, apagada): o OCR roda e nada quebra
    with guardando_em(Guarda(tmp_path / "apagada")):
        sem_pasta = ocr.reconhecer(imagem)
    assert not sem_pasta.guardado and sem_pasta.linhas == primeiro.linhas

    # sem guarda (o `perito validar` avulso): nada é tomado nem gravado
    antes = sorted(p.name for p in tmp_path.iterdir())
    assert not ocr.reconhecer(imagem).guardado
    assert sorted(p.name for p in tmp_path.iterdir()) == antes


@pytest.fixture(scope="module")
def pdf_longo(tmp_path_factory) -> Path:
    from reportlab.pdfgen import canvas

    caminho = tmp_path_factory.mktemp("longo") / "resposta.pdf"
    tela = canvas.Canvas(str(caminho), invariant=1)
    for pagina in range(1, 41):
        tela.setFont("Helvetica", 10)
        tela.drawString(50, 800, f"Registros de acesso - página {pagina}")
        for i in range(20):
            tela.drawString(50, 770 - 14 * i, f"2025-03-{1 + i % 28:02d} 10:{i:02d}:00 UTC  177.{pagina}.{i}.1  porta {30000 + i}")
        tela.showPage()
    tela.save()
    return caminho


def test_segunda_leitura_em_fatias_num_auxiliar_vivo_e_a_leitura_inteira(pdf_longo):
    paginas = tuple(range(1, 41, 2)) + (99,)  # uma página que não existe fica de fora, como na leitura inteira
    pedido = Pedido("resposta.pdf", pdf_longo, paginas)
    fatias = fatiar([pedido], 6)
    assert [f.paginas for f in fatias][:2] == [(1, 3, 5, 7, 9, 11), (13, 15, 17, 19, 21, 23)]
    assert sum(len(f.paginas or ()) for f in fatias) == len(paginas)
    restantes = iter(fatias)
    lidas = ler_da_fila(lambda: next(restantes, None), Limites())
    assert len(lidas) == len(fatias)  # um resultado por fatia, todas do mesmo arquivo
    juntas = juntar_fatias(lidas)
    inteira = linhas_por_pagina(pdf_longo, paginas)
    assert not juntas["resposta.pdf"].erro
    assert juntas["resposta.pdf"].paginas == inteira
    assert list(juntas["resposta.pdf"].paginas) == sorted(inteira)
    assert _ler_todos([pedido])["resposta.pdf"].paginas == inteira


def test_fatia_com_erro_deixa_o_arquivo_inteiro_sem_segunda_leitura_e_bytes_mudados_nao_sao_lidos(pdf_longo, tmp_path):
    ok = SegundaLeitura(paginas={3: ["c"], 1: ["a"]})
    juntas = juntar_fatias([("a.pdf", ok), ("a.pdf", SegundaLeitura(erro="pdfplumber excedeu o tempo limite de 5 s")),
                            ("a.pdf", SegundaLeitura(paginas={9: ["z"]})), ("b.pdf", SegundaLeitura(paginas={2: ["b"]}))])
    assert juntas["a.pdf"].erro.startswith("pdfplumber excedeu") and not juntas["a.pdf"].paginas
    assert juntas["b.pdf"].paginas == {2: ["b"]}

    # de verdade: o arquivo muda no disco entre duas fatias; a segunda usa os bytes conferidos que a primeira abriu
    # (nunca os do disco mudado), e um pedido novo dos bytes mudados dá erro
    copia = tmp_path / "resposta.pdf"
    copia.write_bytes(pdf_longo.read_bytes())
    sha = hashlib.sha256(copia.read_bytes()).hexdigest()
    fatias = fatiar([Pedido("resposta.pdf", copia, tuple(range(1, 13)), sha)], 6)
    restantes = iter(fatias)

    def proximo():
        fatia = next(restantes, None)
        if fatia is not None and fatia.paginas and fatia.paginas[0] == 7:
            copia.write_bytes(pdf_longo.read_bytes() + b"\n% acrescentado\n")
        return fatia

    lidas = ler_da_fila(proximo, Limites())
    assert not lidas[0][1].erro  # a primeira fatia leu os bytes conferidos
    juntas = juntar_fatias(lidas)
    assert not juntas["resposta.pdf"].erro and sorted(juntas["resposta.pdf"].paginas) == list(range(1, 13))
    mudou = _ler_todos([Pedido("resposta.pdf", copia, (1,), sha)])["resposta.pdf"]
    assert "mudou" in mudou.erro and not mudou.paginas


# O índice de junção dos dados de um arquivo volumoso: calculado pelo auxiliar ao gravar cada bloco, lido pela
# escolha do que cruzar no lugar dos dados (issue 27: a etapa dos lotes desempacotava cada bloco duas vezes).

def _dado(arquivo: str, linha: int, campo: str, valor: str, **meta) -> dict:
    return {"dado": valor, "campo": campo, "arquivo_fonte": arquivo, "pagina": None, "linha_ou_celula": f"linha {linha}",
            "texto_original": valor, "tipo_dado": "ip" if campo.startswith("ip") else "outro",
            "metadados": {"registro": f"linha {linha}", **meta}}


def _log(pasta: Path, nome: str = "log.txt", outros: int = 0) -> list[dict]:
    """Um log de 60 registros; com `outros`, os valores de cada registro mudam, menos os das linhas 120 e 150."""
    dados = [_dado(nome, 1, "data_evento", "2025-03-01")]  # o primeiro dado não diz a família
    for linha in range(100, 160):
        n = linha if linha in (120, 150) else linha + outros
        ip = f"2804:14c:65a1:{n:x}::1" if linha % 3 == 0 else f"200.1.{n % 7}.{n % 250}"
        dados.append(_dado(nome, linha, "ip_acesso", ip, ip_canonico=ip, familia_fonte="provedor"))
        dados.append(_dado(nome, linha, "telefone", f"+55 11 9{n:04d}-0000", e164=f"+55119{n:04d}0000"))
        dados.append(_dado(nome, linha, "data_evento", f"2025-03-01 10:{linha - 100:02d}:00"))
    return dados


def test_indice_gravado_pelo_auxiliar_e_o_dos_proprios_dados_e_a_familia_a_do_primeiro_que_a_diz(tmp_path):
    from perito import juncao
    from perito.derrame import Gravador

    gravador = Gravador(tmp_path / "log.dados", "log.txt", por_bloco=7)
    dados = _log(tmp_path)
    for dado in dados:
        gravador.acrescentar(dado)
    derrame = gravador.fechar()
    def pares(indice) -> list[tuple[tuple[str, str], int]]:
        return sorted((indice.registros[dono], chave) for chave, dono in zip(indice.chaves, indice.donos))

    gravados = [pares(indice) for indice in derrame.indices()]
    blocos = list(derrame.blocos())
    assert len(gravados) == len(blocos)  # um índice por bloco, na mesma posição
    esperado = [sorted((juncao.registro(d), juncao.chave(f)) for d in bloco for f in juncao.formas(d)) for bloco in blocos]
    assert gravados == esperado and sum(map(len, esperado)) > len(blocos)
    assert any(juncao.chave("2804:14c:65a1:66::/64") in {c for _, c in par} for par in gravados)  # o /64 do IPv6
    assert derrame.familia == "provedor"
    (tmp_path / "log.dados.chaves").unlink()  # sem o índice: calculado dos blocos, o mesmo
    assert [pares(indice) for indice in derrame.indices()] == esperado
    derrame.apagar()
    assert not list(tmp_path.iterdir())


def test_selecao_pelo_indice_escolhe_o_mesmo_que_pelos_dados(tmp_path):
    from perito.derrame import DadosDoLote, Gravador
    from perito.principal import selecao

    def escolher(sem_indice: bool) -> list[list[dict]]:
        pasta = tmp_path / ("sem" if sem_indice else "com")
        pasta.mkdir()
        listas = []
        for nome, outros in (("meta.txt", 0), ("google.txt", 5000)):
            gravador = Gravador(pasta / f"{nome}.dados", nome, por_bloco=11)
            for dado in _log(pasta, nome, outros):
                gravador.acrescentar(dado)
            derrame = gravador.fechar()
            if sem_indice:
                (pasta / f"{nome}.dados.chaves").unlink()
            lista = DadosDoLote()
            lista.segmentos.append(derrame)
            listas.append(lista)
        comum = DadosDoLote()
        relato = [_dado("bo.txt", 5, "telefone", "(11) 90120-0000", e164="+5511901200000")]
        comum.segmentos.append(relato)
        comum.extend(relato)
        selecao.selecionar([{"dados_extraidos": comum}, *({"dados_extraidos": lista} for lista in listas)])
        return [list(lista) for lista in listas]

    com, sem = escolher(False), escolher(True)
    assert com == sem
    # de cada log: os registros 120 e 150 (os mesmos valores nos dois logs; o telefone do relato é o do 120) e o
    # preâmbulo (linha 1); nenhum outro
    registros = [sorted({d["linha_ou_celula"] for d in lista}) for lista in com]
    assert registros[1] == ["linha 1", "linha 120", "linha 150"]
    assert registros[0] == ["linha 1", "linha 120", "linha 150"]


def test_chave_de_juncao_e_a_mesma_em_outro_processo_com_outra_semente_de_hash():
    import subprocess
    import sys

    from perito import juncao

    formas = ["177.10.20.30", "2804:14c:65a1:66::/64", "+5511901200000", "joão da silva", "\udcff"]
    codigo = "import sys; from perito import juncao; print([juncao.chave(f) for f in sys.argv[1:]])"
    for semente in ("1", "2"):
        saida = subprocess.run([sys.executable, "-c", codigo, *formas[:-1]], env={**os.environ, "PYTHONHASHSEED": semente},
                               capture_output=True, text=True, check=True).stdout
        assert saida.strip() == str([juncao.chave(f) for f in formas[:-1]])
    assert len({juncao.chave(f) for f in formas}) == len(formas)  # o texto com surrogate também tem chave


def test_registros_com_as_chaves_procuradas_e_indice_forjado(tmp_path):
    from array import array

    from perito import juncao
    from perito.derrame import IndiceDoBloco

    bloco = _log(tmp_path)[:40]
    indice = IndiceDoBloco.de(bloco)
    procuradas = {juncao.chave(f) for d in bloco[5:7] for f in juncao.formas(d)}
    esperado = {juncao.registro(d) for d in bloco if procuradas & {juncao.chave(f) for f in juncao.formas(d)}}
    assert esperado and indice.registros_com(procuradas) == esperado
    assert indice.registros_com({12345}) == set()
    assert IndiceDoBloco.carregar(indice.gravar()) == indice
    forjado = IndiceDoBloco(indice.registros, indice.chaves, array("I", [len(indice.registros)] * len(indice.donos)))
    with pytest.raises(ValueError):
        IndiceDoBloco.carregar(forjado.gravar())
