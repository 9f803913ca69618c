"""Listas de definições de HTML (`<dl><dt>rótulo</dt><dd>valor</dd></dl>`): registros pela marcação, não pela posição.

A marcação diz qual linha é rótulo e qual é valor, e onde cada registro acaba. Armadilhas: rótulos que nenhuma
coluna conhecida nomeia ("Tipo de acesso", "Localização aproximada") não desfazem o registro; um registro sem
porta, seguido de um cuja porta vem primeiro, não toma a porta de baixo (o que fazia um IP `fraco`, "sem
data-hora", ou com a porta de outro acesso); o extrator e o validador veem o mesmo registro.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from perito.extratores.registro import escolher
from perito.leitura.html_linhas import Linhas
from perito.leitura.pagina_html import ler_html
from perito.validador.registros import registro_de

_ACESSOS = [
    {"Tipo de acesso": "Sessão iniciada", "Porta de origem": "20318", "Data Hora": "2025-01-04 12:02:28",
     "Endereço IP": "177.42.240.95", "Localização aproximada": "BR-MG"},
    {"Tipo de acesso": "Envio de mensagem", "Data Hora": "2025-01-05 22:57:24",
     "Endereço IP": "200.76.221.246", "Localização aproximada": "Brasil"},
    {"Tipo de acesso": "Sessão iniciada", "Porta de origem": "34688", "Data Hora": "2025-01-06 13:19:52",
     "Endereço IP": "189.15.59.186", "Localização aproximada": "BR-SP"},
]
_ROTULOS = ["Tipo de acesso", "Porta de origem", "Data Hora", "Endereço IP", "Localização aproximada"]


def _html(ordem: list[str], uma_lista: bool, acessos: list[dict] = _ACESSOS) -> str:
    def campos(acesso: dict) -> str:
        return "".join(f"<dt>{r}</dt><dd>{acesso[r]}</dd>\n" for r in ordem if r in acesso)

    if uma_lista:
        corpo = "<dl>\n" + "".join(campos(a) for a in acessos) + "</dl>\n"
    else:
        corpo = "".join(f"<dl>\n{campos(a)}</dl>\n" for a in acessos)
    return ("<html><body><h1>Resposta a requisição judicial</h1><p>Serviço: Mensageiro</p>"
            f"<h3>Registros de conexão (IP)</h3>\n{corpo}<p>* Horários expressos em UTC+00:00</p></body></html>")


def _documento(pasta: Path, html: str):
    (pasta / "resposta.html").write_text(html, encoding="utf-8")
    return ler_html(pasta / "resposta.html", "resposta.html")


@settings(max_examples=25, deadline=None)
@given(st.permutations(_ROTULOS), st.booleans())
def test_cada_ip_com_a_hora_e_a_porta_do_proprio_registro(tmp_path_factory, ordem, uma_lista):
    """Em qualquer ordem de campos, uma `<dl>` por acesso ou todas numa só; o segundo acesso não tem porta."""
    documento = _documento(tmp_path_factory.mktemp("dl"), _html(list(ordem), uma_lista))
    dados = escolher(documento).extrair(documento).dados
    ips = {d["dado"]: d["metadados"] for d in dados if d["tipo_dado"] == "ip"}
    assert set(ips) == {a["Endereço IP"] for a in _ACESSOS}
    for acesso in _ACESSOS:
        meta = ips[acesso["Endereço IP"]]
        assert meta.get("data_hora") == acesso["Data Hora"], (ordem, uma_lista, meta)
        assert meta.get("porta") == acesso.get("Porta de origem"), (ordem, uma_lista, meta)
        assert meta.get("fuso") == "UTC+00:00"


def test_validador_ve_o_mesmo_registro_que_o_extrator(tmp_path):
    """O IP e a porta de um acesso são um registro para o validador; o IP do acesso sem porta não está no registro
    da porta de baixo."""
    ordem = ["Porta de origem", "Data Hora", "Endereço IP", "Tipo de acesso"]
    documento = _documento(tmp_path, _html(ordem, uma_lista=True))
    por_texto = {t.texto: t for t in documento.trechos}
    do_ip = registro_de(documento, por_texto["189.15.59.186"])
    assert por_texto["34688"] in do_ip.trechos and do_ip.estruturado
    sem_porta = registro_de(documento, por_texto["200.76.221.246"])
    assert por_texto["34688"] not in sem_porta.trechos and por_texto["20318"] not in sem_porta.trechos
    rotulo_do_ip = documento.trechos[documento.trechos.index(por_texto["200.76.221.246"]) - 1]
    assert rotulo_do_ip.texto == "Endereço IP" and rotulo_do_ip in sem_porta.trechos  # o rótulo é do registro


def test_marcacao_nao_muda_texto_nem_numeracao():
    """Os papéis de rótulo e valor são só marcação: as linhas saem as mesmas de antes, na mesma ordem."""
    linhas = Linhas()
    for evento, valor in [("abrir", "body"), ("abrir", "p"), ("texto", "Antes"), ("fechar", "p"), ("abrir", "dl"),
                          ("abrir", "dt"), ("texto", "Porta"), ("fechar", "dt"), ("abrir", "dd"), ("texto", "443"),
                          ("fechar", "dd"), ("fechar", "dl"), ("texto", "Depois"), ("fechar", "body")]:
        getattr(linhas, evento)(valor)
    saida = linhas.terminar()
    assert [(linha.texto, linha.papel, linha.grupo) for linha in saida] == [
        ("Antes", None, None), ("Porta", "rotulo", 1), ("443", "valor", 1), ("Depois", None, None)]


def test_armadilha_dd_fora_de_dl_nao_vira_registro(tmp_path):
    """`<dt>`/`<dd>` soltos (HTML malformado, sem `<dl>`) não têm a garantia da marcação: ficam com a leitura
    por blocos, como texto."""
    documento = _documento(tmp_path, "<html><body><dt>Endereço IP</dt><dd>177.42.240.95</dd></body></html>")
    assert documento.registros == []
