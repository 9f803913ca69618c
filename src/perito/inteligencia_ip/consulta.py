"""consultar(ip) → InfoIp: AS, organização e classes do endereço, com a data e a fonte da base.

A base (≈2 MB comprimidos) só é aberta na primeira consulta de um endereço público: importar o perito, ou
consultar só endereços privados, não paga a leitura.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from perito.inteligencia_ip import bases
from perito.inteligencia_ip.classificacao import classes_do_asn
from perito.inteligencia_ip.enderecos import analisar, classes_do_endereco
from perito.inteligencia_ip.formato import Tabelas

#: classes que dizem que o endereço não é público (nem se procura AS para elas)
NAO_PUBLICAS = ("privado", "cgnat", "reservado")
ROTULOS = {
    "privado": "endereço privado (RFC 1918, loopback, link-local ou ULA): não identifica assinante",
    "cgnat": "CGNAT (RFC 6598, 100.64.0.0/10): endereço interno da operadora, só identifica com a porta de origem",
    "reservado": "endereço reservado (documentação, multicast, não especificado etc.): não identifica assinante",
    "hospedagem": "hospedagem/nuvem",
    "vpn": "VPN comercial",
    "operadora_movel": "operadora com rede móvel (CGNAT comum: peça a porta de origem)",
}


@dataclass(frozen=True)
class InfoIp:
    ip: str  # forma canônica: IPv6 comprimido minúsculo, IPv4 mapeado como IPv4
    versao: int
    asn: int | None
    organizacao: str | None
    classes: tuple[str, ...]  # em ordem: privado, cgnat, reservado, hospedagem, vpn, operadora_movel
    data_base: str  # data do retrato da base, AAAA-MM-DD
    fonte: str

    def publico(self) -> bool:
        return not any(classe in NAO_PUBLICAS for classe in self.classes)

    def descricao(self) -> str:
        """Uma linha em pt-BR, p.ex. "AS16509 Amazon.com, Inc. — hospedagem/nuvem (base de 2026-06-17)"."""
        if not self.publico():
            return ROTULOS[self.classes[0]]  # vem da numeração (RFC), não da base: sem data
        if self.asn is None:
            return f"sem AS conhecido na base (base de {self.data_base})"
        rede = f"AS{self.asn} {self.organizacao}" if self.organizacao else f"AS{self.asn}"
        rotulos = ", ".join(ROTULOS[classe] for classe in self.classes)
        return f"{rede} — {rotulos} (base de {self.data_base})" if rotulos else f"{rede} (base de {self.data_base})"


_trava = threading.Lock()
_carregada: tuple[str, Tabelas] | None = None  # (sha256 da base, tabelas)


def _tabelas(base: bases.Base) -> Tabelas:
    global _carregada
    sha = str(base.metadados["sha256"])
    atual = _carregada
    if atual is not None and atual[0] == sha:
        return atual[1]
    with _trava:  # duas threads na primeira consulta: uma lê, a outra espera
        if _carregada is None or _carregada[0] != sha:
            _carregada = (sha, base.carregar())
        return _carregada[1]


def consultar(texto: str) -> InfoIp | None:
    """InfoIp do endereço (qualquer IPv4/IPv6 textual; IPv4 mapeado vira IPv4), ou None se não é um IP.

    Endereço público fora de todo intervalo da base: InfoIp com asn None (a base não o conhece).
    """
    endereco = analisar(texto)
    if endereco is None:
        return None
    base, _ = bases.escolher()
    classes = classes_do_endereco(endereco)
    asn = organizacao = None
    if not classes:
        tabelas = _tabelas(base)
        asn = tabelas.familia(endereco.version).asn_de(int(endereco))
        if asn is not None:
            organizacao = tabelas.organizacoes.get(asn)
            classes = classes_do_asn(asn)
    return InfoIp(endereco.compressed, endereco.version, asn, organizacao, classes, base.data,
                  str(base.metadados["fonte"]))
