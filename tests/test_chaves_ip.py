"""Endereços IP: forma canônica, roteabilidade, /64 e porta (perito.chaves.ip)."""

from __future__ import annotations

import pytest

from perito.chaves import ip


@pytest.mark.parametrize(
    ("texto", "canonico"),
    [
        ("187.34.56.78", "187.34.56.78"),
        (" 187.34.56.78 ", "187.34.56.78"),
        ("2001:0DB8:0000:0000:0000:0000:0000:0001", "2001:db8::1"),
        ("2804:14C:65A1:0:0:0:0:2", "2804:14c:65a1::2"),
        ("2804:14c:65a1:0000:0000:0000:0000:0000", "2804:14c:65a1::"),
        ("[2804:14c::1]", "2804:14c::1"),
        ("FE80:0:0:0:0:0:0:1", "fe80::1"),
        ("::1", "::1"),
        ("2804:0:0:1:0:0:0:1", "2804:0:0:1::1"),  # só a maior sequência de zeros é comprimida
        ("::ffff:187.34.56.78", "187.34.56.78"),  # IPv4 mapeado → IPv4
        ("::FFFF:10.0.0.1", "10.0.0.1"),
        ("0:0:0:0:0:ffff:bb22:384e", "187.34.56.78"),  # o mesmo mapeado, em hexadecimal
    ],
)
def test_canonico(texto: str, canonico: str) -> None:
    assert ip.canonico(texto) == canonico


@pytest.mark.parametrize("texto", ["256.1.1.1", "187.34.56", "1.2.3.4.5", "2804::1::2", "gggg::1", "", "abc", "12345::"])
def test_canonico_invalido(texto: str) -> None:
    assert ip.canonico(texto) is None


def test_canonico_e_idempotente() -> None:
    for texto in ["2001:0DB8::0001", "::ffff:187.34.56.78", "187.34.56.78", "2804:14C:65A1::2"]:
        c = ip.canonico(texto)
        assert ip.canonico(c) == c


@pytest.mark.parametrize(
    "endereco",
    [
        "10.0.0.1", "10.255.255.255",  # 10/8
        "172.16.0.1", "172.31.255.254",  # 172.16/12
        "192.168.0.10", "192.168.255.1",  # 192.168/16
        "127.0.0.1", "127.1.2.3",  # 127/8
        "169.254.10.20",  # link-local
        "100.64.0.1", "100.127.255.254",  # CGNAT compartilhado 100.64/10
        "192.0.2.1", "198.51.100.7", "203.0.113.200",  # documentação
        "0.0.0.0", "255.255.255.255", "240.0.0.1", "198.18.0.1",  # reservados / teste
        "::1", "::",
        "fc00::1", "fd12:3456:789a::1",  # fc00::/7
        "fe80::1", "febf::1",  # fe80::/10
        "2001:db8::1", "2001:db8:ffff::1",  # documentação IPv6
    ],
)
def test_nao_roteavel(endereco: str) -> None:
    assert ip.roteavel(ip.canonico(endereco)) is False


@pytest.mark.parametrize(
    "endereco",
    [
        "187.34.56.78", "8.8.8.8", "200.160.2.3",
        "172.15.255.255", "172.32.0.1",  # fora de 172.16/12
        "100.63.255.255", "100.128.0.1",  # fora de 100.64/10
        "192.169.0.1", "169.255.0.1",
        "2804:14c:65a1::1", "2001:4860:4860::8888", "2800:3f0:4001:80a::200e",
    ],
)
def test_roteavel(endereco: str) -> None:
    assert ip.roteavel(ip.canonico(endereco)) is True


def test_ipv4_mapeado_herda_a_roteabilidade_do_ipv4() -> None:
    assert ip.roteavel(ip.canonico("::ffff:10.0.0.1")) is False
    assert ip.roteavel(ip.canonico("::ffff:187.34.56.78")) is True


def test_versao() -> None:
    assert ip.versao("187.34.56.78") == 4
    assert ip.versao("2804:14c::1") == 6
    assert ip.versao(ip.canonico("::ffff:187.34.56.78")) == 4


