"""Endereços IP: forma canônica e roteabilidade."""

from __future__ import annotations

import ipaddress
import re
from functools import lru_cache

# IPv4 com porta opcional ("187.34.56.78:51234"); octetos validados depois pelo ipaddress.
PADRAO_IPV4 = re.compile(r"(?<![\d.])(?P<ip>(?:\d{1,3}\.){3}\d{1,3})(?::(?P<porta>\d{1,5}))?(?!\d|\.\d)")
# IPv6 em forma completa ou comprimida, opcionalmente entre colchetes com porta ("[2804::1]:443").
_H = r"[0-9A-Fa-f]{1,4}"
_IPV6 = (
    rf"(?:(?:{_H}:){{7}}{_H}|(?:{_H}:){{1,7}}:|(?:{_H}:){{1,6}}:{_H}|(?:{_H}:){{1,5}}(?::{_H}){{1,2}}"
    rf"|(?:{_H}:){{1,4}}(?::{_H}){{1,3}}|(?:{_H}:){{1,3}}(?::{_H}){{1,4}}|(?:{_H}:){{1,2}}(?::{_H}){{1,5}}"
    rf"|{_H}:(?::{_H}){{1,6}}|:(?::{_H}){{1,7}}|::)"
)
PADRAO_IPV6 = re.compile(
    rf"(?:\[(?P<ipb>{_IPV6})\](?::(?P<porta>\d{{1,5}}))?|(?<![0-9A-Fa-f:.])(?P<ip>{_IPV6})(?![0-9A-Fa-f:.]))"
)


def _endereco(texto: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        endereco = ipaddress.ip_address(texto.strip().strip("[]"))
    except ValueError:
        return None
    if isinstance(endereco, ipaddress.IPv6Address) and endereco.ipv4_mapped is not None:
        return endereco.ipv4_mapped
    return endereco


_QUATRO_OCTETOS = re.compile(r"(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})")
# blocos /24 com redes especiais menores que /24 (192.0.0.0/29, 192.0.0.170/31, 255.255.255.255/32 e as exceções
# das versões novas do Python): neles a roteabilidade varia dentro do bloco e é perguntada endereço a endereço
_BLOCOS_MISTOS = frozenset({(192 << 16), (255 << 16) | (255 << 8) | 255})


@lru_cache(maxsize=65536)
def _global_no_bloco(bloco: int) -> bool:
    return ipaddress.IPv4Address(bloco << 8).is_global


def _descrever_ipv4(texto: str) -> tuple[str, int, bool] | None:
    """Atalho do IPv4 decimal comum (o de todo log): o mesmo que o ipaddress, sem analisar o texto duas vezes
    nem varrer as redes especiais a cada endereço (a roteabilidade é a do bloco /24, fora dos blocos mistos)."""
    m = _QUATRO_OCTETOS.fullmatch(texto)
    if m is None:
        return None
    octetos = [int(o) for o in m.groups()]
    if any(o > 255 for o in octetos) or any(len(o) > 1 and o[0] == "0" for o in m.groups()):
        return None  # o ipaddress recusa (octeto > 255, zero à esquerda): segue pelo caminho geral
    bloco = (octetos[0] << 16) | (octetos[1] << 8) | octetos[2]
    if bloco in _BLOCOS_MISTOS:
        return None
    return texto, 4, _global_no_bloco(bloco)


@lru_cache(maxsize=65536)  # pura; um log repete o mesmo IP em muitas linhas
def descrever(texto: str) -> tuple[str, int, bool] | None:
    """(forma canônica, versão, roteável) com uma análise só do literal; None se inválido.

    Num log de centenas de milhares de linhas, cada IP é quase sempre novo: analisar o texto
    uma vez (e não três) é o que pesa.
    """
    limpo = texto.strip().strip("[]")
    if rapido := _descrever_ipv4(limpo):
        return rapido
    endereco = _endereco(limpo)
    if endereco is None:
        return None
    return endereco.compressed, endereco.version, endereco.is_global


def canonico(texto: str) -> str | None:
    """Forma canônica (IPv6 comprimido minúsculo; IPv4 mapeado → IPv4) ou None se inválido."""
    descrito = descrever(texto)
    return descrito[0] if descrito else None


def versao(canonico_ip: str) -> int:
    descrito = descrever(canonico_ip)
    if descrito is None:
        raise ValueError(f"IP inválido: {canonico_ip!r}")
    return descrito[1]


def roteavel(canonico_ip: str) -> bool:
    """Falso para privados, loopback, link-local, reservados e compartilhados (100.64/10)."""
    descrito = descrever(canonico_ip)
    if descrito is None:
        raise ValueError(f"IP inválido: {canonico_ip!r}")
    return descrito[2]


def prefixo64(canonico_ip: str) -> str | None:
    ip = ipaddress.ip_address(canonico_ip)
    if ip.version != 6:
        return None
    return str(ipaddress.ip_network(f"{ip}/64", strict=False))


def porta_valida(texto: str | None) -> bool:
    return texto is not None and texto.isdigit() and 0 < int(texto) <= 65535
