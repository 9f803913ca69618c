"""O BR Code do Pix ("Pix Copia e Cola") num relato, num comprovante ou numa conversa: a chave dentro do código
(décima nona sessão).

Antes: nada do código era lido (a chave aleatória colada aos algarismos do campo não tinha borda de palavra; a de
e-mail saía como um "outro" com o resto do código). Os códigos dos testes são montados aqui, campo a campo, com o CRC
do `binascii` (o oráculo: o CRC16-CCITT que o Manual do BR Code pede), não com o leitor do perito. Armadilhas: o CRC
errado ainda dá a chave, com alerta; o QR dinâmico não tem chave (a URL do PSP vira alerta); algarismos que começam
por "000201" e não fecham campo a campo não são código; o nome dentro do código não vira pessoa.
"""

from __future__ import annotations

import binascii
import json
from pathlib import Path

from perito.analise import Parametros, analisar
from perito.chaves.brcode import achar
from tests.conftest import dados_da_pasta, status_com_a_citacao_trocada

_EVP = "a3f1c2e4-7b5d-4e8f-9a10-2b3c4d5e6f70"


def _campo(ident: str, valor: str) -> str:
    return f"{ident}{len(valor):02d}{valor}"


def _brcode(conta: str, valor: str = "2890.00", nome: str = "RODRIGO SILVA PRATES", crc: str | None = None) -> str:
    corpo = (_campo("00", "01") + _campo("26", _campo("00", "br.gov.bcb.pix") + conta) + _campo("52", "0000")
             + _campo("53", "986") + _campo("54", valor) + _campo("58", "BR") + _campo("59", nome)
             + _campo("60", "RIO DE JANEIRO") + _campo("62", _campo("05", "***")) + "6304")
    return corpo + (crc or f"{binascii.crc_hqx(corpo.encode(), 0xFFFF):04X}")


def test_a_chave_de_cada_tipo_dentro_do_codigo() -> None:
    for chave in (_EVP, "+5521988776655", "rodrigo.prates@exemplo.com", "08301661305"):
        texto = f"Pix Copia e Cola: {_brcode(_campo('01', chave))} (enviado pelo autor)"
        [codigo] = achar(texto)
        assert (codigo.chave, codigo.valor, codigo.nome, codigo.crc_valido) == (
            chave, "2890.00", "RODRIGO SILVA PRATES", True)
        assert texto[codigo.inicio_da_chave:codigo.inicio_da_chave + len(chave)] == chave


def test_crc_errado_ainda_da_a_chave_com_alerta(tmp_path: Path) -> None:
    [codigo] = achar(_brcode(_campo("01", _EVP), crc="0000"))
    assert codigo.chave == _EVP and not codigo.crc_valido
    (tmp_path / "bo.txt").write_text(f"A vítima pagou o Pix Copia e Cola {_brcode(_campo('01', _EVP), crc='0000')}\n",
                                     encoding="utf-8")
    [chave] = [d for d in dados_da_pasta(tmp_path) if d["campo"] == "chave_pix"]
    assert chave["dado"] == _EVP and chave["metadados"]["brcode"]["crc_valido"] is False


def test_qr_dinamico_nao_tem_chave(tmp_path: Path) -> None:
    url = "pix.exemplo.com.br/qr/v2/9d36b84f-c70b-478f-b95c-12729b90ca25"
    (tmp_path / "bo.txt").write_text(f"Código pago: {_brcode(_campo('25', url))}\n", encoding="utf-8")
    dados = dados_da_pasta(tmp_path)
    assert not [d for d in dados if d["campo"] == "chave_pix"]
    [destino] = [d for d in dados if d["metadados"].get("rotulo") == "brcode_url"]
    assert destino["dado"] == url


def test_algarismos_que_comecam_como_codigo_nao_sao_codigo() -> None:
    assert achar("conta 0002012345678 agência 000201") == []
    assert achar("000201" + _campo("26", _campo("00", "br.gov.bcb.pix") + _campo("01", _EVP))) == []  # sem o 63


def test_chave_do_codigo_no_relato_identifica_o_titular_no_dict(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "boletim.txt").write_text(
        "BOLETIM DE OCORRÊNCIA Nº 4471/2025\nVítima: MARIANA ALVES TEIXEIRA, CPF 526.018.159-06\n"
        "Histórico: em 12/06/2025 a vítima pagou R$ 2.890,00 com o Pix Copia e Cola que recebeu: "
        f"{_brcode(_campo('01', _EVP))}\n", encoding="utf-8")
    (caso / "dict.txt").write_text(
        "BANCO CENTRAL DO BRASIL - DICT\nResultado da consulta de chave\n"
        f"Chave: {_EVP}\nTipo de chave: EVP\nNome: RODRIGO SILVA PRATES\nCPF/CNPJ: 083.016.613-05\n"
        "Agência: 0001\nConta: 8123456-7\n", encoding="utf-8")
    analisar(Parametros(caso, tmp_path / "saida", data_analise="2025-07-01"))
    inteiro = json.loads((tmp_path / "saida" / "conclusoes.json").read_text(encoding="utf-8"))
    conclusoes = inteiro["conclusoes"]
    [titular] = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert f"A chave Pix {_EVP} está cadastrada em nome de RODRIGO SILVA PRATES" in titular["afirmacao"]
    assert "boletim.txt (linha 3)" in titular["afirmacao"]
    assert titular["validacao"]["veredicto_geral"] == "VERIFICADO"
    # o nome dentro do código (campo 59) não é uma pessoa do boletim: nenhuma convergência de nome sai dele
    assert not [c for c in conclusoes if c["tipo"] == "convergencia_nome" and "boletim.txt" in c["afirmacao"]
                and "RODRIGO" in c["afirmacao"]]
    # o validador lê o código por conta própria: outra chave citada naquela linha não está lá
    outra = "b4e2d3f5-8c6e-4f90-8b21-3c4d5e6f7081"
    assert "VERIFICADO" not in status_com_a_citacao_trocada(caso, inteiro, titular, "boletim.txt", _EVP, outra,
                                                            data_analise="2025-07-01")
