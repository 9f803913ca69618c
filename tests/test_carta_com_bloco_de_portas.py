"""Sondas da 26ª sessão: a carta da operadora que escreve o bloco de portas numa linha e o fuso uma vez no fim da linha
da sessão, e o provedor que escreve a data-hora na forma básica da ISO 8601 ("20250714T182107Z") ou o deslocamento
colado à hora antes da vírgula do CSV ("2025-07-14T15:21:07.000-0300,189..."). Antes: o bloco e o fuso do início da
sessão não eram lidos, a data-hora do provedor ficava sem fuso (ou nem era lida), e a convergência saía fraca "sem
data-hora com fuso declarado", sem a conclusão que diz o cliente da conexão."""

from __future__ import annotations

from pathlib import Path

import pytest

from perito.chaves import faixa_de_portas
from perito.extratores.reconhecedores import reconhecer
from tests.conftest import conclusoes_dos_textos, status_com_a_citacao_trocada

_CARTA = """TIM S.A.
Ofício nº 556/2025 - Resposta

Em atenção ao ofício, informamos os dados do assinante do IP e porta solicitados:

IP: 189.40.77.212   Portas: 50000 a 50255
Início da sessão: 14/07/2025 14:02:00   Fim da sessão: 14/07/2025 16:40:00   (horário de Brasília)
Assinante: RAFAEL SOUZA PINTO   CPF: 083.016.613-05   Linha: (11) 98765-4321
"""
_ISO_BASICO = """event_time,client_ip,client_port,account_email,action
20250714T182107Z,189.40.77.212,50123,marcela.fontes@email.com,LOGIN
20250714T183010Z,189.40.77.212,50131,marcela.fontes@email.com,CHECKOUT
"""
_DESLOCAMENTO_COLADO = """timestamp,ip,port,email,action
2025-07-14T15:21:07.000-0300,189.40.77.212,50123,marcela.fontes@email.com,LOGIN
"""


@pytest.mark.parametrize("provedor", [_ISO_BASICO, _DESLOCAMENTO_COLADO])
def test_o_acesso_cai_na_sessao_e_no_bloco_da_carta(tmp_path: Path, provedor: str) -> None:
    conclusoes = conclusoes_dos_textos(tmp_path, {"resposta_operadora.txt": _CARTA, "resposta_shopfacil.csv": provedor})
    (convergencia,) = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    assert convergencia["grau_confianca"] == "forte"
    assert "bloco de portas 50000 a 50255" in convergencia["afirmacao"]
    assert "cai dentro da sessão de conexão" in convergencia["afirmacao"]
    (titular,) = [c for c in conclusoes if c["tipo"] == "identificacao_titular"]
    assert titular["afirmacao"].startswith("O IP 189.40.77.212 estava atribuído pela operadora a RAFAEL SOUZA PINTO")
    assert {c["validacao"]["veredicto_geral"] for c in conclusoes} == {"VERIFICADO"}


def test_o_validador_confere_a_porta_do_bloco(tmp_path: Path) -> None:
    """A citação do bloco com outra porta no lugar da inicial não está no local."""
    conclusoes = conclusoes_dos_textos(tmp_path, {"resposta_operadora.txt": _CARTA, "resposta_shopfacil.csv": _ISO_BASICO})
    (convergencia,) = [c for c in conclusoes if c["tipo"] == "convergencia_ip"]
    caso = tmp_path / "caso"
    status = status_com_a_citacao_trocada(caso, {"conclusoes": conclusoes}, convergencia, "resposta_operadora.txt",
                                          "| 50000 |", "| 50001 |", "2025-12-01")
    assert status and "VERIFICADO" not in status


