"""Issue 27: a segunda leitura (pdfplumber) das muitas páginas citadas de um PDF vai em duas metades, cada uma no seu
auxiliar, ao lado da leitura canônica; o resultado é o mesmo da leitura num auxiliar só."""

from __future__ import annotations

import csv

from perito.leitura.inventario import sha256_arquivo
from perito.leitura.isolamento import Limites
from perito.validador import fonte as mod_fonte
from perito.validador.fonte import FonteIndependente
from perito.validador.segunda_leitura import Pedido, SegundaLeitura, ler_varios
from tests.fabrica_hostis import _pdf_texto

LINHAS = ["Response to Legal Process", "Times are shown in UTC.", "2025-03-{n} 10:00:00 200.1.1.{n} 20000"]


def _caso(tmp_path):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "provedor.pdf").write_bytes(_pdf_texto(LINHAS, paginas=24))
    (caso / "outro.pdf").write_bytes(_pdf_texto(LINHAS, paginas=3))
    with (caso / "log.csv").open("w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows([["Data", "IP"], ["2025-03-01 10:00:00", "200.1.1.1"]])
    return caso, {nome: sha256_arquivo(caso / nome) for nome in ("provedor.pdf", "outro.pdf", "log.csv")}


def test_metades_em_auxiliares_distintos_dao_a_mesma_leitura(tmp_path):
    caso, hashes = _caso(tmp_path)
    citadas = {"provedor.pdf": set(range(1, 25, 1)), "outro.pdf": {2}}
    fonte = FonteIndependente(caso, hashes, Limites(processos=2), paginas_citadas=citadas)
    fonte.preparar(["provedor.pdf", "outro.pdf", "log.csv"])
    sozinha = ler_varios([Pedido("provedor.pdf", caso / "provedor.pdf", tuple(range(1, 25)), hashes["provedor.pdf"]),
                          Pedido("outro.pdf", caso / "outro.pdf", (2,), hashes["outro.pdf"])], Limites(processos=1))
    for nome in ("provedor.pdf", "outro.pdf"):
        dividida = fonte.segunda_leitura(nome)
        assert dividida.erro == "" and dividida.paginas == sozinha[nome].paginas
        assert list(dividida.paginas) == sorted(dividida.paginas)
    assert fonte.segunda_leitura("provedor.pdf").paginas[17] == ["Response to Legal Process", "Times are shown in UTC.",
                                                                  "2025-03-17 10:00:00 200.1.1.17 20000"]
    assert fonte.abrir("log.csv").documento is not None  # a canônica seguiu ao lado


def test_as_metades_se_equilibram_e_um_erro_vale_para_o_arquivo(tmp_path):
    grande = Pedido("a.pdf", tmp_path / "a.pdf", tuple(range(1, 41)))
    pequeno = Pedido("b.pdf", tmp_path / "b.pdf", (1, 2))
    um, dois = mod_fonte._metades([grande, pequeno])
    pesos = [sum(len(p.paginas or ()) for p in g) for g in (um, dois)]
    assert sorted(pesos) == [20, 22]
    assert sorted(p for g in (um, dois) for q in g if q.nome.startswith("a.pdf") for p in q.paginas or ()) == list(
        range(1, 41))
    juntas = mod_fonte._juntar([{"a.pdf\x001": SegundaLeitura(paginas={1: ["x"]})},
                                {"a.pdf\x002": SegundaLeitura(erro="pdfplumber excedeu o tempo limite de 30 s")}])
    assert juntas == {"a.pdf": SegundaLeitura(erro="pdfplumber excedeu o tempo limite de 30 s")}
    juntas = mod_fonte._juntar([{"a.pdf\x002": SegundaLeitura(paginas={21: ["z"]})},
                                {"a.pdf\x001": SegundaLeitura(paginas={1: ["x"]})}])
    assert list(juntas["a.pdf"].paginas) == [1, 21]
