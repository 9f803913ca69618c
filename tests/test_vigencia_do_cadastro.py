"""O histórico de titulares de uma linha (a operadora reatribui números), achado por uma sonda: o titular cujo cadastro
foi cancelado em 2023 saía "titular" do número usado no golpe de 2025 com o mesmo grau do titular atual. Agora o
cadastro que termina antes dos fatos (ou começa depois deles) fica no máximo fraco e diz por quê; o vigente diz que
inclui os fatos. Armadilhas: sem data junto do uso, nada muda; a data de emissão do documento não é um fato.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import conclusoes_do_caso

_HISTORICO = """HISTÓRICO DE TITULARIDADE DA LINHA (11) 98765-4321
LINHA;NOME;CPF;DATA_ATIVACAO;DATA_CANCELAMENTO
11987654321;ROBERTO CARLOS DIAS;52998224725;10/01/2019;15/03/2023
11987654321;MARIA DA SILVA SOUZA;12345678909;02/06/2023;
"""


def _titulares(tmp_path: Path, relato: str) -> dict[str, dict]:
    caso = tmp_path / "caso"
    caso.mkdir()
    (caso / "vivo_historico.csv").write_text(_HISTORICO, encoding="utf-8")
    (caso / "boletim.txt").write_text(relato, encoding="utf-8")
    conclusoes = conclusoes_do_caso(caso)
    return {nome: c for c in conclusoes if c["tipo"] == "identificacao_titular"
            for nome in ("ROBERTO", "MARIA") if nome in c["afirmacao"]}


def test_titular_anterior_aos_fatos_fica_fraco(tmp_path: Path) -> None:
    titulares = _titulares(tmp_path, "BOLETIM DE OCORRÊNCIA Nº 4411/2025\nHistórico: Em 02/08/2025 a vítima recebeu "
                                     "mensagens do número (11) 98765-4321.\n")
    antigo, atual = titulares["ROBERTO"], titulares["MARIA"]
    assert antigo["grau_confianca"] == "fraco"
    assert "esteve cadastrado" in antigo["afirmacao"] and "termina em 15/03/2023, antes dos fatos (02/08/2025)" in antigo[
        "afirmacao"]
    assert atual["grau_confianca"] == "moderado" and "desde 02/06/2023, o que inclui os fatos" in atual["afirmacao"]
    for conclusao in (antigo, atual):  # as datas da vigência e dos fatos são citadas e conferidas
        assert conclusao["validacao"]["veredicto_geral"] == "VERIFICADO"
    assert any("15/03/2023" in r["dado_citado"] for r in antigo["referencias"])


@pytest.mark.parametrize("relato", [
    "BOLETIM DE OCORRÊNCIA Nº 4411/2025\nHistórico: a vítima recebeu mensagens do número (11) 98765-4321.\n",
    "BOLETIM DE OCORRÊNCIA Nº 4411/2025\nSão Paulo, 02 de agosto de 2025\nHistórico: a vítima recebeu mensagens do número (11) 98765-4321.\n",
])
def test_sem_data_dos_fatos_nada_muda(tmp_path: Path, relato: str) -> None:
    titulares = _titulares(tmp_path, relato)
    assert {c["grau_confianca"] for c in titulares.values()} == {"moderado"}
    assert not any("fatos" in c["afirmacao"] for c in titulares.values())
