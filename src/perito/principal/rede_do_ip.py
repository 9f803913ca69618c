"""Teto de grau pela rede do IP: um endereço de hospedagem ou de VPN nunca sustenta uma conclusão forte.

A saída de um servidor, de um proxy ou de uma VPN atende muitos usuários ao mesmo tempo: o mesmo IP em duas
fontes mostra o mesmo serviço, não a mesma pessoa. A rede vem da base de IP embarcada (AS e organização de uma
fotografia datada, registrada no manifesto).
"""

from __future__ import annotations

from perito.principal import graus

#: classes da base de IP que põem outro usuário possível atrás do endereço
_COMPARTILHADAS = ("hospedagem", "vpn")


def teto_da_rede(ip: str, grau: str) -> tuple[str, str | None]:
    """(grau com o teto, motivo a dizer) — o motivo só quando a rede é de hospedagem ou VPN."""
    from perito.inteligencia_ip import consultar  # a base carrega na primeira consulta, só quando há IP convergente

    info = consultar(ip)
    if info is None:
        return grau, None
    classes = [c for c in _COMPARTILHADAS if c in info.classes]
    if not classes:
        return grau, None
    teto = graus.no_maximo(grau, "moderado")
    # sem a data da base na afirmação: o validador cobraria de uma referência do caso uma data que é da base (ela vai
    # ao manifesto, em parametros.base_ip, e ao plano de diligências)
    rede = f"AS{info.asn} {info.organizacao}" if info.asn else "rede sem AS na base"
    return teto, (f"o IP é de rede de {'/'.join(classes)} ({rede}, pela base de IP embarcada): a mesma saída atende "
                  "muitos usuários, e o IP não identifica a pessoa" + ("; por isso no máximo moderado" if teto != grau else ""))
