"""O endereço em si: texto → forma canônica, e as classes que a numeração já diz (sem base de AS).

CGNAT (RFC 6598, 100.64.0.0/10) vem primeiro: o ipaddress não o chama nem de privado nem de global, e sem a
regra explícita ele cairia em "reservado" — mas é endereço de assinante atrás do NAT da operadora, e o que o
investigador precisa saber é que só a porta de origem o individualiza.
"""

from __future__ import annotations

import ipaddress

Endereco = ipaddress.IPv4Address | ipaddress.IPv6Address

CGNAT = ipaddress.IPv4Network("100.64.0.0/10")
#: RFC 1918, loopback, link-local e ULA: redes internas, nunca vistas do outro lado da internet
PRIVADAS: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = (
    ipaddress.IPv4Network("10.0.0.0/8"),
    ipaddress.IPv4Network("172.16.0.0/12"),
    ipaddress.IPv4Network("192.168.0.0/16"),
    ipaddress.IPv4Network("127.0.0.0/8"),
    ipaddress.IPv4Network("169.254.0.0/16"),
    ipaddress.IPv6Network("::1/128"),
    ipaddress.IPv6Network("fe80::/10"),
    ipaddress.IPv6Network("fc00::/7"),
)


def analisar(texto: object) -> Endereco | None:
    """Endereço do texto (espaços e colchetes em volta aceitos); IPv4 mapeado (::ffff:a.b.c.d) vira o IPv4.

    None para o que não é um IP: quem chama decide o que fazer, sem exceção no meio de um log.
    """
    if not isinstance(texto, str):
        return None  # o ipaddress aceitaria um int; aqui só texto
    try:
        endereco = ipaddress.ip_address(texto.strip().strip("[]"))
    except ValueError:
        return None
    if isinstance(endereco, ipaddress.IPv6Address) and endereco.ipv4_mapped is not None:
        return endereco.ipv4_mapped
    return endereco


def classes_do_endereco(endereco: Endereco) -> tuple[str, ...]:
    """"privado", "cgnat" ou "reservado" (no máximo uma), ou () para endereço público."""
    if endereco in CGNAT:
        return ("cgnat",)
    if any(endereco.version == rede.version and endereco in rede for rede in PRIVADAS):
        return ("privado",)
    # documentação, multicast, não especificado, benchmarking, 240/4, site-local (obsoleto) etc.
    site_local = isinstance(endereco, ipaddress.IPv6Address) and endereco.is_site_local
    if (not endereco.is_global or endereco.is_multicast or endereco.is_reserved or endereco.is_unspecified
            or site_local):
        return ("reservado",)
    return ()
