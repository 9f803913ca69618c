"""Issue 27: a cadeia de custódia do .docx cita o SHA-256 de cada saída JSON. Na análise, os dos lotes e das outras
saídas vêm de quem as gravou (calculados dos bytes gravados), sem reler centenas de MB do disco; `perito relatorio`
(sem a análise em memória) os calcula do disco. Os dois têm de ser os dos arquivos."""

from __future__ import annotations

import hashlib

from docx import Document

from perito.analise import Parametros, analisar
from perito.saida import relatorios
from tests.conftest import CASO_DEMO, DATA


def _tabela_de_hashes(docx_caminho) -> dict[str, str]:
    for tabela in Document(str(docx_caminho)).tables:
        linhas = [[c.text for c in linha.cells] for linha in tabela.rows]
        if linhas and linhas[0][:2] == ["Saída", "SHA-256"]:
            return {linha[0]: linha[1] for linha in linhas[1:]}
    raise AssertionError("sem a tabela de hashes das saídas")


def test_hashes_das_saidas_no_docx_sao_os_dos_arquivos_sem_reler_os_lotes(tmp_path, monkeypatch):
    lidos = []
    original = relatorios.sha256_do_arquivo

    def contando(caminho):
        lidos.append(caminho.name)
        return original(caminho)

    monkeypatch.setattr(relatorios, "sha256_do_arquivo", contando)
    saida = tmp_path / "saida"
    analisar(Parametros(CASO_DEMO, saida, data_analise=DATA))
    assert lidos == []  # nenhuma saída relida do disco para o hash
    citados = _tabela_de_hashes(saida / "relatorio.docx")
    assert any(nome.startswith("lotes/") for nome in citados) and "conclusoes.json" in citados
    for nome in ("conclusoes.json", "validacao.json", *(n for n in citados if n.startswith("lotes/"))):
        assert citados[nome] == hashlib.sha256((saida / nome).read_bytes()).hexdigest(), nome

    # refeito pelo `perito relatorio` (lê do disco): os mesmos hashes
    relatorios.gravar(saida, _trilha(saida), CASO_DEMO)
    assert "conclusoes.json" in lidos
    refeitos = _tabela_de_hashes(saida / "relatorio.docx")
    jsons = [n for n in citados if n.startswith("lotes/") or n in ("conclusoes.json", "validacao.json")]
    assert {n: refeitos[n] for n in jsons} == {n: citados[n] for n in jsons}


def _trilha(saida):
    from perito.saida.auditoria import Trilha

    return Trilha(saida)
