"""Issue 24, achado 1: o caso dentro da pasta de saída.

Antes: `analisar I/oficios --saida I` apagava `oficios/notas.md` (uma prova do caso) e escrevia um rascunho
de ofício no lugar, saindo com 0; um caso chamado `lotes` recebia arquivos temporários e saía com 5.
"""

from __future__ import annotations

import pytest

from perito.erros import Saida
from tests.conftest import DATA, rodar_cli


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
