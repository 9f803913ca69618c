"""O número de destino de uma chamada na bilhetagem não é uma "linha na operadora" (vigésima sessão; deixado da
décima nona: a conclusão do número da vítima dizia que ele "aparece como linha na operadora" porque está na coluna
Destino do extrato de chamadas da linha do golpista).

Os dois números de um registro da bilhetagem, com a data-hora da chamada, são ditos "número em chamada registrada na
bilhetagem da operadora". Armadilha: a ficha de cadastro com a linha e um telefone de contato (e a ativação com hora)
continua "linha na operadora".
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import conclusoes_dos_textos

_BOLETIM = ("BOLETIM DE OCORRÊNCIA Nº 5120/2025\n"
            "Vítima: MARIANA ALVES TEIXEIRA, CPF 526.018.159-06, telefone (11) 97766-1234\n"
            "Histórico: em 12/06/2025, por volta das 14h10, a vítima recebeu ligação do número (21) 98877-6655.\n")


def _do_numero(conclusoes: list[dict], numero: str) -> dict:
    [conclusao] = [c for c in conclusoes if c["afirmacao"].startswith(f"O número {numero} aparece")]
    return conclusao


def test_o_destino_da_chamada(tmp_path: Path) -> None:
    bilhetagem = ("TIM S.A. - Extrato de chamadas da linha (21) 98877-6655 - horário de Brasília\n"
                  "Data;Hora;Origem;Destino;Duração;Tipo\n"
                  "12/06/2025;14:09:51;21988776655;11977661234;00:12:33;VOZ SAINTE\n")
    conclusoes = conclusoes_dos_textos(tmp_path, {"boletim.txt": _BOLETIM, "tim.csv": bilhetagem})
    vitima = _do_numero(conclusoes, "+5511977661234")
    assert "número em chamada registrada na bilhetagem da operadora em tim.csv (linha 3)" in vitima["afirmacao"]
    assert "linha na operadora" not in vitima["afirmacao"]


def test_a_ficha_de_cadastro_com_telefone_de_contato(tmp_path: Path) -> None:
    cadastro = ("TIM S.A. - Dados cadastrais da linha\n"
                "Linha;Assinante;CPF;Telefone de contato;Data de ativação\n"
                "21988776655;FELIPE AUGUSTO MOURA;186.091.390-34;11977661234;01/05/2025 10:22:00\n")
    conclusoes = conclusoes_dos_textos(tmp_path, {"boletim.txt": _BOLETIM, "tim.csv": cadastro})
    assert "linha na operadora em tim.csv (linha 3)" in _do_numero(conclusoes, "+5511977661234")["afirmacao"]


def test_dois_numeros_sem_a_hora_da_chamada_nao_sao_chamada(tmp_path: Path) -> None:
    from tests.conftest import dados_da_pasta

    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "tim.csv").write_text(
        "TIM S.A. - Extrato de chamadas - horário de Brasília\n"
        "Linha consultada: (21) 98877-6655; linha de contato do assinante: (21) 97777-0000\n"
        "Data;Hora;Origem;Destino;Duração;Tipo\n"
        "12/06/2025;14:09:51;21988776655;11977661234;00:12:33;VOZ SAINTE\n", encoding="utf-8")
    em_chamada = {(d["dado"], d["linha_ou_celula"]): bool(d["metadados"].get("em_chamada"))
                  for d in dados_da_pasta(tmp_path / "c") if d["campo"] == "telefone"}
    assert em_chamada[("(21) 97777-0000", "linha 2")] is False
    assert em_chamada[("11977661234", "linha 4")] is True
