"""OCR: as colunas de uma tabela escaneada, que o Tesseract separa em blocos, voltam a ser uma linha por registro.

Antes: um extrato escaneado (variantes, semente 7) saía como três listas — as descrições, depois os documentos,
depois os valores —, e nenhum valor ficava na linha da data, da hora e da contraparte: sem materialidade, sem
vínculo financeiro, sem laranja.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont

from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento
from perito.leitura.ocr import _Segmento, linhas_fisicas

FONTE = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def _seg(texto, esquerda, topo, bloco, largura=200, altura=30):
    return _Segmento(texto.split(), esquerda, topo, esquerda + largura, topo + altura, bloco)


def test_colunas_de_tabela_na_mesma_altura_viram_uma_linha_da_esquerda_para_a_direita():
    """Na ordem do Tesseract: o bloco das descrições, depois o dos documentos, depois o dos valores."""
    segmentos = [_seg("PIX RECEBIDO - 09:51:34 TIAGO ANDRADE", 80, 100, 1, 500), _seg("PIX ENVIADO - 09:58:42 GISELE", 80, 150, 1, 500),
                 _seg("***.418.729-**", 620, 101, 2), _seg("***.869.468-**", 620, 151, 2),
                 _seg("767,50", 900, 102, 3), _seg("(690,00)", 900, 152, 3)]
    assert linhas_fisicas(segmentos) == ["PIX RECEBIDO - 09:51:34 TIAGO ANDRADE ***.418.729-** 767,50",
                                         "PIX ENVIADO - 09:58:42 GISELE ***.869.468-** (690,00)"]


def test_coluna_de_historico_longo_lida_depois_da_coluna_curta_das_datas():
    """Variantes (semente 214): o Tesseract leu primeiro o bloco das datas e dos documentos (células curtas) e
    depois o dos históricos ("PIX RECEBIDO - 09:53:42 R$ 1.265,00", longos); os históricos abriam linhas novas,
    abaixo, e o valor não ficava na linha da data: sem materialidade, vínculo nem laranja."""
    segmentos = [_seg("29/11/24", 80, 100, 1, 150), _seg("13/12/24", 80, 150, 1, 150),
                 _seg("PIX RECEBIDO - 19:35:35 R$ 100,00", 260, 101, 2, 700),
                 _seg("PIX RECEBIDO - 09:53:42 R$ 1.265,00", 260, 151, 2, 700),
                 _seg("VANESSA SANTANA", 1000, 100, 3), _seg("SUELI XAVIER", 1000, 150, 3)]
    assert linhas_fisicas(segmentos) == ["29/11/24 PIX RECEBIDO - 19:35:35 R$ 100,00 VANESSA SANTANA",
                                         "13/12/24 PIX RECEBIDO - 09:53:42 R$ 1.265,00 SUELI XAVIER"]


def test_duas_colunas_de_prosa_e_o_titulo_ao_lado_seguem_na_ordem_do_tesseract():
    """As armadilhas: um artigo em duas colunas (as linhas se alinham, mas são longas) e um título curto sozinho
    no seu bloco ao lado de uma linha de prosa: nada se junta, cada coluna vem inteira."""
    esquerda = [_seg("Recording a Sequence", 80, 100, 1, 400),
                _seg("To record a sequence, simply press RECORD and PLAY,", 80, 140, 2, 400),
                _seg("then play your MIDI keyboard in time to the", 80, 180, 2, 400)]
    direita = [_seg("simply use LOCATE, FAST FORWARD, or REWIND to", 600, 100, 3, 400),
               _seg("find the desired bar number, then start recording.", 600, 140, 3, 400)]
    assert linhas_fisicas(esquerda + direita) == [" ".join(s.palavras) for s in esquerda + direita]


def test_linhas_empilhadas_ou_sobrepostas_seguem_separadas():
    paragrafo = [_seg("Relata a vítima que", 80, 100, 1, 900), _seg("no dia 18 de abril", 80, 140, 1, 900)]
    assert linhas_fisicas(paragrafo) == ["Relata a vítima que", "no dia 18 de abril"]
    sobrepostos = [_seg("carimbo", 100, 100, 1, 300), _seg("data", 100, 140, 1, 300),
                   _seg("assinatura", 250, 105, 2, 300), _seg("visto", 250, 145, 2, 300)]
    assert linhas_fisicas(sobrepostos) == ["carimbo", "data", "assinatura", "visto"]


def test_extrato_escaneado_em_colunas_tem_o_valor_na_linha_do_lancamento(tmp_path):
    if not FONTE.is_file():
        pytest.skip("fonte DejaVu Sans ausente (pacote fonts-dejavu-core)")
    fonte = ImageFont.truetype(str(FONTE), 34)
    imagem = Image.new("L", (2200, 700), 255)
    desenho = ImageDraw.Draw(imagem)
    desenho.text((80, 60), "Extrato - movimentação", font=fonte, fill=0)
    desenho.text((80, 140), "Detalhe", font=fonte, fill=0)
    desenho.text((1150, 140), "Documento", font=fonte, fill=0)
    desenho.text((1700, 140), "Valor (R$)", font=fonte, fill=0)
    linhas = [("30 de novembro de 2022 - quarta-feira", "", ""),
              ("TRANSF PIX RECEBIDA - 09:51:34 TIAGO ANDRADE XAVIER", "***.418.729-**", "767,50"),
              ("PIX ENVIADO - 09:58:42 GISELE BOAVENTURA JUNQUEIRA", "***.869.468-**", "(690,00)")]
    for i, (detalhe, documento, valor) in enumerate(linhas):
        y = 230 + 90 * i
        desenho.text((80, y), detalhe, font=fonte, fill=0)
        desenho.text((1150, y), documento, font=fonte, fill=0)
        desenho.text((1700, y), valor, font=fonte, fill=0)
    saida = io.BytesIO()
    imagem.save(saida, format="PNG")
    (tmp_path / "extrato.png").write_bytes(saida.getvalue())
    (item,) = [a for a in listar(tmp_path) if a.nome == "extrato.png"]
    textos = [t.texto for t in ler_documento(item.caminho, item.nome, item.tipo).trechos]
    recebida = next(t for t in textos if "TIAGO" in t)
    assert "767,50" in recebida and "418.729" in recebida
    enviada = next(t for t in textos if "GISELE" in t)
    assert "690,00" in enviada


def test_bloco_de_uma_linha_lido_depois_volta_ao_vao_da_sua_linha():
    """Variantes (semente 200): num extrato escaneado em centavos, o Tesseract isolou num bloco o nome comprido da
    contraparte ("JULIANA MIRELA MACHADO MOREIRA NUNES", cinco palavras) e o fim do cabeçalho ("Valor (centavos)
    D/C Saldo (R$) Identificador") e os leu depois da tabela inteira: o crédito da vítima ficou sem nome, o
    cabeçalho sem a palavra centavos. Sem materialidade, vínculo nem laranja."""
    segmentos = [_seg("Lançamento Nome", 89, 460, 2, 750),
                 _seg("PIX RECEBIDO - 16:23:06", 93, 1232, 2, 430),
                 _seg("Pix enviado - 16:28:23 TERESA OURIQUE MONTEIRO MOREIRA", 94, 1287, 2, 1400),
                 _seg("Saldo sujeito a confirmação.", 97, 2030, 3, 600),
                 _seg("JULIANA MIRELA MACHADO MOREIRA NUNES", 769, 1227, 4, 820),
                 _seg("Valor (centavos) D/C Saldo (R$) Identificador", 1911, 450, 15, 900)]
    assert linhas_fisicas(segmentos) == ["Lançamento Nome Valor (centavos) D/C Saldo (R$) Identificador",
                                         "PIX RECEBIDO - 16:23:06 JULIANA MIRELA MACHADO MOREIRA NUNES",
                                         "Pix enviado - 16:28:23 TERESA OURIQUE MONTEIRO MOREIRA",
                                         "Saldo sujeito a confirmação."]
