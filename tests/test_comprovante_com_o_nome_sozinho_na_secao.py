"""O comprovante do aplicativo (a imagem que a vítima entrega) com as seções "Destino" e "Origem" e, em cada uma, o nome
sozinho numa linha e o CPF mascarado na de baixo. Achado por sonda, em duas partes:
- o nome sozinho em maiúsculas parecia o título de outra seção e encerrava a de cima: os dois nomes saíam "titular", o
  débito do comprovante ficava sem contraparte e a vítima não era a pagadora dele;
- com isso certo, o comprovante (a transferência do relato que não diz o valor) confirmava a si mesmo como "débito no
  extrato de quem pagou" (forte, de uma família só), e a cadeia dizia "O relato (o comprovante) conta a transferência;
  o registro bancário (o mesmo comprovante) a dá para a chave".
Armadilha: o título de outra seção depois do nome ("RELATO") ainda encerra a seção.
"""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from perito.analise import Parametros, analisar
from tests.conftest import dados_da_pasta

_FONTE = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
_LINHAS = ["Comprovante de transferência", "Pix enviado", "14/07/2025 - 10:32:11", "", "Valor", "R$ 2.350,00", "",
           "Destino", "RAFAEL DUARTE LIMA", "CPF ***.982.247-**", "NU PAGAMENTOS - IP",
           "Chave: 7c1e5b2a-3f4d-4e8a-9b6c-2d1f0a9e8b7c", "", "Origem", "HELENA MARQUES COSTA", "CPF ***.456.789-**",
           "BANCO DO BRASIL S.A."]


def test_o_nome_sozinho_e_da_secao(tmp_path: Path) -> None:
    (tmp_path / "comprovante.txt").write_text("\n".join(_LINHAS) + "\n", encoding="utf-8")
    papeis = {d["dado"]: d["metadados"].get("papel") for d in dados_da_pasta(tmp_path) if d["campo"] == "nome_titular"}
    assert papeis == {"RAFAEL DUARTE LIMA": "destinatario", "HELENA MARQUES COSTA": "remetente"}


def test_armadilha_outro_titulo_depois_do_nome_encerra_a_secao(tmp_path: Path) -> None:
    (tmp_path / "ficha.txt").write_text(
        "Vítima\nHELENA MARQUES COSTA\nCPF 123.456.789-09\nRELATO\nCONTA QUE JOAO PEDRO ALMEIDA PEDIU O PIX\n",
        encoding="utf-8")
    papeis = {d["dado"]: d["metadados"].get("papel") for d in dados_da_pasta(tmp_path) if d["campo"] == "nome_titular"}
    assert papeis.get("HELENA MARQUES COSTA") == "vitima" and papeis.get("JOAO PEDRO ALMEIDA") != "vitima"


def test_o_comprovante_em_imagem_nao_confirma_a_si_mesmo(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    imagem = Image.new("L", (760, 720), 255)
    desenho, fonte = ImageDraw.Draw(imagem), ImageFont.truetype(_FONTE, 22)
    for i, texto in enumerate(_LINHAS):
        desenho.text((40, 30 + i * 38), texto, fill=0, font=fonte)
    imagem.save(caso / "comprovante_pix.png")
    (caso / "boletim.txt").write_text(
        "BOLETIM DE OCORRÊNCIA Nº 4521/2025 - 12º DP\nVÍTIMA: HELENA MARQUES COSTA, CPF 123.456.789-09\nHISTÓRICO:\n"
        "A vítima relata que recebeu mensagens de pessoa que se passava por seu sobrinho e fez um Pix para ele,\n"
        "conforme comprovante anexo.\n", encoding="utf-8")
    (caso / "dict.txt").write_text(
        "BANCO CENTRAL DO BRASIL - Resposta de consulta ao DICT\nChave: 7c1e5b2a-3f4d-4e8a-9b6c-2d1f0a9e8b7c (aleatória)\nNome do titular: RAFAEL DUARTE LIMA\n"
        "CPF: 529.982.247-25\nParticipante: NU PAGAMENTOS   Agência: 0001   Conta: 8812345-6\n", encoding="utf-8")
    (caso / "extrato_rafael.txt").write_text(
        "NU PAGAMENTOS S.A. - Extrato\nTitular: RAFAEL DUARTE LIMA - CPF 529.982.247-25\nAgência: 0001 Conta: 8812345-6\n"
        "Data;Descrição;Valor\n14/07/2025;Pix recebido - HELENA MARQUES COSTA;2.350,00\n", encoding="utf-8")
    saida = tmp_path / "saida"
    analisar(Parametros(caso, saida, data_analise="2025-09-01"))
    conclusoes = json.loads((saida / "conclusoes.json").read_text(encoding="utf-8"))["conclusoes"]
    afirmacoes = [c["afirmacao"] for c in conclusoes]
    assert not [a for a in afirmacoes if "está debitada no extrato de quem pagou" in a]
    assert any(a.startswith("A transferência do comprovante da vítima") and "está creditada" in a for a in afirmacoes)
    (cadeia,) = [a for a in afirmacoes if "o DICT" in a and "vincula essa chave" in a]
    assert cadeia.startswith("O comprovante da vítima (comprovante_pix.png") and "O relato" not in cadeia
    assert all(c["validacao"]["veredicto_geral"] == "VERIFICADO" for c in conclusoes)