@pytest.mark.parametrize(("linha", "esperado"), [
    ("IP: 189.40.77.212   Portas: 50000 a 50255", ("50000", "50255")),
    ("Faixa de portas de origem 50000-50255", ("50000", "50255")),
    ("Port range: 1024 - 2047", ("1024", "2047")),
    ("portas de 50000 até 50255", ("50000", "50255")),
    ("Porta inicial: 50000   Porta final: 50255", ("50000", "50255")),
    ("start_port=1024 end_port=2047", ("1024", "2047")),
    # armadilhas: duas portas não são bloco; o fim antes do início; uma porta só; uma quantidade de portas
    ("Portas: 80 e 443", None),
    ("Portas: 50255 a 50000", None),
    ("Porta: 51234", None),
    ("Quantidade de portas: 256", None),
    ("Porta final: 50255   Porta inicial: 50000", None),
])
def test_o_bloco_de_portas_numa_linha(linha: str, esperado: tuple[str, str] | None) -> None:
    faixa = faixa_de_portas.na_linha(linha)
    assert (faixa and (faixa.inicial, faixa.final)) == esperado


@pytest.mark.parametrize(("texto", "fusos"), [
    # o fuso no fim da linha, separado da última data-hora, vale para as duas
    ("Início: 14/07/2025 14:02:00   Fim: 14/07/2025 16:40:00   (horário de Brasília)",
     ["horário de Brasília", "horário de Brasília"]),
    # armadilhas: colado à hora é só dela; a outra data-hora com fuso próprio fica com o dela
    ("Início: 14/07/2025 14:02:00   Fim: 14/07/2025 16:40:00Z", [None, "Z"]),
    ("Início: 14/07/2025 14:02:00 UTC   Fim: 14/07/2025 16:40:00 (horário de Brasília)", ["UTC", "horário de Brasília"]),
    # o fuso no meio da linha, com texto depois, não é declaração da linha
    ("Início: 14/07/2025 14:02:00   Fim: 14/07/2025 16:40:00 BRT conforme sistema", [None, "BRT"]),
])
def test_o_fuso_do_fim_da_linha(texto: str, fusos: list[str | None]) -> None:
    assert [a.fuso for a in reconhecer(texto) if a.campo == "data_evento"] == fusos


@pytest.mark.parametrize(("texto", "fuso", "instante"), [
    ("2025-07-14T15:21:07.000-0300,189.40.77.212", "-0300", "2025-07-14T18:21:07Z"),
    ("2025-07-14T18:25:00+0000,177.45.10.2", "+0000", "2025-07-14T18:25:00Z"),
    # armadilhas: o valor com sinal depois de um espaço ou de um separador não é fuso
    ("15/03/2025 14:32:17 -1200,00", None, None),
    ("15/03/2025;14:32:17;-1200,00", None, None),
    # nem um deslocamento fora do que existe
    ("2025-07-14T15:21:07-2500,1", None, None),
])
def test_o_deslocamento_colado_antes_da_virgula(texto: str, fuso: str | None, instante: str | None) -> None:
    (data,) = [a for a in reconhecer(texto) if a.campo == "data_evento"]
    assert (data.fuso, data.metadados.get("instante_utc")) == (fuso, instante)


@pytest.mark.parametrize(("texto", "dado", "fuso", "instante"), [
    ("login at 20250714T182107Z from 189.40.77.212", "20250714T182107Z", "Z", "2025-07-14T18:21:07Z"),
    ("time=20250714T152107-0300 ip=1.2.3.4", "20250714T152107-0300", "-0300", "2025-07-14T18:21:07Z"),
    ("evento 20250714T182107 (hora local)", "20250714T182107", None, None),
])
def test_a_forma_basica_da_iso_num_texto(texto: str, dado: str, fuso: str | None, instante: str | None) -> None:
    (data,) = [a for a in reconhecer(texto) if a.campo == "data_evento"]
    assert (data.dado, data.fuso, data.metadados.get("instante_utc")) == (dado, fuso, instante)


@pytest.mark.parametrize("texto", [
    "protocolo 20250714182107",  # sem o "T", um número de 14 algarismos fora de uma coluna de tempo não é data-hora
    "ref 20251314T182107Z",  # mês 13
    "id 20250714T182107Z9",  # colado a outro algarismo
])
def test_a_forma_basica_da_iso_armadilhas(texto: str) -> None:
    assert [a for a in reconhecer(texto) if a.campo == "data_evento"] == []
