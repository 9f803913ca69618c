"""Rascunhos de ofício: uma lacuna de cada tipo num caso pequeno montado aqui, e as armadilhas."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from perito.principal import lacunas
from perito.saida import oficios
from perito.validador.fonte import FonteIndependente
from perito.validador.referencia import validar_referencia

ARQUIVOS = {
    "relato.txt": (
        "Boletim de ocorrência\n"
        "Paguei via Pix para a chave golpista@example.com\n"
        "Também paguei para a chave +5511912340000\n"
        "Depositei na Agência: 0456 Conta: 98765-4\n"
        "O aparelho apreendido tem IMEI 353328114529074\n"
    ),
    "dict.txt": "Resposta do DICT\nChave +5511912340000 titular RICARDO PEREIRA SANTOS\n",
    "whatsapp.txt": (
        "Registros de acesso\n"
        "2025-03-15 14:32:17 UTC 187.34.56.78 51234\n"
        "2025-03-15 14:40:00 UTC 192.168.0.10 40000\n"
        "2025-03-15 14:45:09 UTC 177.20.30.40 38000\n"
    ),
    "operadora.txt": "Resposta da operadora\nIP 177.20.30.40 porta 38000 2025-03-15 14:45:09 UTC assinante JOÃO DA SILVA\n",
}


def _dado(campo, literal, arquivo, linha, familia, texto, **meta):
    return {"dado": literal, "campo": campo, "arquivo_fonte": arquivo, "pagina": None, "linha_ou_celula": f"linha {linha}",
            "texto_original": texto, "tipo_dado": "outro", "metadados": {"familia_fonte": familia, **meta}}


def _ip(arquivo, linha, familia, ip, porta, hora, roteavel=True, registro=None):
    texto = ARQUIVOS[arquivo].splitlines()[linha - 1]
    return _dado("ip_acesso", ip, arquivo, linha, familia, texto, ip_canonico=ip, roteavel=roteavel, porta=porta,
                 data="2025-03-15", hora=hora, fuso="UTC", instante_utc=f"2025-03-15T{hora}Z",
                 registro=registro or f"linha {linha}")


def _lotes():
    relato = ARQUIVOS["relato.txt"].splitlines()
    return [
        {"extrator_id": "extrator_generico_01", "dados_extraidos": [
            _dado("chave_pix", "golpista@example.com", "relato.txt", 2, "relato", relato[1],
                  chave_normalizada="golpista@example.com"),
            _dado("chave_pix", "+5511912340000", "relato.txt", 3, "relato", relato[2],
                  chave_normalizada="+5511912340000", tipo_chave="telefone"),
            _dado("conta_bancaria", "Agência: 0456 Conta: 98765-4", "relato.txt", 4, "relato", relato[3],
                  agencia="0456", conta="987654"),
            _dado("imei", "353328114529074", "relato.txt", 5, "relato", relato[4],
                  digitos="353328114529074", imei_corpo="35332811452907"),
        ]},
        {"extrator_id": "extrator_bancario_01", "dados_extraidos": [
            _dado("chave_pix", "+5511912340000", "dict.txt", 2, "registro", ARQUIVOS["dict.txt"].splitlines()[1],
                  chave_normalizada="+5511912340000", tipo_chave="telefone"),
        ]},
        {"extrator_id": "extrator_provedores_01", "dados_extraidos": [
            _ip("whatsapp.txt", 2, "provedor", "187.34.56.78", "51234", "14:32:17"),
            _ip("whatsapp.txt", 3, "provedor", "192.168.0.10", "40000", "14:40:00", roteavel=False),
            _ip("whatsapp.txt", 4, "provedor", "177.20.30.40", "38000", "14:45:09"),
        ]},
        {"extrator_id": "extrator_operadora_01", "dados_extraidos": [
            _ip("operadora.txt", 2, "operadora", "177.20.30.40", "38000", "14:45:09", registro="r2"),
            {**_dado("nome_titular", "JOÃO DA SILVA", "operadora.txt", 2, "operadora",
                     ARQUIVOS["operadora.txt"].splitlines()[1], nome_normalizado="joao da silva"),
             "metadados": {"familia_fonte": "operadora", "registro": "r2"}},
        ]},
    ]


@pytest.fixture
def caso(tmp_path) -> tuple[Path, dict[str, str]]:
    pasta = tmp_path / "caso"
    pasta.mkdir()
    hashes = {}
    for nome, texto in ARQUIVOS.items():
        (pasta / nome).write_text(texto, encoding="utf-8")
        hashes[nome] = hashlib.sha256(texto.encode()).hexdigest()
    return pasta, hashes


def test_lacunas_de_cada_tipo_e_as_armadilhas():
    achadas = {(lacuna.tipo, lacuna.chave) for lacuna in lacunas.encontrar(_lotes())}
    assert achadas == {
        ("ip", "187.34.56.78"),  # provedor de aplicação deu o IP, ninguém deu o assinante
        ("pix", "golpista@example.com"),
        ("conta", "456|987654"),
        ("imei", "35332811452907"),
    }
    # armadilhas: IP privado, IP cujo assinante a operadora deu, chave que o DICT respondeu
    assert not {chave for _, chave in achadas} & {"192.168.0.10", "177.20.30.40", "+5511912340000"}


def test_conta_com_extrato_ou_imei_com_operadora_nao_vira_lacuna():
    lotes = _lotes()
    lotes.append({"extrator_id": "x", "dados_extraidos": [
        _dado("conta_bancaria", "Agência 456 Conta 98765-4", "extrato.pdf", 2, "banco", "", agencia="456", conta="987654"),
        _dado("valor_transacao", "100,00", "extrato.pdf", 5, "banco", "", valor="100.00"),
        _dado("imei", "353328114529074", "op.csv", 2, "operadora", "", imei_corpo="35332811452907"),
    ]})
    assert {lacuna.tipo for lacuna in lacunas.encontrar(lotes)} == {"ip", "pix"}


def test_oficios_com_os_dados_exatos_e_as_referencias(caso):
    pasta, hashes = caso
    fonte = FonteIndependente(pasta, hashes)
    ident = {"caso_id": "pequeno", "inquerito": "IP 99/2025", "analista": "Ana"}
    feitos = {o.arquivo: o for o in oficios.montar(lacunas.encontrar(_lotes()), ident,
                                                   lambda ref: validar_referencia(ref, fonte))}
    assert set(feitos) == {"oficios/ip_187.34.56.78.md", "oficios/pix_golpista@example.com.md",
                           "oficios/conta_456_987654.md", "oficios/imei_35332811452907.md"}
    ip = feitos["oficios/ip_187.34.56.78.md"].texto
    assert "Provedor de conexão" in ip and "IP 99/2025" in ip
    assert "| 187.34.56.78 | 51234 | 2025-03-15 14:32:17 | UTC | 2025-03-15T14:32:17Z |" in ip
    assert 'whatsapp.txt, linha 2 — texto no documento: "2025-03-15 14:32:17 UTC 187.34.56.78 51234"' in ip
    pix = feitos["oficios/pix_golpista@example.com.md"].texto
    assert "Banco Central do Brasil" in pix and "(tipo: email)" in pix and "relato.txt, linha 2" in pix
    conta = feitos["oficios/conta_456_987654.md"].texto
    assert "Agência: 0456; conta: 987654" in conta and "Instituição financeira" in conta
    imei = feitos["oficios/imei_35332811452907.md"].texto
    assert "Operadoras de telefonia móvel" in imei and "relato.txt, linha 5" in imei
    assert all(r["status_validador"] == "VERIFICADO" for o in feitos.values() for r in o.referencias)


def test_dado_que_o_documento_nao_tem_nao_vira_oficio(caso):
    pasta, hashes = caso
    lotes = _lotes()
    lotes[0]["dados_extraidos"][0]["linha_ou_celula"] = "linha 1"  # a chave não está nesta linha
    lotes[0]["dados_extraidos"][3]["linha_ou_celula"] = "linha 40"  # nem existe esta linha
    fonte = FonteIndependente(pasta, hashes)
    feitos = oficios.montar(lacunas.encontrar(lotes), {}, lambda ref: validar_referencia(ref, fonte))
    assert {o.tipo for o in feitos} == {"ip", "conta"}


def test_issue15_so_os_ips_pedidos_e_o_resto_igual():
    """Com os IPs que estão em conclusões, o mesmo que filtrar depois (as outras lacunas e os dados não mudam)."""
    def resumo(achadas):
        return [(lacuna.tipo, lacuna.chave, lacuna.atributos, [(d["arquivo_fonte"], d["linha_ou_celula"]) for d in lacuna.dados])
                for lacuna in achadas]

    todas = lacunas.encontrar(_lotes())
    for ips in (set(), {"187.34.56.78"}, {"177.20.30.40", "10.0.0.1"}):
        esperado = [lacuna for lacuna in todas if lacuna.tipo != lacunas.IP or lacuna.chave.lower() in ips]
        assert resumo(lacunas.encontrar(_lotes(), ips)) == resumo(esperado)
    assert resumo(lacunas.encontrar(_lotes(), None)) == resumo(todas) and any(lacuna.tipo == "ip" for lacuna in todas)
