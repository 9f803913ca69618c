"""Endereços IP: forma canônica e roteabilidade."""

from __future__ import annotations

import ipaddress
import re

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


def canonico(texto: str) -> str | None:
    """Forma canônica (IPv6 comprimido minúsculo; IPv4 mapeado → IPv4) ou None se inválido."""
    try:
        ip = ipaddress.ip_address(texto.strip().strip("[]"))
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.compressed


def versao(canonico_ip: str) -> int:
    return ipaddress.ip_address(canonico_ip).version


def roteavel(canonico_ip: str) -> bool:
    """Falso para privados, loopback, link-local, reservados e compartilhados (100.64/10)."""
    return ipaddress.ip_address(canonico_ip).is_global


def prefixo64(canonico_ip: str) -> str | None:
    ip = ipaddress.ip_address(canonico_ip)
    if ip.version != 6:
        return None
    return str(ipaddress.ip_network(f"{ip}/64", strict=False))


def porta_valida(texto: str | None) -> bool:
    return texto is not None and texto.isdigit() and 0 < int(texto) <= 65535
