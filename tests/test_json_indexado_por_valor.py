"""JSON com os registros indexados por valor: {"2025-03-15 14:33:50": {"ip": ..., "port": ...}, ...}.

O instante do acesso é a chave do objeto. Antes o objeto inteiro era um registro só (as chaves viravam prefixos de
rótulo) e o IP ficava sem data-hora: a convergência com o log do banco, fraca.
"""

from __future__ import annotations

from pathlib import Path

from perito.leitura.leitor import ler_documento
from tests.conftest import DATA, conclusoes_dos_textos, dados_da_pasta

RESPOSTA = ('{"account": "+5511987654321", "timezone": "UTC",\n'
            ' "ip_activity": {"2025-03-15 14:33:50": {"ip": "177.45.10.2", "port": 51234},\n'
            '                 "2025-03-15 18:00:00": {"ip": "200.1.2.3", "port": 40000}}}\n')


def _registros(pasta: Path, texto: str) -> list[list[tuple[str | None, str]]]:
    (pasta / "r.json").write_text(texto, encoding="utf-8")
    documento = ler_documento(pasta / "r.json", "r.json", "txt")
    return [[(c.rotulo, c.valor) for c in r.campos] for r in documento.registros]


def test_cada_chave_e_o_instante_do_seu_registro(tmp_path: Path) -> None:
    assert _registros(tmp_path, RESPOSTA) == [
        [("account", "+5511987654321"), ("timezone", "UTC")],
        [(None, "2025-03-15 14:33:50"), ("ip", "177.45.10.2"), ("port", "51234")],
        [(None, "2025-03-15 18:00:00"), ("ip", "200.1.2.3"), ("port", "40000")]]


def test_a_secao_indexada_no_topo(tmp_path: Path) -> None:
    registros = _registros(tmp_path, '{"177.45.10.2": {"first_seen": "2025-03-15 14:33:50"}}')
    assert registros == [[(None, "177.45.10.2"), ("first_seen", "2025-03-15 14:33:50")]]


def test_armadilha_objetos_com_nomes_continuam_parte_do_registro(tmp_path: Path) -> None:
    # "titular": {...} tem nome por chave: é parte do registro de cima, como sempre
    registros = _registros(tmp_path, '{"conta": "12345-6", "titular": {"nome": "MARIA", "cpf2": "x"}}')
    assert registros == [[("conta", "12345-6"), ("titular nome", "MARIA"), ("titular cpf2", "x")]]


def test_armadilha_chave_com_escape_nao_e_citada(tmp_path: Path) -> None:
    # a chave escrita com escape não é o texto literal da linha: o registro fica sem ela
    registros = _registros(tmp_path, '{"log": {"2025\\u002d03-15 14:33:50": {"ip": "177.45.10.2"}}}')
    assert registros == [[("ip", "177.45.10.2")]]


def test_o_ip_com_o_instante_da_chave(tmp_path: Path) -> None:
    (tmp_path / "resposta.json").write_text(RESPOSTA, encoding="utf-8")
    ips = {d["dado"]: (d["metadados"].get("instante_utc"), d["metadados"].get("porta"))
           for d in dados_da_pasta(tmp_path) if d["tipo_dado"] == "ip"}
    assert ips == {"177.45.10.2": ("2025-03-15T14:33:50Z", "51234"), "200.1.2.3": ("2025-03-15T18:00:00Z", "40000")}


def test_convergencia_verificada(tmp_path: Path) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {
        "resposta.json": RESPOSTA, "log_banco.csv": "Data;Hora (BRT);IP;Porta\n15/03/2025;11:34:02;177.45.10.2;51234\n"},
        DATA)
    [ip] = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    assert "resposta.json, linha 2 (2025-03-15 14:33:50 UTC, porta 51234" in ip["afirmacao"]
    assert ip["grau_confianca"] == "moderado" and ip["validacao"]["veredicto_geral"] == "VERIFICADO"
