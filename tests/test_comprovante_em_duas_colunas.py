"""O comprovante com as duas seções lado a lado ("ORIGEM        DESTINO"), lido pelo OCR linha a linha.

"Nome: ANA CLARA MENDES      Nome: RAFAELA SOUZA LIMA" numa linha só: os dois nomes saíam com o papel genérico
"nome", sem dizer quem pagou e quem recebeu. O primeiro nome de cada linha é da seção da esquerda, o segundo da direita.
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw, ImageFont

from tests.conftest import dados_da_pasta

_FONTE = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def _comprovante(caminho, titulos: tuple[str, str], nomes: tuple[str, str]) -> None:
    imagem = Image.new("L", (1400, 700), 255)
    desenho, fonte = ImageDraw.Draw(imagem), ImageFont.truetype(_FONTE, 28)
    desenho.text((60, 40), "Comprovante de transferência Pix", fill=0, font=fonte)
    desenho.text((60, 100), "Valor: R$ 3.200,00      Data: 10/04/2025 às 10:12:44", fill=0, font=fonte)
    for i, (esquerda, direita) in enumerate([titulos, (f"Nome: {nomes[0]}", f"Nome: {nomes[1]}")]):
        desenho.text((60, 200 + i * 60), esquerda, fill=0, font=fonte)
        desenho.text((720, 200 + i * 60), direita, fill=0, font=fonte)
    imagem.save(caminho)


@pytest.mark.parametrize(("titulos", "esperado"), [
    (("ORIGEM", "DESTINO"), {"ANA CLARA MENDES": "remetente", "RAFAELA SOUZA LIMA": "destinatario"}),
    (("Quem recebeu", "Quem pagou"), {"ANA CLARA MENDES": "destinatario", "RAFAELA SOUZA LIMA": "remetente"}),
])
def test_cada_nome_com_a_secao_da_sua_coluna(tmp_path, titulos, esperado):
    _comprovante(tmp_path / "comprovante.png", titulos, ("ANA CLARA MENDES", "RAFAELA SOUZA LIMA"))
    papeis = {d["dado"]: d["metadados"].get("papel") for d in dados_da_pasta(tmp_path) if d["campo"] == "nome_titular"}
    assert papeis == esperado


def test_armadilha_titulos_que_nao_sao_secoes_de_comprovante(tmp_path):
    # "DADOS CADASTRAIS   ENDEREÇO" não são as seções de quem pagou e de quem recebeu: os nomes ficam genéricos
    _comprovante(tmp_path / "ficha.png", ("DADOS CADASTRAIS", "ENDEREÇO"), ("ANA CLARA MENDES", "RAFAELA SOUZA LIMA"))
    papeis = {d["metadados"].get("papel") for d in dados_da_pasta(tmp_path) if d["campo"] == "nome_titular"}
    assert not papeis & {"remetente", "destinatario"}
