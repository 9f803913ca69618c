"""Issue 27: uma função pura num processo à parte enquanto o principal segue (`perito.em_fundo`), usada pelos
relatórios de um caso grande (os recortes das páginas, as planilhas). O resultado é sempre o da função: do processo,
ou do principal quando o processo morre, falha ou nem nasce."""

from __future__ import annotations

import multiprocessing
import os

import pytest

from perito import em_fundo
from perito.em_fundo import EmFundo


def pid_e_soma(a: int, b: int) -> tuple[int, int]:
    return os.getpid(), a + b


def morre_no_processo_a_parte(a: int) -> tuple[int, int]:
    if multiprocessing.parent_process() is not None:
        os._exit(3)  # o processo à parte morre no meio (memória, sinal)
    return os.getpid(), a


def falha(a: int) -> int:
    raise ValueError(f"dado ruim: {a}")


def test_o_resultado_vem_do_processo_a_parte():
    trabalho = EmFundo(pid_e_soma, 2, 3)
    trabalho.comecar()
    pid, soma = trabalho.resultado()
    assert soma == 5 and pid != os.getpid()
    assert trabalho._processo is None  # encerrado depois de entregar


def test_sem_comecar_o_principal_roda_a_funcao():
    assert EmFundo(pid_e_soma, 2, 3).resultado() == (os.getpid(), 5)


def test_o_processo_a_parte_morre_e_o_principal_roda_a_funcao():
    trabalho = EmFundo(morre_no_processo_a_parte, 7)
    trabalho.comecar()
    assert trabalho.resultado() == (os.getpid(), 7)


def test_a_funcao_que_falha_falha_no_principal_como_falharia_sem_processo():
    trabalho = EmFundo(falha, 1)
    trabalho.comecar()
    with pytest.raises(ValueError, match="dado ruim: 1"):
        trabalho.resultado()


def test_sem_forkserver_o_principal_roda_a_funcao(monkeypatch):
    def sem_processos():
        raise OSError("sem processos")

    monkeypatch.setattr(em_fundo, "contexto_dos_auxiliares", sem_processos)
    trabalho = EmFundo(pid_e_soma, 1, 1)
    trabalho.comecar()
    assert trabalho._processo is None
    assert trabalho.resultado() == (os.getpid(), 2)


def test_relatorios_com_recortes_e_planilhas_em_fundo_sao_os_mesmos_bytes(tmp_path, monkeypatch):
    """O caso de exemplo com os limiares zerados (recortes e planilhas no processo à parte) e com os de fábrica (num
    caso pequeno, tudo no principal): o HTML (com os recortes), as planilhas e o relatorio.txt são os mesmos bytes."""
    from perito.analise import Parametros, analisar
    from perito.saida import relatorios
    from perito.validador import trechos
    from tests.conftest import CASO_DEMO

    no_principal, ao_lado = tmp_path / "saida_a", tmp_path / "saida_b"  # o mesmo tamanho: o texto quebra igual
    analisar(Parametros(CASO_DEMO, no_principal, data_analise="2025-04-01"))
    chamadas: list[str] = []
    comecar = EmFundo.comecar

    def contar(self):
        chamadas.append(self.funcao.__name__)
        comecar(self)

    monkeypatch.setattr(EmFundo, "comecar", contar)
    monkeypatch.setattr(trechos, "RECORTES_EM_FUNDO", 1)
    monkeypatch.setattr(relatorios, "REFERENCIAS_PARA_PLANILHAS_EM_FUNDO", 1)
    analisar(Parametros(CASO_DEMO, ao_lado, data_analise="2025-04-01"))
    assert sorted(chamadas) == ["planilhas", "recortes_das_paginas"]
    html = (ao_lado / "relatorio.html").read_bytes()
    assert b"data:image/png;base64," in html  # há recortes no relatório
    assert html == (no_principal / "relatorio.html").read_bytes()
    for nome in ("conclusoes.xlsx", "conclusoes.csv", "afirmacoes.csv"):
        assert (ao_lado / nome).read_bytes() == (no_principal / nome).read_bytes(), nome
    txt = (ao_lado / "relatorio.txt").read_text(encoding="utf-8").replace(str(ao_lado), "SAIDA")
    assert txt == (no_principal / "relatorio.txt").read_text(encoding="utf-8").replace(str(no_principal), "SAIDA")
