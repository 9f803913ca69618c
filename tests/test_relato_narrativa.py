"""Relato: o dia contado numa frase vale para o que a narrativa conta depois sem repetir o dia.

"Relata a vítima que, no dia 18 de abril de 2018, foi contatada... Aproximadamente às 16:40, ... efetuou uma
transferência via Pix no valor de R$ 804,90": a transferência é de 18/04/2018, e a referência cita a linha do dia.
Datas de campos do cabeçalho (registro do boletim, nascimento) nunca são o dia dos fatos.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.extratores.registro import escolher
from perito.leitura.texto import ler_texto

RELATO = """POLÍCIA CIVIL DO ESTADO
BOLETIM DE OCORRÊNCIA Nº 123/2018
Data do registro: 19/04/2018 às 21:40
Nome: FULANA DE TAL
Nascimento: 21/05/1983
HISTÓRICO
Relata a vítima que, no dia 18 de abril de 2018, foi contatada por pessoa que se dizia funcionária
do suporte de seu banco. O contato foi feito por mensagens, e a conversa seguiu por algumas horas.
Aproximadamente às 16:40, convencida pela conversa, efetuou uma transferência via Pix no
valor de R$ 804,90 para a chave celular (44) 96074-0190.
"""

SEM_DIA = """BOLETIM DE OCORRÊNCIA Nº 124/2018
Data do registro: 19/04/2018 às 21:40
Nascimento: 21/05/1983
HISTÓRICO
A vítima conta que foi contatada por pessoa que se dizia funcionária do suporte de seu banco, por
mensagens no aplicativo de conversa, e que a conversa seguiu por algumas horas sem que ela desconfiasse.
Convencida pela conversa, efetuou uma transferência via Pix no valor de R$ 804,90 para a chave
celular (44) 96074-0190, que o aplicativo mostrou em nome de terceiro. Depois do pagamento o
interlocutor deixou de responder e bloqueou o contato, e a vítima procurou a delegacia.
"""


def _valor(tmp_path: Path, texto: str) -> dict:
    caminho = tmp_path / "boletim.txt"
    caminho.write_text(texto, encoding="utf-8")
    documento = ler_texto(caminho, "boletim.txt")
    dados = escolher(documento).extrair(documento).dados
    [valor] = [d for d in dados if d["campo"] == "valor_transacao"]
    return valor


def test_valor_do_relato_leva_o_dia_contado_antes_e_cita_a_linha_dele(tmp_path):
    valor = _valor(tmp_path, RELATO)
    meta = valor["metadados"]
    assert (meta["data"], meta["hora"]) == ("18 de abril de 2018", "16:40")
    apoio = {a["papel"]: a for a in meta["apoio"]}
    assert apoio["data"]["linha_ou_celula"] == "linha 7"
    assert "18 de abril de 2018" in RELATO.splitlines()[6]


def test_datas_de_campo_do_cabecalho_nao_sao_o_dia_dos_fatos(tmp_path):
    meta = _valor(tmp_path, SEM_DIA)["metadados"]
    assert "data" not in meta or meta["data"] not in ("19/04/2018", "21/05/1983")


CHAVE = "bd8ff643-ad2c-4b66-b54a-70424222ddc0"


def _dados(tmp_path: Path, texto: str) -> list[dict]:
    caminho = tmp_path / "termo.txt"
    caminho.write_text(texto, encoding="utf-8")
    documento = ler_texto(caminho, "termo.txt")
    return escolher(documento).extrair(documento).dados


@pytest.mark.parametrize(("quebra", "e_chave"), [
    # a quebra de linha separa "chave aleatória" do UUID: a chave é a da linha de cima (variantes, semente 4)
    (f"uma transferência via Pix no valor de R$ 1.020,00 para a chave aleatória\n{CHAVE}, que o aplicativo", True),
    (f"uma transferência via Pix no valor de R$ 1.020,00 para a chave Pix\n{CHAVE}, em nome de", True),
    # as armadilhas: o identificador da operação, mesmo com "chave" antes na linha de cima, não é chave
    (f"pagou R$ 1.020,00 na chave informada; o comprovante traz o ID da transação\n{CHAVE}, que", False),
    (f"pagou R$ 1.020,00 para a chave informada pelo golpista. O comprovante\n{CHAVE} foi entregue", False),
])
def test_chave_aleatoria_na_linha_de_baixo_do_anuncio(tmp_path, quebra, e_chave):
    texto = ("TERMO DE DECLARAÇÕES Nº 38077/2018\nDECLARAÇÕES\n"
             f"No dia 11 de janeiro de 2018, aproximadamente às 17:04, convencida pela conversa, efetuou\n{quebra} "
             "mostrou em nome de ALEXANDRE MANOEL JUNQUEIRA BORGES.\n")
    chaves = [d for d in _dados(tmp_path, texto) if d["campo"] == "chave_pix" and d["dado"] == CHAVE]
    assert bool(chaves) == e_chave
    if e_chave:
        assert chaves[0]["linha_ou_celula"] == "linha 5" and chaves[0]["metadados"]["tipo_chave"] == "aleatoria"


@pytest.mark.parametrize(("quebra", "chave", "tipo"), [
    # variantes (semente 21): a chave CPF anunciada no fim da linha, o CPF no começo da de baixo
    ("no valor de R$ 2.370,00 para a chave CPF\n106.576.558-48, que o aplicativo", "106.576.558-48", "cpf"),
    # variantes (semente 34): o tipo da chave também foi para a linha de baixo ("para a chave" / "CPF 372...")
    ("no valor de R$ 930,00 para a chave\nCPF 372.997.712-17, que o aplicativo", "372.997.712-17", "cpf"),
    # o telefone narrado já conta como chave e segue telefone (o número do golpe, para as outras regras)
    ("no valor de R$ 2.370,00 para a chave celular\n(37) 9 8895-0579, que o aplicativo", "(37) 9 8895-0579", None),
])
def test_chave_de_outro_tipo_na_linha_de_baixo_do_anuncio(tmp_path, quebra, chave, tipo):
    texto = ("TERMO DE DECLARAÇÕES Nº 38077/2018\nDECLARAÇÕES\n"
             f"No dia 26 de novembro de 2015, aproximadamente às 09:58, convencida pela conversa, efetuou\n{quebra} "
             "mostrou em nome de SUELI PEIXOTO SERAFIM.\n")
    [achada] = [d for d in _dados(tmp_path, texto) if d["dado"] == chave]
    if tipo is None:
        assert achada["campo"] == "telefone"
    else:
        assert achada["campo"] == "chave_pix" and achada["metadados"]["tipo_chave"] == tipo


def test_armadilha_cpf_da_vitima_no_comeco_da_linha_nao_e_chave(tmp_path):
    texto = ("TERMO DE DECLARAÇÕES Nº 38077/2018\nDECLARAÇÕES\nCompareceu a declarante, portadora do CPF\n"
             "106.576.558-48, que relata ter transferido R$ 2.370,00 em 26 de novembro de 2015.\n")
    [cpf] = [d for d in _dados(tmp_path, texto) if d["dado"] == "106.576.558-48"]
    assert cpf["campo"] == "cpf"
