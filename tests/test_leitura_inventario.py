"""Inventário do caso: ordem, SHA-256, tipo pelo conteúdo e motivos de exclusão."""

from __future__ import annotations

import hashlib
import os
import zipfile
from pathlib import Path

import openpyxl
import pytest
from reportlab.pdfgen import canvas

from perito.leitura.inventario import listar
from perito.leitura.leitor import ler_documento


def _pdf(destino: Path, texto: str = "Ofício 123") -> bytes:
    c = canvas.Canvas(str(destino), invariant=1)
    c.drawString(72, 700, texto)
    c.showPage()
    c.save()
    return destino.read_bytes()


def _png(destino: Path, texto: str) -> None:
    from PIL import Image, ImageDraw, ImageFont

    imagem = Image.new("L", (900, 120), 255)
    ImageDraw.Draw(imagem).text((20, 30), texto, fill=0, font=ImageFont.load_default(size=48))
    imagem.save(destino)


def _xlsx(destino: Path) -> bytes:
    wb = openpyxl.Workbook()
    wb.active["A1"] = "x"
    wb.save(destino)
    return destino.read_bytes()


@pytest.fixture
def caso(tmp_path: Path) -> Path:
    raiz = tmp_path / "caso"
    raiz.mkdir()
    _pdf(raiz / "a_relatorio.pdf")
    (raiz / "b_extrato.csv").write_bytes("Data;Valor\n15/03/2025;3.500,00\n".encode("cp1252"))
    _xlsx(raiz / "c_planilha.xlsx")
    (raiz / "d_notas.txt").write_text("nota\n", encoding="utf-8")
    (raiz / "e_vazio.pdf").write_bytes(b"")
    _png(raiz / "f_foto.png", "IP 187.34.56.78")
    _pdf(raiz / "g_disfarcado.txt")  # PDF com extensão de texto
    (raiz / "h_falso.pdf").write_text("isto não é um PDF\n", encoding="utf-8")
    (raiz / "i_u16.csv").write_bytes("a;b\r\n1;2\r\n".encode("utf-16"))
    (raiz / "j_binario.dat").write_bytes(b"\x00\x01\x02\x03" * 32)
    _xlsx(raiz / "k_planilha.bin")  # XLSX com extensão estranha
    with zipfile.ZipFile(raiz / "l_pacote.zip", "w") as z:
        z.writestr("dentro.txt", "x")
    (raiz / "sub").mkdir()
    (raiz / "sub" / "m_acessos.csv").write_text("ip\n187.34.56.78\n", encoding="utf-8")
    (raiz / "n_registro.log").write_text("linha\n", encoding="utf-8")
    (raiz / "o_dados.json").write_text("{}\n", encoding="utf-8")
    return raiz


def test_ordem_nomes_relativos_e_sha256(caso: Path) -> None:
    itens = listar(caso)
    nomes = [a.nome for a in itens]
    assert nomes == sorted(nomes)
    assert "sub/m_acessos.csv" in nomes
    for item in itens:
        if item.membro:  # membro de pacote: o SHA-256 e o tamanho são do conteúdo do membro
            with zipfile.ZipFile(item.caminho) as z:
                conteudo = z.read(item.membro[-1])
        else:
            conteudo = item.caminho.read_bytes()
        assert item.sha256 == hashlib.sha256(conteudo).hexdigest()
        assert item.tamanho == len(conteudo)


def test_tipos_pelo_conteudo(caso: Path) -> None:
    por_nome = {a.nome: a for a in listar(caso)}
    esperado = {
        "a_relatorio.pdf": "pdf",
        "b_extrato.csv": "csv",
        "c_planilha.xlsx": "xlsx",
        "d_notas.txt": "txt",
        "e_vazio.pdf": None,
        "f_foto.png": "imagem",
        "g_disfarcado.txt": "pdf",
        "h_falso.pdf": None,
        "i_u16.csv": "csv",
        "j_binario.dat": None,
        "k_planilha.bin": "xlsx",
        "l_pacote.zip": None,
        "l_pacote.zip!/dentro.txt": "txt",
        "sub/m_acessos.csv": "csv",
        "n_registro.log": "txt",
        "o_dados.json": "txt",
    }
    assert {n: a.tipo for n, a in por_nome.items()} == esperado


def test_motivos_e_alertas(caso: Path) -> None:
    por_nome = {a.nome: a for a in listar(caso)}
    assert "arquivo vazio" in por_nome["e_vazio.pdf"].motivo_ignorado
    assert "não é PDF" in por_nome["h_falso.pdf"].motivo_ignorado
    assert por_nome["j_binario.dat"].motivo_ignorado
    assert por_nome["l_pacote.zip"].membros == 1
    assert "l_pacote.zip!/caminho" in por_nome["l_pacote.zip"].motivo_ignorado
    # conteúdo manda; a extensão enganosa vira alerta
    assert "PDF" in por_nome["g_disfarcado.txt"].alerta
    assert "XLSX" in por_nome["k_planilha.bin"].alerta
    assert por_nome["a_relatorio.pdf"].alerta is None
    assert por_nome["a_relatorio.pdf"].motivo_ignorado is None
    # JSON é texto com estrutura (cada objeto um registro): extensão conhecida, sem alerta
    assert por_nome["o_dados.json"].alerta is None


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="sem links simbólicos")
def test_links_simbolicos_nao_sao_seguidos(caso: Path, tmp_path: Path) -> None:
    fora = tmp_path / "fora"
    fora.mkdir()
    (fora / "segredo.txt").write_text("fora do caso\n", encoding="utf-8")
    (caso / "p_link.txt").symlink_to(fora / "segredo.txt")
    (caso / "q_pasta").symlink_to(fora, target_is_directory=True)
    por_nome = {a.nome: a for a in listar(caso)}
    assert por_nome["p_link.txt"].tipo is None
    assert "link simbólico" in por_nome["p_link.txt"].motivo_ignorado
    assert por_nome["q_pasta"].tipo is None
    assert not any(n.startswith("q_pasta/") for n in por_nome)


def test_inventario_e_leitura_nao_escrevem_no_caso(caso: Path) -> None:
    antes = {p: (p.stat().st_mtime_ns, hashlib.sha256(p.read_bytes()).hexdigest()) for p in caso.rglob("*") if p.is_file()}
    for item in listar(caso):
        if item.tipo:
            ler_documento(item.caminho, item.nome, item.tipo, item.membro)
    depois = {p: (p.stat().st_mtime_ns, hashlib.sha256(p.read_bytes()).hexdigest()) for p in caso.rglob("*") if p.is_file()}
    assert antes == depois


def test_todo_arquivo_com_tipo_e_lido_sem_excecao(caso: Path) -> None:
    for item in listar(caso):
        if item.tipo is None:
            continue
        doc = ler_documento(item.caminho, item.nome, item.tipo, item.membro)
        assert doc.arquivo == item.nome
        assert doc.erro is None, (item.nome, doc.erro)
        assert doc.trechos, item.nome


@pytest.mark.parametrize("nome", ["k_planilha.bin", "planilha_sem_extensao"])
def test_xlsx_com_extensao_enganosa_e_lido(tmp_path: Path, nome: str) -> None:
    arq = tmp_path / nome
    _xlsx(arq)
    (item,) = listar(tmp_path)
    assert item.tipo == "xlsx"
    doc = ler_documento(item.caminho, item.nome, item.tipo)
    assert doc.erro is None, doc.erro
    assert doc.trecho(None, "celula A1", "Sheet").texto == "x"