def test_prefixo64() -> None:
    assert ip.prefixo64("2804:14c:65a1:1234:aaaa:bbbb:cccc:dddd") == "2804:14c:65a1:1234::/64"
    assert ip.prefixo64("2804:14c:65a1:1234::1") == ip.prefixo64("2804:14c:65a1:1234:ffff::9")
    assert ip.prefixo64("2804:14c:65a1:1235::1") != ip.prefixo64("2804:14c:65a1:1234::1")
    assert ip.prefixo64("187.34.56.78") is None


@pytest.mark.parametrize(
    ("porta", "valida"),
    [("51234", True), ("1", True), ("65535", True), ("0", False), ("65536", False), ("", False), (None, False), ("12a", False)],
)
def test_porta_valida(porta, valida: bool) -> None:
    assert ip.porta_valida(porta) is valida


@pytest.mark.parametrize(
    ("texto", "ip_", "porta"),
    [
        ("IP 187.34.56.78", "187.34.56.78", None),
        ("IP:187.34.56.78:51234;", "187.34.56.78", "51234"),
        ("(187.34.56.78)", "187.34.56.78", None),
        ("187.34.56.78,10.0.0.1", "187.34.56.78", None),
        # a coluna "IP/Porta" (achado por sonda): a porta efêmera depois da barra; "/24" e "/8" são prefixos de rede
        ("177.45.10.2/51234;LOGIN", "177.45.10.2", "51234"),
        ("177.45.10.2/1025", "177.45.10.2", "1025"),
        ("bloco 177.45.10.0/24 atribuído", "177.45.10.0", None),
        ("10.0.0.1/8", "10.0.0.1", None),
        ("187.34.56.78/123", "187.34.56.78", None),
    ],
)
def test_padrao_ipv4(texto: str, ip_: str, porta) -> None:
    m = ip.PADRAO_IPV4.search(texto)
    assert m is not None
    assert (m.group("ip"), m.group("porta")) == (ip_, porta)


@pytest.mark.parametrize("texto", ["versão 1.2.3.4.5", "1.2.3", "11.22.33.44.55.66", "2.25.5.74.1"])
def test_padrao_ipv4_nao_casa_sequencias_mais_longas(texto: str) -> None:
    assert ip.PADRAO_IPV4.search(texto) is None


@pytest.mark.parametrize(
    ("texto", "ip_", "porta"),
    [
        ("O acesso partiu do IP 187.34.56.78.", "187.34.56.78", None),
        ("Conexão de 187.34.56.78:51234.", "187.34.56.78", "51234"),
    ],
)
def test_padrao_ipv4_no_fim_de_frase(texto: str, ip_: str, porta) -> None:
    m = ip.PADRAO_IPV4.search(texto)
    assert m is not None
    assert (m.group("ip"), m.group("porta")) == (ip_, porta)


@pytest.mark.parametrize(
    ("texto", "literal", "porta"),
    [
        ("origem [2804:14c:65a1::1]:443 ok", "2804:14c:65a1::1", "443"),
        ("IPv6 2804:14c:65a1::1 às 10h", "2804:14c:65a1::1", None),
        ("2001:0db8:0000:0000:0000:0000:0000:0001", "2001:0db8:0000:0000:0000:0000:0000:0001", None),
    ],
)
def test_padrao_ipv6(texto: str, literal: str, porta) -> None:
    m = ip.PADRAO_IPV6.search(texto)
    assert m is not None
    assert (m.group("ipb") or m.group("ip"), m.group("porta")) == (literal, porta)


@pytest.mark.parametrize("texto", ["14:32:17", "MAC 00:1A:2B:3C:4D:5E", "2025-03-15T14:32:17"])
def test_padrao_ipv6_nao_casa_horas_nem_mac(texto: str) -> None:
    assert ip.PADRAO_IPV6.search(texto) is None


