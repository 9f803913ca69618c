"""A bilhetagem de uma linha só (sonda da 24ª sessão): a linha e o assinante ditos uma vez no topo, e em cada registro
só o outro número ("Número Contato", com o "Sentido").

    TELEFÔNICA BRASIL S.A. (VIVO) - Extrato de chamadas da linha 11987654321
    Assinante: RAFAEL SOUZA PINTO - CPF 083.271.946-31
    Data;Hora;Serviço;Sentido;Número Contato;Duração (s);ERB
    14/07/2025;15:02:11;VOZ;SAÍDA;11912345678;348;SP-ABC-0123

Antes: a ligação que a vítima relata (do número do golpista para o telefone dela, no dia do fato) não era achada — o
registro tinha um número só —, o telefone da vítima era descrito como "linha na operadora" e a linha não tinha
titular (o número e o assinante em linhas diferentes do topo). Agora a linha dita no topo é o outro número de cada
chamada, citada onde foi dita, e o assinante do topo é o titular dela.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos

_BO = """BOLETIM DE OCORRÊNCIA Nº 4512/2025
Vítima: ANA BEATRIZ MOREIRA, CPF 318.274.519-04, telefone (11) 91234-5678.
Histórico: a vítima relata que em 14/07/2025, por volta das 15h00, recebeu ligação do número (11) 98765-4321, de pessoa que se dizia funcionária do banco, e em seguida transferiu R$ 2.350,00 via Pix.
"""
_TOPO = """TELEFÔNICA BRASIL S.A. (VIVO) - Extrato de chamadas da {linha}
Assinante: RAFAEL SOUZA PINTO - CPF 083.271.946-31
Horário de Brasília
"""
_CHAMADAS = """Data;Hora;Serviço;Sentido;Número Contato;Duração (s);ERB
14/07/2025;14:58:40;VOZ;SAÍDA;11955556666;12;SP-ABC-0123
14/07/2025;15:02:11;VOZ;SAÍDA;11912345678;348;SP-ABC-0123
"""


def _conclusoes(tmp_path: Path, linha: str = "linha 11987654321") -> list[dict]:
    arquivos = {"bo.txt": _BO, "vivo_chamadas.csv": _TOPO.format(linha=linha) + _CHAMADAS}
    return conclusoes_dos_textos(tmp_path, arquivos)


def test_a_chamada_relatada_e_o_assinante(tmp_path: Path) -> None:
    conclusoes = _conclusoes(tmp_path)
    (chamada,) = [c for c in conclusoes if c["tipo"] == "vinculo_telefone" and "bilhetagem da operadora registra" in
                  c["afirmacao"]]
    assert chamada["afirmacao"].startswith(
        "A bilhetagem da operadora registra 1 chamada entre +5511987654321 e +5511912345678 no dia do fato: "
        "vivo_chamadas.csv, linha 6 (14/07/2025 15:02:11 Horário de Brasília)")
    assert chamada["grau_confianca"] == "forte"
    citadas = {(r["arquivo"], r["linha_ou_celula"]) for r in chamada["referencias"]}
    assert {("vivo_chamadas.csv", "linha 1"), ("vivo_chamadas.csv", "linha 6")} <= citadas  # a linha dita no topo
    (titular,) = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert titular["afirmacao"].startswith("O número +5511987654321 está cadastrado em nome de RAFAEL SOUZA PINTO")
    telefone_da_vitima = next(c for c in conclusoes if c["afirmacao"].startswith("O número +5511912345678 aparece"))
    assert "número em chamada registrada na bilhetagem" in telefone_da_vitima["afirmacao"]
    assert "linha na operadora" not in telefone_da_vitima["afirmacao"]
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}


def test_armadilha_o_topo_com_duas_linhas(tmp_path: Path) -> None:
    """Duas linhas no topo: não se sabe de qual é cada chamada; nada se afirma sobre a ligação."""
    conclusoes = _conclusoes(tmp_path, linha="linha 11987654321 e da linha 11944445555")
    assert not [c for c in conclusoes if "bilhetagem da operadora registra" in c["afirmacao"]]
    assert not [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
