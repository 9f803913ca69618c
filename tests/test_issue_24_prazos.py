"""Issue 24, achado 11 (em parte): prazo de leitura proporcional ao tamanho, `--tempo-por-arquivo`, e o relatório
que não diz "não convergem" quando um arquivo falhou.

Antes: o prazo era 300 s para qualquer arquivo (um log de 200 MB estourava como se travasse; um PDF pequeno que
travava esperava o mesmo), não havia como mudá-lo, e uma análise com arquivos em ERRO dizia que os dados "não
convergem entre as fontes" — quando o que faltou ler pode ser justamente o que converge.
"""

from __future__ import annotations

import json

from perito.erros import Saida
from perito.leitura.isolamento import Limites
from tests.conftest import DATA, rodar_cli


def test_issue_24_prazo_cresce_com_o_tamanho_e_o_custo_do_tipo():
    limites = Limites(segundos_por_arquivo=300)
    assert limites.prazo(0, "csv") == 300
    assert 300 < limites.prazo(1 << 20, "csv") < limites.prazo(1 << 20, "pdf")  # PDF custa mais por byte
    log = limites.prazo(200 << 20, "txt")
    assert log > 2 * 300  # um log de 200 MB não é tratado como travamento
    assert Limites(segundos_por_arquivo=300, folga_do_prazo=0).prazo(200 << 20, "txt") == 300


def _caso(tmp_path, *, com_falha: bool):
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "relato.txt").write_text("Telefone do autor: +55 11 98765-4321 em 15/03/2025.\n", encoding="utf-8")
    (caso / "outro.txt").write_text("IP de acesso 187.34.56.78 em 16/03/2025 10:00:00 BRT.\n", encoding="utf-8")
    if com_falha:
        (caso / "resposta_operadora.csv").write_bytes(b"")  # 0 byte: a cópia falhou, é ERRO
    return caso


def test_issue_24_sem_conclusao_com_arquivo_em_erro_nao_diz_que_nao_convergem(tmp_path):
    codigo, texto = rodar_cli("analisar", _caso(tmp_path, com_falha=True), "--saida", tmp_path / "s", "--data-analise", DATA)
    texto = " ".join(texto.split())
    assert codigo == Saida.INCOMPLETA
    assert "não convergem entre as fontes" not in texto
    assert "não se pode dizer que as fontes não convergem" in texto


def test_issue_24_sem_conclusao_e_tudo_lido_diz_que_nao_convergem(tmp_path):
    """A armadilha: lido tudo, a frase de sempre continua."""
    codigo, texto = rodar_cli("analisar", _caso(tmp_path, com_falha=False), "--saida", tmp_path / "s", "--data-analise", DATA)
    assert codigo == Saida.OK and "não convergem entre as fontes" in " ".join(texto.split())


def test_issue_24_tempo_por_arquivo_vai_ao_manifesto_e_valor_ruim_e_uso(tmp_path):
    caso = _caso(tmp_path, com_falha=False)
    for ruim in ("0", "-5", "100000"):
        codigo, texto = rodar_cli("analisar", caso, "--saida", tmp_path / f"ruim{ruim}", "--tempo-por-arquivo", ruim)
        assert codigo == Saida.USO and "--tempo-por-arquivo inválido" in texto
        assert not (tmp_path / f"ruim{ruim}").exists()
    assert rodar_cli("analisar", caso, "--saida", tmp_path / "s", "--data-analise", DATA, "--tempo-por-arquivo", "45")[0] == 0
    parametros = json.loads((tmp_path / "s" / "manifesto.json").read_text(encoding="utf-8"))["parametros"]
    assert parametros["segundos_por_arquivo"] == 45 and parametros["folga_do_prazo"] == 3
