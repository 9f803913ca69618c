"""Tabela de linhas de uma operadora lida como texto (o OCR de uma tabela sem grade, um PDF sem colunas): "telefone
NOME CPF" na primeira linha e "telefone NOME" nas de baixo. Achado por sonda: todas as linhas saíam "cadastradas em
nome de" quem estava na primeira, VERIFICADO, porque o nome da primeira linha era o primeiro do registro e, pior,
valia como titular declarado para as de baixo. Agora, num registro com mais de um número, o titular é o nome da mesma
linha do número; e a linha de assinante não declara titular para as outras.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_do_caso


def test_cada_linha_com_o_seu_assinante(tmp_path: Path) -> None:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "tim.txt").write_text(
        "TIM S.A. - Dados cadastrais das linhas\nLinha Assinante\n"
        "11917933677 ANA PAULA SOUZA 526.018.159-06\n11986665755 BRUNO LIMA CARVALHO\n"
        "11945265254 CARLA DIAS MOURA 123.456.789-09\n", encoding="utf-8")
    (caso / "relatorio_policial.txt").write_text(
        "Relatório de investigação\nInvestigado: BRUNO LIMA CARVALHO, CPF 909.960.308-83, terminal (11) 98666-5755\n"
        "Testemunha: ANA PAULA SOUZA, terminal (11) 91793-3677; CARLA: (11) 94526-5254\n", encoding="utf-8")
    titulares = {c["afirmacao"].split(" está cadastrado em nome de ")[0]: c["afirmacao"]
                 for c in conclusoes_do_caso(caso) if c["tipo"] == "identificacao_titular"}
    # BRUNO (sem CPF na linha) não vira "ANA"; ANA e CARLA ficam com o nome da própria linha
    assert not any("+5511986665755" in numero for numero in titulares), titulares
    assert "ANA PAULA SOUZA" in titulares["O número +5511917933677"]
    assert "CARLA DIAS MOURA" in titulares["O número +5511945265254"]