def test_issue15_atalho_ipv4_igual_ao_ipaddress():
    """O atalho do IPv4 (roteabilidade por busca binária nas bordas das redes especiais) dá o mesmo que o
    ipaddress em toda borda de rede especial, um endereço antes e um depois dela, e numa amostra grande;
    zeros à esquerda e octetos > 255 continuam inválidos."""
    import ipaddress
    import random

    from perito.chaves.ip import descrever

    def pelo_ipaddress(texto):
        try:
            endereco = ipaddress.ip_address(texto)
        except ValueError:
            return None
        return endereco.compressed, endereco.version, endereco.is_global

    bordas = ["0.0.0.0", "9.255.255.255", "10.0.0.0", "100.63.255.255", "100.64.0.0", "100.127.255.255", "100.128.0.0",
              "127.0.0.1", "169.254.1.1", "172.15.255.255", "172.16.0.0", "172.31.255.255", "172.32.0.0", "192.0.0.0",
              "192.0.0.7", "192.0.0.8", "192.0.0.9", "192.0.0.10", "192.0.0.170", "192.0.0.171", "192.0.0.172", "192.0.1.1",
              "192.0.2.1", "192.168.0.1", "198.17.255.255", "198.18.0.0", "198.19.255.255", "198.20.0.0", "198.51.100.7",
              "203.0.113.9", "224.0.0.1", "239.255.255.255", "240.0.0.1", "255.255.255.254", "255.255.255.255",
              "187.34.56.78", "01.2.3.4", "1.2.3.04", "256.1.1.1", "1.2.3", "999.999.999.999"]
    from perito.chaves.ip import _INTERVALOS

    assert _INTERVALOS is not None, "o ipaddress desta versão do Python não expõe as redes especiais"
    em_volta = [str(ipaddress.IPv4Address(n)) for borda in _INTERVALOS[0] for n in (borda - 1, borda, borda + 1)
                if 0 <= n < 2**32]
    aleatorio = random.Random(15)
    amostra = [".".join(str(aleatorio.randrange(256)) for _ in range(4)) for _ in range(20000)]
    for texto in bordas + em_volta + amostra:
        assert descrever(texto) == pelo_ipaddress(texto), texto


@pytest.mark.parametrize(("texto", "canonico", "roteavel"), [
    ("177.045.010.002", "177.45.10.2", True),  # a coluna alinhada de um log de banco: três algarismos por octeto
    ("192.168.000.001", "192.168.0.1", False),
    ("010.000.000.001", "10.0.0.1", False),  # decimal, nunca a leitura octal do inet_aton (que daria 8.0.0.1)
])
def test_ipv4_de_largura_fixa_lido_em_decimal(texto: str, canonico: str, roteavel: bool) -> None:
    assert ip.descrever(texto) == (canonico, 4, roteavel)
    assert ip.canonico(canonico) == canonico  # a forma canônica é a de todo outro documento: eles convergem


@pytest.mark.parametrize("texto", ["177.045.10.2", "01.2.3.4", "177.045.010.02", "300.045.010.002", "177.045.010.0002"])
def test_zero_a_esquerda_fora_da_largura_fixa_nao_e_ip(texto: str) -> None:
    assert ip.descrever(texto) is None


def test_log_de_largura_fixa_converge_com_o_provedor_e_e_verificado(tmp_path) -> None:
    from tests.conftest import conclusoes_dos_textos

    conclusoes = conclusoes_dos_textos(tmp_path, {
        "log_internet_banking.csv": "DATA_HORA;IP_ORIGEM;PORTA;TRANSACAO\n02/08/2025 10:12:30;177.045.010.002;51234;LOGIN\n"
                                    "Horário de Brasília (BRT) em todos os registros.\n",
        "provedor.txt": "Resposta do provedor. Horários em UTC.\nIP 177.45.10.2 porta 51234 em 02/08/2025 13:12:40\n",
    })
    [conclusao] = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    assert "O IP 177.45.10.2 aparece" in conclusao["afirmacao"] and "distam 10s" in conclusao["afirmacao"]
    assert any("177.045.010.002" in r["dado_citado"] for r in conclusao["referencias"])  # citado como escrito
    assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO"
