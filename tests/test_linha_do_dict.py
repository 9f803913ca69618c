"""A linha de uma resposta do DICT sem colunas (a página escaneada que o OCR lê como texto corrido).

Variantes (semente 459): o DICT escaneado dizia "85241973664 CPF BEATRIZ ALVES BEZERRA 85241973664 COOPERATIVA DE
CRÉDITO ..." numa linha só; sem colunas, onze dígitos soltos não são CPF nem chave, e o nome não tinha rótulo. A
chave da vítima não levava a ninguém: sem vínculo financeiro, sem a titular identificada pelo CPF.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont

from perito.extratores.reconhecedores import reconhecer
from perito.extratores.registro import escolher
from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento

FONTE = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def _achados(texto: str) -> list[tuple[str, str]]:
    return [(a.campo, a.dado) for a in reconhecer(texto)]


def test_chave_tipo_nome_e_documento_numa_linha_sao_um_registro() -> None:
    linha = "85241973664 CPF BEATRIZ ALVES BEZERRA 85241973664 COOPERATIVA DE CRÉDITO VALE DO PINHAL 1524 2252919-7"
    assert _achados(linha)[:3] == [("chave_pix", "85241973664"), ("nome_titular", "BEATRIZ ALVES BEZERRA"),
                                   ("cpf", "85241973664")]
    celular = "+5579999531408 CELULAR Beatriz Alves Bezerra 852.419.736-64 COOPERATIVA"
    assert _achados(celular)[:3] == [("chave_pix", "+5579999531408"), ("nome_titular", "Beatriz Alves Bezerra"),
                                     ("cpf", "852.419.736-64")]
    empresa = "25214671000186 CNPJ AZEVEDO SERVICOS DIGITAIS LTDA 25.214.671/0001-86 20329031 0001"
    assert ("nome_titular", "AZEVEDO SERVICOS DIGITAIS LTDA") in _achados(empresa)


def test_armadilhas_tipo_que_nao_e_o_da_chave_e_documento_invalido() -> None:
    assert ("chave_pix", "85241973664") not in _achados("85241973664 CELULAR BEATRIZ ALVES BEZERRA 85241973664")
    assert not [a for a in _achados("85241973664 CPF BEATRIZ ALVES BEZERRA 85241973665 X") if a[0] == "chave_pix"]
    assert not [a for a in _achados("O CPF BEATRIZ ALVES BEZERRA 85241973664 foi consultado") if a[0] == "chave_pix"]


def test_dict_escaneado_da_a_chave_o_titular_e_o_cpf_do_mesmo_registro(tmp_path: Path) -> None:
    if not FONTE.is_file():
        pytest.skip("fonte DejaVu Sans ausente (pacote fonts-dejavu-core)")
    fonte = ImageFont.truetype(str(FONTE), 30)
    imagem = Image.new("L", (2300, 520), 255)
    desenho = ImageDraw.Draw(imagem)
    linhas = ["BANCO CENTRAL DO BRASIL", "Diretório de Identificadores de Contas Transacionais (DICT)",
              "Chave Pix Tipo da chave Nome do titular CPF/CNPJ PSP Agência Número da conta",
              "85241973664 CPF BEATRIZ ALVES BEZERRA 85241973664 COOPERATIVA VALE DO PINHAL 1524 2252919-7",
              "15798672786 CPF GERALDO PINTO NUNES 15798672786 BANCO BROMÉLIA DIGITAL S.A. 1 5463261-7"]
    for i, texto in enumerate(linhas):
        desenho.text((60, 40 + 90 * i), texto, font=fonte, fill=0)
    imagem.save(tmp_path / "dict.png")
    (item,) = [a for a in listar(tmp_path) if a.nome == "dict.png"]
    documento = ler_documento(item.caminho, item.nome, item.tipo)
    dados = escolher(documento).extrair(documento).dados
    por_linha: dict[str, set[tuple[str, str]]] = {}
    for d in dados:
        por_linha.setdefault(d["linha_ou_celula"], set()).add((d["campo"], d["dado"]))
    beatriz = next(v for v in por_linha.values() if ("nome_titular", "BEATRIZ ALVES BEZERRA") in v)
    assert {("chave_pix", "85241973664"), ("cpf", "85241973664")} <= beatriz
