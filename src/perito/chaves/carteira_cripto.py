"""Endereço de carteira de criptoativo: o que a coluna "Address" de uma corretora guarda, e não é endereço físico.

A resposta de uma corretora (Binance, Mercado Bitcoin, Foxbit) ao ofício lista os saques com a rede e o endereço de
destino ("Withdrawal History": `Network TRX`, `Address TQ5vD9c1...`). A coluna "Address" daria um endereço físico
falso. Reconhecido pela forma, com a soma de verificação onde a rede a tem:
- Base58Check (Bitcoin legado "1..."/"3...", TRON "T...", Litecoin, Dogecoin): a biblioteca `base58` confere os
  quatro bytes de verificação (SHA-256 duplo), como o dígito verificador de um CPF;
- Bech32 (Bitcoin "bc1...", Litecoin "ltc1..."): o prefixo e o alfabeto sem "1", "b", "i", "o" (sem conferir a soma);
- EVM (Ethereum, BSC, Polygon: a rede da USDT ERC-20 e BEP-20): "0x" e 40 algarismos hexadecimais.
"""

from __future__ import annotations

import re

import base58

_BASE58 = re.compile(r"[1-9A-HJ-NP-Za-km-z]{25,44}")
_BECH32 = re.compile(r"(?i)(?:bc|tb|ltc)1[02-9ac-hj-np-z]{11,87}")
_EVM = re.compile(r"0x[0-9a-fA-F]{40}")


def formato(valor: str) -> str | None:
    """"base58check", "bech32" ou "evm" para um endereço de carteira; None para qualquer outra coisa."""
    valor = valor.strip()
    if _EVM.fullmatch(valor):
        return "evm"
    if _BECH32.fullmatch(valor) and (valor.islower() or valor.isupper()):
        return "bech32"
    if _BASE58.fullmatch(valor):
        try:
            base58.b58decode_check(valor)
        except ValueError:
            return None
        return "base58check"
    return None
