"""perito.inteligencia_ip: consultas na base embarcada, classes do endereço e do AS, montagem e atualização."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import lzma
import re
import subprocess
import sys
import unicodedata
import zipfile
from pathlib import Path

import pytest

from perito.erros import ErroPerito, Saida
from perito.inteligencia_ip import InfoIp, base_em_uso, bases, consultar, montagem
from perito.inteligencia_ip.classificacao import CLASSES_DE_AS, tabela
from perito.inteligencia_ip.formato import BaseCorrompida, Intervalos, Tabelas, desserializar, serializar
from tests.conftest import RAIZ

DADOS = RAIZ / "src" / "perito" / "inteligencia_ip" / "dados"
DATA_PACOTE = "2026-06-17"


@pytest.fixture(autouse=True)
def _dados_do_usuario(monkeypatch, tmp_path):
    """Nunca a base atualizada de quem roda os testes: a pasta de dados é uma pasta vazia do teste."""
    monkeypatch.setenv("PERITO_DADOS", str(tmp_path / "dados_do_usuario"))


# --- consultas reais na base embarcada -------------------------------------------------------------------------

@pytest.mark.parametrize("ip, asn, org, classes", [
    ("1.1.1.1", 13335, "Cloudflare, Inc.", ("hospedagem",)),
    ("3.5.140.2", 16509, "Amazon.com, Inc.", ("hospedagem",)),
    ("35.198.0.1", 396982, "Google LLC", ("hospedagem",)),  # Google Cloud em São Paulo
    ("152.233.128.1", 26615, "TIM S/A", ("operadora_movel",)),
    ("152.240.10.20", 26599, "TELEFONICA BRASIL S.A", ("operadora_movel",)),
    ("177.0.0.1", 8167, "V tal", ()),  # banda larga fixa (antiga Oi): sem classe
    ("5.180.61.10", 147049, "PacketHub S.A.", ("vpn",)),
    ("2.56.16.1", 9009, "M247 Europe SRL", ("hospedagem", "vpn")),
    ("2606:4700:4700::1111", 13335, "Cloudflare, Inc.", ("hospedagem",)),
    ("2804:20::1", 26615, "TIM S/A", ("operadora_movel",)),
    ("2001:4860:4860::8888", 15169, "Google LLC", ("hospedagem",)),
])
def test_consulta_real_na_base_embarcada(ip, asn, org, classes):
    info = consultar(ip)
    assert (info.asn, info.organizacao, info.classes) == (asn, org, classes)
    assert info.publico() and info.data_base == DATA_PACOTE
    assert info.fonte == "RouteViews + DB-IP IP to ASN Lite + NRO (ip-location-db), CC BY 4.0"


@pytest.mark.parametrize("ip, asn", [
    # bordas de intervalos reais (inclusivos): 152.233.128.0–152.233.143.255 é AS26615
    ("152.233.128.0", 26615), ("152.233.143.255", 26615), ("152.233.144.0", None), ("152.233.127.255", 60068),
    # a única sobreposição do retrato: AS749 até 214.255…, AS721 a partir de 215.0.0.0 (o que começa depois vale)
    ("214.255.255.255", 749), ("215.0.0.0", 721), ("215.1.3.255", 721),
])
def test_bordas_dos_intervalos(ip, asn):
    assert consultar(ip).asn == asn


def test_descricao_em_uma_linha():
    assert consultar("3.5.140.2").descricao() == "AS16509 Amazon.com, Inc. — hospedagem/nuvem (base de 2026-06-17)"
    assert consultar("177.0.0.1").descricao() == "AS8167 V tal (base de 2026-06-17)"
    assert "porta de origem" in consultar("152.233.128.1").descricao()
    assert consultar("100.64.0.1").descricao().startswith("CGNAT (RFC 6598") and "base de" not in consultar("10.0.0.1").descricao()
    assert "\n" not in consultar("2.56.16.1").descricao()


def test_ipv4_mapeado_em_ipv6_vira_ipv4():
    info = consultar("::ffff:1.1.1.1")
    assert (info.ip, info.versao, info.asn) == ("1.1.1.1", 4, 13335)
    assert consultar("::ffff:10.1.2.3").classes == ("privado",)


def test_forma_canonica():
    assert consultar(" [2606:4700:4700:0000:0000:0000:0000:1111] ").ip == "2606:4700:4700::1111"
    assert consultar("2606:4700:4700::1111").versao == 6


def test_endereco_publico_fora_de_todo_intervalo():
    info = consultar("1.0.2.1")  # 1.0.1.0–1.0.3.255: nenhum intervalo no retrato
    assert info is not None and info.asn is None and info.organizacao is None
    assert info.classes == () and info.publico()
    assert info.descricao() == "sem AS conhecido na base (base de 2026-06-17)"


@pytest.mark.parametrize("texto", ["", "lixo", "1.2.3", "256.1.1.1", "1.2.3.4:80", "01.2.3.4", "2001:db8::g", "1.1.1.1/32"])
def test_texto_que_nao_e_ip_da_none(texto):
    assert consultar(texto) is None


def test_so_texto_e_aceito():
    assert consultar(16843009) is None  # type: ignore[arg-type]  # o ipaddress aceitaria o int


def test_info_ip_e_imutavel():
    info = consultar("1.1.1.1")
    assert isinstance(info, InfoIp)
    with pytest.raises(dataclasses.FrozenInstanceError):
        info.asn = 1  # type: ignore[misc]


# --- classes do endereço, com as bordas --------------------------------------------------------------------------

@pytest.mark.parametrize("ip, classes", [
    # CGNAT (RFC 6598): o ipaddress não o diz privado nem global
    ("100.63.255.255", ()), ("100.64.0.0", ("cgnat",)), ("100.127.255.255", ("cgnat",)), ("100.128.0.0", ()),
    ("9.255.255.255", ()), ("10.0.0.0", ("privado",)), ("10.255.255.255", ("privado",)), ("11.0.0.0", ()),
    ("172.15.255.255", ()), ("172.16.0.0", ("privado",)), ("172.31.255.255", ("privado",)), ("172.32.0.0", ()),
    ("192.167.255.255", ()), ("192.168.0.0", ("privado",)), ("192.168.255.255", ("privado",)), ("192.169.0.0", ()),
    ("126.255.255.255", ()), ("127.0.0.0", ("privado",)), ("127.255.255.255", ("privado",)), ("128.0.0.0", ()),
    ("169.253.255.255", ()), ("169.254.0.0", ("privado",)), ("169.254.255.255", ("privado",)), ("169.255.0.0", ()),
    ("::1", ("privado",)),
    ("fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", ("reservado",)), ("fc00::", ("privado",)),
    ("fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", ("privado",)), ("fe00::", ("reservado",)),
    ("fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff", ("reservado",)), ("fe80::", ("privado",)),
    ("febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", ("privado",)), ("fec0::1", ("reservado",)),
    ("2001:db7:ffff:ffff:ffff:ffff:ffff:ffff", ()), ("2001:db8::", ("reservado",)),
    ("2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", ("reservado",)), ("2001:db9::", ()),
    ("192.0.1.255", ()), ("192.0.2.0", ("reservado",)), ("192.0.2.255", ("reservado",)), ("192.0.3.0", ()),
    ("198.51.100.7", ("reservado",)), ("203.0.113.7", ("reservado",)), ("224.0.0.1", ("reservado",)),
    ("ff02::1", ("reservado",)), ("0.0.0.0", ("reservado",)), ("::", ("reservado",)), ("240.0.0.1", ("reservado",)),
    ("255.255.255.255", ("reservado",)),
])
def test_classes_do_endereco_nas_bordas(ip, classes):
    info = consultar(ip)
    assert tuple(c for c in info.classes if c in ("privado", "cgnat", "reservado")) == classes
    assert info.publico() == (not classes)
    if classes:
        assert info.classes == classes and info.asn is None  # endereço não público: nem se procura AS


def test_enderecos_nao_publicos_nao_abrem_a_base():
    """A base só é lida na primeira consulta de endereço público (processo novo, sem estado dos outros testes)."""
    programa = ("import time; from perito.inteligencia_ip import consultar, consulta; "
                "consultar('10.1.2.3'); consultar('100.64.0.1'); assert consulta._carregada is None; "
                "t = time.perf_counter(); consultar('1.1.1.1'); print(time.perf_counter() - t); "
                "assert consulta._carregada is not None")
    rodada = subprocess.run([sys.executable, "-c", programa], capture_output=True, text=True, timeout=60)
    assert rodada.returncode == 0, rodada.stderr
    assert float(rodada.stdout) < 2.0  # medido ~0,2 s; folga para a máquina de teste carregada


# --- base em uso e tabela de classes de AS ---------------------------------------------------------------------

def test_base_em_uso_e_a_do_pacote():
    uso = base_em_uso()
    assert set(uso) == {"data", "fonte", "licenca", "sha256", "origem", "caminho"}
    assert (uso["data"], uso["origem"]) == (DATA_PACOTE, "pacote")
    assert "CC BY 4.0" in uso["licenca"] and "DB-IP" in uso["licenca"] and "NRO" in uso["licenca"]
    assert hashlib.sha256(Path(uso["caminho"]).read_bytes()).hexdigest() == uso["sha256"]


def test_metadados_do_pacote_dizem_de_onde_veio():
    metadados = json.loads((DADOS / "base_ip.json").read_text(encoding="utf-8"))
    assert metadados["origem_dos_dados"] == "@ip-location-db/asn@2.3.2026061719"
    assert {e["arquivo"] for e in metadados["entradas"]} == {"asn-ipv4-num.csv", "asn-ipv6-num.csv"}
    assert all(re.fullmatch(r"[0-9a-f]{64}", e["sha256"]) for e in metadados["entradas"])
    assert metadados["contagens"]["ipv4"]["intervalos"] > 400_000 and metadados["contagens"]["ipv6"]["intervalos"] > 100_000
    atribuicao = (DADOS / "ATRIBUICAO.md").read_text(encoding="utf-8")
    for exigido in ("RouteViews", "DB-IP.com", "NRO", "CC BY 4.0", "2026-06-17", "contain bugs"):
        assert exigido in atribuicao


def _palavras(texto: str) -> set[str]:
    sem_acento = unicodedata.normalize("NFKD", texto).encode("ascii", "ignore").decode().lower()
    return set(re.findall(r"[a-z0-9]+", sem_acento)) - {"antiga", "cloud", "the", "company", "brasil", "outro", "eua"}


def test_tabela_de_classes_confere_com_a_base():
    """Cada AS classificado existe no retrato, com uma organização cujo nome bate com o da tabela (pega AS trocado)."""
    tabelas = desserializar((DADOS / "base_ip.xz").read_bytes())
    linhas = tabela()
    assert len(linhas) >= 40 and {linha.classe for linha in linhas} == set(CLASSES_DE_AS)
    assert len({(linha.asn, linha.classe) for linha in linhas}) == len(linhas)
    for linha in linhas:
        assert linha.observacao, linha
        organizacao = tabelas.organizacoes.get(linha.asn)
        assert organizacao is not None, linha
        assert _palavras(linha.nome) & _palavras(organizacao), (linha, organizacao)


def test_oi_nao_e_operadora_movel():
    """A Oi vendeu a rede móvel em 2022: os AS dela (hoje "V tal") ficam sem classe."""
    assert {linha.asn for linha in tabela()}.isdisjoint({7738, 8167, 14571})


# --- montagem: formas, bordas, sobreposições ------------------------------------------------------------------------

def _csv(pasta: Path, nome: str, texto: str) -> Path:
    caminho = pasta / nome
    caminho.write_text(texto, encoding="utf-8")
    return caminho


def test_formas_numerica_e_textual_dao_a_mesma_base(tmp_path):
    textual = _csv(tmp_path, "a.csv", '1.0.0.0,1.0.0.255,13335,"Cloudflare, Inc."\n2001:db8::,2001:db8::ff,64500,Teste\n')
    numerica4 = _csv(tmp_path, "b.csv", '16777216,16777471,13335,"Cloudflare, Inc."\n')
    numerica6 = _csv(tmp_path, "c.csv", f"{int('20010db8' + '0' * 24, 16)},{int('20010db8' + '0' * 22 + 'ff', 16)},64500,Teste\n")
    de_texto, _ = montagem.montar([textual], "2026-07-01", "f", "l")
    de_numeros, _ = montagem.montar([numerica4, numerica6], "2026-07-01", "f", "l")
    assert serializar(de_texto) == serializar(de_numeros)
    assert list(de_numeros.ipv6.asns) == [64500] and list(de_numeros.ipv4.asns) == [13335]


def test_numerica_pequena_e_ipv4_e_grande_e_ipv6(tmp_path):
    pequena = montagem.ler_csv(_csv(tmp_path, "x.csv", "1,2,64500,A\n"))
    grande = montagem.ler_csv(_csv(tmp_path, "y.csv", f"1,2,64500,A\n{2**40},{2**40 + 5},64501,B\n"))
    assert (len(pequena.ipv4), len(pequena.ipv6)) == (1, 0)
    assert (len(grande.ipv4), len(grande.ipv6)) == (0, 2)


def test_cabecalho_e_as_zero_sao_ignorados(tmp_path):
    leitura = montagem.ler_csv(_csv(tmp_path, "x.csv", "start,end,asn,org\n1.0.0.0,1.0.0.255,0,Not routed\n"
                                                       "1.0.1.0,1.0.1.255,AS64500,Teste\n"))
    assert leitura.cabecalho and leitura.asn_zero == 1 and leitura.ipv4 == [(16777472, 16777727, 64500, "Teste")]


@pytest.mark.parametrize("texto, trecho", [
    ("1.0.0.0,1.0.0.255,13335,A\n1.0.1.0,1.0.0.0,13335,B\n", "linha 2"),  # fim antes do início
    ("1.0.0.0,1.0.0.255,13335,A\n1.0.1.0,::1,13335,B\n", "linha 2"),  # famílias diferentes
    ("1.0.0.0,1.0.0.255,13335,A\n1.0.1.0,1.0.1.255,BR\n", "linha 2"),  # país no lugar do AS (outro CSV do projeto)
    ("1.0.0.0,1.0.0.255,13335,A\n\n999.0.0.0,999.0.0.1,1,X\n", "linha 3"),
    ("start,end,asn,org\n", "nenhuma linha válida"),
    ("", "nenhuma linha válida"),
])
def test_linha_fora_do_formato_recusa_o_arquivo(tmp_path, texto, trecho):
    with pytest.raises(ErroPerito) as erro:
        montagem.ler_csv(_csv(tmp_path, "x.csv", texto))
    assert erro.value.codigo == Saida.ENTRADA_INVALIDA and trecho in erro.value.mensagem and "Dica:" in erro.value.mensagem


def test_arquivo_que_nao_e_utf8(tmp_path):
    caminho = tmp_path / "x.csv"
    caminho.write_bytes(b"1.0.0.0,1.0.0.255,13335,\xff\xfe\n")
    with pytest.raises(ErroPerito) as erro:
        montagem.ler_csv(caminho)
    assert erro.value.codigo == Saida.ENTRADA_INVALIDA and "UTF-8" in erro.value.mensagem


def test_sobreposicoes_vale_o_que_comeca_depois_e_vizinhos_do_mesmo_as_se_unem():
    linhas = [(0, 99, 1, "A"), (10, 19, 2, "B"), (50, 149, 3, "C"), (150, 199, 3, "C"), (200, 209, 4, "D"),
              (200, 204, 5, "E")]
    resolvidas, sobrepostas = montagem.resolver(linhas)
    assert [(i, f, a) for i, f, a, _ in resolvidas] == [
        (0, 9, 1), (10, 19, 2), (20, 49, 1), (50, 199, 3), (200, 204, 5), (205, 209, 4)]
    assert sobrepostas == 3


def test_formato_ida_e_volta_e_arquivo_alterado():
    tabelas = Tabelas(Intervalos([0, 2**31], [10, 2**32 - 1], [7, 2**32 - 2]),
                      Intervalos([2**127], [2**128 - 1], [9]), {7: "Sete", 2**32 - 2: "Grande", 9: "Nove\u00e7"})
    volta = desserializar(serializar(tabelas))
    assert (list(volta.ipv4.inicios), list(volta.ipv4.fins), list(volta.ipv4.asns)) == (
        [0, 2**31], [10, 2**32 - 1], [7, 2**32 - 2])
    assert (volta.ipv6.inicios, volta.ipv6.fins, list(volta.ipv6.asns)) == ([2**127], [2**128 - 1], [9])
    assert volta.organizacoes == tabelas.organizacoes
    assert volta.ipv4.asn_de(11) is None and volta.ipv4.asn_de(2**32 - 1) == 2**32 - 2
    with pytest.raises(BaseCorrompida):
        desserializar(b"nada")
    with pytest.raises(BaseCorrompida):
        desserializar(lzma.compress(b"perito-ip\x00" + b"\x00" * 30))


# --- base atualizada pelo usuário --------------------------------------------------------------------------------

CSV_NOVO = "1.1.1.0,1.1.1.255,64500,Rede Nova do Teste\n"


def test_atualizar_troca_a_resposta_e_a_data(tmp_path):
    antes = consultar("1.1.1.1")
    metadados = bases.atualizar([_csv(tmp_path, "novo.csv", CSV_NOVO)], data="2026-07-01", fonte="Teste")
    depois = consultar("1.1.1.1")
    assert (antes.asn, antes.data_base) == (13335, DATA_PACOTE)
    assert (depois.asn, depois.organizacao, depois.data_base, depois.fonte) == (64500, "Rede Nova do Teste", "2026-07-01", "Teste")
    uso = base_em_uso()
    assert uso["origem"] == "atualizada" and uso["data"] == "2026-07-01" and uso["sha256"] == metadados["sha256"]
    assert Path(uso["caminho"]).is_relative_to(tmp_path / "dados_do_usuario")
    assert "não informada" in uso["licenca"]  # CSV sem package.json: licença desconhecida, dito às claras
    assert consultar("8.8.8.8").asn is None  # a base atualizada substitui a do pacote inteira
    assert not any(p.is_relative_to(tmp_path / "dados_do_usuario") for p in DADOS.iterdir())


def test_atualizar_de_novo_apaga_o_binario_antigo(tmp_path):
    bases.atualizar([_csv(tmp_path, "a.csv", CSV_NOVO)], data="2026-07-01")
    bases.atualizar([_csv(tmp_path, "b.csv", "1.1.1.0,1.1.1.255,64501,Outra\n")], data="2026-07-02")
    assert len(list((tmp_path / "dados_do_usuario" / "base_ip").glob("*.xz"))) == 1
    assert consultar("1.1.1.1").asn == 64501


def test_retrato_mais_antigo_que_o_do_pacote_e_recusado(tmp_path):
    with pytest.raises(ErroPerito) as erro:
        bases.atualizar([_csv(tmp_path, "a.csv", CSV_NOVO)], data="2026-06-16")
    assert erro.value.codigo == Saida.USO and "mais antigo" in erro.value.mensagem
    assert not (tmp_path / "dados_do_usuario").exists()
    assert consultar("1.1.1.1").asn == 13335


def test_base_do_usuario_mais_antiga_nao_vale(tmp_path):
    """Uma base antiga já gravada (p.ex. de um perito anterior, com retrato mais velho) perde para a do pacote."""
    tabelas, metadados = montagem.montar([_csv(tmp_path, "a.csv", CSV_NOVO)], "2025-01-01", "velha", "l")
    montagem.gravar(bases.pasta_do_usuario(), tabelas, metadados)
    assert consultar("1.1.1.1").asn == 13335 and base_em_uso()["origem"] == "pacote"
    assert any("mais antiga" in aviso for aviso in bases.escolher()[1])


def test_empate_de_data_vale_a_atualizada(tmp_path):
    bases.atualizar([_csv(tmp_path, "a.csv", CSV_NOVO)], data=DATA_PACOTE)
    assert consultar("1.1.1.1").asn == 64500 and base_em_uso()["origem"] == "atualizada"


def test_base_do_usuario_adulterada_e_ignorada(tmp_path):
    metadados = bases.atualizar([_csv(tmp_path, "a.csv", CSV_NOVO)], data="2026-07-01")
    binario = tmp_path / "dados_do_usuario" / "base_ip" / metadados["arquivo"]
    binario.write_bytes(binario.read_bytes() + b"x")
    assert consultar("1.1.1.1").asn == 13335
    assert any("SHA-256" in aviso for aviso in bases.escolher()[1])


def test_data_vem_do_package_json_do_npm(tmp_path):
    _csv(tmp_path, "package.json", json.dumps({"name": "@ip-location-db/asn", "version": "2.3.2026070112"}))
    metadados = bases.atualizar([_csv(tmp_path, "asn-ipv4.csv", CSV_NOVO)])
    assert metadados["data"] == "2026-07-01" and metadados["origem_dos_dados"] == "@ip-location-db/asn@2.3.2026070112"
    assert metadados["fonte"] == montagem.FONTE_IP_LOCATION_DB and "CC BY 4.0" in metadados["licenca"]


@pytest.mark.parametrize("data, trecho", [
    (None, "Informe a data"), ("17/06/2026", "AAAA-MM-DD"), ("2026-02-30", "não existe"), ("2999-01-01", "futuro"),
])
def test_data_ausente_ou_errada(tmp_path, data, trecho):
    with pytest.raises(ErroPerito) as erro:
        bases.atualizar([_csv(tmp_path, "a.csv", CSV_NOVO)], data=data)
    assert erro.value.codigo == Saida.USO and trecho in erro.value.mensagem


def test_nunca_grava_dentro_do_pacote(monkeypatch, tmp_path):
    monkeypatch.setenv("PERITO_DADOS", str(DADOS))
    with pytest.raises(ErroPerito) as erro:
        bases.atualizar([_csv(tmp_path, "a.csv", CSV_NOVO)], data="2026-07-01")
    assert erro.value.codigo == Saida.USO and "dentro do pacote" in erro.value.mensagem
    assert not (DADOS / "base_ip").exists()


def test_pasta_do_usuario_segue_xdg(monkeypatch, tmp_path):
    monkeypatch.delenv("PERITO_DADOS")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert bases.pasta_do_usuario() == tmp_path / "xdg" / "perito" / "base_ip"
    monkeypatch.setenv("XDG_DATA_HOME", "relativo")  # relativo: ignorado, como manda a especificação
    monkeypatch.setenv("HOME", str(tmp_path / "casa"))
    assert bases.pasta_do_usuario() == tmp_path / "casa" / ".local" / "share" / "perito" / "base_ip"


# --- empacotamento ---------------------------------------------------------------------------------------------------

def test_wheel_leva_a_base_a_tabela_e_a_atribuicao(tmp_path):
    rodada = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                             "-w", str(tmp_path), str(RAIZ)], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert rodada.returncode == 0, rodada.stderr
    [roda] = tmp_path.glob("perito-*.whl")
    with zipfile.ZipFile(roda) as arquivo:
        for nome in ("base_ip.xz", "base_ip.json", "asns_classificados.csv", "ATRIBUICAO.md"):
            assert arquivo.read(f"perito/inteligencia_ip/dados/{nome}") == (DADOS / nome).read_bytes(), nome
