"""Issue 24, achado 1: o caso dentro da pasta de saída.

Antes: `analisar I/oficios --saida I` apagava `oficios/notas.md` (uma prova do caso) e escrevia um rascunho
de ofício no lugar, saindo com 0; um caso chamado `lotes` recebia arquivos temporários e saía com 5.
"""

from __future__ import annotations

import shutil

import pytest

from perito.erros import Saida
from tests.conftest import CASO_DEMO, DATA, rodar_cli


def _conteudo(pasta):
    return {p.relative_to(pasta).as_posix(): p.read_bytes() for p in sorted(pasta.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("nome", ["oficios", "lotes", "caso"])
def test_issue_24_saida_que_contem_o_caso_e_recusada_sem_tocar_em_nada(tmp_path, nome):
    investigacao = tmp_path / "I"
    caso = investigacao / nome
    caso.mkdir(parents=True)
    (caso / "notas.md").write_text("Anotações do investigador: IP 187.34.56.78 em 15/03/2025 14:32:17 BRT.\n",
                                   encoding="utf-8")
    (caso / "relato.txt").write_text("Telefone +55 11 98765-4321 citado no boletim.\n", encoding="utf-8")
    antes = _conteudo(investigacao)
    codigo, texto = rodar_cli("analisar", caso, "--saida", investigacao, "--data-analise", DATA)
    assert codigo == Saida.SAIDA_INVALIDA
    assert "dentro da pasta de saída" in texto
    assert _conteudo(investigacao) == antes  # nada apagado, nada escrito


def test_issue_24_saida_irma_do_caso_continua_aceita(tmp_path):
    """A armadilha: uma saída ao lado do caso (o padrão, caso-analise) não contém o caso."""
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "relato.txt").write_text("Telefone +55 11 98765-4321 citado no boletim.\n", encoding="utf-8")
    codigo, _ = rodar_cli("analisar", caso, "--saida", tmp_path / "caso-analise", "--data-analise", DATA)
    assert codigo == Saida.OK
    assert (caso / "relato.txt").exists() and len(list(caso.iterdir())) == 1


# --- achado 6: uma pasta de saída existente de outro caso, ou com arquivos alheios -----------------------------


def _caso(pasta, telefone="+55 11 98765-4321"):
    pasta.mkdir(parents=True)
    (pasta / "relato.txt").write_text(f"Telefone {telefone} citado no boletim.\n", encoding="utf-8")
    return pasta


def test_issue_24_saida_de_outro_caso_e_recusada_sem_tocar_em_nada(tmp_path):
    """Antes: `--saida` na pasta da análise de outro caso apagava os lotes e os ofícios dele, código 0."""
    saida = tmp_path / "saida"
    assert rodar_cli("analisar", _caso(tmp_path / "A"), "--saida", saida, "--data-analise", DATA)[0] == Saida.OK
    antes = _conteudo(saida)
    codigo, texto = rodar_cli("analisar", _caso(tmp_path / "B"), "--saida", saida, "--data-analise", DATA)
    assert codigo == Saida.SAIDA_INVALIDA
    assert "análise de outro caso" in texto and "--sobrescrever" in texto
    assert _conteudo(saida) == antes


def test_issue_24_pasta_com_arquivos_alheios_e_recusada(tmp_path):
    saida = tmp_path / "documentos"
    (saida / "lotes").mkdir(parents=True)
    (saida / "lotes" / "planilha.json").write_text('{"meu": "arquivo"}', encoding="utf-8")
    (saida / "conclusoes.json").write_text("minhas notas", encoding="utf-8")
    antes = _conteudo(saida)
    codigo, texto = rodar_cli("analisar", _caso(tmp_path / "A"), "--saida", saida, "--data-analise", DATA)
    assert codigo == Saida.SAIDA_INVALIDA and "sem trilha de auditoria" in texto
    assert _conteudo(saida) == antes


def test_issue_24_sobrescrever_grava_mas_nao_apaga_o_que_o_perito_nao_gravou(tmp_path):
    saida = tmp_path / "documentos"
    (saida / "lotes").mkdir(parents=True)
    (saida / "lotes" / "planilha.json").write_text('{"meu": "arquivo"}', encoding="utf-8")
    (saida / "oficios").mkdir()
    (saida / "oficios" / "rascunho_meu.md").write_text("# meu rascunho\n", encoding="utf-8")
    codigo, _ = rodar_cli("analisar", _caso(tmp_path / "A"), "--saida", saida, "--data-analise", DATA, "--sobrescrever")
    assert codigo == Saida.OK
    assert (saida / "lotes" / "planilha.json").read_text(encoding="utf-8") == '{"meu": "arquivo"}'
    assert (saida / "oficios" / "rascunho_meu.md").read_text(encoding="utf-8") == "# meu rascunho\n"
    assert (saida / "conclusoes.json").is_file()


def test_issue_24_nova_analise_do_mesmo_caso_segue_aceita_e_limpa_so_os_lotes_que_gravou(tmp_path):
    """A armadilha: repetir a análise do mesmo caso na mesma pasta é o uso normal; o lote que a execução anterior
    gravou e que não se repete sai, um lote alheio na pasta lotes/ fica."""
    caso = _caso(tmp_path / "A")
    shutil.copy(CASO_DEMO / "operadora_cdr_chamadas.csv", caso)
    saida = tmp_path / "saida"
    assert rodar_cli("analisar", caso, "--saida", saida, "--data-analise", DATA)[0] == Saida.OK
    assert (saida / "lotes" / "extrator_operadora_01.json").is_file()
    alheio = saida / "lotes" / "extrator_operadora_02.json"
    alheio.write_text('{"escrito": "à mão"}', encoding="utf-8")
    (caso / "operadora_cdr_chamadas.csv").unlink()
    assert rodar_cli("analisar", caso, "--saida", saida, "--data-analise", DATA)[0] == Saida.OK
    assert not (saida / "lotes" / "extrator_operadora_01.json").exists()
    assert alheio.read_text(encoding="utf-8") == '{"escrito": "à mão"}'


def test_issue_24_pasta_so_com_o_registro_de_uma_execucao_que_caiu_segue_aceita(tmp_path):
    """A armadilha: uma execução interrompida antes da primeira entrada da trilha deixa só perito.log."""
    saida = tmp_path / "saida"
    saida.mkdir()
    (saida / "perito.log").write_text("2026-12-02 análise interrompida\n", encoding="utf-8")
    assert rodar_cli("analisar", _caso(tmp_path / "A"), "--saida", saida, "--data-analise", DATA)[0] == Saida.OK
