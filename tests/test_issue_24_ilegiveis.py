"""Issue 24, achado 4: prova ilegível não some.

Antes: um arquivo sem permissão de leitura saía "ignorado", com código 0 e sem "ANÁLISE INCOMPLETA"; uma
subpasta ilegível sumia do inventário e do manifesto (os.walk sem tratador de erro).

O root lê tudo, então, rodando como root, o inventário roda num processo filho que deixa de ser root
(uid 65534) antes de listar: a permissão vale como para um analista comum.
"""

from __future__ import annotations

import multiprocessing
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from perito.leitura.inventario import listar
from perito.saida.arquivos import linha_manifesto

NINGUEM = 65534


def _listar_sem_privilegio(caso: Path, fila) -> None:
    if os.geteuid() == 0:
        os.setgroups([])
        os.setresgid(NINGUEM, NINGUEM, NINGUEM)
        os.setresuid(NINGUEM, NINGUEM, NINGUEM)
    fila.put(listar(caso))


def _inventario(caso: Path):
    listar(caso)  # como root: carrega o que o filho precisa antes de perder o acesso a /root
    contexto = multiprocessing.get_context("fork")
    fila = contexto.Queue()
    filho = contexto.Process(target=_listar_sem_privilegio, args=(caso, fila))
    filho.start()
    itens = fila.get(timeout=60)
    filho.join(timeout=60)
    return itens


@pytest.fixture
def caso():
    # fora de tmp_path: a pasta base do pytest é 0700 do root, e o filho sem privilégio precisa atravessá-la
    base = Path(tempfile.mkdtemp(prefix="perito-ilegiveis-"))
    base.chmod(0o755)
    caso = base / "caso"
    (caso / "anexos").mkdir(parents=True)
    for pasta in (caso, caso / "anexos"):
        pasta.chmod(0o755)
    (caso / "relato.txt").write_text("Telefone +55 11 98765-4321 citado no boletim.\n", encoding="utf-8")
    (caso / "relato.txt").chmod(0o644)
    yield caso
    for raiz, pastas, _ in os.walk(base):
        for p in pastas:
            (Path(raiz) / p).chmod(0o755)
    shutil.rmtree(base)


def test_issue_24_arquivo_sem_permissao_de_leitura_e_erro(caso):
    (caso / "extrato.csv").write_text("data;valor\n15/03/2025;1.200,00\n", encoding="utf-8")
    (caso / "extrato.csv").chmod(0o000)
    itens = {a.nome: a for a in _inventario(caso)}
    assert itens["relato.txt"].tipo == "txt"
    linha = linha_manifesto(itens["extrato.csv"], None, None)
    assert linha["situacao"] == "erro", linha  # conta em com_erro: código 1, "ANÁLISE INCOMPLETA"
    assert "não foi possível ler o arquivo" in linha["motivo"]


def test_issue_24_subpasta_ilegivel_fica_no_inventario_como_erro(caso):
    (caso / "anexos" / "oficio.txt").write_text("IP 187.34.56.78\n", encoding="utf-8")
    (caso / "anexos").chmod(0o000)
    itens = {a.nome: a for a in _inventario(caso)}
    assert "anexos" in itens, sorted(itens)
    linha = linha_manifesto(itens["anexos"], None, None)
    assert linha["situacao"] == "erro" and "pasta ilegível" in linha["motivo"], linha


def test_issue_24_arquivo_legivel_continua_lido(caso):
    """A armadilha: com permissão, nada muda."""
    itens = {a.nome: a for a in _inventario(caso)}
    assert set(itens) == {"relato.txt"} and itens["relato.txt"].motivo_ignorado is None
