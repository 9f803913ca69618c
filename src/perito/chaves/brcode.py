"""O BR Code do Pix (o "Pix Copia e Cola" e o texto do QR Code): a chave de quem recebe dentro do código.

O código segue o EMV QRCPS-MPM com o arranjo do Banco Central (Manual do BR Code): campos ID (2 algarismos), tamanho
(2 algarismos) e valor; o campo 26 é a conta do recebedor, com o GUI `br.gov.bcb.pix` (sem caixa) no subcampo 00 e a
chave no 01 (ou, no QR dinâmico, a URL do PSP no 25, sem chave); 54 é o valor pedido, 59 o nome do recebedor (até 25
caracteres, muitas vezes cortado), 60 a cidade, 62/05 o identificador; o 63 fecha com o CRC16-CCITT (polinômio 1021,
início FFFF) de tudo o que vem antes, "6304" inclusive. Um código com o CRC errado foi digitado ou lido com erro: a
chave ainda é a escrita, e quem lê é avisado.
"""

from __future__ import annotations

import binascii
import re
from dataclasses import dataclass

#: o começo de todo BR Code: o indicador de formato ("00", tamanho 02, versão 01)
INICIO = "000201"
_GUI = "br.gov.bcb.pix"
_TLV = re.compile(r"(\d{2})(\d{2})")


@dataclass(frozen=True)
class BrCode:
    inicio: int  # posição do código no texto
    fim: int
    chave: str | None  # a chave do recebedor, como escrita no código
    inicio_da_chave: int | None  # posição da chave no texto
    url: str | None  # o QR dinâmico: a localização do pagamento no PSP, no lugar da chave
    inicio_da_url: int | None
    valor: str | None  # o valor pedido, como escrito ("2890.00")
    nome: str | None
    cidade: str | None
    identificador: str | None
    crc_valido: bool


def achar(texto: str) -> list[BrCode]:
    """Os BR Codes do texto, cada um lido campo a campo a partir de "000201"; o que não fecha com o campo 63 não é
    um BR Code."""
    achados = []
    posicao = texto.find(INICIO)
    while posicao >= 0:
        if (lido := _ler(texto, posicao)) is not None:
            achados.append(lido)
            posicao = texto.find(INICIO, lido.fim)
        else:
            posicao = texto.find(INICIO, posicao + 1)
    return achados


def _campos(texto: str, inicio: int, fim: int) -> list[tuple[str, int, int]] | None:
    """(ID, início do valor, fim do valor) de cada campo entre `inicio` e `fim`; None se a estrutura não fecha."""
    campos, posicao = [], inicio
    while posicao < fim:
        if (m := _TLV.match(texto, posicao)) is None:
            return None
        tamanho = int(m.group(2))
        valor_inicio, valor_fim = m.end(), m.end() + tamanho
        if valor_fim > fim:
            return None
        campos.append((m.group(1), valor_inicio, valor_fim))
        posicao = valor_fim
    return campos


def _ler(texto: str, inicio: int) -> BrCode | None:
    campos: dict[str, tuple[int, int]] = {}
    posicao = inicio
    while True:
        if (m := _TLV.match(texto, posicao)) is None:
            return None
        identificador, tamanho = m.group(1), int(m.group(2))
        valor_inicio, valor_fim = m.end(), m.end() + tamanho
        if valor_fim > len(texto):
            return None
        campos.setdefault(identificador, (valor_inicio, valor_fim))
        posicao = valor_fim
        if identificador == "63":
            break
    if tamanho != 4 or (conta := _conta_pix(texto, campos)) is None:
        return None
    sub = {ident: (a, b) for ident, a, b in conta}
    chave = url = None
    inicio_da_chave = inicio_da_url = None
    if "01" in sub:
        inicio_da_chave, fim_da_chave = sub["01"]
        chave = texto[inicio_da_chave:fim_da_chave]
    elif "25" in sub:
        inicio_da_url, fim_da_url = sub["25"]
        url = texto[inicio_da_url:fim_da_url]

    def campo(ident: str) -> str | None:
        return texto[slice(*campos[ident])] if ident in campos else None

    adicional = None
    if "62" in campos and (dentro := _campos(texto, *campos["62"])):
        adicional = next((texto[a:b] for ident, a, b in dentro if ident == "05"), None)
    crc_inicio = campos["63"][0]
    esperado = f"{binascii.crc_hqx(texto[inicio:crc_inicio].encode('utf-8'), 0xFFFF):04X}"
    return BrCode(inicio, posicao, chave, inicio_da_chave, url, inicio_da_url, campo("54"), campo("59"), campo("60"), adicional,
                  texto[crc_inicio:posicao].upper() == esperado)


def _conta_pix(texto: str, campos: dict[str, tuple[int, int]]) -> list[tuple[str, int, int]] | None:
    """Os subcampos da conta do recebedor no arranjo Pix (26 a 51, com o GUI do Banco Central)."""
    for ident in (f"{n:02d}" for n in range(26, 52)):
        if ident in campos and (sub := _campos(texto, *campos[ident])):
            if any(i == "00" and texto[a:b].lower() == _GUI for i, a, b in sub):
                return sub
    return None
