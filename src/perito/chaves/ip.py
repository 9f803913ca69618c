"""Endereços IP: forma canônica e roteabilidade."""

from __future__ import annotations

import ipaddress
import re
from bisect import bisect_right
from functools import lru_cache
from typing import Any

from perito.chaves.tipos import TipoValor, registrar

# IPv4 com porta opcional ("187.34.56.78:51234"); octetos validados depois pelo ipaddress.
# a porta depois de ":" ("177.45.10.2:51234") ou de "/" (a coluna "IP/Porta": "177.45.10.2/51234"); depois da barra só
# um número de quatro ou cinco algarismos, a porta efêmera de quem acessou: "/24" é o prefixo de uma rede, não porta
# a porta depois do colchete do IPv4 mapeado em IPv6 ("[::ffff:189.40.77.210]:40122", o log de um servidor de pilha
# dupla) também é a dele
PADRAO_IPV4 = re.compile(
    r"(?<![\d.])(?P<ip>(?:\d{1,3}\.){3}\d{1,3})(?:(?::|(?<=\d)\]:|/(?=[1-9]\d{3,4}(?!\d)))(?P<porta>\d{1,5}))?"
    r"(?!\d|\.\d)")
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


def _intervalos_ipv4() -> tuple[list[int], list[bool]] | None:
    """Bordas em que a roteabilidade do IPv4 muda, e a roteabilidade a partir de cada borda.

    As bordas são as de toda rede especial que o próprio ipaddress consulta; a roteabilidade de cada
    intervalo é a que o ipaddress dá ao primeiro endereço dele, então é a mesma em qualquer versão do
    Python cujas listas estejam nesses atributos. Sem eles (uma versão futura que os renomeie), None:
    cada endereço é perguntado ao ipaddress.
    """
    constantes = ipaddress.IPv4Address._constants  # type: ignore[attr-defined]
    if not hasattr(constantes, "_private_networks"):
        return None
    redes = [*constantes._private_networks, *getattr(constantes, "_private_networks_exceptions", ())]
    redes += [getattr(constantes, nome) for nome in ("_public_network", "_reserved_network", "_multicast_network",
                                                    "_linklocal_network", "_loopback_network") if hasattr(constantes, nome)]
    bordas = sorted({0, *(int(r.network_address) for r in redes), *(int(r.broadcast_address) + 1 for r in redes)} - {2**32})
    return bordas, [ipaddress.IPv4Address(borda).is_global for borda in bordas]


_INTERVALOS = _intervalos_ipv4()


def _global_ipv4(numero: int) -> bool:
    if _INTERVALOS is None:
        return ipaddress.IPv4Address(numero).is_global
    bordas, globais = _INTERVALOS
    return globais[bisect_right(bordas, numero) - 1]


def _descrever_ipv4(texto: str) -> tuple[str, int, bool] | None:
    """Atalho do IPv4 decimal comum (o de todo log): o mesmo que o ipaddress, sem analisar o texto duas vezes
    nem varrer as redes especiais a cada endereço (a roteabilidade sai de uma busca binária nas bordas)."""
    m = _QUATRO_OCTETOS.fullmatch(texto)
    if m is None:
        return None
    grupos = m.groups()
    preenchido = False
    # (o teste octeto a octeto sem gerador: roda para cada IP de um log)
    if ((len(grupos[0]) > 1 and grupos[0][0] == "0") or (len(grupos[1]) > 1 and grupos[1][0] == "0")
            or (len(grupos[2]) > 1 and grupos[2][0] == "0") or (len(grupos[3]) > 1 and grupos[3][0] == "0")):
        # "177.045.010.002": sistemas que alinham a coluna escrevem todo octeto com três algarismos, em decimal. O
        # ipaddress recusa zero à esquerda (a leitura octal do inet_aton, que nenhum documento quer dizer); aqui só
        # a forma de largura fixa inteira é lida, e como decimal. Um zero à esquerda solto ("177.045.10.2") não é
        # IP (e segue pelo caminho geral, que o recusa)
        if not all(len(o) == 3 for o in grupos):
            return None
        preenchido = True
    a, b, c, d = (int(o) for o in grupos)
    if a > 255 or b > 255 or c > 255 or d > 255:
        return None
    canonico_ = f"{a}.{b}.{c}.{d}" if preenchido else texto
    return canonico_, 4, _global_ipv4((a << 24) | (b << 16) | (c << 8) | d)


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


#: a porta escrita com o rótulo: "Porta: 51234", "Porta de origem 51234", "Puerto de origen: 63850", "Source port=443",
#: "Porta lógica: 1025", "Puerto lógico: 35900", "Logical port 443" (pt, es, en), também colada a um prefixo por
#: "_" ("remote_port: 443"), ou ligada a ele pelo pontilhado; o número é o grupo 1
PADRAO_PORTA_ROTULADA = re.compile(
    r"(?<![^\W_])(?:(?:source|src|client|logical)[\s_]+)?(?:port|porta|puerto)"
    # até dois qualificadores: "porta lógica de origem" (a expressão do Marco Civil e do STJ), "porta de origem"
    # o pontilhado que alinha o valor numa coluna ("Porta ....... 51234", "Porta.....: 51234")
    r"(?:\s+(?:de\s+|do\s+|da\s+)?(?:origem|origen|source|cliente|l[oó]gic[ao])){0,2}\s*(?:(?:\.\s*){3,})?[:=#]?\s*"
    r"(?:n[º°o]\.?\s*)?"
    # o ponto final da frase depois do número ("porta 51234. Em 16/03 ...") não é parte de outro número; os dois-pontos
    # que abrem o bloco de baixo ("... ao cliente abaixo, porta lógica 33014:") também não, mas "porta 10:41" é hora
    r"(\d{1,5})(?!\d|[:.]\d)",
    re.IGNORECASE,
)

#: a linha (ou célula) que é só a porta rotulada ("Porta: 51234", "Puerto: 6958", "Porta ....... 51234")
PADRAO_SO_A_PORTA = re.compile(r"^\s*(?:" + PADRAO_PORTA_ROTULADA.pattern + r")\s*$", re.IGNORECASE)


def porta_valida(texto: str | None) -> bool:
    return texto is not None and texto.isdigit() and 0 < int(texto) <= 65535


class Ip(TipoValor):
    """Endereço IP pelo valor: IPv6 comprimido minúsculo, IPv4 mapeado (`::ffff:`) como IPv4."""

    nome = "ip"
    campo = "ip_acesso"
    tipo_dado = "ip"

    def normalizar(self, literal: str) -> str | None:
        return canonico(literal)

    def metadados(self, literal: str) -> dict[str, Any] | None:
        descrito = descrever(literal)
        if descrito is None:
            return None
        normal, versao_ip, global_ = descrito
        return {"ip_canonico": normal, "versao_ip": versao_ip, "roteavel": global_}

    def marcador(self, literal: str) -> bool:
        # privado, loopback, reservado, compartilhado (CGNAT 100.64/10): não identifica um assinante
        descrito = descrever(literal)
        return descrito is not None and not descrito[2]


class Porta(TipoValor):
    """Porta lógica de origem: 1 a 65535, comparada como número."""

    nome = "porta"

    def normalizar(self, literal: str) -> str | None:
        limpo = literal.strip()
        return str(int(limpo)) if porta_valida(limpo) else None


IP = registrar(Ip())
PORTA = registrar(Porta())
